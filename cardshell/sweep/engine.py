"""The sweep engine's loop: a chunked parallel map with an ordered reduction.

:func:`run` plays a sweep's chunks on a backend and hands each result to
``consume(chunk, result)`` in deal order; :func:`reduce` folds them into a
total.  The consumer sees the same chunks and results in the same order on
every backend.

On Ctrl-C or an exception in a task or in ``consume`` the backend stops at
once and the exception goes on; what ``consume`` received is complete and
in order, so a storing consumer can resume.  SIGTERM or SIGHUP stop the
backend the same way, then are delivered as without a sweep
(:func:`stop_on_termination`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol, TypeVar

from cardshell.render import Text
from cardshell.signals import stop_on_termination
from cardshell.sweep.deals import MAX_CHUNK, Chunk
from cardshell.sweep.serial import Serial

__all__ = ["Backend", "Progress", "reduce", "run", "stop_on_termination"]

T = TypeVar("T")


class Backend(Protocol):
    """Where chunks run (Serial, Pool, DaskCluster); ``name`` is how messages name it (``"2 processes"``)."""

    name: Text

    def map(self, task: Callable[[Chunk], Any], deals: Iterable[int],
            max_chunk: int = MAX_CHUNK) -> Iterator[tuple[Chunk, Any]]:
        """Yield ``(chunk, task(chunk))`` for lazy consecutive chunks of ``deals`` in order; release all when closed."""
        ...  # pragma: no cover - protocol


class Progress(Protocol):
    """What the engine reports progress to (:class:`cardshell.progress.ProgressLine`)."""

    def advance(self, deals: int) -> None:
        """``deals`` more deals are done."""
        ...  # pragma: no cover - protocol

    def close(self) -> None:
        """The sweep ended, finished or not: clear the display."""
        ...  # pragma: no cover - protocol


def run(
    task: Callable[[Chunk], Any],
    deals: Iterable[int],
    consume: Callable[[Chunk, Any], None],
    *,
    backend: Backend | None = None,
    progress: Progress | None = None,
    max_chunk: int = MAX_CHUNK,
) -> None:
    """Run ``task`` on every chunk of ``deals``; consume the results in order.

    Args:
        task: ``task(chunk)`` plays the deals of ``chunk`` (a ``range`` or tuple
            of seeds): module-level, small picklable result.
        deals: the seeds, in reporting order.
        consume: called in this thread with each chunk and its result.
        backend: where chunks run; None for this process.
        progress: told of the deals done after each chunk; closed at the end.
        max_chunk: the most deals in one chunk (1 keeps Ctrl-C prompt for a
            solver taking seconds a deal).

    Raises:
        KeyboardInterrupt: on Ctrl-C (or SIGTERM/SIGHUP whose handler returned).
        CommandError: a backend's own failure (Dask missing or unreachable).
        Exception: whatever ``task`` or ``consume`` raised.
    """
    if backend is None:
        backend = Serial()
    with stop_on_termination():
        try:  # the progress line is wiped however the sweep ends, a Ctrl-C while the pool starts too
            early = progress is not None and getattr(backend, "counts_finished", False)
            if early:  # the pool counts deals as they finish, out of order
                results = backend.map(task, deals, max_chunk, finished=progress.advance)  # type: ignore[call-arg,union-attr]
            else:
                results = backend.map(task, deals, max_chunk)
            try:
                for chunk, result in results:
                    consume(chunk, result)
                    if progress is not None and not early:
                        progress.advance(len(chunk))
            finally:
                close = getattr(results, "close", None)
                if close is not None:
                    close()
        finally:
            if progress is not None:
                progress.close()


def reduce(
    task: Callable[[Chunk], Any],
    deals: Iterable[int],
    start: T,
    add: Callable[[T, Any], T],
    **options: Any,
) -> T:
    """Run a sweep and fold its results, in deal order, into a total from ``start``.

    ``add(total, chunk_result) -> total`` runs here, so it need not be
    picklable; ``options`` are :func:`run`'s.  Raises as :func:`run` does.
    """
    total = start

    def consume(chunk: Chunk, result: Any) -> None:
        nonlocal total
        total = add(total, result)

    run(task, deals, consume, **options)
    return total
