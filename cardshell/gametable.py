"""The game table: the games of one shell, the current one, and snapshots of them.

A :class:`GameTable` owns the :class:`~cardshell.session.GameSession` of each
game id in progress, the current one, the last finished game of each id
(``play GAME`` deals again after it; ``new`` and ``restart`` at
``cardshell>`` act on it) and the uids of retired games (finished,
abandoned or replaced), so a save of one is never written over a newer
game; only games with a ``save_name`` are remembered, which bounds the
memory by the saves.  Its :class:`TableSnapshot` makes a host command all
or nothing.  It calls no plugin and does no I/O.
"""

from __future__ import annotations

from typing import NamedTuple

from cardshell.session import GameSession, SessionBookmark


class TableSnapshot(NamedTuple):
    """A :class:`GameTable` as it was (:meth:`GameTable.snapshot`): its
    attributes, and the current game's (``bookmark``).
    """

    sessions: dict[str, GameSession]
    current: GameSession | None
    finished: dict[str, GameSession]
    retired: frozenset[str]
    bookmark: SessionBookmark | None
    left: GameSession | None = None


class GameTable:
    """The games in progress of one shell.

    Attributes:
        sessions: games in progress by game id.
        current: the game being played, if any.
        finished: per game id, its last game that ended (most recent last),
            until a new game of that id is put in place.
        retired: uids of the saved or resumed games finished, abandoned or
            replaced in this shell (:meth:`retire`).
        left: the game left last (:meth:`leave`), in progress or not.
    """

    def __init__(self) -> None:
        self.sessions: dict[str, GameSession] = {}
        self.current: GameSession | None = None
        self.finished: dict[str, GameSession] = {}
        self.retired: set[str] = set()
        self.left: GameSession | None = None

    def install(self, session: GameSession) -> None:
        """Make a session the current game, replacing one of the same id."""
        previous = self.sessions.get(session.id)
        if previous is not None and previous is not session:
            self.retire(previous)
        if self.finished.get(session.id) is not session:
            self.finished.pop(session.id, None)
        self.sessions[session.id] = session
        self.current = session

    def ended(self, session: GameSession) -> None:
        """A game just reached an ending: it is the last finished game of its id."""
        self.finished.pop(session.id, None)
        self.finished[session.id] = session

    def last_finished(self, game_id: str | None = None) -> GameSession | None:
        """The last game that ended (of ``game_id``, or of any) and was not played on
        or replaced since, or None; of any game, None when the game left last is
        still in progress, so ``new`` at ``cardshell>`` never deals an older game.
        """
        left = self.left
        if game_id is None and left is not None and left.outcome is None and self.sessions.get(left.id) is left:
            return None
        for session in reversed(self.finished.values()):
            if session.outcome is not None and (game_id is None or session.id == game_id):
                return session
        return None

    def in_progress(self) -> list[str]:
        """The ids of the games in progress (no outcome yet), sorted: at
        ``cardshell>``, the games left with Ctrl-D that ``play GAME`` resumes."""
        return sorted(gid for gid, session in self.sessions.items() if session.outcome is None)

    def leave(self, abandon: bool) -> GameSession | None:
        """Leave the current game and return it, if any: ``abandon`` drops it
        (``quit``), else it stays in progress for ``play`` to resume.
        """
        session, self.current = self.current, None
        if session is not None:
            self.left = session
        if session is not None and session.outcome is not None:
            self.ended(session)  # the last one left is the one 'new' acts on
        if session is not None and abandon:
            self.sessions.pop(session.id, None)
            self.retire(session)
        return session

    def retire(self, session: GameSession) -> None:
        """Remember a game finished, abandoned or replaced here, when a save file can
        hold it (``save_name`` set).
        """
        if session.save_name is not None:
            self.retired.add(session.uid)

    def snapshot(self) -> TableSnapshot:
        """The table as it is now, for :meth:`restore`."""
        current = self.current
        return TableSnapshot(dict(self.sessions), current, dict(self.finished), frozenset(self.retired),
                             None if current is None else current.bookmark(), self.left)

    def restore(self, snapshot: TableSnapshot) -> None:
        """Put the table, and the then current game's attributes, back."""
        self.sessions.clear()
        self.sessions.update(snapshot.sessions)
        self.current = snapshot.current
        self.finished = dict(snapshot.finished)
        self.retired = set(snapshot.retired)
        self.left = snapshot.left
        if snapshot.current is not None and snapshot.bookmark is not None:
            snapshot.current.restore(snapshot.bookmark)
