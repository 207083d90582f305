"""The local backend of the sweep engine: ``--jobs J`` worker processes.

Chunks run on a :class:`concurrent.futures.ProcessPoolExecutor`; results
come back in chunk order, so the result does not depend on J.  At most
:data:`WINDOW_PER_WORKER` chunks (or :data:`WINDOW_DEALS_PER_WORKER` deals)
per process are in flight, so memory does not depend on the number of
deals; deals are counted as their chunks finish.  A sweep of one chunk
runs in this process.  Workers are terminated however the sweep ends, end
when this process is killed outright, and leave signals to it
(:func:`cardshell.sweep.worker.start`).  A worker that dies ends the sweep
with a :class:`~cardshell.errors.CommandError`; a plugin's exception comes
back with where it was raised (:class:`cardshell.sweep.worker.Guarded`).
"""

from __future__ import annotations

import os
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, wait
from contextlib import contextmanager
from itertools import chain, islice
from typing import TYPE_CHECKING, Any

from cardshell.errors import CommandError
from cardshell.messages import say
from cardshell.render import Text
from cardshell.sweep.deals import MAX_CHUNK, Chunk, chunk_size, chunked, deal_count
from cardshell.sweep.worker import HELD_SIGNALS, Guarded, start

if TYPE_CHECKING:  # pragma: no cover
    from concurrent.futures import ProcessPoolExecutor

__all__ = ["JOIN_SECONDS", "WINDOW_DEALS_PER_WORKER", "WINDOW_PER_WORKER", "Pool"]

#: Chunks in flight per worker process (submitted, not yet reported).
WINDOW_PER_WORKER = 2
#: Deals in flight per worker process at the least (chunks of fewer deals
#: than this over :data:`WINDOW_PER_WORKER` get more chunks in flight).
WINDOW_DEALS_PER_WORKER = 16
#: Seconds to wait for a terminated worker to end before it is killed.
JOIN_SECONDS = 5.0


def _context() -> Any:
    """The workers' start method: ``forkserver`` (``spawn`` where there is none), never ``fork``.

    A fork copies the locks other threads hold at that moment (prompt_toolkit,
    a Dask client's loop, a plugin's), and a worker needing one would wait for
    ever.
    """
    import multiprocessing  # here, not at start-up: most runs never need a pool

    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        # The server imports the workers' module once; each worker is a fork of it.
        context.set_forkserver_preload(["cardshell.sweep.worker"])
    return context


def _forkserver(context: Any) -> None:
    """Start the resource tracker, then the forkserver with ``PYTHONSAFEPATH`` and signals held.

    Without the safe path the server (``python -c ...``) imports from the
    current directory, where a folder named ``cardshell`` would shadow the host
    in every worker.  Signals are held (:func:`_held`) so a Ctrl-C to the
    process group does not interrupt the server's imports; the tracker starts
    first, outside, since starting it unblocks SIGINT and SIGTERM.
    """
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()
    if context.get_start_method() != "forkserver":
        return
    from multiprocessing import forkserver

    previous = os.environ.get("PYTHONSAFEPATH")
    os.environ["PYTHONSAFEPATH"] = "1"
    try:
        with _held():
            forkserver.ensure_running()
    finally:
        if previous is None:
            del os.environ["PYTHONSAFEPATH"]
        else:
            os.environ["PYTHONSAFEPATH"] = previous


@contextmanager
def _held() -> Iterator[None]:
    """Hold Ctrl-C, SIGTERM and SIGHUP back in the block (main thread); deliver one on leaving.

    Around every submission: a worker started but not yet known to the
    executor could not be terminated.  The executor's threads inherit the
    mask; the workers unblock it.
    """
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _terminate(executor: ProcessPoolExecutor) -> None:
    """End the executor's workers at once (SIGTERM, SIGKILL after :data:`JOIN_SECONDS`) and join its threads.

    Before Python 3.14 (``terminate_workers``) the executor cannot stop a
    running task, so this ends the processes of its ``_processes``, as that
    method does.
    """
    processes = list((getattr(executor, "_processes", None) or {}).values())
    with _held():
        for process in processes:
            if process.exitcode is None:
                process.terminate()
    executor.shutdown(wait=True, cancel_futures=True)
    for process in processes:
        process.join(JOIN_SECONDS)
        if process.exitcode is None:
            process.kill()
            process.join()


