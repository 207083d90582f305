"""The sweep engine's loop: a chunked parallel map with an ordered reduction.

:func:`run` plays the chunks of a sweep on a backend (:mod:`.serial`,
:mod:`.pool`, :mod:`.cluster`) and hands each chunk's result, **in deal
order**, to the caller's ``consume(chunk, result)``; :func:`reduce` folds
them into a total.  Whatever the backend, the consumer sees the same chunks
with the same results in the same order, so a sweep's result never depends
on where it ran.

How a sweep ends:

* finished: every deal consumed;
* Ctrl-C (KeyboardInterrupt) or an exception in a task or in ``consume``:
  the backend stops at once (pool terminated, Dask futures cancelled), the
  progress line is cleared, and the exception goes on to the caller.  What
  ``consume`` received before is complete and in order, so a consumer that
  stores each chunk (a winnability table) resumes by sweeping the deals it
  has not stored;
* SIGTERM or SIGHUP while the sweep runs (in the main thread): the backend
  is stopped the same way, the handlers the process had before the sweep
  are put back, and the signal is raised again, so the process does what it
  would have done without a sweep running (by default: end with the
  signal), minus the orphaned workers.  If the previous handler returns,
  the sweep ends with KeyboardInterrupt (the host reports it as
  interrupted).  Where the default action is in force and the front end
  asked for it (:func:`cardshell.signals.end_sweeps_cleanly`: the script
  front end does), the sweep ends with :class:`cardshell.signals.Terminated`
  and the process exits 129 or 143 after saying what was kept.  A second signal during the clean-up is held back, not
  acted on twice.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from cardshell import signals
from cardshell.sweep.deals import MAX_CHUNK, Chunk
from cardshell.sweep.serial import Serial

__all__ = ["Backend", "Progress", "reduce", "run", "stop_on_termination"]

T = TypeVar("T")


class Backend(Protocol):
    """Where chunks run: :class:`~cardshell.sweep.serial.Serial`,
    :class:`~cardshell.sweep.pool.Pool`,
    :class:`~cardshell.sweep.cluster.DaskCluster`.

    Attributes:
        name (str): how messages name it (``"2 processes"``).
    """

    name: str

    def map(self, task: Callable[[Chunk], Any], deals: Iterable[int],
            max_chunk: int = MAX_CHUNK) -> Iterator[tuple[Chunk, Any]]:
        """Yield ``(chunk, task(chunk))`` for consecutive chunks of ``deals``
        in order, making chunks lazily; release every resource when closed."""
        ...  # pragma: no cover - protocol


class Progress(Protocol):
    """What the engine reports progress to (:class:`cardshell.progress.ProgressLine`)."""

    def advance(self, deals: int) -> None:
        """``deals`` more deals are done."""
        ...  # pragma: no cover - protocol

    def close(self) -> None:
        """The sweep ended (finished or not): clear the display."""
        ...  # pragma: no cover - protocol


class _Terminated(BaseException):
    """SIGTERM/SIGHUP arrived during a sweep (BaseException: no ``except
    Exception`` in a game swallows it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextmanager
def stop_on_termination() -> Iterator[None]:
    """Turn SIGTERM and SIGHUP into an unwinding of the ``with`` body, then
    deliver them as before.

    In the main thread only (elsewhere, signals are not this thread's to
    handle) and only for signals that are not ignored.  The first signal
    raises inside the body, so its ``finally`` clauses stop the backend;
    further signals during that clean-up are held back.  On leaving, the
    previous handlers are restored and the signal is raised again with
    :func:`signal.raise_signal`.

    Where the signal's action is the default one (end the process) and
    the front end asked for it (:func:`cardshell.signals.end_sweeps_cleanly`),
    the signal is not raised again: it is recorded and
    :class:`cardshell.signals.Terminated` is raised instead, so the command
    reports what it kept and the front end exits with 128 + the signal's
    number after a normal shutdown.

    Raises:
        KeyboardInterrupt: if the restored handler returned normally.
        cardshell.signals.Terminated: (a KeyboardInterrupt) in the case above.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received: list[int] = []

    def stop(signum: int, frame: Any) -> None:
        received.append(signum)
        if len(received) == 1:
            raise _Terminated(signum)

    previous: dict[int, Any] = {}
    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is None:
            continue
        handler = signal.getsignal(signum)
        if handler in (signal.SIG_IGN, None):
            continue
        previous[signum] = handler
        signal.signal(signum, stop)
    try:
        yield
    except _Terminated:
        pass
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    if received:
        if previous.get(received[0]) is signal.SIG_DFL and signals.sweeps_end_cleanly():
            raise signals.terminated(received[0])
        signal.raise_signal(received[0])
        raise KeyboardInterrupt


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
        task (Callable[[Chunk], Any]): the game's chunk task: ``task(chunk)``
            plays (or solves) the deals of ``chunk`` (a ``range`` or tuple of
            seeds) and returns a small picklable result; module-level (see
            :mod:`cardshell.sweep.tasks`) so processes and Dask workers can
            run it.  It must depend on nothing but its argument.
        deals (Iterable[int]): the seeds, in reporting order; a ``range``
            costs nothing however long it is.
        consume (Callable[[Chunk, Any], None]): called in this thread with
            each chunk and its result, in deal order.
        backend (Backend | None): where chunks run; None for this process
            (:class:`cardshell.sweep.serial.Serial`).
        progress (Progress | None): told of the deals done after each chunk
            (by a backend with ``counts_finished``, the process pool: as each
            chunk finishes, before earlier ones are consumed) and closed at
            the end, however the sweep ends.
        max_chunk (int): the most deals in one chunk (1 for a solver that
            takes seconds a deal: progress and Ctrl-C stay prompt), >= 1.

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
    """Run a sweep and fold its chunk results, in deal order, into a total.

    Args:
        task (Callable[[Chunk], Any]): the chunk task (see :func:`run`).
        deals (Iterable[int]): the seeds.
        start (T): the empty total (e.g. ``[]`` for counts).
        add (Callable[[T, Any], T]): ``add(total, chunk_result) -> total``
            (e.g. :func:`cardshell.sweep.tasks.add_counts`); runs in this
            process, so it need not be picklable.
        **options: ``backend``, ``progress``, ``max_chunk`` of :func:`run`.

    Returns:
        T: the total after every chunk.

    Raises:
        As :func:`run`.
    """
    total = start

    def consume(chunk: Chunk, result: Any) -> None:
        nonlocal total
        total = add(total, result)

    run(task, deals, consume, **options)
    return total
