"""Standard output and standard error held away from plugin code, for porcelain schema 2.

Under ``cardshell --jsonl=2`` every byte on standard output is a JSON
record, whatever plugin code does.  :class:`Capture` keeps private copies
of file descriptors 1 and 2 for the host and points descriptors 1 and 2
at two anonymous files: a plugin's ``print()``, ``sys.stderr.write``,
``os.write(1, ...)`` / ``os.write(2, ...)``, and a child process it
starts, all land there.  The porcelain writer reads them before each
record it writes (:meth:`Capture.drain`) and turns them into records
naming the line and the plugin (:mod:`cardshell.porcelain`).

``sys.stdout`` and ``sys.stderr`` are replaced by streams that write
through at once, so a drain needs no flush (a plugin that kept
``sys.__stdout__`` has its buffered text drained when it is flushed).

Files, not a pipe drained by a thread: what a line's plugin code wrote is
read in full, in order, before that line's result record (a thread would
race the result and could give output to the next line); a plugin that
writes much never blocks on a full pipe; there is no thread to stop on a
signal.  A drain costs one ``lseek`` per stream when nothing was written.
Bound: at most :data:`LIMIT` bytes of a stream are kept per drain (the
file itself is truncated at each drain, so memory and disk stay bounded
by what plugin code writes between two records).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from typing import TextIO

#: The most bytes kept of one stream per :meth:`Capture.drain`; the rest is dropped and counted.
LIMIT = 1 << 20

#: The captured streams, by the name records give them.
STREAMS = ("out", "err")

#: The capture running in this process, or None (:func:`host_stderr`).
_ACTIVE: list[Capture] = []


def _anonymous_file() -> int:
    """A descriptor of a new file without a name (``memfd_create`` on Linux, else an unlinked temporary file).

    Raises:
        OSError: no file could be made.
    """
    if hasattr(os, "memfd_create"):
        with contextlib.suppress(OSError):
            return os.memfd_create("cardshell-capture", getattr(os, "MFD_CLOEXEC", 0))
    import tempfile  # only where memfd_create is missing: tempfile is slow to import

    handle = tempfile.TemporaryFile()  # noqa: SIM115 - its descriptor outlives the object
    try:
        return os.dup(handle.fileno())
    finally:
        handle.close()


class Capture:
    """Descriptors 1 and 2 held in two anonymous files while it runs.

    Attributes:
        stream (TextIO | None): the real standard output (strict UTF-8,
            ``\\n`` line ends), for the porcelain writer only; None when
            standard output was closed at the start.
        error_stream (TextIO | None): the real standard error (for reports
            that stdout failed, and the host's own diagnostics:
            :func:`host_stderr`); None when closed.
        dropped (int): bytes written past :data:`LIMIT` and not kept.
    """

    def __init__(self) -> None:
        self.stream: TextIO | None = None
        self.error_stream: TextIO | None = None
        self.dropped = 0
        self._files: dict[str, int] = {}
        self._saved: dict[int, int] = {}
        self._python: tuple[TextIO | None, TextIO | None] | None = None  # sys.stdout and sys.stderr replaced

    def start(self) -> Capture:
        """Point descriptors 1 and 2 at the capture files (``sys.stdout`` and ``sys.stderr`` follow them).

        Raises:
            OSError: the files cannot be made (then nothing was changed).
        """
        _flush()
        files = {name: _anonymous_file() for name in STREAMS}
        streams: dict[int, TextIO | None] = {}
        for fd, python in ((1, sys.stdout), (2, sys.stderr)):
            try:
                self._saved[fd] = os.dup(fd)
            except OSError:
                continue
            streams[fd] = None if python is None else open(  # noqa: SIM115 - closed by stop()
                os.dup(self._saved[fd]), "w", encoding="utf-8", errors="strict", newline="\n")
        for fd, name in ((1, "out"), (2, "err")):
            os.dup2(files[name], fd)
        self._files = files
        self.stream, self.error_stream = streams.get(1), streams.get(2)
        self._python = (sys.stdout, sys.stderr)
        # Python's own streams write straight through to descriptors 1 and 2, so that a drain
        # finds everything written without flushing them first (a flush a line costs more).
        sys.stdout, sys.stderr = (None if stream is None else _unbuffered(fd, stream)
                                  for fd, stream in ((1, sys.stdout), (2, sys.stderr)))
        _ACTIVE.append(self)
        return self

    def drain(self) -> list[tuple[str, str]]:
        """What was written on descriptors 1 and 2 since the last drain.

        Returns:
            list[tuple[str, str]]: ``(stream, text)`` pairs, ``out`` first,
            only for streams written to; the text decoded as UTF-8 (an
            undecodable byte becomes U+FFFD).  The files are emptied.
        """
        found: list[tuple[str, str]] = []
        for name, fd in self._files.items():
            try:
                size = os.lseek(fd, 0, os.SEEK_END)  # the size, and where the next write goes anyway
                if not size:
                    continue
                data = os.pread(fd, min(size, LIMIT), 0)
                os.ftruncate(fd, 0)
                os.lseek(fd, 0, os.SEEK_SET)  # the offset is shared with descriptor 1 or 2
            except OSError:
                continue
            self.dropped += size - len(data)
            found.append((name, data.decode("utf-8", errors="replace")))
        return found

    def stop(self) -> None:
        """Put descriptors 1 and 2, ``sys.stdout`` and ``sys.stderr`` back as they were and close
        the capture's files; what was not drained is lost."""
        _flush()
        if self._python is not None:
            sys.stdout, sys.stderr = self._python
            self._python = None
        for stream in (self.stream, self.error_stream):
            with contextlib.suppress(OSError, ValueError):
                if stream is not None:
                    stream.close()
        for fd, saved in self._saved.items():
            with contextlib.suppress(OSError):
                os.dup2(saved, fd)
                os.close(saved)
        for fd in self._files.values():
            with contextlib.suppress(OSError):
                os.close(fd)
        self._files, self._saved = {}, {}
        self.stream = self.error_stream = None
        if self in _ACTIVE:
            _ACTIVE.remove(self)


def _unbuffered(fd: int, like: TextIO) -> TextIO:
    """A text stream on descriptor ``fd`` (not closed with it) that writes each text at once,
    with ``like``'s encoding and error handler."""
    raw = io.FileIO(fd, "w", closefd=False)
    return io.TextIOWrapper(raw, encoding=getattr(like, "encoding", None) or "utf-8",
                            errors=getattr(like, "errors", None) or "strict", write_through=True)


def host_stderr() -> TextIO | None:
    """Where the host's own diagnostics go (tracebacks asked for with ``--traceback``, the plugin
    trace, a stop's reason): the real standard error while a :class:`Capture` runs, else ``sys.stderr``."""
    if _ACTIVE:
        return _ACTIVE[-1].error_stream
    return sys.stderr


def _flush() -> None:
    """Flush Python's own buffers of ``sys.stdout`` and ``sys.stderr`` into their descriptors."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            if stream is not None:
                stream.flush()
