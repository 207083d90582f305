"""Monte Carlo over consecutive seeds: play many games, count their outcomes.

**Deprecated**: use :mod:`cardshell.sweep` (a ``simulate`` command is a
:class:`cardshell.sweep.Simulation`; counts over seeds are ``sweep.run`` of
a ``sweep.RangeCounter``).  Served unchanged until cardshell
:data:`REMOVAL`; importing it or calling its functions issues a
:class:`DeprecationWarning` (docs/compatibility.md).  A game supplies a
chunk counter ``count_chunk(start, count) -> list[int]`` (module-level,
one count per outcome) for :func:`simulate_counts`, and
:func:`simulate_handler` and :func:`parse_simulate` make its command.
"""

from __future__ import annotations

import functools
import math
import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from cardshell.errors import UsageError
from cardshell.messages import say
from cardshell.parsers import quoted
from cardshell.render import Text
from cardshell.sweep import deals
from cardshell.sweep.backends import resolve_jobs as sweep_resolve_jobs
from cardshell.sweep.backends import usable_cores
from cardshell.sweep.deals import MAX_DEALS, chunk_size, chunked
from cardshell.sweep.engine import run
from cardshell.sweep.grammar import MAX_JOBS, MAX_SEED, integer
from cardshell.sweep.pool import Pool
from cardshell.sweep.serial import Serial
from cardshell.sweep.tasks import RangeCounter

if TYPE_CHECKING:  # pragma: no cover
    from cardshell.records import CommandContext

