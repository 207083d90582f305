"""The local backend of the sweep engine: worker processes of this machine.

``simulate --jobs J`` runs chunks on ``J`` processes through the standard
library's :class:`concurrent.futures.ProcessPoolExecutor`.  What it promises:

* results come back in chunk order, so a sweep's result never depends on
  the number of processes;
* at most :data:`WINDOW_PER_WORKER` chunks per process are submitted ahead
  of the one being waited for, so memory does not depend on the number of
  deals; for small chunks, enough chunks to hold
  :data:`WINDOW_DEALS_PER_WORKER` deals per process (``winnability`` has
  one deal a chunk: a deal that takes its whole budget in front does not
  leave the other processes idle);
* deals are counted as their chunks finish, out of order
  (:func:`concurrent.futures.wait`), before earlier chunks are yielded;
* a sweep of at most ``max_chunk`` deals (one chunk's worth: it takes less
  time here than starting a pool) or of a single chunk never starts a pool:
  it runs in this process;
* the workers leave signals to this process (:func:`cardshell.sweep.worker.start`)
  and end when it is killed outright;
* the workers are terminated when the sweep ends, however it ends
  (finished, Ctrl-C, an error in a task, the consumer stopping early, a
  signal while a worker starts: Ctrl-C, SIGTERM and SIGHUP are held back
  while a submission may start a process, :func:`_held`);
* a worker that dies (``kill -9``, the kernel's OOM killer, a plugin's
  ``os._exit``) ends the sweep with a :class:`~cardshell.errors.CommandError`
  saying so; the chunks finished before it were yielded;
* the workers are not plain forks of this process (:func:`_context`), so a
  lock another thread holds here cannot hang them, and they do not import
  from the current directory (:func:`_forkserver`);
* a plugin's exception in a worker comes back with where it was raised
  (:class:`cardshell.sweep.worker.Guarded`).
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
    """The start method of the worker processes: ``forkserver`` (``spawn``
    where there is none).  Never a plain ``fork`` of this process: a fork
    copies the locks that its other threads hold at that moment (the
    interactive shell's prompt_toolkit, a Dask client's event loop, a
    plugin's own), and a worker that needs one of them waits for ever.  A
    forkserver worker is forked from a fresh single-threaded process, so it
    rebuilds the game from its plugins once
    (:func:`cardshell.winnability.run.rules_for`), as a Dask worker does."""
    import multiprocessing  # here, not at start-up: most runs never need a pool

    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        # The server imports the workers' module once; each worker is a fork of it.
        context.set_forkserver_preload(["cardshell.sweep.worker"])
    return context


def _forkserver(context: Any) -> None:
    """Start the resource tracker, then (for ``forkserver``) the server,
    with Python's safe path (``PYTHONSAFEPATH``) in its environment and
    Ctrl-C, SIGTERM and SIGHUP held back (:func:`_held`: the server keeps
    them blocked, so a Ctrl-C reaching the whole process group does not
    interrupt its imports with a traceback).

    The server is started as ``python -c ...``, which puts the current
    directory first on its ``sys.path``, and imports its preloaded modules
    with that path: a folder named ``cardshell`` where the command was typed
    then became the ``cardshell`` package of every worker (a namespace
    package, with none of the host in it), and every game was "not
    installed here".  With the safe path the server and its workers import
    what this process imports, never from the current directory.  The
    tracker starts first, outside :func:`_held`: starting it unblocks
    SIGINT and SIGTERM in the calling thread (it ignores both itself).
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
    """Hold Ctrl-C, SIGTERM and SIGHUP back (``pthread_sigmask``, main
    thread only) inside the block; one that arrived meanwhile is delivered
    on leaving it.  Around every submission: a submission may start a
    worker, and a worker that has started but is not yet known to the
    executor could not be terminated.  The executor's own threads, started
    by the first submission, inherit the mask (signals are the main
    thread's to handle), and the workers unblock it (:func:`cardshell.sweep.worker.start`)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _terminate(executor: ProcessPoolExecutor) -> None:
    """End the executor's workers at once and wait for them and its threads.

    Running chunks are stopped with SIGTERM (SIGKILL after
    :data:`JOIN_SECONDS`), queued ones cancelled, and the executor's
    management thread joined (one left running could race the interpreter's
    exit).  The executor has no public way to stop a running task before
    Python 3.14 (``terminate_workers``), so this terminates the processes
    of its ``_processes`` (its workers by pid, in every version since 3.3),
    as that method does.
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
    """Until the first chunk of ``pending`` is done, tell ``finished`` the
    deals of every chunk in flight that is (each once: ``counted`` holds
    their futures' ids), as each finishes; then the first chunk's, if not
    told yet."""
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
    """Run chunks on ``jobs`` worker processes, results in order.

    Args:
        jobs (int): worker processes, >= 1 (the caller caps it at the usable
            cores: :func:`cardshell.sweep.backends.resolve_jobs`).

    Raises:
        ValueError: if ``jobs`` < 1.
    """

    def __init__(self, jobs: int) -> None:
        if jobs < 1:
            raise ValueError(f"jobs must be >= 1, got {jobs}")
        self.workers = jobs
        self.name: str = say("sweep.backend-processes" if jobs != 1 else "sweep.backend-process", jobs=jobs)

    #: :meth:`map` takes ``finished`` (:func:`cardshell.sweep.engine.run` looks for this).
    counts_finished = True

    def map(self, task: Callable[[Chunk], Any], deals: Iterable[int],
            max_chunk: int = MAX_CHUNK, finished: Callable[[int], None] | None = None
            ) -> Iterator[tuple[Chunk, Any]]:
        """Yield ``(chunk, task(chunk))`` for the deals' chunks, in order.

        Args:
            task (Callable[[Chunk], Any]): the game's chunk task (picklable).
            deals (Iterable[int]): the seeds.
            max_chunk (int): the most deals in a chunk, >= 1.
            finished (Callable[[int], None] | None): told the number of deals
                of every chunk as soon as it finished, in the order they
                finish, each chunk once, before it is yielded.

        Yields:
            tuple[Chunk, Any]: each chunk with its result.

        Raises:
            CommandError: a worker process died (the pool ended).
            Exception: whatever a task raised (re-raised here, pool ended;
                a plugin's exception carries its origin:
                :class:`~cardshell.sweep.worker.Guarded`).
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
