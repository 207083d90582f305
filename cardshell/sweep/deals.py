"""The deals of a sweep, cut lazily into chunks.

Deals are a ``range`` of seeds or any iterable of seeds.  :func:`chunked`
never builds the list of chunks, so a sweep's memory does not depend on
its number of deals.  A chunk is a ``range`` when the deals are one, else
a ``tuple`` of at most ``size`` seeds.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice

__all__ = ["CHUNKS_PER_WORKER", "MAX_CHUNK", "MAX_DEALS", "Chunk", "chunk_size", "chunked", "deal_count"]

#: The most deals one sweep may have (``simulate N``: 1 <= N <= MAX_DEALS).
#: At ~3 microseconds a deal (Pictures, the fastest game) this is a month of
#: one core: a bound on typing mistakes, not on anyone's patience.
MAX_DEALS = 10**12

#: The most deals handed to a worker at once, unless the game asks for fewer
#: (a solver taking seconds a deal asks for 1).
MAX_CHUNK = 2000

#: Chunks aimed at per worker: load balance and progress steps.
CHUNKS_PER_WORKER = 8

Chunk = Sequence[int]
"""A chunk of seeds: a ``range`` with step 1, or a ``tuple`` of ints."""


def deal_count(deals: Iterable[int]) -> int | None:
    """``len(deals)`` for sized collections, else None."""
    if isinstance(deals, range):
        return _range_length(deals)
    try:
        return len(deals)  # type: ignore[arg-type]
    except (TypeError, OverflowError):
        return None


def _range_length(deals: range) -> int:
    # len() raises OverflowError above sys.maxsize; this does not.
    if deals.step > 0:
        return max(0, (deals.stop - deals.start + deals.step - 1) // deals.step)
    return max(0, (deals.start - deals.stop - deals.step - 1) // -deals.step)


def chunk_size(n: int | None, workers: int, max_chunk: int = MAX_CHUNK) -> int:
    """How many deals go in one chunk, 1 to ``max_chunk``.

    About :data:`CHUNKS_PER_WORKER` chunks per worker, ``max_chunk`` when ``n``
    is None (unknown).  Chunking changes a sweep's pace, never its result.

    Raises:
        ValueError: ``workers`` or ``max_chunk`` is below 1.
    """
    if workers < 1 or max_chunk < 1:
        raise ValueError(f"workers and max_chunk must be >= 1, got {workers} and {max_chunk}")
    if n is None:
        return max_chunk
    return max(1, min(max_chunk, math.ceil(n / (CHUNKS_PER_WORKER * workers))))


def chunked(deals: Iterable[int], size: int) -> Iterator[Chunk]:
    """Yield the deals in consecutive chunks of at most ``size``, lazily, every deal once, in order.

    A ``range`` is cut into sub-ranges without iterating it.

    Raises:
        ValueError: ``size`` < 1 (when the first chunk is taken).
    """
    if size < 1:
        raise ValueError(f"chunk size must be >= 1, got {size}")
    if isinstance(deals, range):
        offset, length = 0, _range_length(deals)
        while offset < length:
            yield deals[offset : offset + size]
            offset += size
        return
    iterator = iter(deals)
    while chunk := tuple(islice(iterator, size)):
        yield chunk
