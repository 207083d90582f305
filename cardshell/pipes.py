"""Output streams that fail: closed (``>&-``), full (``>/dev/full``), or
whose reader went away (``cardshell ... | head -1``).

Writing to a pipe nobody reads raises :class:`BrokenPipeError`; after it the
interpreter's own final flush of ``sys.stdout`` fails again and prints
"Exception ignored ...".  Python's documented recipe (the ``signal`` module's
notes on SIGPIPE) is to point the stream's file descriptor at ``os.devnull``
once that happens (:func:`silence`).  A full disk fails the same way with
``OSError`` (ENOSPC), and a stream closed before the program started is
``None`` in :mod:`sys`.

:class:`GuardedStream` turns every such failure into one exception,
:class:`OutputFailed`, so the script front end can end the run cleanly
(cardshell/script.py: autosave, a report on the other stream, exit status
:data:`cardshell.script.EXIT_OUTPUT`).  :func:`run_main` is the recipe for
the built-in games' standalone programs.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import NoReturn, TextIO

from cardshell.messages import say


class OutputFailed(Exception):
    """An output stream could not be written.

    Args:
        name (str): the stream, as reports name it (``stdout``, ``stderr``).
        reason (str): why: ``closed``, ``Broken pipe``, ``No space left on device``.

    Attributes:
        message (str): ``cannot write to stdout (Broken pipe)``
            (``script.cannot-write``), which ``str()`` gives too.
    """

    def __init__(self, name: str, reason: str) -> None:
        self.message = say("script.cannot-write", stream=name, reason=reason)
        super().__init__(self.message)
        self.name = name
        self.reason = reason

    def __str__(self) -> str:
        return self.message


class GuardedStream:
    """A text stream whose failures raise :class:`OutputFailed`.

    Args:
        stream (TextIO | None): the stream; None for one that was closed
            before the program started (``sys.stdout`` is None after
            ``>&-``).
        name (str): how reports name it.

    Attributes:
        failed (OutputFailed | None): the first failure, after which every
            write and flush fails again at once (nothing more is attempted).
            A closed stream fails at its first write (flushing it, with
            nothing written, is not a failure).
    """

    def __init__(self, stream: TextIO | None, name: str) -> None:
        self.stream = stream
        self.name = name
        self.failed: OutputFailed | None = None

    def write(self, text: str) -> None:
        """Write text (buffered as the stream buffers).

        Raises:
            OutputFailed: the stream is closed, full, or its reader left.
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
        """Flush the stream.

        Raises:
            OutputFailed: as :meth:`write`.
        """
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
    """Point a failed stream's file descriptor at ``os.devnull``, so that
    what is still buffered, and the interpreter's final flush, go nowhere
    instead of failing again ("Exception ignored ...").

    Args:
        stream (TextIO | None): the stream; one without a file descriptor
            (``io.StringIO``) or None is left alone.
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
    """Point file descriptor 1 at ``os.devnull`` after a BrokenPipeError, so
    that nothing more is written and the final flush does not fail."""
    silence(sys.stdout)


def reserve_standard_descriptors() -> None:
    """Open ``os.devnull`` on any of file descriptors 0, 1 and 2 that is closed.

    A program started with ``>&-`` has no descriptor 1, and the next file
    it opens (a script, the statistics database, the ``--record`` file)
    would get that number, so that anything writing to "standard output" at
    the descriptor level (a C library, a child process) would write into
    that file.  ``sys.stdout`` stays None: the front end still knows the
    stream is closed.
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
    """Run a program's ``main`` and return its exit status, quietly when the
    reader of stdout goes away.

    Args:
        main (Callable[[], int]): the program; returns its exit status.
        broken_pipe_status (int): the status to return when stdout's reader
            left before the program finished.

    Returns:
        int: ``main()``'s status, or ``broken_pipe_status``.
    """
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        silence_closed_stdout()
        return broken_pipe_status
    return status
