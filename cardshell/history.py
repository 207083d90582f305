"""The interactive prompt's history file, kept within :data:`MAX_BYTES`.

:class:`BoundedHistory` is prompt_toolkit's ``FileHistory`` (same format),
which only grows and reads the whole file at start, with its file cut to
its newest entries at start and past twice the bound, reading only the last
:data:`MAX_BYTES`.  A file that cannot be cut is read within the bound.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from prompt_toolkit.history import FileHistory

__all__ = ["MAX_BYTES", "BoundedHistory", "newest_entries"]

#: The most bytes the history file keeps: 1 MiB, some 20,000 commands of
#: 20 characters with their timestamps.
MAX_BYTES = 1 << 20


def newest_entries(path: Path, limit: int) -> bytes:
    """The newest whole entries of a history file within ``limit`` (> 0) bytes,
    in its format, reading only its last ``limit`` bytes.

    Raises:
        OSError: the file cannot be read.
    """
    with open(path, "rb") as handle:
        size = os.fstat(handle.fileno()).st_size
        if size <= limit:
            return handle.read(limit)
        handle.seek(size - limit)
        tail = handle.read(limit)
    start = tail.find(b"\n") + 1  # the line cut in two
    while start and start < len(tail) and tail.startswith(b"+", start):  # lines of the entry cut in two
        start = tail.find(b"\n", start) + 1
    return tail[start:] if start else b""


class BoundedHistory(FileHistory):
    """A :class:`~prompt_toolkit.history.FileHistory` whose file (which may not
    exist yet) keeps its newest entries within ``max_bytes``.
    """

    def __init__(self, filename: Path, max_bytes: int = MAX_BYTES) -> None:
        super().__init__(str(filename))
        self.path = Path(filename)
        self.max_bytes = max_bytes
        self._trim_over(max_bytes)

    def load_history_strings(self) -> Iterable[str]:
        """The entries, newest first, from at most the file's last ``max_bytes``."""
        try:
            data = newest_entries(self.path, self.max_bytes)
        except OSError:
            return []
        strings: list[str] = []
        lines: list[str] = []
        for line in data.decode("utf-8", errors="replace").splitlines(keepends=True):
            if line.startswith("+"):
                lines.append(line[1:])
            else:
                if lines:
                    strings.append("".join(lines)[:-1])  # FileHistory's format: drop the last newline
                lines = []
        if lines:
            strings.append("".join(lines)[:-1])
        return reversed(strings)

    def store_string(self, string: str) -> None:
        """Append an entry, then cut the file when it has grown past twice ``max_bytes``."""
        super().store_string(string)
        self._trim_over(2 * self.max_bytes)

    def _trim_over(self, size: int) -> None:
        """Cut the file to ``max_bytes`` when larger than ``size`` bytes; leave it when that fails."""
        try:
            if os.stat(self.path).st_size <= size:
                return
            kept = newest_entries(self.path, self.max_bytes)
            mode = os.stat(self.path).st_mode & 0o777
            descriptor, temporary = tempfile.mkstemp(prefix=".history.", suffix=".tmp", dir=self.path.parent)
        except OSError:
            return
        try:
            with os.fdopen(descriptor, "wb") as handle:
                os.fchmod(handle.fileno(), mode)
                handle.write(kept)
            os.replace(temporary, self.path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