__all__ = [
    "CHUNKS_PER_JOB",
    "DEPRECATION",
    "MAX_CHUNK",
    "REMOVAL",
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

#: The release that removes this module.
REMOVAL = "0.2.0"

#: What the :class:`DeprecationWarning` of this module says.
DEPRECATION = say("sweep.montecarlo-deprecated", removal=REMOVAL)

warnings.warn(DEPRECATION.text, DeprecationWarning, stacklevel=2)  # at the line that imports this module

P = ParamSpec("P")
R = TypeVar("R")


def _deprecated(function: Callable[P, R]) -> Callable[P, R]:
    """``function``, issuing :data:`DEPRECATION` at its caller's line on every call."""
    @functools.wraps(function)
    def warned(*args: P.args, **kwargs: P.kwargs) -> R:
        warnings.warn(DEPRECATION.text, DeprecationWarning, stacklevel=2)
        return function(*args, **kwargs)

    return warned


#: Largest number of seeds handed to a worker at once (the engine's).
MAX_CHUNK = deals.MAX_CHUNK
#: Chunks aimed at per process (load balance, progress steps; the engine's).
CHUNKS_PER_JOB = deals.CHUNKS_PER_WORKER

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


@_deprecated
def resolve_jobs(jobs: int | None) -> int:
    """The number of processes asked for: None or 0 for every usable core, else ``jobs``.

    Raises:
        ValueError: if ``jobs`` is negative.
    """
    return _resolve_jobs(jobs)


def _resolve_jobs(jobs: int | None) -> int:
    if jobs is None or jobs == 0:
        return usable_cores()
    if jobs < 0:
        raise ValueError(f"jobs must be >= 0, got {jobs}")
    return jobs


@_deprecated
def chunks(n: int, i: int, jobs: int) -> list[tuple[int, int]]:
    """Split the seeds ``i .. i + n - 1`` into consecutive ``(start, count)`` chunks.

    About :data:`CHUNKS_PER_JOB` chunks per process, at most :data:`MAX_CHUNK`
    seeds each, as the engine makes them lazily (:func:`cardshell.sweep.chunked`);
    this builds the list, for small ``n``.
    """
    size = chunk_size(n, jobs, MAX_CHUNK) if n else 1
    return [(part[0], len(part)) for part in chunked(range(i, i + n), size)]


def _drain(feed: list[list[int]]) -> Iterator[list[int]]:
    while feed:
        yield feed.pop()


def _number_of_chunks(n: int, jobs: int) -> int:
    return math.ceil(n / chunk_size(n, jobs, MAX_CHUNK))


@_deprecated
def simulate_counts(
    count_chunk: CountChunk,
    n: int,
    i: int,
    outcomes: int,
    jobs: int | None = 1,
    progress: Progress | None = None,
) -> list[int]:
    """Play the games of seeds ``i .. i + n - 1`` (``n`` >= 1) and count each of ``outcomes`` outcomes.

    Chunks are counted by ``count_chunk`` (:data:`CountChunk`) here, or over
    ``jobs`` processes (None or 0: every usable core) capped at the usable
    cores, and summed in seed order, so the result does not depend on
    ``jobs``.  ``progress`` wraps the stream of finished chunks.

    Raises:
        ValueError: ``n`` < 1, ``jobs`` < 0, or counts of another length than
            ``outcomes``.
        KeyboardInterrupt: on Ctrl-C; the pool is terminated.
    """
    if n < 1:
        raise ValueError(f"the number of games must be >= 1, got {n}")
    processes, _ = sweep_resolve_jobs(_resolve_jobs(jobs))
    backend = Pool(processes) if processes > 1 else Serial()
    totals = [0] * outcomes
    feed: list[list[int]] = []
    wrapped: Iterator[list[int]] | None = None
    if progress is not None:
        # The callback wraps an iterable: feed it each chunk's counts as they
        # come, and take them back out of it (it yields the same items).
        wrapped = iter(progress(_drain(feed), _number_of_chunks(n, processes)))

    def consume(chunk: Any, counts: list[int]) -> None:
        if wrapped is not None:
            feed.append(counts)
            counts = next(wrapped)
        if len(counts) != outcomes:
            raise ValueError(say("sweep.count-chunk-wrong", count=len(counts), expected=outcomes))
        for outcome, count in enumerate(counts):
            totals[outcome] += count

    try:
        run(RangeCounter(count_chunk), range(i, i + n), consume, backend=backend)
    finally:
        close = getattr(wrapped, "close", None)
        if close is not None:
            close()
    return totals


@dataclass(frozen=True)
class SimulateArgs:
    """Parsed ``simulate N [I] [--jobs J]`` arguments.

    Attributes:
        n: number of games, >= 1.
        i: first seed; None for the current game's seed.
        jobs: processes, 0 for every core.
    """

    n: int
    i: int | None
    jobs: int




@_deprecated
def parse_simulate(text: str) -> SimulateArgs:
    """Parse ``N [I] [--jobs J]`` (also ``-j J``, ``--jobs=J``, anywhere); a ``Command.parse``.

    ``jobs`` is 1 when not given; the usage line is :data:`SIMULATE_USAGE`.

    Raises:
        UsageError: a missing N, a word that is not an ASCII integer, too many
            numbers, or a value out of range (N: 1 ..
            :data:`cardshell.sweep.MAX_DEALS`, I: ``-MAX_SEED .. MAX_SEED``,
            J: 0 .. 1,000,000; checked before converting).
    """
    words = text.split()
    positional: list[str] = []
    jobs = 1
    index = 0
    while index < len(words):
        word = words[index]
        if word in ("--jobs", "-j"):
            if index + 1 >= len(words):
                raise UsageError(say("sweep.jobs-needs-number", option=word))
            jobs = integer(words[index + 1], say("sweep.what-processes"), 0, MAX_JOBS)
            index += 2
            continue
        if word.startswith("--jobs="):
            jobs = integer(word.partition("=")[2], say("sweep.what-processes"), 0, MAX_JOBS)
        else:
            positional.append(word)
        index += 1
    if not positional:
        raise UsageError(say("sweep.needs-n", unit="games"))
    if len(positional) > 2:
        raise UsageError(say("sweep.too-many-arguments", words=quoted(" ".join(positional[2:]))))
    n = integer(positional[0], say("sweep.what-n", unit="games"), 1, MAX_DEALS)
    i = integer(positional[1], say("sweep.what-first-i"), -MAX_SEED, MAX_SEED) if len(positional) == 2 else None
    return SimulateArgs(n, i, jobs)


@_deprecated
def shell_progress(ctx: CommandContext, label: str) -> Progress:
    """A :data:`Progress` showing the chunks through ``ctx.progress`` beside ``label``."""
    return _shell_progress(ctx, label)


def _shell_progress(ctx: CommandContext, label: Text) -> Progress:

    def progress(items: Iterable[list[int]], total: int) -> Iterable[list[int]]:
        return ctx.progress(items, total=total, label=label)

    return progress


@_deprecated
def simulate_handler(
    counts: SimulateCounts, report: Callable[[list[int]], str]
) -> Callable[[CommandContext, SimulateArgs], None]:
    """The ``Command.handler`` of a ``simulate`` command parsed by :func:`parse_simulate`.

    It counts seeds ``I .. I + N - 1`` (``I`` defaults to ``ctx.state.seed``)
    with ``counts``, shows progress, and echoes ``report(counts)``.  It changes
    no state (declare ``changes_state=False``).
    """

    def run_simulate(ctx: CommandContext, args: SimulateArgs) -> None:
        first = args.i if args.i is not None else ctx.state.seed
        progress = _shell_progress(ctx, say("sweep.progress-label", deals=args.n))
        ctx.echo(report(counts(args.n, first, jobs=args.jobs, progress=progress)))

    return run_simulate
