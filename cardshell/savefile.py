"""The save file format: a game as its seed, options and accepted command log.

A save does not pickle the game state: it stores what rebuilds it — the
game id, the seed, the ``play`` options and the log of accepted moves — and
the host replays the log through its ordinary dispatch
(:meth:`cardshell.replay.Replayer.replay`).  So a save works for every
game, including games written after this module, and survives changes to a
game's state classes as long as its commands keep their meaning.

This module is the format: the record (:class:`SaveRecord`, JSON with
``format`` and ``version``, every field checked on reading), save names
(:func:`check_name`), what a name holds at one moment (:class:`Snapshot`)
and the errors.  Where and how files are read and written is
:mod:`cardshell.saves`, which re-exports these names.  Bounds: a save file
is at most :data:`MAX_SAVE_BYTES`; ``elapsed`` is a finite number of seconds
in 0..:data:`MAX_ELAPSED`.
"""

from __future__ import annotations

import json
import math
import re
import time
from dataclasses import dataclass, field
from typing import Any

from cardshell.messages import say
from cardshell.option_values import MAX_SEED_DIGITS, check_seed
from cardshell.parsers import clipped, quoted

#: The ``format`` field every save carries.
FORMAT = "cardshell-save"
#: The format version this cardshell writes and reads.
VERSION = 1
#: Save names: letters, digits, ``.``, ``_`` and ``-``, starting with a letter or digit.
NAME_PATTERN = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}")
SUFFIX = ".json"
#: The largest save file read, in bytes (16 MiB: about 200,000 moves of 80 characters).
MAX_SAVE_BYTES = 16 * 1024 * 1024
#: The largest ``elapsed`` a save may hold, in seconds (about 31 years).
MAX_ELAPSED = 1e9
#: What :func:`cardshell.saves.inspect` reports as the digest of something that is not a regular file.
NOT_A_FILE = "not-a-regular-file"


class SaveError(Exception):
    """A save cannot be read, written or replayed.

    Args:
        message (str): the complete text to show, naming the save (a host
            message of the catalog, :func:`cardshell.messages.say`).
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class SaveExists(SaveError):
    """:func:`cardshell.saves.write` with ``replace=False`` found the name taken."""


class _NotRegular(SaveError):
    """A directory, FIFO, socket or device where a save file should be."""


@dataclass
class SaveRecord:
    """What a save file holds.

    Attributes:
        game (str): the game id.
        seed (int): the deal's seed.
        options (dict[str, Any]): the ``play`` options (JSON values).
        log (list[str]): the accepted moves, in order (moves only: a save
            whose log holds any other command is refused when it is
            resumed, see :class:`cardshell.persistence.Persistence`).
        undo_used (bool): whether undo was used in the game.
        elapsed (float): seconds played so far (finite, 0..:data:`MAX_ELAPSED`).
        uid (str): the game instance's unique id.
        saved (str): when it was written, ISO 8601 UTC.
        version (int): the format version.
        assisted (bool): whether ``hint`` or ``solve`` answered in the game
            (optional in the file, False when absent: files written before
            it existed read unchanged, and older readers ignore it).
    """

    game: str
    seed: int
    options: dict[str, Any]
    log: list[str]
    undo_used: bool = False
    elapsed: float = 0.0
    uid: str = ""
    saved: str = field(default_factory=lambda: time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime()))
    version: int = VERSION
    assisted: bool = False

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
            "elapsed": round(min(max(self.elapsed, 0.0), MAX_ELAPSED), 3),
            "uid": self.uid,
            "saved": self.saved,
        }
        if self.assisted:  # only when true: a file without it reads the same everywhere
            data["assisted"] = True
        return json.dumps(data, ensure_ascii=False, indent=1, allow_nan=False) + "\n"

    @classmethod
    def from_json(cls, text: str, name: str = "?") -> SaveRecord:
        """Parse and check a save file's text.

        Args:
            text (str): the file's content.
            name (str): the save's name, for messages.

        Returns:
            SaveRecord: the checked record.

        Raises:
            SaveError: not JSON (truncated, damaged, nested too deeply,
                ``NaN`` or ``Infinity`` anywhere), not a cardshell save, an
                unknown format version, or a field of the wrong type or out
                of range.
        """
        try:
            data = json.loads(text, parse_constant=_refuse_constant)
        except RecursionError:
            raise SaveError(say("save.damaged-nesting", name=repr(name))) from None
        except _NotANumber as exc:
            raise SaveError(say("save.damaged-constant", name=repr(name), word=str(exc))) from None
        except ValueError:
            raise SaveError(say("save.damaged-json", name=repr(name))) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError(say("save.foreign", name=repr(name)))
        version = data.get("version")
        if type(version) is not int or version != VERSION:  # an integer: true, 1.0 and "1" are not
            raise SaveError(say("save.version", name=repr(name), version=clipped(json.dumps(version)),
                                supported=VERSION))
        checks: dict[str, type | tuple[type, ...]] = {
            "game": str, "seed": int, "options": dict, "log": list, "undo_used": bool,
            "elapsed": (int, float), "uid": str, "saved": str,
        }
        for key, kind in checks.items():
            value = data.get(key)
            if not isinstance(value, kind) or (kind in (int, (int, float)) and isinstance(value, bool)):
                raise SaveError(say("save.damaged-field", name=repr(name), field=repr(key)))
        if not check_seed(data["seed"]):  # the bound of 'play --seed' (cardshell.option_values)
            raise SaveError(say("save.damaged-seed", name=repr(name), limit=f"{MAX_SEED_DIGITS:,}"))
        if not all(isinstance(line, str) for line in data["log"]):
            raise SaveError(say("save.damaged-field", name=repr(name), field=repr("log")))
        if not isinstance(data.get("assisted", False), bool):
            raise SaveError(say("save.damaged-assisted", name=repr(name)))
        elapsed = float(data["elapsed"])
        if not (math.isfinite(elapsed) and 0 <= elapsed <= MAX_ELAPSED):
            raise SaveError(say("save.damaged-elapsed", name=repr(name), limit=f"{MAX_ELAPSED:.0f}"))
        return cls(game=data["game"], seed=data["seed"], options=data["options"], log=list(data["log"]),
                   undo_used=data["undo_used"], elapsed=elapsed, uid=data["uid"], saved=data["saved"],
                   assisted=data.get("assisted", False))


class _NotANumber(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity`` in a save (Python's json accepts them; JSON does not)."""


def _refuse_constant(word: str) -> Any:
    """``json.loads`` hook: ``NaN``, ``Infinity`` and ``-Infinity`` are refused."""
    raise _NotANumber(word)


@dataclass(frozen=True)
class Snapshot:
    """What a save name holds on disk at one moment (see :func:`cardshell.saves.inspect`).

    Attributes:
        digest (str | None): None when there is no file; the SHA-256 of the
            file's bytes (hex) for a regular file; :data:`NOT_A_FILE` for a
            directory, FIFO, socket or device.  Two snapshots with the same
            digest saw the same content.
        record (SaveRecord | None): the checked record, when it is a save
            this version can read.
        error (SaveError | None): why it cannot be used, when there is a
            file this version cannot read (damaged, foreign, newer format,
            not a regular file, too large, unreadable).
    """

    digest: str | None
    record: SaveRecord | None = None
    error: SaveError | None = None

    @property
    def exists(self) -> bool:
        """Whether there is anything at the save's path."""
        return self.digest is not None


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
        raise SaveError(say("save.bad-name", name=quoted(name)))
    return lowered
