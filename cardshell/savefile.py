"""The save file format: a game as its seed, options and accepted moves.

A save stores no state: the host replays its log
(:meth:`cardshell.replay.Replayer.replay`), so saves work for every game
and survive changes to a game's classes.  The record is JSON with
``format`` and ``version``, every field checked on reading; files are
:mod:`cardshell.saves`.  A save is at most :data:`MAX_SAVE_BYTES`.
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
from cardshell.render import Text, text_of

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


class _HugeNumber(ValueError):
    """An integer in a save with more digits than any field may hold."""

    def __init__(self, digits: int) -> None:
        super().__init__(digits)
        self.digits = digits


class _DuplicateKey(ValueError):
    """A key given twice in one object of a save (JSON leaves it to the reader: refused)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _bounded_int(text: str) -> int:
    """``json``'s integer reader; an integer too long for Python to read (past
    ``sys.get_int_max_str_digits()``, far past :data:`MAX_SEED_DIGITS`) is named as such.

    Raises:
        _HugeNumber: the integer cannot be read for its length.
    """
    try:
        return int(text)
    except ValueError:
        raise _HugeNumber(len(text.lstrip("-"))) from None


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``json``'s object builder, refusing a key given twice.

    Raises:
        _DuplicateKey: a key is repeated.
    """
    made: dict[str, Any] = {}
    for key, value in pairs:
        if key in made:
            raise _DuplicateKey(key)
        made[key] = value
    return made


class SaveError(Exception):
    """A save cannot be read, written or replayed; ``message`` is the whole text
    shown, naming the save (a catalog message, :func:`cardshell.messages.say`).
    """

    def __init__(self, message: Text) -> None:
        super().__init__(message)
        self.message: Text = message

    def __str__(self) -> str:
        return text_of(self.message)


class SaveExists(SaveError):
    """:func:`cardshell.saves.write` with ``replace=False`` found the name taken."""


class _NotRegular(SaveError):
    """A directory, FIFO, socket or device where a save file should be."""


@dataclass
class SaveRecord:
    """What a save file holds.

    Attributes:
        game: the game id.
        seed: the deal's seed.
        options: the ``play`` options (JSON values).
        log: the accepted moves in order (a log holding any other command is
            refused when resumed, :class:`cardshell.persistence.Persistence`).
        undo_used: whether undo was used in the game.
        elapsed: seconds played so far (finite, 0..:data:`MAX_ELAPSED`).
        uid: the game instance's unique id.
        saved: when it was written, ISO 8601 UTC.
        version: the format version.
        assisted: whether ``hint`` or ``solve`` answered in the game (optional
            in the file, False when absent; other readers ignore it).
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
        """The file's text: a JSON object with ``format`` and ``version``."""
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
        """Parse and check a save file's text; ``name`` is the save's, for messages.

        Raises:
            SaveError: not JSON (truncated, damaged, nested too deeply, ``NaN`` or
                ``Infinity`` anywhere), not a cardshell save, an unknown format
                version, or a field of the wrong type or out of range.
        """
        try:
            data = json.loads(text, parse_constant=_refuse_constant, parse_int=_bounded_int,
                              object_pairs_hook=_unique_keys)
        except RecursionError:
            raise SaveError(say("save.damaged-nesting", name=repr(name))) from None
        except _NotANumber as exc:
            raise SaveError(say("save.damaged-constant", name=repr(name), word=str(exc))) from None
        except _HugeNumber as exc:
            raise SaveError(say("save.huge-number", name=repr(name), digits=exc.digits,
                                most=MAX_SEED_DIGITS)) from None
        except _DuplicateKey as exc:
            raise SaveError(say("save.duplicate-key", name=repr(name), key=clipped(exc.key))) from None
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
    """``NaN``, ``Infinity`` or ``-Infinity`` in a save (Python's json reads them; JSON has none)."""


def _refuse_constant(word: str) -> Any:
    raise _NotANumber(word)


@dataclass(frozen=True)
class Snapshot:
    """What a save name holds on disk at one moment (:func:`cardshell.saves.inspect`).

    Attributes:
        digest: None when there is no file; the SHA-256 (hex) of a regular
            file; :data:`NOT_A_FILE` for a directory, FIFO, socket or device.
            Equal digests saw the same content.
        record: the checked record, when this version can read it.
        error: why a file there cannot be used (damaged, foreign, newer
            format, not regular, too large, unreadable).
    """

    digest: str | None
    record: SaveRecord | None = None
    error: SaveError | None = None

    @property
    def exists(self) -> bool:
        """Whether there is anything at the save's path."""
        return self.digest is not None


def check_name(name: str) -> str:
    """A save name lower-cased (names ignore case).

    Raises:
        SaveError: characters other than letters, digits, ``.``, ``_``,
            ``-``, or longer than 64.
    """
    lowered = name.lower()
    if not NAME_PATTERN.fullmatch(lowered):
        raise SaveError(say("save.bad-name", name=quoted(name)))
    return lowered
