"""The local backend of the sweep engine: a pool of worker processes.

``simulate --jobs J`` runs chunks on ``J`` processes of this machine
(:class:`multiprocessing.Pool`).  What it promises:

* results come back in chunk order, so a sweep's result never depends on
  the number of processes;
* at most :data:`WINDOW_PER_WORKER` chunks per process are submitted ahead
  of the one being waited for, so memory does not depend on the number of
  deals (issue 11, item 10); for small chunks, enough chunks to hold
  :data:`WINDOW_DEALS_PER_WORKER` deals per process (``winnability`` has
  one deal a chunk: a deal that takes its whole budget in front does not
  leave the other processes idle);
* a sweep of at most ``max_chunk`` deals (one chunk's worth: it takes less
  time here than starting a pool) or of a single chunk never starts a pool:
  it runs in this process;
* the workers leave signals to the parent: they ignore SIGINT (Ctrl-C at a
  terminal reaches the whole process group; the parent terminates the pool),
  take SIGTERM and SIGHUP by default (so :meth:`multiprocessing.Pool.terminate`
  ends them at once, and no handler of the shell's is ever run in a worker),
  and die silently of SIGPIPE if the parent is gone when they send a result
  (issue 11, item 18: they printed ``BrokenPipeError`` tracebacks); they end
  at once when the parent is killed outright (SIGKILL: :func:`_watch`);
* the pool is terminated when the sweep ends, however it ends (finished,
  Ctrl-C, an error in a task, the consumer stopping early), also when a
  signal arrives while it is starting (:func:`_start` holds signals back
  until the pool exists);
* the workers are not plain forks of this process (:func:`_context`), so a
  lock another thread holds here cannot hang them.
"""

from __future__ import annotations

import os
import select
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice
from typing import Any

from cardshell.sweep.deals import MAX_CHUNK, Chunk, chunk_size, chunked, deal_count

__all__ = ["WINDOW_DEALS_PER_WORKER", "WINDOW_PER_WORKER", "Pool"]

#: Chunks in flight per worker process (submitted, not yet reported).
WINDOW_PER_WORKER = 2
#: Deals in flight per worker process at the least (chunks of fewer deals
#: than this over :data:`WINDOW_PER_WORKER` get more chunks in flight).
WINDOW_DEALS_PER_WORKER = 16
#: Seconds between two looks at the chunks in flight while the one in front is
#: awaited, to count those that finished (progress out of order).
FINISHED_POLL_SECONDS = 0.1


#: The signals held back while the pool starts (:func:`_start`).
_HELD = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def _worker_signals(parent: int | None = None) -> None:  # pragma: no cover - runs in worker processes
    if parent is not None:
        _watch(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP", "SIGPIPE"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):  # inherited blocked from _start (through the forkserver, or spawn)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)


def _watch(parent: int) -> None:  # pragma: no cover - runs in worker processes
    """End this worker at once when the process that started the sweep is gone.

    A sweeping process killed with SIGKILL cannot terminate its pool, and
    its workers are children of the forkserver, not of it: they waited for
    ever (a worker blocked on a queue lock its dead sibling held), and kept
    the forkserver and the resource tracker alive.  A daemon thread waits
    on a pidfd of ``parent`` (``os.pidfd_open``; polling with ``os.kill(pid,
    0)`` once a second where there is none) and ends the worker with
    ``os._exit``.

    Args:
        parent (int): the pid of the process that runs the sweep.
    """
    def wait() -> None:
        try:
            handle = os.pidfd_open(parent)
        except (AttributeError, OSError):
            handle = None
        if handle is not None:
            select.select([handle], [], [])  # readable once the process has ended
        else:
            while True:
                try:
                    os.kill(parent, 0)
                except ProcessLookupError:
                    break
                except PermissionError:
                    pass
                time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=wait, name="cardshell-sweep-parent", daemon=True).start()


