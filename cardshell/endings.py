"""The deals that reached an ending, so that a save never replays one.

A save holds a deal's uid and its moves.  Once that deal is played on to an
ending (a win, a loss, a round settled), an older save of it would let a
game without undo be played again from before the ending (issue 27 item 3:
save, quit, ``play blackjack`` brought back the hand before the stay), and
statistics would count the deal twice.  This module keeps, per uid, the
number of moves the deal had at its latest ending:

* in memory for the session (:class:`Endings`), whatever the game: the
  latest :data:`MAX_ENDINGS` of them (the oldest are dropped first, so an
  endless script's memory stays flat);
* in the data directory (``saves/.endings.json``, a JSON object ``{uid:
  moves}``) for a deal that was saved or resumed from a save, the only
  deals of which another, older copy can exist on disk.  The file is
  written atomically (``tempfile`` then ``os.replace``) under the saves
  directory's lock (:func:`cardshell.saves.locked`) and holds at most
  :data:`MAX_ENDINGS` uids (the oldest are dropped first).

The rule that uses it is :meth:`cardshell.replay.Replayer.rebuild`: a
save of a deal whose recorded ending lies after the save's last move is
refused for a game without undo, and resumed without counting that ending
again for a game with undo.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from cardshell import saves
from cardshell.context import Places
from cardshell.messages import say

#: The ledger file's name inside the saves directory (a dot name: never listed as a save).
FILENAME = ".endings.json"
#: At most this many deals are remembered in the file (about 50 bytes each),
#: and in a session's memory.
MAX_ENDINGS = 5000


def ledger_path(data_dir: Path) -> Path:
    """The ledger file of a data directory (``DATA_DIR/saves/.endings.json``)."""
    return saves.saves_dir(data_dir) / FILENAME


def read(data_dir: Path) -> dict[str, int]:
    """The recorded endings, by uid (moves at the latest ending).

    Args:
        data_dir (Path): the data directory.

    Returns:
        dict[str, int]: oldest first; empty when the file is missing,
        unreadable or damaged (never raises: the ledger is a safeguard,
        not a save).
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
    """Record that deal ``uid`` reached an ending after ``moves`` moves.

    Args:
        data_dir (Path): the data directory (the saves directory is created).
        uid (str): the deal's uid (:attr:`cardshell.session.GameSession.uid`).
        moves (int): its moves at the ending.

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
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, prefix=".endings.",
                                         suffix=".tmp", delete=False) as handle:
            handle.write(json.dumps(known))
        try:
            os.replace(handle.name, path)
        except OSError:
            os.unlink(handle.name)
            raise


class Endings:
    """The endings this session saw, and the ledger of its data directory.

    Args:
        places (Places): the shell's directories (the data directory is
            looked at only when the file is needed).

    Attributes:
        seen (dict[str, int]): uid -> moves at its latest ending, this
            session: the latest :data:`MAX_ENDINGS` deals, oldest first.
    """

    def __init__(self, places: Places) -> None:
        self._places = places
        self.seen: dict[str, int] = {}

    def note(self, uid: str, moves: int, *, lasting: bool) -> str | None:
        """Remember an ending of deal ``uid`` at ``moves`` moves.

        Args:
            uid (str): the deal's uid.
            moves (int): its moves at the ending.
            lasting (bool): also write it to the data directory (the deal
                was saved or resumed from a save).

        Returns:
            str | None: a warning to show when the file could not be
            written, else None.
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
