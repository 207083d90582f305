"""cardshell's own files, and writing a user's file without risking one.

An export (``winnability --export FILE.csv``, ``--plot FILE.png``) or a
recording (``cardshell --record FILE``) names a file the user chose.  Two
rules keep that choice from destroying what cardshell keeps:

* **Never over one of cardshell's own files.**  :func:`refusal` says why a
  path may not be written when it resolves (:func:`os.path.realpath`, so
  through symbolic links) to one of them, or is the same file under another
  name (a hard link, :func:`os.path.samestat`): the winnability table
  (``winnability.sqlite3``, :data:`cardshell.winnability.store.FILE_NAME`),
  the statistics (``stats.sqlite3``, ``plugins/cardshell_stats/store.py``),
  SQLite's journal files of both, the history (:func:`cardshell.paths.history_file`),
  anything in the saves directory (:func:`cardshell.saves.saves_dir`), and
  files the caller adds (the session's own recording).
* **Through a temporary file and a rename.**  :func:`replaced` writes a
  temporary file in the target's directory and renames it over the target
  with :func:`os.replace` only once it is complete, so the target is never
  opened for writing (nor truncated before what it depends on was read), a
  failure leaves the old file as it was, and no half-written file is ever
  seen under the target's name.  A symbolic link is followed (its file is
  replaced, the link stays); a device or FIFO (``/dev/stdout``) is written
  as a stream, never replaced.  A FIFO is opened only when a process is reading it
  (:func:`open_stream`): with none, the write fails at once saying so,
  instead of waiting for a reader for ever.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from cardshell.messages import say

__all__ = ["DATA_FILES", "open_stream", "refusal", "replaced", "target_of"]

#: The files cardshell keeps in the data directory, with what they are (a
#: host message, ``file.*``; the names: cardshell/winnability/store.py
#: ``FILE_NAME``, plugins/cardshell_stats/store.py ``FILENAME``,
#: cardshell/paths.py ``history_file``).
DATA_FILES: dict[str, str] = {
    "winnability.sqlite3": say("file.winnability-table"),
    "stats.sqlite3": say("file.statistics"),
    "history": say("file.history"),
}
#: SQLite's files beside a database (the rollback journal, the write-ahead log and its index).
_SIDECARS = ("-journal", "-wal", "-shm")


def _own(data_dir: Path) -> Iterator[tuple[Path, str]]:
    for name, what in DATA_FILES.items():
        yield data_dir / name, what
        if name.endswith(".sqlite3"):
            for sidecar in _SIDECARS:
                yield data_dir / f"{name}{sidecar}", say("file.journal", what=what)


def refusal(path: str | os.PathLike[str], data_dir: str | os.PathLike[str],
            also: Iterable[tuple[str | os.PathLike[str], str]] = ()) -> str | None:
    """Why ``path`` may not be written, or None when it may.

    Args:
        path (str | PathLike): the file the user named (need not exist).
        data_dir (str | PathLike): the data directory (need not exist).
        also (Iterable[tuple[str | PathLike, str]]): other files of this
            session (path, what it is), e.g. ``(recording, "this session's
            recording")``.

    Returns:
        str | None: the message (``file.refused-own``: ``will not write
        PATH: it is the winnability table (REAL PATH), and cardshell never
        writes over its own files``; ``file.refused-saves``), or None.
        Never raises.
    """
    try:
        real = Path(os.path.realpath(path))
        try:
            found = os.stat(path)
        except OSError:
            found = None
        data = Path(data_dir)
        own = [*_own(data), *((Path(other), what) for other, what in also)]
        saves = Path(os.path.realpath(data / "saves"))
        if real == saves or saves in real.parents:
            return say("file.refused-saves", path=_cut(os.fspath(path)), real=_cut(str(saves)))
        for other, what in own:
            other_real = Path(os.path.realpath(other))
            same = other_real == real
            if not same and found is not None:
                with contextlib.suppress(OSError):
                    same = os.path.samestat(found, os.stat(other))
            if same:
                return say("file.refused-own", path=_cut(os.fspath(path)), what=what, real=_cut(str(other_real)))
    except (OSError, ValueError):  # a path the system cannot even resolve: its writer will say why
        return None
    return None


def _cut(path: str) -> str:
    """A path as :func:`refusal` repeats it: its first 200 characters."""
    return path[:200]


def target_of(path: str | os.PathLike[str]) -> tuple[Path, bool]:
    """Where writing ``path`` goes, and whether it can go through a rename.

    Args:
        path (str | PathLike): the file the user named.

    Returns:
        tuple[Path, bool]: the file a symbolic link named ``path`` points to
        (so the link stays and its file gets the new content), else
        ``path``; and False when that is an existing device, FIFO or socket
        (``/dev/stdout``, a named pipe: renaming a file over it would
        replace the device, so it is written as a stream), True otherwise.
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = None
    if mode is not None and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        return Path(path), False
    return Path(os.path.realpath(path)), True


def open_stream(path: str | os.PathLike[str], flags: int = os.O_WRONLY) -> int:
    """Open a device or FIFO for writing, never waiting for a reader.

    A FIFO is opened with ``O_NONBLOCK``: when no process has it open for
    reading, the system says so at once (``ENXIO``) where a plain open would
    wait for one for ever; once open, the descriptor is made blocking again,
    so a slow reader slows the writer as any pipe does.  A device
    (``/dev/stdout``, ``/dev/null``) is opened as it is.

    Args:
        path (str | PathLike): the device or FIFO.
        flags (int): :func:`os.open` flags for writing (``O_WRONLY``, with
            ``O_APPEND`` if wanted).

    Returns:
        int: the open file descriptor.

    Raises:
        OSError: it cannot be opened; for a FIFO no process reads, with
            ``errno.ENXIO`` and the message ``no process is reading this
            FIFO: start its reader first``.
    """
    try:
        is_fifo = stat.S_ISFIFO(os.stat(path).st_mode)
    except OSError:
        is_fifo = False
    if not is_fifo:
        return os.open(path, flags)
    try:
        descriptor = os.open(path, flags | os.O_NONBLOCK)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise OSError(errno.ENXIO, say("file.no-fifo-reader"), os.fspath(path)) from None
        raise
    fcntl.fcntl(descriptor, fcntl.F_SETFL, fcntl.fcntl(descriptor, fcntl.F_GETFL) & ~os.O_NONBLOCK)
    return descriptor


@contextlib.contextmanager
def replaced(path: str | os.PathLike[str], mode: str = "w", **options: Any) -> Iterator[IO[Any]]:
    """Write ``path`` through a temporary file in its directory and :func:`os.replace`.

    The temporary file ``.NAME.*.tmp`` gets the permissions :func:`open`
    would give a new file (``0o666`` less the umask); it is flushed and
    fsynced, then renamed over the file when the ``with`` block ends
    without an exception.  On an exception (``OSError`` of a full disk
    included) it is removed and the file is left as it was.  A symbolic
    link is followed (the file it names is replaced, the link stays); a
    device or FIFO is written as a stream (:func:`target_of`; a FIFO only
    while a process reads it, :func:`open_stream`).

    Args:
        path (str | PathLike): the file to write.
        mode (str): ``"w"`` (text) or ``"wb"`` (bytes).
        **options: :func:`open` keywords (``encoding``, ``newline``).

    Yields:
        IO: the open temporary file.

    Raises:
        OSError: the temporary file cannot be made, written or renamed.
    """
    target, renamed = target_of(path)
    if not renamed:
        descriptor = open_stream(target)
        try:
            stream = os.fdopen(descriptor, mode, **options)
        except BaseException:
            os.close(descriptor)
            raise
        with stream:
            yield stream
        return
    descriptor, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(descriptor, mode, **options) as stream:
            mask = os.umask(0)
            os.umask(mask)
            os.fchmod(stream.fileno(), 0o666 & ~mask)  # as open() would make it, not mkstemp's 0600
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
