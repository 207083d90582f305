"""Output streams that fail: closed (``>&-``), full (``>/dev/full``), or whose
reader went away (``cardshell ... | head -1``).

:class:`GuardedStream` turns each such failure into :class:`OutputFailed`,
so the script front end can end the run cleanly; :func:`silence` points a
failed stream's descriptor at ``os.devnull``, the recipe of the ``signal``
module's notes on SIGPIPE, so the interpreter's final flush does not fail
again.  :func:`run_main` applies it to the built-in games' standalone programs.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import NoReturn, TextIO

from cardshell.messages import say


class OutputFailed(Exception):
    """An output stream (``name``: ``stdout``) could not be written, for ``reason``
    (``closed``, ``Broken pipe``); its ``message``, ``str()`` too, is
    ``script.cannot-write``: ``cannot write to stdout (Broken pipe)``.
    """

    def __init__(self, name: str, reason: str) -> None:
        self.message = say("script.cannot-write", stream=name, reason=reason)
        super().__init__(self.message)
        self.name = name
        self.reason = reason

    def __str__(self) -> str:
        return self.message.text


class GuardedStream:
    """A text stream whose failures raise :class:`OutputFailed`.

    Args:
        stream: the stream; None for one closed before the program started.
        name: how reports name it.

    Attributes:
        failed: the first failure, after which every write and flush fails at
            once.  A closed stream fails at its first write, not at a flush.
    """

    def __init__(self, stream: TextIO | None, name: str) -> None:
        self.stream = stream
        self.name = name
        self.failed: OutputFailed | None = None

    def write(self, text: str) -> None:
        """Write text, buffered as the stream buffers; :class:`OutputFailed` when the
        stream is closed, full, or its reader left.
        """
        if self.stream is not None and self.failed is None:  # the usual case, without a closure
            try:
                self.stream.write(text)
                return
            except (OSError, ValueError) as exc:
                self._fail(exc)
        if self.stream is None and self.failed is None:
            self.failed = OutputFailed(self.name, "closed")
        self._attempt(lambda stream: stream.write(text))

    def flush(self) -> None:
        """Flush the stream; :class:`OutputFailed` as :meth:`write`."""
        if self.stream is not None and self.failed is None:
            try:
                self.stream.flush()
                return
            except (OSError, ValueError) as exc:
                self._fail(exc)
        if self.stream is not None or self.failed is not None:
            self._attempt(lambda stream: stream.flush())

    def _fail(self, exc: OSError | ValueError) -> NoReturn:
        """Record the stream's failure, silence it and raise :class:`OutputFailed`."""
        self.failed = OutputFailed(self.name, getattr(exc, "strerror", None) or str(exc))
        silence(self.stream)
        raise self.failed from None

    def _attempt(self, action: Callable[[TextIO], object]) -> None:
        if self.failed is not None:
            raise self.failed
        try:
            action(self.stream)  # type: ignore[arg-type]  # not None once failed is None
        except (OSError, ValueError) as exc:  # ValueError: I/O operation on closed file
            self._fail(exc)


def silence(stream: TextIO | None) -> None:
    """Point a failed stream's file descriptor at ``os.devnull``, so what is still
    buffered goes nowhere; a stream without a descriptor, or None, is left alone.
    """
    try:
        fileno = stream.fileno() if stream is not None else None
    except (OSError, ValueError, AttributeError):  # io.UnsupportedOperation is an OSError
        return
    if fileno is None:
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fileno)
    finally:
        os.close(devnull)


def silence_closed_stdout() -> None:
    """Point file descriptor 1 at ``os.devnull`` after a BrokenPipeError."""
    silence(sys.stdout)


def reserve_standard_descriptors() -> None:
    """Open ``os.devnull`` on any of file descriptors 0, 1 and 2 that is closed.

    Otherwise the next file opened (a script, the statistics database) would
    get that number, and a C library or child writing to "standard output"
    would write into it; ``sys.stdout`` stays None.
    """
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            opened = os.open(os.devnull, os.O_RDWR)
            if opened != fd:  # pragma: no cover - lower descriptors are open, so it gets fd
                os.dup2(opened, fd)
                os.close(opened)


def run_main(main: Callable[[], int], broken_pipe_status: int = 1) -> int:
    """``main()``'s exit status, or ``broken_pipe_status`` when stdout's reader left first, quietly."""
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        silence_closed_stdout()
        return broken_pipe_status
    return status
