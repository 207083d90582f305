"""The local backend of the sweep engine: a pool of worker processes.

``simulate --jobs J`` runs chunks on ``J`` processes of this machine
(:class:`multiprocessing.Pool`).  What it promises:

* results come back in chunk order, so a sweep's result never depends on
  the number of processes;
* at most :data:`WINDOW_PER_WORKER` chunks per process are submitted ahead
  of the one being waited for, so memory does not depend on the number of
  deals (issue 11, item 10);
* a sweep of at most ``max_chunk`` deals (one chunk's worth: it takes less
  time here than starting a pool) or of a single chunk never starts a pool:
  it runs in this process;
* the workers leave signals to the parent: they ignore SIGINT (Ctrl-C at a
  terminal reaches the whole process group; the parent terminates the pool),
  take SIGTERM and SIGHUP by default (so :meth:`multiprocessing.Pool.terminate`
  ends them at once, and no handler of the shell's is ever run in a worker),
  and die silently of SIGPIPE if the parent is gone when they send a result
  (issue 11, item 18: they printed ``BrokenPipeError`` tracebacks);
* the pool is terminated when the sweep ends, however it ends (finished,
  Ctrl-C, an error in a task, the consumer stopping early);
* the workers are not plain forks of this process (:func:`_context`), so a
  lock another thread holds here cannot hang them.
"""

from __future__ import annotations

import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice
from typing import Any

from cardshell.sweep.deals import MAX_CHUNK, Chunk, chunk_size, chunked, deal_count

__all__ = ["WINDOW_PER_WORKER", "Pool"]

#: Chunks in flight per worker process (submitted, not yet reported).
WINDOW_PER_WORKER = 2


def _worker_signals() -> None:  # pragma: no cover - runs in worker processes
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP", "SIGPIPE"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)


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

    def map(self, task: Callable[[Chunk], Any], deals: Iterable[int],
            max_chunk: int = MAX_CHUNK) -> Iterator[tuple[Chunk, Any]]:
        """Yield ``(chunk, task(chunk))`` for the deals' chunks, in order.

        Args:
            task (Callable[[Chunk], Any]): the game's chunk task (picklable).
            deals (Iterable[int]): the seeds.
            max_chunk (int): the most deals in a chunk, >= 1.

        Yields:
            tuple[Chunk, Any]: each chunk with its result.

        Raises:
            Exception: whatever a task raised (re-raised here, pool ended).
        """
        n = deal_count(deals)
        chunks = chunked(deals, chunk_size(n, self.workers, max_chunk))
        head = list(islice(chunks, 2))
        source = chain(head, chunks)
        if len(head) < 2 or self.workers == 1 or (n is not None and n <= max_chunk):
            for chunk in source:
                yield chunk, task(chunk)
            return
        pool = _context().Pool(self.workers, initializer=_worker_signals)
        try:
            pending: deque[tuple[Chunk, Any]] = deque()
            for chunk in islice(source, WINDOW_PER_WORKER * self.workers):
                pending.append((chunk, pool.apply_async(task, (chunk,))))
            while pending:
                chunk, future = pending.popleft()
                result = future.get()
                following = next(source, None)
                if following is not None:
                    pending.append((following, pool.apply_async(task, (following,))))
                yield chunk, result
        finally:
            pool.terminate()
            pool.join()
