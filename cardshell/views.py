"""Read-only views of the host, for plugin code.

Lifecycle hooks receive a :class:`SessionView` and command handlers a
:class:`ShellView` (``ctx.shell``): everything a plugin may read, nothing
through which it could change a game it is not running a command of.  A
contract-1 game's state is handed out as a deep copy, made when read; an
immutable state as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

from cardshell.records import Game, Outcome
from cardshell.statekind import given_state

if TYPE_CHECKING:  # pragma: no cover
    from cardshell.session import GameSession


def exposed_state(game: Game, state: Any) -> Any:
    """A game's state as another plugin's code may read it (a hook's
    ``session.state``, ``cardshell_render``'s ``state``): itself when immutable,
    else a deep copy (the game's own functions get theirs from :mod:`cardshell.contract1`).
    """
    return given_state(game, state)


class ViewedShell(Protocol):
    """What a :class:`ShellView` reads of the shell (this module never imports the shell)."""

    @property
    def games(self) -> Mapping[str, Game]:
        """Every registered game by id."""

    @property
    def current(self) -> GameSession | None:
        """The game being played."""

    @property
    def sessions(self) -> Mapping[str, GameSession]:
        """The games in progress by id."""

    @property
    def data_dir(self) -> Path:
        """The data directory."""

    @property
    def interactive(self) -> bool:
        """Whether a person types at a terminal."""

    @property
    def scripted(self) -> bool:
        """Whether the lines are a script's."""

    @property
    def progress(self) -> Any:
        """The front end's progress bar runner, or None."""

    @property
    def width(self) -> int:
        """The width text is fitted to, in characters."""


class SessionView:
    """A game in progress, read-only: ``session`` of the lifecycle hooks
    (:mod:`cardshell.hookspecs`); setting an attribute raises ``AttributeError``.

    Attributes:
        game: the game's record.
        id: the game's id.
        seed: the deal's seed.
        options: the ``play`` options (read-only).
        state: the current state (a copy for mutable-state games).
        log: the accepted moves so far, as typed.
        moves: ``len(log)``.
        outcome: how the game ended, None while in play.
        elapsed: seconds played so far.
        undo_used: whether undo was used in this game.
        uid: the unique id of this deal, kept across saves.
        data_dir: the shell's data directory.
        save_name: the save it was resumed from, if any.
        assisted: whether ``hint`` or ``solve`` answered in this game.
        interactive: played at a terminal (False: by a script).
    """

    __slots__ = ("_session",)
    _session: GameSession

    def __init__(self, session: GameSession) -> None:
        object.__setattr__(self, "_session", session)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a game session is read-only for plugins (cannot set {name!r})")

    @property
    def game(self) -> Game:
        return self._session.game

    @property
    def id(self) -> str:
        return self._session.game.id

    @property
    def seed(self) -> int:
        return self._session.seed

    @property
    def options(self) -> Mapping[str, Any]:
        return MappingProxyType(dict(self._session.options))

    @property
    def state(self) -> Any:
        session = self._session
        return exposed_state(session.game, session.state)

    @property
    def log(self) -> tuple[str, ...]:
        return tuple(self._session.log)

    @property
    def moves(self) -> int:
        return self._session.moves

    @property
    def outcome(self) -> Outcome | None:
        return self._session.outcome

    @property
    def elapsed(self) -> float:
        return self._session.elapsed

    @property
    def undo_used(self) -> bool:
        return self._session.undo_used

    @property
    def uid(self) -> str:
        return self._session.uid

    @property
    def data_dir(self) -> Path | None:
        return self._session.data_dir

    @property
    def save_name(self) -> str | None:
        return self._session.save_name

    @property
    def assisted(self) -> bool:
        return self._session.assisted

    @property
    def interactive(self) -> bool:
        return self._session.interactive

    def __repr__(self) -> str:
        return f"<SessionView {self.id} seed {self.seed}, {self.moves} moves>"


class ShellView:
    """The shell, read-only, as ``ctx.shell`` gives it to command handlers;
    setting an attribute raises ``AttributeError``.

    Attributes:
        games: every registered game by id.
        current: the game being played.
        sessions: the games in progress by id.
        data_dir: the data directory (saves, statistics).
        interactive: whether a person types at a terminal.
        scripted: whether the lines are a script's (a file, or standard
            input that is no terminal); False at a terminal and for one
            command given on cardshell's command line (``cardshell stats``).
            What a script prints should not depend on earlier play.
        width: the width in characters a printed table should fit (the
            terminal's; 80 in scripts unless ``COLUMNS`` says otherwise).
        progress: the front end's progress bar runner, or None
            (:meth:`CommandContext.progress` uses it).
    """

    __slots__ = ("_shell",)
    _shell: ViewedShell

    def __init__(self, shell: ViewedShell) -> None:
        object.__setattr__(self, "_shell", shell)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"the shell is read-only for plugins (cannot set {name!r})")

    @property
    def games(self) -> Mapping[str, Game]:
        return MappingProxyType(self._shell.games)

    @property
    def current(self) -> SessionView | None:
        session = self._shell.current
        return None if session is None else SessionView(session)

    @property
    def sessions(self) -> Mapping[str, SessionView]:
        return MappingProxyType({gid: SessionView(s) for gid, s in self._shell.sessions.items()})

    @property
    def data_dir(self) -> Path:
        return self._shell.data_dir

    @property
    def interactive(self) -> bool:
        return self._shell.interactive

    @property
    def scripted(self) -> bool:
        return self._shell.scripted

    @property
    def width(self) -> int:
        return self._shell.width

    @property
    def progress(self) -> Any:
        return self._shell.progress


def playing(view: ShellView, session: GameSession) -> ShellView:
    """The shell ``view`` shows, seen while ``session`` is the game a line
    is played in though it is not installed (a game being rebuilt from its
    save, :class:`cardshell.replay.Replayer`): its ``current`` is that game,
    everything else is ``view``'s."""
    return ShellView(_Playing(view._shell, session))


class _Playing:
    """A :class:`ViewedShell` whose current game is another (:func:`playing`)."""

    __slots__ = ("_shell", "current")

    def __init__(self, shell: ViewedShell, session: GameSession) -> None:
        self._shell = shell
        self.current = session

    @property
    def games(self) -> Mapping[str, Game]:
        return self._shell.games

    @property
    def sessions(self) -> Mapping[str, GameSession]:
        return self._shell.sessions

    @property
    def data_dir(self) -> Path:
        return self._shell.data_dir

    @property
    def interactive(self) -> bool:
        return self._shell.interactive

    @property
    def scripted(self) -> bool:
        return self._shell.scripted

    @property
    def width(self) -> int:
        return self._shell.width

    @property
    def progress(self) -> Any:
        return self._shell.progress
