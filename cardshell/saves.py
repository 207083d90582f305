"""Saved games on disk, read and written safely.

Two namespaces that never meet: a save the player names is
``DATA_DIR/saves/NAME.json``; a game's automatic save is
``DATA_DIR/saves/auto/GAME.json``, keyed here as ``auto/GAME``
(:func:`automatic`; a player's name cannot hold ``/``), so a save named
like a game installed later never stands for that game.  An automatic save
written by an older release (``saves/GAME.json`` holding game ``GAME``)
is moved into ``auto/`` when first seen (:func:`adopt_legacy`).  The format
is :mod:`cardshell.savefile` (its names are importable here).  Writes are atomic (temporary
file, fsync, :func:`os.replace` or :func:`os.link`), processes take turns
through :func:`locked`, and reading raises only :class:`SaveError` and
never blocks on a FIFO.  A save is at most :data:`MAX_SAVE_BYTES`.
"""

from __future__ import annotations

import contextlib
import os
import stat
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
           "AUTO_PREFIX", "SUFFIX", "VERSION", "SaveError", "SaveExists", "SaveRecord", "Snapshot", "adopt_legacy",
           "automatic", "check_name", "delete", "digest_of", "exists", "game_of", "inspect", "is_automatic",
           "list_saves", "locked", "plain_name", "read", "remove_stale_temporaries", "rename", "save_path",
           "saves_dir", "set_aside", "write"]


#: A temporary file of an interrupted write older than this (seconds) is removed by the next write.
STALE_TEMP_SECONDS = 60.0
#: The lock file in the saves directory that writers take turns through.
LOCK_NAME = ".lock"
#: The time in the name of a save set aside (:func:`set_aside`): ``YYYYMMDD-HHMMSS``, UTC.
_ASIDE_STAMP = "%Y%m%d-%H%M%S"


#: The key prefix (and subdirectory) of automatic saves: ``auto/aces-up``.
AUTO_PREFIX = "auto/"


def saves_dir(data_dir: Path) -> Path:
    """The directory of saves inside a data directory."""
    return Path(data_dir) / "saves"


def automatic(game_id: str) -> str:
    """The key of the automatic save of the game ``game_id`` (``auto/aces-up``)."""
    return f"{AUTO_PREFIX}{game_id}"


def is_automatic(name: str) -> bool:
    """Whether a save key is a game's automatic save rather than a name the player chose."""
    return name.startswith(AUTO_PREFIX)


def game_of(name: str) -> str:
    """The game id of an automatic save's key (``auto/aces-up`` -> ``aces-up``)."""
    return name[len(AUTO_PREFIX):]


def plain_name(name: str) -> str:
    """What the player types for a save key: the name, or the game id of an automatic save."""
    return game_of(name) if is_automatic(name) else name


def save_path(data_dir: Path, name: str) -> Path:
    """The file of the save ``name`` (checked, or an :func:`automatic` key)."""
    if is_automatic(name):
        return saves_dir(data_dir) / "auto" / f"{game_of(name)}{SUFFIX}"
    return saves_dir(data_dir) / f"{name}{SUFFIX}"


def adopt_legacy(data_dir: Path, game_id: str, *, unusable: bool = False) -> bool:
    """Move an older release's automatic save of ``game_id`` (``saves/GAME.json``
    whose record is a game of that id) to ``saves/auto/GAME.json`` when no
    automatic save is there yet; whether one was moved.

    A readable save of another game is a name the player chose and is left
    alone.  ``unusable`` (the caller knows ``game_id`` is a game's) adopts
    a file there that cannot be read too, so that it is reported and moved
    aside as that game's automatic save was.  Never raises (best effort).
    """
    if not NAME_PATTERN.fullmatch(game_id):
        return False
    legacy, target = save_path(data_dir, game_id), save_path(data_dir, automatic(game_id))
    try:
        if os.path.lexists(target) or not os.path.lexists(legacy):
            return False
        snapshot = _inspect_file(legacy, game_id)
        ours = snapshot.record.game == game_id if snapshot.record is not None else unusable
        if not ours:
            return False
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(legacy, target, follow_symlinks=False)  # fails if another process adopted it first
            os.unlink(legacy)
        except (IsADirectoryError, PermissionError):  # a directory cannot be linked
            os.rename(legacy, target)
    except OSError:
        return False
    return True


def digest_of(data: bytes) -> str:
    """The SHA-256 (hex) that :func:`inspect` reports for a file holding ``data``."""
    import hashlib  # here: OpenSSL's start costs a start that reads no save

    return hashlib.sha256(data).hexdigest()


