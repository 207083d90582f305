"""Ready-made chunk tasks and reductions for the sweep engine.

A *task* is what the engine runs on a chunk of deals: ``task(chunk) ->
result``, where ``chunk`` is a :data:`cardshell.sweep.deals.Chunk` (a
``range`` of consecutive seeds or a tuple of seeds) and the result is a
small picklable value.  A task is pickled to reach worker processes and
Dask workers, so it must be a module-level function, or one of the wrappers
below around module-level functions (``functools.partial`` of a
module-level function works too).

The wrappers cover the usual shapes of a game's work:

* :class:`PerDeal`: ``play(seed) -> R`` for each deal; the chunk's result is
  the list of the deals' results, in order (what a resumable consumer, such
  as a winnability table, stores deal by deal);
* :class:`Tally`: ``play(seed) -> k`` with ``0 <= k < outcomes``; the chunk's
  result is ``counts`` with ``counts[k]`` deals of outcome k;
* :class:`RangeCounter`: a game's own fast counter ``count(start, count) ->
  list[int]`` over consecutive seeds (the COMP9021 solitaires' hot loops).

:func:`add_counts` sums such counts element-wise (the reduction of
:class:`Tally` and :class:`RangeCounter` results).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardshell.messages import say

__all__ = ["PerDeal", "RangeCounter", "Tally", "add_counts"]


@dataclass(frozen=True)
class PerDeal:
    """Play each deal of a chunk; the result is the list of their results.

    Attributes:
        play (Callable[[int], Any]): ``play(seed) -> result``, a module-level
            function returning a small picklable value.
    """

    play: Callable[[int], Any]

    def __call__(self, chunk: Sequence[int]) -> list[Any]:
        """Play the deals of ``chunk`` (seeds) in order; return their results."""
        play = self.play
        return [play(seed) for seed in chunk]


@dataclass(frozen=True)
class Tally:
    """Play each deal of a chunk and count its outcome.

    Attributes:
        play (Callable[[int], int]): ``play(seed) -> k``, the outcome index of
            the deal, ``0 <= k < outcomes``; a module-level function.
        outcomes (int): the number of outcomes, >= 1.
    """

    play: Callable[[int], int]
    outcomes: int

    def __call__(self, chunk: Sequence[int]) -> list[int]:
        """Return ``counts`` (length ``outcomes``): ``counts[k]`` deals of
        ``chunk`` had outcome k.

        Raises:
            IndexError: if ``play`` returns an outcome out of range.
        """
        counts = [0] * self.outcomes
        play = self.play
        for seed in chunk:
            outcome = play(seed)
            if not 0 <= outcome < self.outcomes:
                raise IndexError(say("sweep.outcome-out-of-range", outcome=outcome, deal=seed, last=self.outcomes - 1))
            counts[outcome] += 1
        return counts


@dataclass(frozen=True)
class RangeCounter:
    """Adapt a game's counter over consecutive seeds to chunks of any shape.

    Attributes:
        count (Callable[[int, int], list[int]]): ``count(start, count)``
            plays the games of seeds ``start .. start + count - 1`` and
            returns one count per outcome (always the same length); a
            module-level function.
    """

    count: Callable[[int, int], list[int]]

    def __call__(self, chunk: Sequence[int]) -> list[int]:
        """Counts of the deals of ``chunk``: one call for a ``range`` of step
        1, else one call per seed, summed."""
        if isinstance(chunk, range) and chunk.step == 1:
            return self.count(chunk.start, len(chunk))
        totals: list[int] = []
        for seed in chunk:
            totals = add_counts(totals, self.count(seed, 1))
        return totals


def add_counts(total: list[int], counts: list[int]) -> list[int]:
    """Element-wise sum of two count lists (the reduction of counts).

    Args:
        total (list[int]): the counts so far; ``[]`` (the empty total) adopts
            the length of ``counts``.  Changed in place and returned.
        counts (list[int]): one chunk's counts.

    Returns:
        list[int]: ``total``, with ``counts`` added.

    Raises:
        ValueError: if the lengths differ (a game returned counts of another
            shape than before).
    """
    if not total:
        total.extend(counts)
        return total
    if len(counts) != len(total):
        raise ValueError(say("sweep.wrong-count", count=len(counts), expected=len(total)))
    for index, count in enumerate(counts):
        total[index] += count
    return total
