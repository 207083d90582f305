"""cardshell's own files, and writing a user's file without risking one.

:func:`refusal` refuses a path (an export, ``--record FILE``) that is, by a
link or not, one of cardshell's own files: the winnability table, the
statistics and their journals, the history, the saves.  :func:`replaced`
writes through a temporary file renamed over the target once complete; a
device or FIFO is written as a stream, a FIFO only with a reader.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from cardshell.messages import say
from cardshell.render import Text

__all__ = ["DATA_FILES", "open_stream", "refusal", "replaced", "target_of"]

#: The files cardshell keeps in the data directory, with what they are (a
#: host message, ``file.*``; the names: cardshell/winnability/store.py
#: ``FILE_NAME``, plugins/cardshell_stats/store.py ``FILENAME``,
#: cardshell/paths.py ``history_file``).
DATA_FILES: dict[str, Text] = {
    "winnability.sqlite3": say("file.winnability-table"),
    "stats.sqlite3": say("file.statistics"),
    "history": say("file.history"),
}
#: SQLite's files beside a database (the rollback journal, the write-ahead log and its index).
_SIDECARS = ("-journal", "-wal", "-shm")


def _own(data_dir: Path) -> Iterator[tuple[Path, Text]]:
    for name, what in DATA_FILES.items():
        yield data_dir / name, what
        if name.endswith(".sqlite3"):
            for sidecar in _SIDECARS:
                yield data_dir / f"{name}{sidecar}", say("file.journal", what=what)


def refusal(path: str | os.PathLike[str], data_dir: str | os.PathLike[str],
            also: Iterable[tuple[str | os.PathLike[str], Text]] = ()) -> Text | None:
    """Why ``path`` may not be written (``file.refused-own``: ``will not write
    PATH: it is the winnability table ...``; ``file.refused-saves``), or None
    when it may; never raises.

    Args:
        path: the file the user named (need not exist).
        data_dir: the data directory (need not exist).
        also: other files of this session as (path, what it is), e.g.
            ``(recording, "this session's recording")``.
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
    """Where writing ``path`` goes (the file a symbolic link names, else ``path``),
    and False when that is an existing device, FIFO or socket, which is written
    as a stream because a rename would replace the device.
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = None
    if mode is not None and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        return Path(path), False
    return Path(os.path.realpath(path)), True


def open_stream(path: str | os.PathLike[str], flags: int = os.O_WRONLY) -> int:
    """Open a device or FIFO for writing with ``flags``, never waiting for a
    reader (``O_NONBLOCK``, then blocking again); the file descriptor.

    Raises:
        OSError: it cannot be opened; ``errno.ENXIO`` when no process reads the FIFO.
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
    """Write ``path`` through a temporary file in its directory (the permissions
    :func:`open` gives, fsynced), renamed over it when the ``with`` block ends
    cleanly, else removed; yields the open file.  ``mode`` is ``"w"`` or
    ``"wb"``, ``options`` are :func:`open` keywords.

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
    import tempfile  # here: a start never needs it
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
