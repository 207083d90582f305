"""Monte Carlo over consecutive seeds: play many games, count their outcomes.

For plugin authors whose ``simulate`` command plays the games of seeds
``i, i + 1, ..., i + n - 1`` (one independent game per seed) and reports how
often each outcome occurred.  The game supplies only what is its own:

* a *chunk counter* ``count_chunk(start, count) -> list[int]`` that plays the
  games of seeds ``start .. start + count - 1`` and returns one count per
  outcome (``counts[k]`` games ended with outcome k; always the same
  length).  It must be a module-level function (it is pickled by reference
  to run in worker processes) and must depend on nothing but its arguments;
* the report (a table, a summary) built from the merged counts.

This module does the rest, the same for every game:

* :func:`resolve_jobs`: ``--jobs`` to a number of processes (0: every core);
* :func:`chunks`: the seeds cut into consecutive ``(start, count)`` chunks;
* :func:`simulate_counts`: the chunks counted in this process or over a
  process pool, the per-chunk counts summed.  The result never depends on
  the number of processes; a progress callback sees one item per chunk;
  Ctrl-C (KeyboardInterrupt in the parent) terminates the pool, the
  workers themselves ignore SIGINT;
* :func:`parse_simulate` / :class:`SimulateArgs`: the command grammar
  ``simulate N [I] [--jobs J]``, usable as ``Command.parse`` as it is;
* :func:`shell_progress`: adapts ``CommandContext.progress`` to the
  progress callback of :func:`simulate_counts`;
* :func:`simulate_handler`: the whole handler of such a command.

A game's ``simulate`` then reads::

    def my_counts(n, i, jobs=1, progress=None):        # the game's API
        return montecarlo.simulate_counts(my_chunk_counter, n, i, OUTCOMES, jobs=jobs, progress=progress)

    Command(
        name="simulate",
        usage=montecarlo.SIMULATE_USAGE,
        parse=montecarlo.parse_simulate,
        handler=montecarlo.simulate_handler(my_counts, my_table),
        show_state=False,
        changes_state=False,
        ...
    )

Used by the COMP9021 solitaires (Pictures, Section 3.3; Up-and-Down,
Section 4.3 of ``seeds/comp9021-solitaires.txt``; ``specs/GAMES.md``,
"simulate (both)").
"""

from __future__ import annotations

import math
import os
import re
import signal
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardshell import parsers
from cardshell.errors import UsageError

if TYPE_CHECKING:  # pragma: no cover
    from cardshell.records import CommandContext

__all__ = [
    "CHUNKS_PER_JOB",
    "MAX_CHUNK",
    "SIMULATE_USAGE",
    "CountChunk",
    "Progress",
    "SimulateArgs",
    "chunks",
    "parse_simulate",
    "resolve_jobs",
    "shell_progress",
    "simulate_counts",
    "simulate_handler",
]

#: Largest number of seeds handed to a worker at once.
MAX_CHUNK = 2000
#: Chunks aimed at per process (load balance, progress steps).
CHUNKS_PER_JOB = 8

#: The usage line of the command grammar :func:`parse_simulate` reads.
SIMULATE_USAGE = "simulate N [I] [--jobs J]"

CountChunk = Callable[[int, int], list[int]]
"""``count_chunk(start, count)``: plays the games of seeds ``start ..
start + count - 1`` and returns ``counts`` with ``counts[k]`` the number of
those games that ended with outcome k (always the same length)."""

Progress = Callable[[Iterable[list[int]], int], Iterable[list[int]]]
"""``progress(iterable, total)``: wraps the stream of per-chunk counts (e.g.
``ctx.progress`` in the shell, see :func:`shell_progress`); ``total`` is the
number of chunks.  Must yield the same items."""

