"""The one-core backend of the sweep engine: chunks run in this process."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from cardshell.messages import say
from cardshell.render import Text
from cardshell.sweep.deals import MAX_CHUNK, Chunk, chunk_size, chunked, deal_count

__all__ = ["Serial"]


class Serial:
    """Run every chunk in this process, in order; Ctrl-C raises inside the game's own code."""

    name: Text = say("sweep.backend-one-core")
    workers = 1

    def map(self, task: Callable[[Chunk], Any], deals: Iterable[int],
            max_chunk: int = MAX_CHUNK) -> Iterator[tuple[Chunk, Any]]:
        """Yield ``(chunk, task(chunk))`` for the deals' chunks of at most ``max_chunk``, made as they are played."""
        for chunk in chunked(deals, chunk_size(deal_count(deals), 1, max_chunk)):
            yield chunk, task(chunk)
