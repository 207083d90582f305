"""The session's accepted commands, kept as a replayable script.

Every accepted line is recorded, with what a replay needs to be exact made
explicit: a game started without ``--seed`` is recorded as
``play GAME --seed N ...`` and ``new`` as ``new --seed N``, so the recording
reproduces the session whatever the replaying shell's own ``--seed``.
Rejected lines are left out (they print nothing on standard output).

``cardshell --record FILE`` writes the lines to FILE as they are accepted
(:class:`RecordFile`: each line is one ``write`` of the whole line to the
file, so an interrupted or killed session keeps every line it recorded and
never half of one);
``history`` prints them.  Piping the file back into ``cardshell`` prints
the same standard output, byte for byte, with two documented exceptions:
``stats`` shows the statistics database as it is when replayed, and a game
resumed from a save (``load NAME``, or ``play GAME`` resuming an automatic
save, recorded as ``load GAME``) depends on that save being unchanged.
Keys that are not commands (Ctrl-D leaving a game at the interactive
prompt) are not recorded, so neither is the line they print.

When the recording cannot be written (a full disk), it stops at its last
whole line with one warning and the session goes on: the game is never lost
to its recording (:meth:`Recorder.add`).
"""

from __future__ import annotations

import errno
import os
import tempfile
from collections import deque
from pathlib import Path
from typing import Protocol

from cardshell.messages import say
from cardshell.ownfiles import open_stream, target_of

#: How many lines ``history`` keeps in memory (the most recent ones); the
#: ``--record`` file keeps every line.  Bounds a long script's memory.
KEEP_LINES = 100_000

#: The first line of a recording file (a comment: scripts skip it), the message ``recording.header``.
HEADER = f"{say('recording.header')}\n"


class Sink(Protocol):
    """Where a recording is written: a text file (:class:`RecordFile`, or
    any ``TextIO``)."""

    def write(self, text: str, /) -> object:
        """Write ``text``; raise ``OSError`` when it cannot be written."""

    def flush(self) -> None:
        """Push what was written to the file."""


class RecordFile:
    """The ``--record FILE`` file, grown a whole line at a time.

    Made by :meth:`create`: the header is written to a new temporary file
    in FILE's directory, which is then renamed over FILE
    (:func:`os.replace`; through a symbolic link, over the file it names),
    so an existing FILE is never opened for writing nor truncated, and a
    disk full at the start leaves FILE as it was.  A device or FIFO
    (``/dev/stdout``, a named pipe) is written as a stream instead
    (:func:`cardshell.ownfiles.target_of`).  Then each
    :meth:`write` appends its text with unbuffered ``os.write`` calls; if
    one fails (``ENOSPC``, ``EDQUOT``, ``EIO`` ...), the file is cut back to
    the end of the last complete write, so it never ends in the middle of a
    line.  Lines are appended rather than each written through a new
    temporary file because a rename per line would copy the whole recording
    at every command, and a recording renamed into place only at the end
    would be lost with the process (``kill -9``).

    Args:
        descriptor (int): the open file, positioned at its end.
        path (Path): its name, for messages.
        size (int): its length in bytes (what is known to be written).
    """

    def __init__(self, descriptor: int, path: Path, size: int = 0) -> None:
        self.descriptor = descriptor
        self.path = path
        self.size = size

    @classmethod
    def create(cls, path: str | os.PathLike[str]) -> RecordFile:
        """Make FILE holding just the :data:`HEADER`.

        Args:
            path (str | PathLike): the recording's file.

        Returns:
            RecordFile: open for appending.

        Raises:
            OSError: its directory cannot hold a new file or the header
                cannot be written (FILE is then as it was, and no temporary
                file is left).
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
        """Append ``text`` whole, or not at all.

        Returns:
            int: the characters written (all of them).

        Raises:
            OSError: it could not be written whole; the file is cut back to
                what it held before (best effort: a disk that refuses even
                that keeps the partial line, which a replay rejects as one
                bad line).
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
    """Collects accepted lines, optionally writing them to a file.

    Args:
        stream (Sink | None): where to write the recording as it grows
            (a :class:`RecordFile` holding the header already, or a text
            stream, which gets the header at once).
        keep (int): how many lines to keep in memory (:data:`KEEP_LINES`).

    Attributes:
        lines (deque[str]): the recorded lines, in order: the last
            :data:`KEEP_LINES` of them.
        dropped (int): how many earlier lines are no longer kept in memory.
        stream (Sink | None): where lines go; None once writing failed.
        failure (str | None): why the recording stopped (one line), or None.

    Raises:
        OSError: the header cannot be written to a text stream.
    """

    def __init__(self, stream: Sink | None = None, keep: int = KEEP_LINES) -> None:
        self.lines: deque[str] = deque(maxlen=keep)
        self.dropped = 0
        self.stream = stream
        self.failure: str | None = None
        self._written = 0
        if stream is not None and not isinstance(stream, RecordFile):
            stream.write(HEADER)
            stream.flush()

    def add(self, line: str) -> str | None:
        """Record one accepted line (already made explicit).

        Args:
            line (str): one stripped command line, without a line end.

        Returns:
            str | None: None, or once, when the file could not be written
            (the disk is full): the warning to show.  The recording then
            stops where it was (its last whole line) and the session goes
            on; ``history`` keeps every line.
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
        """The recording so far, as a script (header included); when earlier
        lines were dropped, a comment line says how many."""
        note = f"{say('recording.dropped', count=self.dropped)}\n" if self.dropped else ""
        return HEADER + note + "".join(line + "\n" for line in self.lines)
