"""The game table: the games of one shell, the current one, and snapshots of them.

A :class:`GameTable` owns the :class:`~cardshell.session.GameSession` of each
game id in progress, which one is current, the last game of each id that
ended (*finished*: ``play GAME`` deals again after it, ``new`` and
``restart`` at ``cardshell>`` act on the last one), and the uids of the
games that were retired here (finished, abandoned or replaced: a save of
one of them is never written back over a newer game).  Only a game that
was saved or resumed from a save (``save_name`` set) can have its uid in a
save file, so only those are remembered as retired: the table's memory
stays bounded by the saves, however many games a session deals.  A game's life as the
host tells it: *in progress* (in :attr:`GameTable.sessions`, no outcome),
*finished* (an outcome; in :attr:`GameTable.finished`), *abandoned* (left
with moves; kept loadable until exit by
:meth:`cardshell.persistence.Persistence.abandon`).  It takes a :class:`TableSnapshot`
before a host command and restores it when the command fails, so that a host
command is all or nothing (``play``, ``load``, ``undo`` ...).  It calls no
plugin and does no I/O.
"""

from __future__ import annotations

from typing import NamedTuple

from cardshell.session import GameSession, SessionBookmark


class TableSnapshot(NamedTuple):
    """A :class:`GameTable` as it was (see :meth:`GameTable.snapshot`).

    Attributes:
        sessions: the games in progress by id.
        current: the current game.
        finished: the last finished game per id.
        retired: the retired games' uids.
        bookmark: the current game's attributes.
        left: the game left last.
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
        sessions (dict[str, GameSession]): games in progress by game id.
        current (GameSession | None): the game being played, if any.
        finished (dict[str, GameSession]): per game id, its last game that
            ended (most recently ended last), until a new game of that id is
            put in place.
        retired (set[str]): uids of the games finished, abandoned or
            replaced in this shell that were saved or resumed from a save
            (:meth:`retire`).
        left (GameSession | None): the game left last (:meth:`leave`), in
            progress or not.
    """

    def __init__(self) -> None:
        self.sessions: dict[str, GameSession] = {}
        self.current: GameSession | None = None
        self.finished: dict[str, GameSession] = {}
        self.retired: set[str] = set()
        self.left: GameSession | None = None

    def install(self, session: GameSession) -> None:
        """Make a session the current game, replacing one of the same id.

        Args:
            session (GameSession): a new or rebuilt game.
        """
        previous = self.sessions.get(session.id)
        if previous is not None and previous is not session:
            self.retire(previous)
        if self.finished.get(session.id) is not session:
            self.finished.pop(session.id, None)
        self.sessions[session.id] = session
        self.current = session

    def ended(self, session: GameSession) -> None:
        """A game just reached an ending: it is the last finished game of its id.

        Args:
            session (GameSession): the game.
        """
        self.finished.pop(session.id, None)
        self.finished[session.id] = session

    def last_finished(self, game_id: str | None = None) -> GameSession | None:
        """The last game that ended (of ``game_id``, or of any game) and was
        not played on or replaced since, or None.  Of any game: None when the
        game left last is still in progress (Ctrl-D), so that ``new`` and
        ``restart`` at ``cardshell>`` never deal an older game than it."""
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
        """Leave the current game.

        Args:
            abandon (bool): True drops the game (``quit``); False keeps it in
                progress so ``play`` resumes it (Ctrl-D, switching games).

        Returns:
            GameSession | None: the game left, if there was one.
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
        """Remember that a game was finished, abandoned or replaced here, when
        a save file can hold it (it was saved or resumed from a save:
        ``save_name`` set; any other game's uid is in no file).

        Args:
            session (GameSession): the game.
        """
        if session.save_name is not None:
            self.retired.add(session.uid)

    def snapshot(self) -> TableSnapshot:
        """The table as it is now, for :meth:`restore`."""
        current = self.current
        return TableSnapshot(dict(self.sessions), current, dict(self.finished), frozenset(self.retired),
                             None if current is None else current.bookmark(), self.left)

    def restore(self, snapshot: TableSnapshot) -> None:
        """Put the table (and the then current game's attributes) back.

        Args:
            snapshot (TableSnapshot): taken from this table.
        """
        self.sessions.clear()
        self.sessions.update(snapshot.sessions)
        self.current = snapshot.current
        self.finished = dict(snapshot.finished)
        self.retired = set(snapshot.retired)
        self.left = snapshot.left
        if snapshot.current is not None and snapshot.bookmark is not None:
            snapshot.current.restore(snapshot.bookmark)
