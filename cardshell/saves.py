"""Saved games on disk: where save files live and how they are read and written.

The format (a game as its seed, options and accepted moves, rebuilt by
replay) is :mod:`cardshell.savefile`; its names (:class:`SaveRecord`,
:class:`SaveError`, :class:`Snapshot`, :func:`check_name` ...) are
importable from here too.

Files live in ``DATA_DIR/saves/NAME.json`` (JSON, UTF-8).  The automatic
save of a game is the one named by its id (``saves/aces-up.json``): it is
written on ``exit``, Ctrl-D and EOF when autosave is on, and ``play GAME``
resumes it.  ``save NAME`` writes any other name.

Writing is atomic: a temporary file ``.NAME.*.tmp`` in the same directory is
written, flushed and fsynced, then renamed over the old save with
:func:`os.replace` (or linked to a new name with :func:`os.link`, which never
replaces anything), so a crash at any moment leaves the old save or the new
one, never a broken file.  Temporary files that a crash left behind are
removed by the next write once they are :data:`STALE_TEMP_SECONDS` old.
Writers in several processes take turns through a lock file
(:func:`locked`), so that checking what a save holds and replacing it is one
step (see :mod:`cardshell.persistence` for which saves may be replaced).

Reading never raises anything but :class:`SaveError`, whose message says
what is wrong (damaged, not a cardshell save, unknown format version, not a
regular file, too large), and never blocks: a FIFO or a directory where a
save should be is reported, not opened for reading.  Bounds: a save file is
at most :data:`MAX_SAVE_BYTES`; ``elapsed`` is a finite number of seconds in
0..:data:`MAX_ELAPSED`.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from cardshell.messages import say
from cardshell.savefile import (
    FORMAT,
    MAX_ELAPSED,
    MAX_SAVE_BYTES,
    NAME_PATTERN,
    NOT_A_FILE,
    SUFFIX,
    VERSION,
    SaveError,
    SaveExists,
    SaveRecord,
    Snapshot,
    _NotRegular,
    check_name,
)

if TYPE_CHECKING:
    from datetime import datetime

__all__ = ["FORMAT", "LOCK_NAME", "MAX_ELAPSED", "MAX_SAVE_BYTES", "NAME_PATTERN", "NOT_A_FILE", "STALE_TEMP_SECONDS",
           "SUFFIX", "VERSION", "SaveError", "SaveExists", "SaveRecord", "Snapshot", "check_name", "delete",
           "digest_of", "exists", "inspect", "list_saves", "locked", "read", "remove_stale_temporaries",
           "save_path", "saves_dir", "set_aside", "write"]


#: A temporary file of an interrupted write older than this (seconds) is removed by the next write.
STALE_TEMP_SECONDS = 60.0
#: The lock file in the saves directory that writers take turns through.
LOCK_NAME = ".lock"
#: The time in the name of a save set aside (:func:`set_aside`): ``YYYYMMDD-HHMMSS``, UTC.
_ASIDE_STAMP = "%Y%m%d-%H%M%S"


def saves_dir(data_dir: Path) -> Path:
    """The directory of saves inside a data directory."""
    return Path(data_dir) / "saves"

def save_path(data_dir: Path, name: str) -> Path:
    """The file of the save ``name`` (already checked)."""
    return saves_dir(data_dir) / f"{name}{SUFFIX}"


def digest_of(data: bytes) -> str:
    """The SHA-256 (hex) that :func:`inspect` reports for a file holding ``data``."""

    return hashlib.sha256(data).hexdigest()


def _read_bytes(path: Path, name: str) -> bytes | None:
    """The bytes of a regular file, without ever blocking on a FIFO.

    Returns None when there is no file; raises :class:`SaveError` for a
    file that is not regular, too large or unreadable.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (FileNotFoundError, NotADirectoryError):  # no such file (a directory above it is a file)
        return None
    except IsADirectoryError:
        raise _NotRegular(say("save.not-regular", name=repr(name))) from None
    except OSError as exc:
        raise SaveError(say("save.unreadable", name=repr(name), error=exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _NotRegular(say("save.not-regular", name=repr(name)))
        if info.st_size > MAX_SAVE_BYTES:
            raise SaveError(say("save.too-large", name=repr(name), size=info.st_size, limit=MAX_SAVE_BYTES))
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            size += len(chunk)
            if size > MAX_SAVE_BYTES:
                raise SaveError(say("save.too-large-read", name=repr(name), limit=MAX_SAVE_BYTES))
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise SaveError(say("save.unreadable", name=repr(name), error=exc)) from None
    finally:
        os.close(fd)


def inspect(data_dir: Path, name: str) -> Snapshot:
    """What the save ``name`` holds now, read once (never raises, never blocks).

    Args:
        data_dir (Path): the data directory.
        name (str): the checked save name.

    Returns:
        Snapshot: its digest and its record, or why it cannot be used.
    """
    path = save_path(data_dir, name)
    try:
        data = _read_bytes(path, name)
    except SaveError as exc:
        return Snapshot(NOT_A_FILE if isinstance(exc, _NotRegular) else _digest_path(path), error=exc)
    if data is None:
        return Snapshot(None)
    digest = digest_of(data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return Snapshot(digest, error=SaveError(say("save.unreadable", name=repr(name), error=exc)))
    try:
        return Snapshot(digest, record=SaveRecord.from_json(text, name))
    except SaveError as exc:
        return Snapshot(digest, error=exc)


def _digest_path(path: Path) -> str:
    """A stand-in digest for a regular file too large or unreadable to hash (its size and mtime)."""
    try:
        info = os.stat(path)
    except OSError:
        return NOT_A_FILE
    return f"stat:{info.st_size}:{info.st_mtime_ns}"


def read(data_dir: Path, name: str) -> SaveRecord:
    """Read and check one save.

    Args:
        data_dir (Path): the data directory.
        name (str): the checked save name.

    Returns:
        SaveRecord: the record.

    Raises:
        SaveError: missing, unreadable, damaged, foreign, unknown version,
            not a regular file or too large.
    """
    snapshot = inspect(data_dir, name)
    if not snapshot.exists:
        raise SaveError(say("save.not-found", name=repr(name)))
    if snapshot.error is not None:
        raise snapshot.error
    assert snapshot.record is not None
    return snapshot.record


@contextlib.contextmanager
def locked(data_dir: Path) -> Iterator[None]:
    """Hold the saves directory's lock (``saves/.lock``, ``flock``) for one
    check-then-write, so two cardshell processes never interleave them.

    Best effort: where the lock cannot be taken (no ``fcntl``, a read-only
    directory) the body runs unlocked, and a write that cannot happen
    reports its own error.
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    directory = saves_dir(data_dir)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd = os.open(directory / LOCK_NAME, os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o600)
    except OSError:
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:
            pass
        yield
    finally:
        os.close(fd)  # releases the lock


def remove_stale_temporaries(directory: Path, max_age: float = STALE_TEMP_SECONDS) -> list[str]:
    """Remove temporary files (``.NAME.*.tmp``) that interrupted writes left.

    Args:
        directory (Path): the saves directory.
        max_age (float): only files last modified at least this many
            seconds ago are removed (a younger one may be another
            process's write in progress).

    Returns:
        list[str]: the file names removed.
    """
    removed: list[str] = []
    now = time.time()
    try:
        candidates = list(directory.glob(".*.tmp"))
    except OSError:
        return removed
    for path in candidates:
        try:
            info = path.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= max_age:
                path.unlink()
                removed.append(path.name)
        except OSError:
            continue
    return removed


def write(data_dir: Path, name: str, record: SaveRecord, *, replace: bool = True) -> tuple[Path, str]:
    """Write a save atomically (temporary file, fsync, rename).

    Stale temporary files of earlier interrupted writes are removed first
    (:func:`remove_stale_temporaries`).

    Args:
        data_dir (Path): the data directory (created if missing).
        name (str): the checked save name.
        record (SaveRecord): what to save.
        replace (bool): True replaces a save of that name; False publishes
            the file only if the name is free (``os.link``: atomic, never
            replaces) and raises :class:`SaveExists` otherwise.

    Returns:
        tuple[Path, str]: the save file and the digest of what was written
        (as :func:`inspect` would report it).

    Raises:
        SaveError: when the options are not JSON values, or the file cannot
            be written (the previous save, if any, is then left intact and
            no temporary file is left behind); :class:`SaveExists` when
            ``replace`` is False and the name is taken.
    """
    try:
        data = record.to_json().encode("utf-8")
    except (TypeError, ValueError) as exc:
        raise SaveError(say("save.options-not-stored", name=repr(name), error=exc)) from None

    target = save_path(data_dir, name)
    temp_name = None
    blocking = _file_in_the_way(target.parent)
    if blocking is not None:
        raise SaveError(say("save.not-a-directory", name=repr(name), path=repr(str(blocking))))
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(target.parent)
        with tempfile.NamedTemporaryFile("wb", dir=target.parent, prefix=f".{name}.", suffix=".tmp",
                                         delete=False) as handle:
            temp_name = handle.name
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if replace:
            os.replace(temp_name, target)
        else:
            _publish_new(temp_name, target, name)
        temp_name = None
        _fsync_dir(target.parent)
    except SaveError:
        raise
    except OSError as exc:
        raise SaveError(say("save.write-failed", name=repr(name), error=exc)) from None
    finally:
        if temp_name is not None:
            try:
                os.unlink(temp_name)
            except OSError:
                pass
    return target, digest_of(data)


def _file_in_the_way(directory: Path) -> Path | None:
    """The first of ``directory`` and its parents that exists but is not a
    directory (a data directory given as a plain file), or None."""
    for path in (directory, *directory.parents):
        if os.path.lexists(path):
            return None if path.is_dir() else path
    return None


def _publish_new(temp_name: str, target: Path, name: str) -> None:
    """Give a written temporary file the name ``target`` only if it is free."""
    try:
        os.link(temp_name, target)
    except FileExistsError:
        raise SaveExists(say("save.exists", name=repr(name))) from None
    except OSError:  # no hard links here (some file systems): check, then rename
        if os.path.lexists(target):
            raise SaveExists(say("save.exists", name=repr(name))) from None
        os.replace(temp_name, target)
        return
    os.unlink(temp_name)


def _fsync_dir(directory: Path) -> None:
    """Make the rename durable (best effort: not every platform can)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def set_aside(data_dir: Path, name: str, when: datetime | None = None) -> str:
    """Move a save this version cannot read out of the way, keeping it.

    The file (or directory, or FIFO) ``NAME.json`` is renamed to
    ``NAME.unreadable-YYYYMMDD-HHMMSS.json`` (UTC; ``-2``, ``-3`` ... added
    if that is taken), so that a newer cardshell can still ``load`` it.

    Args:
        data_dir (Path): the data directory.
        name (str): the save's checked name.
        when (datetime | None): the time to put in the name, in UTC (default: now).

    Returns:
        str: the new name (without ``.json``).

    Raises:
        SaveError: when it cannot be renamed.
    """
    stamp = when.strftime(_ASIDE_STAMP) if when is not None else time.strftime(_ASIDE_STAMP, time.gmtime())
    base = f"{name}.unreadable-{stamp}"
    directory = saves_dir(data_dir)
    for number in range(1, 1000):
        candidate = base if number == 1 else f"{base}-{number}"
        target = directory / f"{candidate}{SUFFIX}"
        if os.path.lexists(target):
            continue
        try:
            os.rename(save_path(data_dir, name), target)
        except OSError as exc:
            raise SaveError(say("save.set-aside-failed", name=repr(name), error=exc)) from None
        return candidate
    raise SaveError(say("save.set-aside-full", name=repr(name)))


def exists(data_dir: Path, name: str) -> bool:
    """Whether a save file of that name exists (it may still be damaged)."""
    return save_path(data_dir, name).is_file()


def delete(data_dir: Path, name: str) -> None:
    """Remove a save; a missing file is fine."""
    try:
        save_path(data_dir, name).unlink()
    except FileNotFoundError:
        pass


def list_saves(data_dir: Path) -> list[tuple[str, SaveRecord | SaveError]]:
    """Every save in the data directory, by name.

    Args:
        data_dir (Path): the data directory.

    Returns:
        list[tuple[str, SaveRecord | SaveError]]: (name, record) for a good
        save, (name, error) for one that cannot be used (including a FIFO or
        directory named like a save, reported and never opened for
        reading); sorted by name.  Temporary files of interrupted writes
        and names that are not save names are ignored.  Never raises.
    """
    directory = saves_dir(data_dir)
    try:
        paths = sorted(directory.glob(f"*{SUFFIX}"))
    except OSError:
        return []
    found: list[tuple[str, SaveRecord | SaveError]] = []
    for path in paths:
        name = path.name[: -len(SUFFIX)]
        if name.startswith(".") or not NAME_PATTERN.fullmatch(name):
            continue
        snapshot = inspect(data_dir, name)
        if snapshot.record is not None:
            found.append((name, snapshot.record))
        elif snapshot.error is not None:
            found.append((name, snapshot.error))
    return found
