"""The deals that reached an ending, so a save never replays one.

An older save of a finished deal would let a game without undo be replayed
from before its ending and count it twice.  The moves at each deal's latest
ending are kept in memory (:class:`Endings`) and, for deals saved or
resumed, in ``saves/.endings.json``, both bounded by :data:`MAX_ENDINGS`;
:meth:`cardshell.replay.Replayer.rebuild` applies the rule.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from cardshell import saves
from cardshell.context import Places
from cardshell.messages import say
from cardshell.render import Text

#: The ledger file's name inside the saves directory (a dot name: never listed as a save).
FILENAME = ".endings.json"
#: At most this many deals are remembered in the file (about 50 bytes each),
#: and in a session's memory.
MAX_ENDINGS = 5000


def ledger_path(data_dir: Path) -> Path:
    """The ledger file of a data directory (``DATA_DIR/saves/.endings.json``)."""
    return saves.saves_dir(data_dir) / FILENAME


def read(data_dir: Path) -> dict[str, int]:
    """The recorded endings, uid to moves at the latest ending, oldest first;
    empty when the file is missing, unreadable or damaged (never raises).
    """
    try:
        data = json.loads(ledger_path(data_dir).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {uid: moves for uid, moves in data.items()
            if isinstance(uid, str) and isinstance(moves, int) and not isinstance(moves, bool) and moves >= 0}


def record(data_dir: Path, uid: str, moves: int) -> None:
    """Record that deal ``uid`` reached an ending after ``moves`` moves,
    creating the saves directory.

    Raises:
        OSError: the file cannot be written (nothing is changed then).
    """
    path = ledger_path(data_dir)
    with saves.locked(data_dir):
        known = read(data_dir)
        known.pop(uid, None)  # re-inserted last: the newest is kept longest
        known[uid] = max(moves, 0)
        while len(known) > MAX_ENDINGS:
            del known[next(iter(known))]
        path.parent.mkdir(parents=True, exist_ok=True)
        import tempfile  # here: a start never needs it
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, prefix=".endings.",
                                         suffix=".tmp", delete=False) as handle:
            handle.write(json.dumps(known))
        try:
            os.replace(handle.name, path)
        except OSError:
            os.unlink(handle.name)
            raise


class Endings:
    """The endings this session saw, and the ledger of its data directory
    (looked at in ``places`` only when needed).

    Attributes:
        seen: uid to moves at its latest ending this session, the latest
            :data:`MAX_ENDINGS` deals, oldest first.
    """

    def __init__(self, places: Places) -> None:
        self._places = places
        self.seen: dict[str, int] = {}

    def note(self, uid: str, moves: int, *, lasting: bool) -> Text | None:
        """Remember an ending of deal ``uid`` at ``moves`` moves, also in the data
        directory when ``lasting`` (saved or resumed); a warning when the file
        could not be written, else None.
        """
        self.seen[uid] = max(moves, self.seen.pop(uid, 0))  # re-inserted last: the newest is kept longest
        while len(self.seen) > MAX_ENDINGS:
            del self.seen[next(iter(self.seen))]
        if not lasting:
            return None
        try:
            record(self._directory(), uid, self.seen[uid])
        except OSError as exc:
            return say("save.ending-not-recorded", path=ledger_path(self._directory()), error=exc.strerror or exc)
        return None

    def ended_at(self, uid: str) -> int | None:
        """The moves of deal ``uid`` at its latest known ending, or None."""
        if not uid:
            return None
        found = [n for n in (self.seen.get(uid), read(self._directory()).get(uid)) if n is not None]
        return max(found) if found else None

    def _directory(self) -> Path:
        return self._places.data_dir
