"""The session's accepted commands, kept as a replayable script.

Accepted lines are recorded with their seeds made explicit (``play GAME
--seed N``), so piping the recording back prints the same output, except
``stats`` and games resumed from saves.  ``--record FILE`` writes them as
they come (:class:`RecordFile`); a full disk stops the recording at its
last whole line with one warning, and ``history`` prints them.
"""

from __future__ import annotations

import errno
import os
from collections import deque
from pathlib import Path
from typing import Protocol

from cardshell.messages import say
from cardshell.ownfiles import open_stream, target_of
from cardshell.render import Text

#: How many lines ``history`` keeps in memory (the most recent ones); the
#: ``--record`` file keeps every line.  Bounds a long script's memory.
KEEP_LINES = 100_000

#: The first line of a recording file (a comment: scripts skip it), the message ``recording.header``.
HEADER = say("recording.header").text + "\n"


class Sink(Protocol):
    """Where a recording is written: a :class:`RecordFile` or any ``TextIO``."""

    def write(self, text: str, /) -> object:
        """Write ``text``; raise ``OSError`` when it cannot be written."""

    def flush(self) -> None:
        """Push what was written to the file."""


class RecordFile:
    """The ``--record FILE`` file, grown a whole line at a time.

    :meth:`create` renames a temporary file holding the header over FILE (so
    an existing FILE is never truncated; a device or FIFO is written as a
    stream); :meth:`write` appends with unbuffered ``os.write`` and cuts a
    failed write back.  One rename per line would copy the whole file at each
    command, and one at the end would lose it to ``kill -9``.  ``size`` is the
    length in bytes known written.
    """

    def __init__(self, descriptor: int, path: Path, size: int = 0) -> None:
        self.descriptor = descriptor
        self.path = path
        self.size = size

    @classmethod
    def create(cls, path: str | os.PathLike[str]) -> RecordFile:
        """Make FILE holding just the :data:`HEADER`, open for appending.

        Raises:
            OSError: its directory cannot hold a new file or the header cannot be
                written (FILE is then as it was, no temporary file left).
        """
        target, renamed = target_of(path)
        if not renamed:  # a device or FIFO (/dev/stdout, a named pipe): written as a stream
            stream = cls(open_stream(target, os.O_WRONLY | os.O_APPEND), target)
            try:
                stream.write(HEADER)
            except BaseException:
                stream.close()
                raise
            return stream
        import tempfile  # here: with shutil, three compression libraries a start never uses

        descriptor, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        record = cls(descriptor, target)
        try:
            mask = os.umask(0)
            os.umask(mask)
            os.fchmod(descriptor, 0o666 & ~mask)  # as open() would make it, not mkstemp's 0600
            record.write(HEADER)
            os.replace(temporary, target)
        except BaseException:
            record.close()
            try:
                os.unlink(temporary)
            except OSError:
                pass
            raise
        return record

    def write(self, text: str) -> int:
        """Append ``text`` whole, or not at all; the characters written.

        Raises:
            OSError: it could not be written whole; the file is cut back (best
                effort: a disk refusing even that keeps a partial line, which a
                replay rejects as one bad line).
        """
        data = memoryview(text.encode("utf-8"))
        done = 0
        try:
            while done < len(data):
                written = os.write(self.descriptor, data[done:])
                if written <= 0:  # pragma: no cover - a regular file never does this
                    raise OSError(errno.EIO, "the file accepted nothing")
                done += written
        except BaseException:
            if done:
                try:
                    os.ftruncate(self.descriptor, self.size)
                    os.lseek(self.descriptor, self.size, os.SEEK_SET)
                except OSError:
                    pass
            raise
        self.size += done
        return len(text)

    def flush(self) -> None:
        """Nothing to do: :meth:`write` does not buffer."""

    def close(self) -> None:
        """Close the file (idempotent)."""
        if self.descriptor >= 0:
            descriptor, self.descriptor = self.descriptor, -1
            os.close(descriptor)


class Recorder:
    """Collects accepted lines, optionally writing them to ``stream`` (a
    :class:`RecordFile` holding the header, or a text stream given it now).

    Attributes:
        lines: the last ``keep`` recorded lines, in order.
        dropped: how many earlier lines are no longer kept.
        stream: where lines go; None once writing failed.
        failure: why the recording stopped, or None.

    Raises:
        OSError: the header cannot be written to a text stream.
    """

    def __init__(self, stream: Sink | None = None, keep: int = KEEP_LINES) -> None:
        self.lines: deque[str] = deque(maxlen=keep)
        self.dropped = 0
        self.stream = stream
        self.failure: Text | None = None
        self._written = 0
        if stream is not None and not isinstance(stream, RecordFile):
            stream.write(HEADER)
            stream.flush()

    def add(self, line: str) -> Text | None:
        """Record one accepted, stripped line; once, when the file cannot be written,
        the warning to show (the recording stops, ``history`` keeps every line).
        """
        if len(self.lines) == self.lines.maxlen:
            self.dropped += 1
        self.lines.append(line)
        if self.stream is None:
            return None
        try:
            self.stream.write(line + "\n")
            self.stream.flush()
        except (OSError, ValueError) as exc:  # ValueError: a closed stream
            stream, self.stream = self.stream, None
            reason = getattr(exc, "strerror", None) or str(exc)
            name = str(stream.path if isinstance(stream, RecordFile) else getattr(stream, "name", ""))[:200]
            self.failure = say("recording.stopped-one" if self._written == 1 else "recording.stopped",
                               name=f" {name}" if name else "", count=f"{self._written:,}", reason=reason)
            return self.failure
        self._written += 1
        return None

    def text(self) -> str:
        """The recording so far as a script, header included (and a comment counting dropped lines, if any)."""
        note = say("recording.dropped", count=self.dropped).text + "\n" if self.dropped else ""
        return HEADER + note + "".join(line + "\n" for line in self.lines)