def _count_finished(pending: deque[tuple[Chunk, Future[Any]]], counted: set[int],
                    finished: Callable[[int], None]) -> None:
    """Tell ``finished`` the deals of each chunk in flight as it finishes (once each), until the first is done."""
    first = pending[0][1]
    while True:
        waiting = []
        for chunk, future in pending:
            if id(future) in counted:
                continue
            if future.done():
                counted.add(id(future))
                finished(len(chunk))
            else:
                waiting.append(future)
        if first.done():
            counted.discard(id(first))
            return
        wait(waiting, return_when=FIRST_COMPLETED)


class Pool:
    """Run chunks on ``jobs`` (>= 1, else ValueError) worker processes, results in order.

    The caller caps ``jobs`` at the usable cores
    (:func:`cardshell.sweep.backends.resolve_jobs`).
    """

    def __init__(self, jobs: int) -> None:
        if jobs < 1:
            raise ValueError(f"jobs must be >= 1, got {jobs}")
        self.workers = jobs
        self.name: Text = say("sweep.backend-processes" if jobs != 1 else "sweep.backend-process", jobs=jobs)

    #: :meth:`map` takes ``finished`` (:func:`cardshell.sweep.engine.run` looks for this).
    counts_finished = True

    def map(self, task: Callable[[Chunk], Any], deals: Iterable[int],
            max_chunk: int = MAX_CHUNK, finished: Callable[[int], None] | None = None
            ) -> Iterator[tuple[Chunk, Any]]:
        """Yield ``(chunk, task(chunk))`` for the deals' chunks of at most ``max_chunk``, in order.

        ``finished`` is told the deals of every chunk as soon as it finishes, in
        the order they finish, before it is yielded.

        Raises:
            CommandError: a worker process died.
            Exception: whatever a task raised (a plugin's carries its origin:
                :class:`~cardshell.sweep.worker.Guarded`); the pool is ended.
        """
        n = deal_count(deals)
        size = chunk_size(n, self.workers, max_chunk)
        chunks = chunked(deals, size)
        window = self.workers * max(WINDOW_PER_WORKER, -(-WINDOW_DEALS_PER_WORKER // size))
        head = list(islice(chunks, 2))
        source = chain(head, chunks)
        if len(head) < 2 or self.workers == 1 or (n is not None and n <= max_chunk):
            for chunk in source:
                result = task(chunk)
                if finished is not None:
                    finished(len(chunk))
                yield chunk, result
            return
        # Here, not at start-up: most runs never start a pool, and this imports multiprocessing.
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool

        context = _context()
        guarded = Guarded(task)
        _forkserver(context)
        with _held():
            executor = ProcessPoolExecutor(self.workers, mp_context=context, initializer=start,
                                           initargs=(os.getpid(),))
        try:
            pending: deque[tuple[Chunk, Future[Any]]] = deque()
            counted: set[int] = set()  # id() of the futures whose deals were told to ``finished``

            def submit(chunk: Chunk) -> None:
                with _held():
                    pending.append((chunk, executor.submit(guarded, chunk)))

            for chunk in islice(source, window):
                submit(chunk)
            while pending:
                if finished is not None:
                    _count_finished(pending, counted, finished)
                chunk, future = pending.popleft()
                result = future.result()
                following = next(source, None)
                if following is not None:
                    submit(following)
                yield chunk, result
        except BrokenProcessPool:  # from a result or a submission, once a worker died
            raise CommandError(say("sweep.worker-died")) from None
        finally:
            _terminate(executor)