SimulateCounts = Callable[..., list[int]]
"""``counts(n, i, jobs=jobs, progress=progress)``: a game's counts for the
games of seeds ``i .. i + n - 1`` (usually :func:`simulate_counts` with the
game's counter and number of outcomes bound)."""


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

    About :data:`CHUNKS_PER_JOB` chunks per process (load balance, progress
    steps), at most :data:`MAX_CHUNK` seeds each.

    Args:
        n (int): number of games, >= 0.
        i (int): first seed (any int).
        jobs (int): processes, >= 1.

    Returns:
        list[tuple[int, int]]: consecutive chunks covering every seed once,
        in order (empty when ``n`` is 0).
    """
    size = max(1, min(MAX_CHUNK, math.ceil(n / (CHUNKS_PER_JOB * jobs)))) if n else 1
    return [(start, min(size, i + n - start)) for start in range(i, i + n, size)]


def _count_chunk(task: tuple[CountChunk, int, int]) -> list[int]:
    count_chunk, start, count = task
    return count_chunk(start, count)


def _ignore_sigint() -> None:  # pragma: no cover - runs in worker processes
    # Ctrl-C is the parent's business: it terminates the pool.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def simulate_counts(
    count_chunk: CountChunk,
    n: int,
    i: int,
    outcomes: int,
    jobs: int | None = 1,
    progress: Progress | None = None,
) -> list[int]:
    """Play the games of seeds ``i .. i + n - 1`` and count each outcome.

    The seeds are cut by :func:`chunks`; each chunk is counted by
    ``count_chunk``, in this process when one process is asked for (or
    there is one chunk), else over a ``multiprocessing.Pool`` of at most
    ``jobs`` workers (results taken as they finish).  The per-chunk counts
    are summed, so the result is the same whatever ``jobs`` is.

    Args:
        count_chunk (CountChunk): the game's counter, a module-level
            function (see :data:`CountChunk`).
        n (int): number of games, >= 1.
        i (int): seed of the first game (any int).
        outcomes (int): length of the counts, >= 1 (outcomes 0 ..
            ``outcomes - 1``).
        jobs (int | None): processes; 1 plays in this process, None or 0
            uses every core (:func:`resolve_jobs`).
        progress (Progress | None): wraps the stream of finished chunks to
            show progress (and to allow KeyboardInterrupt between chunks).

    Returns:
        list[int]: ``outcomes`` counts; ``counts[k]`` games ended with
        outcome k.  They sum to ``n`` if ``count_chunk`` counts every game
        once.

    Raises:
        ValueError: if ``n`` < 1, ``jobs`` < 0, or ``count_chunk`` returns
            counts of another length than ``outcomes``.
        KeyboardInterrupt: on Ctrl-C; the pool, if any, is terminated.
    """
    if n < 1:
        raise ValueError(f"the number of games must be >= 1, got {n}")
    jobs = resolve_jobs(jobs)
    work = [(count_chunk, start, count) for start, count in chunks(n, i, jobs)]
    totals = [0] * outcomes

    def add(results: Iterator[list[int]]) -> None:
        stream: Iterable[list[int]] = results if progress is None else progress(results, len(work))
        for counts in stream:
            if len(counts) != outcomes:
                raise ValueError(f"count_chunk returned {len(counts)} counts, expected {outcomes}")
            for outcome, count in enumerate(counts):
                totals[outcome] += count

    if jobs == 1 or len(work) == 1:
        add(map(_count_chunk, work))
    else:
        import multiprocessing  # here, not at start-up: most runs never need a pool

        with multiprocessing.Pool(min(jobs, len(work)), initializer=_ignore_sigint) as pool:
            add(pool.imap_unordered(_count_chunk, work))
    return totals


@dataclass(frozen=True)
class SimulateArgs:
    """Parsed ``simulate N [I] [--jobs J]`` arguments.

    Attributes:
        n (int): number of games, >= 1.
        i (int | None): first seed; None for the current game's seed.
        jobs (int): processes, 0 for every core.
    """

    n: int
    i: int | None
    jobs: int


def _integer(word: str, what: str) -> int:
    if not (word.isascii() and re.fullmatch(r"-?[0-9]+", word)):
        raise UsageError(f"{what} must be an integer, got {parsers.quoted(word)}")
    try:
        return parsers.integer(word)
    except UsageError as exc:  # more than parsers.MAX_DIGITS digits
        raise UsageError(f"{what}: {exc.message}") from None


def parse_simulate(text: str) -> SimulateArgs:
    """Parse ``N [I] [--jobs J]`` (also ``-j J``, ``--jobs=J``, anywhere).

    Usable as ``Command.parse`` of a ``simulate`` command as it is (its
    usage line is :data:`SIMULATE_USAGE`).

    Args:
        text (str): what followed ``simulate``.

    Returns:
        SimulateArgs: the arguments; ``jobs`` is 1 when not given.

    Raises:
        UsageError: for a missing N, N < 1, J < 0, a word that is not an
            (ASCII) integer, or too many numbers.
    """
    words = text.split()
    positional: list[str] = []
    jobs = 1
    index = 0
    while index < len(words):
        word = words[index]
        if word in ("--jobs", "-j"):
            if index + 1 >= len(words):
                raise UsageError(f"{word} needs a number of processes")
            jobs = _integer(words[index + 1], "the number of processes")
            index += 2
            continue
        if word.startswith("--jobs="):
            jobs = _integer(word.partition("=")[2], "the number of processes")
        else:
            positional.append(word)
        index += 1
    if not positional:
        raise UsageError("simulate needs the number of games N")
    if len(positional) > 2:
        raise UsageError(f"too many arguments: {' '.join(positional[2:])!r}")
    n = _integer(positional[0], "the number of games N")
    if n < 1:
        raise UsageError(f"the number of games must be at least 1, got {n}")
    i = _integer(positional[1], "the first seed I") if len(positional) == 2 else None
    if jobs < 0:
        raise UsageError(f"the number of processes must be 0 (every core) or more, got {jobs}")
    return SimulateArgs(n, i, jobs)


def shell_progress(ctx: CommandContext, label: str) -> Progress:
    """A :data:`Progress` that shows the chunks through ``ctx.progress``.

    Args:
        ctx (CommandContext): the command's context (a progress bar on a
            terminal, plain in scripts; Ctrl-C raises KeyboardInterrupt).
        label (str): the text shown beside the bar (e.g. ``"simulate 1000"``).

    Returns:
        Progress: ``progress(items, total)`` calling
        ``ctx.progress(items, total=total, label=label)``.
    """

    def progress(items: Iterable[list[int]], total: int) -> Iterable[list[int]]:
        return ctx.progress(items, total=total, label=label)

    return progress


def simulate_handler(
    counts: SimulateCounts, report: Callable[[list[int]], str]
) -> Callable[[CommandContext, SimulateArgs], None]:
    """Build the handler of a ``simulate`` command parsed by :func:`parse_simulate`.

    The handler plays the games of seeds ``I .. I + N - 1`` (``I``
    defaults to the current game's seed, ``ctx.state.seed``) with
    ``args.jobs`` processes, shows a progress bar labelled ``simulate N``
    over the chunks (:func:`shell_progress`), and echoes the report.

    Args:
        counts (SimulateCounts): the game's counting function.
        report (Callable[[list[int]], str]): the text printed for the
            counts (the game's table).

    Returns:
        Callable[[CommandContext, SimulateArgs], None]: a ``Command.handler``.
        It changes no state (declare the command ``changes_state=False``);
        Ctrl-C raises KeyboardInterrupt out of it, which the host reports
        as an interrupted command.
    """

    def run_simulate(ctx: CommandContext, args: SimulateArgs) -> None:
        first = args.i if args.i is not None else ctx.state.seed
        progress = shell_progress(ctx, f"simulate {args.n}")
        ctx.echo(report(counts(args.n, first, jobs=args.jobs, progress=progress)))

    return run_simulate