def _read_bytes(path: Path, name: str) -> bytes | None:
    """A regular file's bytes, None when missing; :class:`SaveError` for one not regular, too large or unreadable."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (FileNotFoundError, NotADirectoryError):  # no such file (a directory above it is a file)
        return None
    except IsADirectoryError:
        raise _NotRegular(say("save.not-regular", name=repr(plain_name(name)))) from None
    except OSError as exc:
        raise SaveError(say("save.unreadable", name=repr(plain_name(name)), error=exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _NotRegular(say("save.not-regular", name=repr(plain_name(name))))
        if info.st_size > MAX_SAVE_BYTES:
            raise SaveError(say("save.too-large", name=repr(plain_name(name)), size=info.st_size, limit=MAX_SAVE_BYTES))
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            size += len(chunk)
            if size > MAX_SAVE_BYTES:
                raise SaveError(say("save.too-large-read", name=repr(plain_name(name)), limit=MAX_SAVE_BYTES))
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise SaveError(say("save.unreadable", name=repr(plain_name(name)), error=exc)) from None
    finally:
        os.close(fd)


def inspect(data_dir: Path, name: str) -> Snapshot:
    """What the save ``name`` (checked) holds now, read once: its digest and record, or why it cannot be used.

    Never raises, never blocks.
    """
    if is_automatic(name):
        adopt_legacy(data_dir, game_of(name), unusable=True)
    return _inspect_file(save_path(data_dir, name), name)


def _inspect_file(path: Path, name: str) -> Snapshot:
    """:func:`inspect` of one file."""
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
        return Snapshot(digest, error=SaveError(say("save.unreadable", name=repr(plain_name(name)), error=exc)))
    try:
        return Snapshot(digest, record=SaveRecord.from_json(text, plain_name(name)))
    except SaveError as exc:
        return Snapshot(digest, error=exc)


def _digest_path(path: Path) -> str:
    """A stand-in digest (size and mtime) for a file too large or unreadable to hash."""
    try:
        info = os.stat(path)
    except OSError:
        return NOT_A_FILE
    return f"stat:{info.st_size}:{info.st_mtime_ns}"


def read(data_dir: Path, name: str) -> SaveRecord:
    """Read and check the save ``name`` (checked); :class:`SaveError` when it is
    missing, unreadable, damaged, foreign, of an unknown version, not a regular
    file or too large.
    """
    snapshot = inspect(data_dir, name)
    if not snapshot.exists:
        raise SaveError(say("save.not-found", name=repr(plain_name(name))))
    if snapshot.error is not None:
        raise snapshot.error
    assert snapshot.record is not None
    return snapshot.record


@contextlib.contextmanager
def locked(data_dir: Path) -> Iterator[None]:
    """Hold the saves directory's lock (``saves/.lock``, ``flock``) for one check-then-write.

    Best effort: where it cannot be taken (no ``fcntl``, a read-only directory)
    the body runs unlocked.
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
    """Remove the temporary files (``.NAME.*.tmp``) of interrupted writes at least
    ``max_age`` seconds old (a younger one may be a write in progress); their names.
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
    """Write a save atomically, removing stale temporary files first; the file
    and the digest written (as :func:`inspect` reports it).

    ``data_dir`` is created if missing; with ``replace`` False the file is
    published only if the name is free (``os.link``).

    Raises:
        SaveError: options that are not JSON values, or a failed write (the
            previous save intact, no temporary file left); :class:`SaveExists`
            when the name is taken and ``replace`` is False.
    """
    try:
        data = record.to_json().encode("utf-8")
    except (TypeError, ValueError) as exc:
        raise SaveError(say("save.options-not-stored", name=repr(plain_name(name)), error=exc)) from None

    target = save_path(data_dir, name)
    temp_name = None
    blocking = _file_in_the_way(target.parent)
    if blocking is not None:
        raise SaveError(say("save.not-a-directory", name=repr(plain_name(name)), path=repr(str(blocking))))
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(target.parent)
        if target.parent != saves_dir(data_dir):
            remove_stale_temporaries(saves_dir(data_dir))
        import tempfile  # here: a start never needs it
        with tempfile.NamedTemporaryFile("wb", dir=target.parent, prefix=f".{target.stem}.", suffix=".tmp",
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
        raise SaveError(say("save.write-failed", name=repr(plain_name(name)), error=exc)) from None
    finally:
        if temp_name is not None:
            try:
                os.unlink(temp_name)
            except OSError:
                pass
    return target, digest_of(data)


def _file_in_the_way(directory: Path) -> Path | None:
    """The first of ``directory`` and its parents that exists but is not a directory, or None."""
    for path in (directory, *directory.parents):
        if os.path.lexists(path):
            return None if path.is_dir() else path
    return None


def _publish_new(temp_name: str, target: Path, name: str) -> None:
    try:
        os.link(temp_name, target)
    except FileExistsError:
        raise SaveExists(say("save.exists", name=repr(plain_name(name)))) from None
    except OSError:  # no hard links here (some file systems): check, then rename
        if os.path.lexists(target):
            raise SaveExists(say("save.exists", name=repr(plain_name(name)))) from None
        os.replace(temp_name, target)
        return
    os.unlink(temp_name)


def _fsync_dir(directory: Path) -> None:
    """Make the rename durable (best effort)."""
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
    """Rename a save this version cannot read to
    ``NAME.unreadable-YYYYMMDD-HHMMSS.json`` (UTC ``when``, default now; ``-2``
    ... if taken), for a newer cardshell to ``load``; the new name, a named
    save (an automatic save's is named after its game).
    :class:`SaveError` when it cannot be renamed.
    """
    stamp = when.strftime(_ASIDE_STAMP) if when is not None else time.strftime(_ASIDE_STAMP, time.gmtime())
    base = f"{plain_name(name)}.unreadable-{stamp}"
    directory = saves_dir(data_dir)
    for number in range(1, 1000):
        candidate = base if number == 1 else f"{base}-{number}"
        target = directory / f"{candidate}{SUFFIX}"
        if os.path.lexists(target):
            continue
        try:
            os.rename(save_path(data_dir, name), target)
        except OSError as exc:
            raise SaveError(say("save.set-aside-failed", name=repr(plain_name(name)), error=exc)) from None
        return candidate
    raise SaveError(say("save.set-aside-full", name=repr(plain_name(name))))


def exists(data_dir: Path, name: str) -> bool:
    """Whether a save file of that name exists (it may still be damaged)."""
    return save_path(data_dir, name).is_file()


def delete(data_dir: Path, name: str) -> None:
    """Remove a save; a missing file is fine."""
    try:
        save_path(data_dir, name).unlink()
    except FileNotFoundError:
        pass


def rename(data_dir: Path, old: str, new: str) -> None:
    """Give the save ``old`` the name ``new`` (both checked keys); never replaces a save.

    Raises:
        SaveExists: ``new`` is taken.
        SaveError: ``old`` is missing or the rename failed.
    """
    source, target = save_path(data_dir, old), save_path(data_dir, new)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        os.link(source, target)
    except FileExistsError:
        raise SaveExists(say("save.exists", name=repr(plain_name(new)))) from None
    except FileNotFoundError:
        raise SaveError(say("save.not-found", name=repr(plain_name(old)))) from None
    except OSError as exc:
        raise SaveError(say("save.write-failed", name=repr(plain_name(new)), error=exc)) from None
    try:
        source.unlink()
    except OSError as exc:
        raise SaveError(say("save.write-failed", name=repr(plain_name(old)), error=exc)) from None
    _fsync_dir(target.parent)


def list_saves(data_dir: Path) -> list[tuple[str, SaveRecord | SaveError]]:
    """Every save in the data directory: the named ones sorted by name, then
    the automatic ones by game (keys ``auto/GAME``): (key, record), or (key,
    error) for one that cannot be used (a FIFO or directory is never opened).
    An older release's automatic save is adopted first (:func:`adopt_legacy`).
    Temporary files and other names are ignored; never raises.
    """
    directory = saves_dir(data_dir)
    try:
        for path in directory.glob(f"*{SUFFIX}"):
            adopt_legacy(data_dir, path.name[: -len(SUFFIX)])
        keys = sorted(path.name[: -len(SUFFIX)] for path in directory.glob(f"*{SUFFIX}"))
        keys += sorted(automatic(path.name[: -len(SUFFIX)]) for path in (directory / "auto").glob(f"*{SUFFIX}"))
    except OSError:
        return []
    found: list[tuple[str, SaveRecord | SaveError]] = []
    for name in keys:
        if name.startswith(".") or not NAME_PATTERN.fullmatch(plain_name(name)):
            continue
        snapshot = inspect(data_dir, name)
        if snapshot.record is not None:
            found.append((name, snapshot.record))
        elif snapshot.error is not None:
            found.append((name, snapshot.error))
    return found
