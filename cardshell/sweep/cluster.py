"""The cluster backend of the sweep engine: a Dask distributed cluster.

``--scheduler tcp://HOST:PORT`` (or ``CARDSHELL_DASK_SCHEDULER``) sends the
chunks to a running Dask scheduler's workers, which must have the game's
plugin installed.  Dask is optional (``pip install 'cardshell[dask]'``).
Only TCP is spoken.  Reaching the scheduler takes at most
:data:`CONNECT_TIMEOUT` seconds in all (:func:`probe`, then the client);
any failure is one line, with no client left behind.  Results come back
in chunk order, at most :data:`WINDOW_PER_THREAD` chunks per worker thread
in flight; on an early end queued chunks are cancelled and the client
closed, the cluster keeps running.
"""

from __future__ import annotations

import socket
import struct
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from cardshell import blame
from cardshell.errors import CommandError, UsageError
from cardshell.messages import HostMessage, say
from cardshell.parsers import quoted
from cardshell.render import Text
from cardshell.sweep.deals import MAX_CHUNK, Chunk, chunk_size, chunked, deal_count
from cardshell.sweep.grammar import split_address
from cardshell.sweep.worker import Guarded

__all__ = ["CLOSE_TIMEOUT", "CONNECT_TIMEOUT", "INSTALL_HINT", "MAX_HANDSHAKE", "WINDOW_PER_THREAD", "DaskCluster",
           "probe", "resolve"]

#: Seconds to reach the scheduler (the connection and both handshakes
#: together), and then again to wait for a first worker.
CONNECT_TIMEOUT = 10.0
#: Seconds to close the client at the end of a sweep.
CLOSE_TIMEOUT = 5.0
#: The longest handshake accepted from a scheduler, in bytes (Dask's is
#: about a hundred).
MAX_HANDSHAKE = 65536
#: Chunks in flight per worker thread of the cluster.
WINDOW_PER_THREAD = 2
INSTALL_HINT = "pip install 'cardshell[dask]'"


class DaskCluster:
    """Run chunks on the workers of a Dask scheduler, results in order.

    Args:
        address: ``tcp://10.0.0.5:8786`` or ``10.0.0.5:8786`` (TCP only).
        timeout: seconds to connect and then to wait for a first worker
            (None: :data:`CONNECT_TIMEOUT`).
    """

    def __init__(self, address: str, timeout: float | None = None) -> None:
        self.address = address
        self.timeout = timeout
        self.name: Text = say("sweep.backend-cluster", address=address)

    def map(self, task: Callable[[Chunk], Any], deals: Iterable[int],
            max_chunk: int = MAX_CHUNK) -> Iterator[tuple[Chunk, Any]]:
        """Yield ``(chunk, task(chunk))`` for the deals' chunks of at most ``max_chunk``, in order.

        Raises:
            CommandError: dask is not installed, the scheduler cannot be reached
                or has no worker, or the cluster failed on a chunk (naming the
                deals and the error).
            Exception: a plugin's exception in a worker, with where it was raised
                (:class:`~cardshell.sweep.worker.Guarded`).
        """
        try:
            from distributed import Client
        except ImportError:
            raise CommandError(say("sweep.needs-dask", install=INSTALL_HINT)) from None
        timeout = CONNECT_TIMEOUT if self.timeout is None else self.timeout
        deadline = time.monotonic() + timeout
        try:
            host, port = split_address(self.address, say("sweep.the-address"))
        except UsageError as exc:
            raise CommandError(say("sweep.unreachable", address=quoted(self.address), reason=exc.said)) from None
        try:
            probe(host, port, timeout)
            client = Client(self.address, timeout=max(0.1, deadline - time.monotonic()), set_as_default=False)
        except Exception as exc:  # OSError, TimeoutError, distributed's own: one line, the address and why
            raise CommandError(say("sweep.unreachable", address=self.address, reason=_reason(exc, timeout))) from None
        pending: deque[tuple[Chunk, Any]] = deque()
        try:
            try:
                client.wait_for_workers(1, timeout=timeout)
            except (OSError, TimeoutError) as exc:
                raise CommandError(say("sweep.no-worker", address=self.address, reason=str(exc))) from None
            threads = max(1, sum(client.nthreads().values()))
            source = chunked(deals, chunk_size(deal_count(deals), threads, max_chunk))
            guarded = Guarded(task)
            for chunk in source:
                pending.append((chunk, client.submit(guarded, chunk, pure=False)))
                if len(pending) >= WINDOW_PER_THREAD * threads:
                    break
            while pending:
                chunk, future = pending.popleft()
                try:
                    result = future.result()
                except Exception as exc:
                    if isinstance(exc, CommandError) or blame.origin(exc) is not None:
                        raise  # a plugin's fault, or the host's message from the worker
                    raise CommandError(say("sweep.worker-failed", deals=_describe(chunk), error_type=type(exc).__name__,
                                           error=str(exc))) from None
                following = next(source, None)
                if following is not None:
                    pending.append((following, client.submit(guarded, following, pure=False)))
                yield chunk, result
        finally:
            try:
                if pending:
                    client.cancel([future for _, future in pending])
            finally:
                client.close(timeout=CLOSE_TIMEOUT)


