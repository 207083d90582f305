"""The game table: the games of one shell, the current one, and snapshots of them.

A :class:`GameTable` owns the :class:`~cardshell.session.GameSession` of each
game id in progress, which one is current, and the uids of the games that
were retired here (finished, abandoned or replaced: a save of one of them is
never written back over a newer game).  It takes a :class:`TableSnapshot`
before a host command and restores it when the command fails, so that a host
command is all or nothing (``play``, ``load``, ``undo`` ...).  It calls no
plugin and does no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardshell.session import GameSession, SessionBookmark


@dataclass(frozen=True)
class TableSnapshot:
    """A :class:`GameTable` as it was (see :meth:`GameTable.snapshot`).

    Attributes:
        sessions (dict[str, GameSession]): the games in progress by id.
        current (GameSession | None): the current game.
        retired (frozenset[str]): the retired games' uids.
        bookmark (SessionBookmark | None): the current game's attributes.
    """

    sessions: dict[str, GameSession]
    current: GameSession | None
    retired: frozenset[str]
    bookmark: SessionBookmark | None


class GameTable:
    """The games in progress of one shell.

    Attributes:
        sessions (dict[str, GameSession]): games in progress by game id.
        current (GameSession | None): the game being played, if any.
        retired (set[str]): uids of the games finished, abandoned or
            replaced in this shell.
    """

    def __init__(self) -> None:
        self.sessions: dict[str, GameSession] = {}
        self.current: GameSession | None = None
        self.retired: set[str] = set()

    def install(self, session: GameSession) -> None:
        """Make a session the current game, replacing one of the same id.

        Args:
            session (GameSession): a new or rebuilt game.
        """
        previous = self.sessions.get(session.id)
        if previous is not None and previous is not session:
            self.retired.add(previous.uid)
        self.sessions[session.id] = session
        self.current = session

    def leave(self, abandon: bool) -> GameSession | None:
        """Leave the current game.

        Args:
            abandon (bool): True drops the game (``quit``); False keeps it in
                progress so ``play`` resumes it (Ctrl-D, switching games).

        Returns:
            GameSession | None: the game left, if there was one.
        """
        session, self.current = self.current, None
        if session is not None and abandon:
            self.sessions.pop(session.id, None)
            self.retired.add(session.uid)
        return session

    def snapshot(self) -> TableSnapshot:
        """The table as it is now, for :meth:`restore`."""
        current = self.current
        return TableSnapshot(dict(self.sessions), current, frozenset(self.retired),
                             None if current is None else current.bookmark())

    def restore(self, snapshot: TableSnapshot) -> None:
        """Put the table (and the then current game's attributes) back.

        Args:
            snapshot (TableSnapshot): taken from this table.
        """
        self.sessions.clear()
        self.sessions.update(snapshot.sessions)
        self.current = snapshot.current
        self.retired = set(snapshot.retired)
        if snapshot.current is not None and snapshot.bookmark is not None:
            snapshot.current.restore(snapshot.bookmark)
