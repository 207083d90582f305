"""The cluster backend of the sweep engine: a Dask distributed cluster.

``simulate N --scheduler tcp://HOST:PORT`` (or the environment variable
``CARDSHELL_DASK_SCHEDULER``) sends the chunks to the workers of a running
Dask scheduler through :class:`dask.distributed.Client`.  Dask is an
optional dependency: ``pip install 'cardshell[dask]'``; without it the
sweep stops with a message saying so.  The workers must have the game's
plugin installed (they import the task's module).

Results come back in chunk order, so they are exactly those of one core or
``--jobs J``; at most :data:`WINDOW_PER_THREAD` chunks per worker thread are
in flight, so memory does not depend on the number of deals.  When the
sweep ends early (Ctrl-C, an error), the chunks still queued are cancelled
and the client closed; the cluster itself keeps running.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from cardshell.errors import CommandError
from cardshell.sweep.deals import MAX_CHUNK, Chunk, chunk_size, chunked, deal_count

__all__ = ["CONNECT_TIMEOUT", "INSTALL_HINT", "WINDOW_PER_THREAD", "DaskCluster"]

#: Seconds to reach the scheduler, and to wait for a first worker.
CONNECT_TIMEOUT = 10.0
#: Chunks in flight per worker thread of the cluster.
WINDOW_PER_THREAD = 2
INSTALL_HINT = "pip install 'cardshell[dask]'"


class DaskCluster:
    """Run chunks on the workers of a Dask scheduler, results in order.

    Args:
        address (str): the scheduler's address, e.g. ``tcp://10.0.0.5:8786``
            (any address ``dask.distributed.Client`` accepts).
        timeout (float | None): seconds to connect and to wait for a first
            worker; None for :data:`CONNECT_TIMEOUT` (read when connecting).
    """

    def __init__(self, address: str, timeout: float | None = None) -> None:
        self.address = address
        self.timeout = timeout
        self.name = f"the Dask cluster at {address}"

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
            CommandError: dask is not installed, the scheduler cannot be
                reached or has no worker, or a worker failed on a chunk
                (the message names the deals and the error).
        """
        try:
            from distributed import Client
        except ImportError:
            raise CommandError(f"--scheduler needs Dask's distributed scheduler: {INSTALL_HINT}") from None
        try:
            timeout = CONNECT_TIMEOUT if self.timeout is None else self.timeout
            client = Client(self.address, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise CommandError(f"could not reach the Dask scheduler at {self.address}: {exc}") from None
        pending: deque[tuple[Chunk, Any]] = deque()
        try:
            try:
                client.wait_for_workers(1, timeout=timeout)
            except (OSError, TimeoutError) as exc:
                raise CommandError(f"the Dask scheduler at {self.address} has no worker: {exc}") from None
            threads = max(1, sum(client.nthreads().values()))
            source = chunked(deals, chunk_size(deal_count(deals), threads, max_chunk))
            for chunk in source:
                pending.append((chunk, client.submit(task, chunk, pure=False)))
                if len(pending) >= WINDOW_PER_THREAD * threads:
                    break
            while pending:
                chunk, future = pending.popleft()
                try:
                    result = future.result()
                except Exception as exc:
                    raise CommandError(
                        f"a Dask worker failed on deals {_describe(chunk)}: {type(exc).__name__}: {exc}"
                    ) from None
                following = next(source, None)
                if following is not None:
                    pending.append((following, client.submit(task, following, pure=False)))
                yield chunk, result
        finally:
            if pending:
                client.cancel([future for _, future in pending])
            client.close()


def _describe(chunk: Chunk) -> str:
    if len(chunk) == 1:
        return str(chunk[0])
    return f"{chunk[0]}..{chunk[-1]} ({len(chunk)} deals)"