def probe(host: str, port: int, timeout: float) -> None:
    """Check that a Dask scheduler listens at ``host:port``, within ``timeout`` seconds in all.

    The scheduler speaks first (an 8-byte frame length, then msgpack); reading
    that with the standard library, sending nothing, bounds a port that is not
    a scheduler, where Dask would wait for minutes.  The name is looked up
    within the same time (:func:`resolve`).

    Raises:
        OSError: the connection failed (refused, no route, name unknown).
        TimeoutError: no handshake in time.
        ConnectionError: the peer is not a Dask scheduler.
    """
    deadline = time.monotonic() + timeout

    def receive(sock: socket.socket, size: int) -> bytes:
        data = b""
        while len(data) < size:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(say("sweep.no-handshake", seconds=f"{timeout:g}"))
            sock.settimeout(left)
            try:
                part = sock.recv(size - len(data))
            except TimeoutError:
                raise TimeoutError(say("sweep.no-handshake", seconds=f"{timeout:g}")) from None
            if not part:
                raise ConnectionError(say("sweep.handshake-closed"))
            data += part
        return data

    errors: list[OSError] = []
    for family, kind, protocol, _, address in resolve(host, port, timeout):
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(say("sweep.no-handshake", seconds=f"{timeout:g}"))
        sock = socket.socket(family, kind, protocol)
        try:
            sock.settimeout(left)
            sock.connect(address)
        except OSError as exc:  # refused, no route: try the name's next address, as create_connection does
            sock.close()
            errors.append(exc)
            continue
        with sock:
            _handshake(receive, sock)
        return
    raise errors[0] if errors else OSError(say("sweep.no-host-address", host=repr(host)))


def _handshake(receive: Callable[[socket.socket, int], bytes], sock: socket.socket) -> None:
    """Read a Dask scheduler's first frame; ConnectionError if it is not a handshake."""
    (length,) = struct.unpack("<Q", receive(sock, 8))
    if not 0 < length <= MAX_HANDSHAKE:
        raise ConnectionError(say("sweep.not-dask"))
    if b"pickle-protocol" not in receive(sock, length):
        raise ConnectionError(say("sweep.not-dask"))


def resolve(host: str, port: int, timeout: float) -> list[tuple[Any, ...]]:
    """The TCP addresses of ``host:port`` (:func:`socket.getaddrinfo`'s rows), within ``timeout`` seconds.

    ``getaddrinfo`` takes no timeout, so it runs in a daemon thread waited
    for at most ``timeout``; one still running then is left to end on its own.

    Raises:
        TimeoutError: the name was not resolved in time.
        OSError: the name is unknown (:class:`socket.gaierror`).
    """
    found: list[list[tuple[Any, ...]]] = []
    failed: list[OSError] = []

    def lookup() -> None:
        try:
            found.append(socket.getaddrinfo(host, port, type=socket.SOCK_STREAM))
        except OSError as exc:
            failed.append(exc)

    thread = threading.Thread(target=lookup, name=f"cardshell lookup of {host}", daemon=True)
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        raise TimeoutError(say("sweep.not-resolved", host=repr(host), seconds=f"{timeout:g}"))
    if failed:
        raise failed[0]
    return found[0]


def _reason(exc: BaseException, timeout: float) -> Text:
    """The one-line reason of a failed connection: this module's own message, else the exception's text.

    The text is put on one line, at most 200 characters.
    """
    if isinstance(exc, TimeoutError) and not str(exc):
        return say("sweep.no-answer", seconds=f"{timeout:g}")
    said = exc.args[0] if len(exc.args) == 1 else None
    if isinstance(said, HostMessage) and len(said.text) <= 200 and said.text == " ".join(said.text.split()):
        return said
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 200 else text[:200] + "…"


def _describe(chunk: Chunk) -> Text:
    if len(chunk) == 1:
        return str(chunk[0])
    return say("sweep.deal-range", first=chunk[0], last=chunk[-1], count=len(chunk))
