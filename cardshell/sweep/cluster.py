"""The cluster backend of the sweep engine: a Dask distributed cluster.

``simulate N --scheduler tcp://HOST:PORT`` (or the environment variable
``CARDSHELL_DASK_SCHEDULER``) sends the chunks to the workers of a running
Dask scheduler through :class:`dask.distributed.Client`.  Dask is an
optional dependency: ``pip install 'cardshell[dask]'``; without it the
sweep stops with a message saying so.  The workers must have the game's
plugin installed (they import the task's module).

Only TCP is spoken: ``tcp://HOST:PORT`` or ``HOST:PORT``
(:func:`cardshell.sweep.grammar.check_address`).  Reaching the scheduler
is bounded by :data:`CONNECT_TIMEOUT` seconds as a whole: :func:`probe`
first checks, with the standard library, that a Dask scheduler answers
there, then the client connects in the time left.  Any failure is one line,
``could not reach the Dask scheduler at ADDR: REASON``, with no client left
behind.

Results come back in chunk order, so they are exactly those of one core or
``--jobs J``; at most :data:`WINDOW_PER_THREAD` chunks per worker thread are
in flight, so memory does not depend on the number of deals.  When the
sweep ends early (Ctrl-C, an error), the chunks still queued are cancelled
and the client closed; the cluster itself keeps running.
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
from cardshell.messages import HostText, say
from cardshell.parsers import quoted
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
        address (str): the scheduler's address, e.g. ``tcp://10.0.0.5:8786``
            or ``10.0.0.5:8786`` (TCP only).
        timeout (float | None): seconds to connect (the whole handshake)
            and then to wait for a first worker; None for
            :data:`CONNECT_TIMEOUT` (read when connecting).
    """

    def __init__(self, address: str, timeout: float | None = None) -> None:
        self.address = address
        self.timeout = timeout
        self.name: str = say("sweep.backend-cluster", address=address)

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
                reached or has no worker, or the cluster failed on a chunk
                (the message names the deals and the error).
            Exception: a plugin's exception in a worker, with where it was
                raised (:class:`~cardshell.sweep.worker.Guarded`), as a
                pool's or this process's would be.
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
            raise CommandError(say("sweep.unreachable", address=quoted(self.address), reason=exc.message)) from None
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
    """Check that a Dask scheduler listens at ``host:port``, within ``timeout`` seconds.

    Dask's TCP comm speaks first: on accepting a connection the scheduler
    sends its handshake, an 8-byte little-endian frame length and then that
    many bytes of msgpack naming its ``pickle-protocol``
    (``distributed/comm/core.py``, ``Listener.on_connection``).  This reads
    it with the standard library and sends nothing, so a server that is not
    a scheduler (an HTTP server waits for a request; a port that accepts
    and never answers) costs at most ``timeout`` seconds, instead of Dask
    reading its bytes as a frame length (a ``MemoryError``) or waiting for
    minutes (issue 28, item 3).  The host name is looked up within the same
    ``timeout`` (:func:`resolve`): a name server that never answers costs
    no more than a silent port.

    Args:
        host (str): the scheduler's host.
        port (int): its TCP port.
        timeout (float): seconds for the connection and the handshake together.

    Raises:
        OSError: the connection failed (refused, no route, name unknown).
        TimeoutError: no handshake within ``timeout`` seconds.
        ConnectionError: the peer answered, but not as a Dask scheduler.
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
    """Read a Dask scheduler's first frame from a connected ``sock``.

    Raises:
        TimeoutError: as ``receive`` does.
        ConnectionError: the frame is not a Dask handshake.
    """
    (length,) = struct.unpack("<Q", receive(sock, 8))
    if not 0 < length <= MAX_HANDSHAKE:
        raise ConnectionError(say("sweep.not-dask"))
    if b"pickle-protocol" not in receive(sock, length):
        raise ConnectionError(say("sweep.not-dask"))


def resolve(host: str, port: int, timeout: float) -> list[tuple[Any, ...]]:
    """The TCP addresses of ``host:port``, looked up within ``timeout`` seconds.

    :func:`socket.getaddrinfo` takes no timeout, and a name server that does
    not answer holds it for as long as the system's resolver is configured
    to wait (``resolv.conf``: 5 s a try, several tries and servers).  The
    lookup therefore runs in a daemon thread that is waited for at most
    ``timeout`` seconds.  A lookup still running then is left to end on
    its own (it holds one thread and no socket, for at most the resolver's
    own time limit), and the sweep is not started.

    Args:
        host (str): a host name or an IPv4/IPv6 address.
        port (int): the TCP port.
        timeout (float): seconds, > 0.

    Returns:
        list[tuple]: :func:`socket.getaddrinfo`'s rows for TCP.

    Raises:
        TimeoutError: the name was not resolved within ``timeout`` seconds.
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


def _reason(exc: BaseException, timeout: float) -> str:
    """The one-line reason of a failed connection: this module's own message
    (a :class:`~cardshell.messages.HostText`, kept with its id), else the
    exception's text on one line, at most 200 characters."""
    if isinstance(exc, TimeoutError) and not str(exc):
        return say("sweep.no-answer", seconds=f"{timeout:g}")
    said = exc.args[0] if len(exc.args) == 1 else None
    if isinstance(said, HostText) and len(said) <= 200 and said == " ".join(said.split()):
        return said
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 200 else text[:200] + "…"


def _describe(chunk: Chunk) -> str:
    if len(chunk) == 1:
        return str(chunk[0])
    return say("sweep.deal-range", first=chunk[0], last=chunk[-1], count=len(chunk))
