"""Ready-made chunk tasks and reductions for the sweep engine.

A task, ``task(chunk) -> result`` over a :data:`cardshell.sweep.deals.Chunk`,
is pickled to reach workers, so it is a module-level function (or a
``functools.partial`` of one) or one of these wrappers:

* :class:`PerDeal`: ``play(seed) -> R``; the list of results, in order;
* :class:`Tally`: ``play(seed) -> k``; ``counts[k]`` deals of outcome k;
* :class:`RangeCounter`: a game's own fast ``count(start, count)`` over
  consecutive seeds.

:func:`add_counts` sums counts element-wise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardshell.messages import say

__all__ = ["PerDeal", "RangeCounter", "Tally", "add_counts"]


@dataclass(frozen=True)
class PerDeal:
    """Play each deal of a chunk with ``play(seed) -> result`` (module-level, picklable result); their results."""

    play: Callable[[int], Any]

    def __call__(self, chunk: Sequence[int]) -> list[Any]:
        play = self.play
        return [play(seed) for seed in chunk]


@dataclass(frozen=True)
class Tally:
    """Play each deal of a chunk with ``play(seed) -> k`` (module-level, ``0 <= k < outcomes``) and count k."""

    play: Callable[[int], int]
    outcomes: int

    def __call__(self, chunk: Sequence[int]) -> list[int]:
        """``counts[k]`` deals of ``chunk`` had outcome k; IndexError for an outcome out of range."""
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
    """Adapt a game's module-level ``count(start, count) -> list[int]`` over consecutive seeds to any chunk."""

    count: Callable[[int, int], list[int]]

    def __call__(self, chunk: Sequence[int]) -> list[int]:
        """Counts of ``chunk``: one call for a step-1 ``range``, else one per seed, summed."""
        if isinstance(chunk, range) and chunk.step == 1:
            return self.count(chunk.start, len(chunk))
        totals: list[int] = []
        for seed in chunk:
            totals = add_counts(totals, self.count(seed, 1))
        return totals


def add_counts(total: list[int], counts: list[int]) -> list[int]:
    """Add ``counts`` element-wise into ``total`` (``[]`` adopts its length) and return ``total``.

    Raises:
        ValueError: the lengths differ.
    """
    if not total:
        total.extend(counts)
        return total
    if len(counts) != len(total):
        raise ValueError(say("sweep.wrong-count", count=len(counts), expected=len(total)))
    for index, count in enumerate(counts):
        total[index] += count
    return total