def _context() -> Any:
    """The start method of the worker processes: ``forkserver`` (``spawn``
    where there is none).  Never a plain ``fork`` of this process: a fork
    copies the locks that its other threads hold at that moment (the
    interactive shell's prompt_toolkit, a Dask client's event loop, a
    plugin's own), and a worker that needs one of them waits for ever; the
    sweep then hung in ``Pool.join``.  A forkserver worker is forked from a
    fresh single-threaded process, so it rebuilds the game from its plugins
    once (:func:`cardshell.winnability.run.rules_for`), as a Dask worker
    does; the server is given this process's ``sys.path``."""
    import multiprocessing  # here, not at start-up: most runs never need a pool

    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        # A preloaded module makes the server start with this sys.path (and so find the plugins).
        context.set_forkserver_preload([__name__])
    return context


def _start(workers: int) -> tuple[Any, Any]:
    """Start a pool of ``workers`` processes with Ctrl-C, SIGTERM and SIGHUP
    held back (``pthread_sigmask``, main thread only) until it exists.

    A signal that arrived while :class:`multiprocessing.pool.Pool` was
    starting its workers (a forkserver takes a second or two) used to
    leave them running, unknown to anyone: the pool was never assigned, so
    never terminated, and a worker still starting then failed to rebuild
    the pool's semaphores once this process had released them (a
    ``FileNotFoundError`` traceback on stderr; issue 28, item 5).  The
    forkserver, the resource tracker and the pool's threads start with
    the signals blocked (a Ctrl-C reaching the whole process group no
    longer interrupts the forkserver's imports with a traceback); the
    workers unblock them (:func:`_worker_signals`), and this thread does
    in :func:`_unblock`; the forkserver keeps them blocked (it ends when
    this process does: its pipe closes).

    Returns:
        tuple[Any, Any]: the pool and the signal mask to restore with
        :func:`_unblock` (None where nothing was blocked).
    """
    from multiprocessing import resource_tracker

    context = _context()
    # The tracker first: starting it unblocks SIGINT and SIGTERM in this thread (it blocks them around its
    # own start), which would undo the mask below.  It ignores both itself.
    resource_tracker.ensure_running()
    mask = None
    if threading.current_thread() is threading.main_thread() and hasattr(signal, "pthread_sigmask"):
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        if context.get_start_method() == "forkserver":
            from multiprocessing import forkserver

            forkserver.ensure_running()
        return context.Pool(workers, initializer=_worker_signals, initargs=(os.getpid(),)), mask
    except BaseException:
        _unblock(mask)
        raise


def _count_finished(pending: deque[tuple[Chunk, Any]], counted: set[int],
                    finished: Callable[[int], None]) -> None:
    """Until the first chunk of ``pending`` is ready, tell ``finished`` the
    deals of every chunk in flight that is (each once: ``counted`` holds
    their futures' ids); then the first chunk's, if not told yet."""
    first = pending[0][1]
    while True:
        ready = first.ready()
        for chunk, future in pending:
            if id(future) not in counted and future.ready():
                counted.add(id(future))
                finished(len(chunk))
        if ready:
            counted.discard(id(first))
            return
        first.wait(FINISHED_POLL_SECONDS)


def _unblock(mask: Any) -> None:
    """Restore the signal mask :func:`_start` changed (a held-back signal is delivered now)."""
    if mask is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


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
        self.name = f"{jobs} process{'es' if jobs != 1 else ''}"

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
                finish (a chunk behind a slow one is counted while the slow
                one runs: looked at every :data:`FINISHED_POLL_SECONDS`), each
                chunk once, before it is yielded.

        Yields:
            tuple[Chunk, Any]: each chunk with its result.

        Raises:
            Exception: whatever a task raised (re-raised here, pool ended).
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
        pool, mask = _start(self.workers)
        try:
            _unblock(mask)  # a signal held back while the pool started is delivered here: the pool is ended
            pending: deque[tuple[Chunk, Any]] = deque()
            counted: set[int] = set()  # id() of the futures whose deals were told to ``finished``
            for chunk in islice(source, window):
                pending.append((chunk, pool.apply_async(task, (chunk,))))
            while pending:
                if finished is not None:
                    _count_finished(pending, counted, finished)
                chunk, future = pending.popleft()
                result = future.get()
                following = next(source, None)
                if following is not None:
                    pending.append((following, pool.apply_async(task, (following,))))
                yield chunk, result
        finally:
            pool.terminate()
            pool.join()
