"""The ``simulate`` table of the COMP9021 solitaires (Sections 3.3 and 4.3).

Both tables have the same shape: a header ``OUTCOME | Frequency``, a line of
``-`` as wide as the header, then one row per outcome that occurred: the
outcome right-aligned under the left header, `` | ``, the frequency ``count
/ total`` as ``.2%`` right-aligned under ``Frequency``.  Pictures lists its
outcomes (pictures uncovered) in increasing order, Up-and-Down (cards left)
in decreasing order.  A :class:`FrequencyTable` is one game's table: its
counts over many seeds (:func:`count_outcomes`), the text, the ``--plot``
histogram and the shell's ``simulate`` command, all on the host's sweep
engine (:mod:`cardshell.sweep`).
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
    """The number of processes asked for: None or 0 for every usable core
    (:func:`cardshell.sweep.usable_cores`), else ``jobs`` (>= 1;
    :func:`count_outcomes` caps it at the usable cores).

    Raises:
        ValueError: ``jobs`` is negative.
    """
    if jobs is None or jobs == 0:
        return sweep.usable_cores()
    if jobs < 0:
        raise ValueError(f"jobs must be >= 0, got {jobs}")
    return jobs


def chunks(n: int, i: int, jobs: int) -> list[tuple[int, int]]:
    """The seeds ``i .. i + n - 1`` cut into consecutive ``(start, count)``
    chunks, as the sweep engine cuts them for ``jobs`` processes (a list, for
    small ``n``: inspection and tests).

    Args:
        n: number of games, >= 0.
        i: the first seed (any int).
        jobs: processes, >= 1.
    """
    size = sweep.chunk_size(n, jobs, MAX_CHUNK) if n else 1
    return [(part[0], len(part)) for part in sweep.chunked(range(i, i + n), size)]


def _drain(feed: list[list[int]]) -> Iterator[list[int]]:
    while feed:
        yield feed.pop()


def count_outcomes(count: Callable[[int, int], list[int]], n: int, i: int, outcomes: int, jobs: int | None = 1,
                   progress: Progress | None = None) -> list[int]:
    """Play the games of seeds ``i .. i + n - 1`` and count each outcome, on
    the sweep engine: in this process for one job (or one chunk), else over
    ``jobs`` worker processes capped at the usable cores.  The per-chunk
    counts are summed in seed order, so the result never depends on ``jobs``.

    Args:
        count: ``count(start, n)`` plays the games of seeds ``start ..
            start + n - 1`` and returns ``outcomes`` counts; a module-level
            function (worker processes run it).
        n: number of games, >= 1.
        i: the seed of the first game (any int).
        outcomes: the length of the counts, >= 1.
        jobs: processes; 1 plays in this process, None or 0 uses every core.
        progress: wraps the stream of finished chunks (see :data:`Progress`).

    Returns:
        list[int]: ``counts[k]`` games had outcome k.

    Raises:
        ValueError: ``n`` < 1, ``jobs`` < 0, or ``count`` returned counts of
            another length than ``outcomes``.
        KeyboardInterrupt: on Ctrl-C; worker processes are stopped.
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
        game (str): the game id the ``simulate`` command belongs to.
        section (str): the hand-out's section of the table (``"3.3"``).
        outcome_header (str): the left header; its length is the width of
            the outcome column (``"Number of uncovered pictures"``).
        outcome (str): the outcome in words, for the command's help
            (``"uncovered pictures"``).
        count (Callable[[int, int], list[int]]): ``count(start, n)`` plays
            the games of seeds ``start .. start + n - 1`` and returns one
            count per outcome; a module-level function (picklable, so
            worker processes can run it).
        outcomes (int): the number of possible outcomes (the length of
            ``count``'s list).
        descending (bool): rows in decreasing order of outcome.
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
        """Play ``n`` games from seed ``i`` and count each game's outcome.

        Args:
            n (int): number of games, >= 1 (Sections 3.3 and 4.3: strictly positive).
            i (int): seed of the first game (any int).
            jobs (int | None), progress (Progress | None): as for
                :func:`count_outcomes` (1 plays in this process, None or 0
                uses every core; the result does not depend on it).

        Returns:
            list[int]: :attr:`outcomes` counts; ``counts[k]`` games had
            outcome k; they sum to ``n``.

        Raises:
            ValueError: if ``n`` < 1 or ``jobs`` < 0.
        """
        return count_outcomes(self.count, n, i, self.outcomes, jobs=jobs, progress=progress)

    def format(self, counts: list[int]) -> str:
        """The table for ``counts`` (``counts[k]`` games had outcome k).

        Returns:
            str: the lines joined with newlines, no final newline.

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
        """Print the table for ``n`` games from seed ``i``: the hand-out's
        ``simulate(n, i)`` (``solitaire_1.simulate`` for Pictures,
        ``solitaire_2.simulate`` for Up-and-Down).

        Args:
            n (int): number of games, >= 1.
            i (int): seed of the first game.
            jobs (int | None): processes (see :meth:`counts`).

        Raises:
            ValueError: if ``n`` < 1 or ``jobs`` < 0.
        """
        print(self.format(self.counts(n, i, jobs)))

    def histogram(self, counts: list[int], run: sweep.SweepRun | None = None) -> sweep.Histogram:
        """What ``simulate --plot`` draws: the games per outcome (the table's
        rows, in its order, with the empty ones between them).

        Args:
            counts (list[int]): counts of :meth:`counts`.
            run (sweep.SweepRun | None): unused (the engine passes it).

        Returns:
            sweep.Histogram: titled like the table's left column.
        """
        return sweep.Histogram(self.outcome_header, sweep.trimmed(counts, descending=self.descending))

    def task(self, state: object, args: sweep.SweepArgs) -> sweep.RangeCounter:
        """``Simulation.task``: the chunk task that counts the outcomes of a chunk of seeds."""
        return sweep.RangeCounter(self.count)

    def report(self, counts: list[int], run: sweep.SweepRun) -> str:
        """``Simulation.report``: the table of the sweep's counts."""
        return self.format(counts)

    def simulation(self) -> sweep.Simulation:
        """``simulate N [I]`` in the shell: the table for seeds I .. I + N - 1
        (I defaults to the game's seed), on the sweep engine.

        Returns:
            sweep.Simulation: the command's record (``.command()`` registers it).
        """
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
