"""Estimating the probabilities of Pictures by playing many games (Section 3.3).

``simulate(n, i)`` plays the games of seeds i, i + 1, ..., i + n - 1 (game s
shuffles its later rounds with s + 1, s + 2, s + 3) and prints the table of
Section 3.3 as settled in ``specs/GAMES.md`` ("simulate (both)").  The
counts are data (:func:`simulate_counts`); the table is a view of them
(:func:`format_table`).  ``jobs`` spreads chunks of seeds over processes;
the counts do not depend on it.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterable, Iterator

from cardshell_pictures.rules import PICTURES, uncovered_counts

#: Header of the table: 28 + 3 + 9 = 40 characters.
OUTCOME_HEADER = "Number of uncovered pictures"
FREQUENCY_HEADER = "Frequency"
HEADER = f"{OUTCOME_HEADER} | {FREQUENCY_HEADER}"
#: Width of every line of the table (Section 3.3).
WIDTH = len(HEADER)

#: Largest number of seeds handed to a worker at once.
MAX_CHUNK = 2000

Progress = Callable[[Iterable[list[int]], int], Iterable[list[int]]]
"""``progress(iterable, total)``: wraps the stream of per-chunk counts (e.g.
``ctx.progress`` in the shell); must yield the same items."""


def resolve_jobs(jobs: int | None) -> int:
    """The number of processes to use.

    Args:
        jobs (int | None): None or 0 for every core (``os.cpu_count()``),
            else a positive count.

    Returns:
        int: >= 1.

    Raises:
        ValueError: if ``jobs`` is negative.
    """
    if jobs is None or jobs == 0:
        return os.cpu_count() or 1
    if jobs < 0:
        raise ValueError(f"jobs must be >= 0, got {jobs}")
    return jobs


def chunks(n: int, i: int, jobs: int) -> list[tuple[int, int]]:
    """Split the seeds ``i .. i + n - 1`` into ``(start, count)`` chunks.

    About 8 chunks per process (load balance, progress steps), at most
    :data:`MAX_CHUNK` seeds each.

    Args:
        n (int): number of games, >= 0.
        i (int): first seed.
        jobs (int): processes, >= 1.

    Returns:
        list[tuple[int, int]]: consecutive chunks covering the seeds in order.
    """
    size = max(1, min(MAX_CHUNK, math.ceil(n / (8 * jobs)))) if n else 1
    return [(start, min(size, i + n - start)) for start in range(i, i + n, size)]


def _count_chunk(chunk: tuple[int, int]) -> list[int]:
    return uncovered_counts(*chunk)


def _ignore_sigint() -> None:  # pragma: no cover - runs in worker processes
    # Ctrl-C is the parent's business: it terminates the pool.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def simulate_counts(n: int, i: int, jobs: int | None = 1, progress: Progress | None = None) -> list[int]:
    """Play ``n`` games from seed ``i`` and count the pictures each uncovered.

    Args:
        n (int): number of games, >= 1 (Section 3.3: strictly positive).
        i (int): seed of the first game (any int).
        jobs (int | None): processes to use; 1 plays in this process, None or
            0 uses every core.  The result does not depend on it.
        progress (Progress | None): wraps the stream of finished chunks to
            show progress (and to allow KeyboardInterrupt between chunks).

    Returns:
        list[int]: 13 counts; ``counts[k]`` games uncovered k pictures; they
        sum to ``n``.

    Raises:
        ValueError: if ``n`` < 1 or ``jobs`` < 0.
    """
    if n < 1:
        raise ValueError(f"the number of games must be >= 1, got {n}")
    jobs = resolve_jobs(jobs)
    work = chunks(n, i, jobs)
    totals = [0] * (PICTURES + 1)

    def add(results: Iterator[list[int]]) -> None:
        stream: Iterable[list[int]] = results if progress is None else progress(results, len(work))
        for counts in stream:
            for outcome, count in enumerate(counts):
                totals[outcome] += count

    if jobs == 1 or len(work) == 1:
        add(map(_count_chunk, work))
    else:
        with multiprocessing.Pool(min(jobs, len(work)), initializer=_ignore_sigint) as pool:
            add(pool.imap_unordered(_count_chunk, work))
    return totals


def format_table(counts: list[int]) -> str:
    """The table of Section 3.3 for counts of :func:`simulate_counts`.

    Header, a line of ``-``, then one row per number of uncovered pictures
    whose count is above zero, in increasing order: the number right-aligned
    under the header's left column, `` | ``, the frequency ``count / total``
    as ``.2%`` right-aligned in 9.  Every line is 40 characters.

    Args:
        counts (list[int]): ``counts[k]`` games uncovered k pictures.

    Returns:
        str: the lines joined with newlines, no final newline.

    Raises:
        ValueError: if the counts add up to zero.
    """
    total = sum(counts)
    if total <= 0:
        raise ValueError("no games were counted")
    lines = [HEADER, "-" * WIDTH]
    for outcome, count in enumerate(counts):
        if count > 0:
            lines.append(f"{outcome:>{len(OUTCOME_HEADER)}} | {count / total:>{len(FREQUENCY_HEADER)}.2%}")
    return "\n".join(lines)


def simulate(n: int, i: int, jobs: int | None = 1) -> None:
    """Print the table of Section 3.3 for ``n`` games from seed ``i``.

    ``from cardshell_pictures import simulate`` then ``simulate(n, i)``
    behaves as the hand-out's ``solitaire_1.simulate``.

    Args:
        n (int): number of games, >= 1.
        i (int): seed of the first game.
        jobs (int | None): processes (see :func:`simulate_counts`).

    Raises:
        ValueError: if ``n`` < 1 or ``jobs`` < 0.
    """
    print(format_table(simulate_counts(n, i, jobs)))
