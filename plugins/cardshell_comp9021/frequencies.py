"""The ``simulate`` table of the COMP9021 solitaires, on the host's sweep engine (:mod:`cardshell.sweep`).

A table is a header ``OUTCOME | Frequency``, a rule of ``-`` as wide, then
one row per outcome that occurred: the outcome right-aligned, `` | ``, its
frequency as ``.2%``.  Pictures lists its outcomes increasing, Up-and-Down
decreasing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from cardshell import sweep

#: The right-hand header of both tables.
FREQUENCY_HEADER = "Frequency"

#: The most seeds handed to a worker at once (the sweep engine's).
MAX_CHUNK = sweep.MAX_CHUNK

Progress = Callable[[Iterable[list[int]], int], Iterable[list[int]]]
"""``progress(iterable, total)``: wraps the stream of per-chunk counts
(``total`` is the number of chunks) and yields the same items, e.g. to show
a progress bar; KeyboardInterrupt raised from it stops the counting."""


def resolve_jobs(jobs: int | None) -> int:
    """The processes asked for: every usable core for None or 0, else ``jobs``.

    Raises:
        ValueError: ``jobs`` is negative.
    """
    if jobs is None or jobs == 0:
        return sweep.usable_cores()
    if jobs < 0:
        raise ValueError(f"jobs must be >= 0, got {jobs}")
    return jobs


def chunks(n: int, i: int, jobs: int) -> list[tuple[int, int]]:
    """The seeds ``i .. i + n - 1`` as the ``(start, count)`` chunks the sweep engine cuts for ``jobs`` processes."""
    size = sweep.chunk_size(n, jobs, MAX_CHUNK) if n else 1
    return [(part[0], len(part)) for part in sweep.chunked(range(i, i + n), size)]


def _drain(feed: list[list[int]]) -> Iterator[list[int]]:
    while feed:
        yield feed.pop()


def count_outcomes(count: Callable[[int, int], list[int]], n: int, i: int, outcomes: int, jobs: int | None = 1,
                   progress: Progress | None = None) -> list[int]:
    """Play the games of seeds ``i .. i + n - 1`` and count each outcome, in seed order whatever ``jobs``.

    Args:
        count: a module-level ``count(start, n)`` returning ``outcomes`` counts
            for seeds ``start .. start + n - 1`` (worker processes run it).
        n: number of games, at least 1.
        i: the first seed.
        outcomes: the number of outcomes.
        jobs: processes; 1 plays here, None or 0 uses every usable core.
        progress: wraps the stream of finished chunks (:data:`Progress`).

    Returns:
        ``counts[k]``: the games with outcome k.

    Raises:
        ValueError: ``n`` < 1, ``jobs`` < 0, or counts of another length than ``outcomes``.
        KeyboardInterrupt: on Ctrl-C, after stopping the worker processes.
    """
    if n < 1:
        raise ValueError(f"the number of games must be >= 1, got {n}")
    processes, _ = sweep.resolve_jobs(resolve_jobs(jobs))
    backend: sweep.Backend = sweep.Pool(processes) if processes > 1 else sweep.Serial()
    totals = [0] * outcomes
    feed: list[list[int]] = []
    wrapped: Iterator[list[int]] | None = None
    if progress is not None:  # fed each chunk's counts as they come, which are taken back out of it
        wrapped = iter(progress(_drain(feed), math.ceil(n / sweep.chunk_size(n, processes, MAX_CHUNK))))

    def consume(chunk: object, counts: list[int]) -> None:
        if wrapped is not None:
            feed.append(counts)
            counts = next(wrapped)
        if len(counts) != outcomes:
            raise ValueError(f"count returned {len(counts)} counts, expected {outcomes}")
        for outcome, found in enumerate(counts):
            totals[outcome] += found

    try:
        sweep.run(sweep.RangeCounter(count), range(i, i + n), consume, backend=backend)
    finally:
        close = getattr(wrapped, "close", None)
        if close is not None:
            close()
    return totals


@dataclass(frozen=True)
class FrequencyTable:
    """One solitaire's ``simulate`` table.

    Attributes:
        game: the game id the ``simulate`` command belongs to.
        section: the hand-out's section of the table (``"3.3"``).
        outcome_header: the left header, as wide as the outcome column.
        outcome: the outcome in words, for the help (``"uncovered pictures"``).
        count: a module-level ``count(start, n)``, one count per outcome.
        outcomes: the number of possible outcomes.
        descending: rows in decreasing order of outcome.
    """

    game: str
    section: str
    outcome_header: str
    outcome: str
    count: Callable[[int, int], list[int]]
    outcomes: int
    descending: bool = False

    @property
    def header(self) -> str:
        """The header line: ``OUTCOME | Frequency``."""
        return f"{self.outcome_header} | {FREQUENCY_HEADER}"

    @property
    def width(self) -> int:
        """The width of every line of the table, in characters."""
        return len(self.header)

    def counts(self, n: int, i: int, jobs: int | None = 1, progress: Progress | None = None) -> list[int]:
        """The outcome counts of ``n`` (at least 1) games from seed ``i``; the rest as :func:`count_outcomes`.

        Raises:
            ValueError: if ``n`` < 1 or ``jobs`` < 0.
        """
        return count_outcomes(self.count, n, i, self.outcomes, jobs=jobs, progress=progress)

    def format(self, counts: list[int]) -> str:
        """The table for ``counts``, lines joined, no final newline.

        Raises:
            ValueError: if the counts add up to zero.
        """
        total = sum(counts)
        if total <= 0:
            raise ValueError("no games were counted")
        lines = [self.header, "-" * self.width]
        order = range(len(counts) - 1, -1, -1) if self.descending else range(len(counts))
        for outcome in order:
            count = counts[outcome]
            if count > 0:
                lines.append(f"{outcome:>{len(self.outcome_header)}} | {count / total:>{len(FREQUENCY_HEADER)}.2%}")
        return "\n".join(lines)

    def simulate(self, n: int, i: int, jobs: int | None = 1) -> None:
        """Print the table for ``n`` games from seed ``i``, as the hand-out's ``simulate(n, i)``.

        Raises:
            ValueError: if ``n`` < 1 or ``jobs`` < 0.
        """
        print(self.format(self.counts(n, i, jobs)))

    def histogram(self, counts: list[int], run: sweep.SweepRun | None = None) -> sweep.Histogram:
        """What ``simulate --plot`` draws: the games per outcome in the table's order; ``run`` is unused."""
        return sweep.Histogram(self.outcome_header, sweep.trimmed(counts, descending=self.descending))

    def task(self, state: object, args: sweep.SweepArgs) -> sweep.RangeCounter:
        """``Simulation.task``: counts the outcomes of a chunk of seeds."""
        return sweep.RangeCounter(self.count)

    def report(self, counts: list[int], run: sweep.SweepRun) -> str:
        """``Simulation.report``: the table of the sweep's counts."""
        return self.format(counts)

    def simulation(self) -> sweep.Simulation:
        """The record of ``simulate N [I]``: the table for seeds I .. I + N - 1, I defaulting to the game's seed."""
        return sweep.Simulation(
            game=self.game,
            task=self.task,
            report=self.report,
            histogram=self.histogram,
            summary=f"play N games from seed I; print the frequencies of {self.outcome}",
            help=(
                "Play the games of seeds I, I+1, ..., I+N-1 (I, or --first SEED, defaults to this game's "
                f"seed) and print the table of Section {self.section}: for each number of {self.outcome} that "
                "occurred, its frequency."
            ),
            grammar=sweep.Grammar(positional_first=True),
        )
