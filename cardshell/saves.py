"""Saved games: a game as its seed, options and accepted command log.

A save does not pickle the game state: it stores what rebuilds it — the
game id, the seed, the ``play`` options and the log of accepted moves — and
the host replays the log through its ordinary dispatch
(:meth:`cardshell.shell.Shell.replay`).  So a save works for every game,
including games written after this module, and survives changes to a
game's state classes as long as its commands keep their meaning.

Files live in ``DATA_DIR/saves/NAME.json`` (JSON, UTF-8).  The automatic
save of a game is the one named by its id (``saves/aces-up.json``): it is
written on ``exit``, Ctrl-D and EOF when autosave is on, and ``play GAME``
resumes it.  ``save NAME`` writes any other name.

Writing is atomic: a temporary file in the same directory is written,
flushed and fsynced, then renamed over the old save with :func:`os.replace`,
so a crash at any moment leaves the old save or the new one, never a broken
file.  Reading never raises anything but :class:`SaveError`, whose message
says what is wrong (damaged, not a cardshell save, unknown format version).
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

#: The ``format`` field every save carries.
FORMAT = "cardshell-save"
#: The format version this cardshell writes and reads.
VERSION = 1
#: Save names: letters, digits, ``.``, ``_`` and ``-``, starting with a letter or digit.
NAME_PATTERN = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}")
SUFFIX = ".json"


class SaveError(Exception):
    """A save cannot be read, written or replayed.

    Args:
        message (str): the complete text to show, naming the save.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass
class SaveRecord:
    """What a save file holds.

    Attributes:
        game (str): the game id.
        seed (int): the deal's seed.
        options (dict[str, Any]): the ``play`` options (JSON values).
        log (list[str]): the accepted moves, in order.
        undo_used (bool): whether undo was used in the game.
        elapsed (float): seconds played so far.
        uid (str): the game instance's unique id.
        saved (str): when it was written, ISO 8601 UTC.
        version (int): the format version.
    """

    game: str
    seed: int
    options: dict[str, Any]
    log: list[str]
    undo_used: bool = False
    elapsed: float = 0.0
    uid: str = ""
    saved: str = field(default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds"))
    version: int = VERSION

    def to_json(self) -> str:
        """The file's text (JSON object, with ``format`` and ``version``)."""
        data = {
            "format": FORMAT,
            "version": self.version,
            "game": self.game,
            "seed": self.seed,
            "options": self.options,
            "log": self.log,
            "undo_used": self.undo_used,
            "elapsed": round(self.elapsed, 3),
            "uid": self.uid,
            "saved": self.saved,
        }
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str, name: str = "?") -> SaveRecord:
        """Parse and check a save file's text.

        Args:
            text (str): the file's content.
            name (str): the save's name, for messages.

        Returns:
            SaveRecord: the checked record.

        Raises:
            SaveError: not JSON (truncated, damaged), not a cardshell save,
                an unknown format version, or a field of the wrong type.
        """
        try:
            data = json.loads(text)
        except ValueError:
            raise SaveError(f"save {name!r} is damaged (not valid JSON; truncated?)") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError(f"save {name!r} is not a cardshell save")
        version = data.get("version")
        if version != VERSION:
            raise SaveError(f"save {name!r} has format version {version!r}; this cardshell reads version {VERSION}")
        checks = {
            "game": str, "seed": int, "options": dict, "log": list, "undo_used": bool,
            "elapsed": (int, float), "uid": str, "saved": str,
        }
        for key, kind in checks.items():
            value = data.get(key)
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise SaveError(f"save {name!r} is damaged (field {key!r} is missing or wrong)")
        if not all(isinstance(line, str) for line in data["log"]):
            raise SaveError(f"save {name!r} is damaged (field 'log' is missing or wrong)")
        return cls(game=data["game"], seed=data["seed"], options=data["options"], log=list(data["log"]),
                   undo_used=data["undo_used"], elapsed=float(data["elapsed"]), uid=data["uid"],
                   saved=data["saved"])


def saves_dir(data_dir: Path) -> Path:
    """The directory of saves inside a data directory."""
    return Path(data_dir) / "saves"


def check_name(name: str) -> str:
    """Normalise and check a save name (case-insensitive: stored lower-case).

    Args:
        name (str): the name as typed.

    Returns:
        str: the lower-cased name.

    Raises:
        SaveError: when the name has characters other than letters, digits,
            ``.``, ``_``, ``-`` or is longer than 64.
    """
    lowered = name.lower()
    if not NAME_PATTERN.fullmatch(lowered):
        raise SaveError(f"bad save name {name!r}: use letters, digits, '.', '_' and '-' (at most 64)")
    return lowered


def save_path(data_dir: Path, name: str) -> Path:
    """The file of the save ``name`` (already checked)."""
    return saves_dir(data_dir) / f"{name}{SUFFIX}"


def write(data_dir: Path, name: str, record: SaveRecord) -> Path:
    """Write a save atomically (temporary file, fsync, rename).

    Args:
        data_dir (Path): the data directory (created if missing).
        name (str): the checked save name.
        record (SaveRecord): what to save.

    Returns:
        Path: the save file.

    Raises:
        SaveError: when the options are not JSON values, or the file cannot
            be written (the previous save, if any, is then left intact and
            no temporary file is left behind).
    """
    try:
        text = record.to_json()
    except (TypeError, ValueError) as exc:
        raise SaveError(f"cannot save {name!r}: the game's options cannot be stored ({exc})") from None
    target = save_path(data_dir, name)
    temp_name = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=target.parent, prefix=f".{name}.",
                                         suffix=".tmp", delete=False) as handle:
            temp_name = handle.name
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, target)
        temp_name = None
        _fsync_dir(target.parent)
    except OSError as exc:
        raise SaveError(f"cannot save {name!r}: {exc}") from None
    finally:
        if temp_name is not None:
            try:
                os.unlink(temp_name)
            except OSError:
                pass
    return target


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


def read(data_dir: Path, name: str) -> SaveRecord:
    """Read and check one save.

    Args:
        data_dir (Path): the data directory.
        name (str): the checked save name.

    Returns:
        SaveRecord: the record.

    Raises:
        SaveError: missing, unreadable, damaged, foreign or unknown version.
    """
    path = save_path(data_dir, name)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"no save named {name!r}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"save {name!r} cannot be read: {exc}") from None
    return SaveRecord.from_json(text, name)


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
        save, (name, error) for one that cannot be used; sorted by name.
        Temporary files of interrupted writes are ignored.
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
        try:
            found.append((name, read(data_dir, name)))
        except SaveError as exc:
            found.append((name, exc))
    return found
