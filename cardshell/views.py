"""Read-only views of the host, for plugin code.

Lifecycle hooks receive a :class:`SessionView` (not the host's own
:class:`~cardshell.session.GameSession`) and command handlers receive a
:class:`ShellView` as ``ctx.shell``: everything a plugin may read (the game,
seed, options, state, moves so far, outcome, data directory, the registered
games), and nothing through which it could change a game it is not running a
command of.  The state of a game with mutable states (contract 1) is handed
out as a deep copy, made only when a plugin reads it; an immutable state is
handed out as it is.
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
    ``session.state``, the ``cardshell_render`` hook's ``state``).

    Args:
        game (Game): the state's game.
        state (Any): the host's own state object.

    Returns:
        Any: ``state`` for contract 2 (an immutable value), a deep copy for
        contract 1 (a mutable state: a plugin changing it changes nothing
        of the game; the game's own functions get their copies from
        :mod:`cardshell.contract1`).
    """
    return given_state(game, state)


class ViewedShell(Protocol):
    """What a :class:`ShellView` reads of the shell (the shell provides it;
    this module never imports the shell)."""

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
    def progress(self) -> Any:
        """The front end's progress bar runner, or None."""

    @property
    def width(self) -> int:
        """The width, in characters, text is fitted to."""


class SessionView:
    """A game in progress, read-only: what lifecycle hooks receive as
    ``session`` (:mod:`cardshell.hookspecs`).  Setting any attribute raises
    ``AttributeError``.

    Attributes:
        game (Game): the game's record.
        id (str): the game's id.
        seed (int): the deal's seed.
        options (Mapping[str, Any]): the ``play`` options (read-only).
        state (Any): the current state (a copy for mutable-state games).
        log (tuple[str, ...]): the accepted moves so far, as typed.
        moves (int): how many moves were made (``len(log)``).
        outcome (Outcome | None): how the game ended, None while in play.
        elapsed (float): seconds played so far.
        undo_used (bool): whether undo was used in this game.
        uid (str): the unique id of this deal, kept across saves.
        data_dir (Path | None): the shell's data directory.
        save_name (str | None): the save it was resumed from, if any.
        assisted (bool): whether ``hint`` or ``solve`` answered in this game.
        interactive (bool): whether it is played at a terminal (False: by a
            script).
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
    """The shell, read-only, as ``ctx.shell`` gives it to command handlers
    (:class:`~cardshell.records.CommandContext`).  Setting any attribute
    raises ``AttributeError``.

    Attributes:
        games (Mapping[str, Game]): every registered game by id.
        current (SessionView | None): the game being played.
        sessions (Mapping[str, SessionView]): the games in progress by id.
        data_dir (Path): the data directory (saves, statistics).
        interactive (bool): whether a person types at a terminal.
        width (int): the width, in characters, the host fits text to (the
            terminal's; 80 in scripts unless ``COLUMNS`` says otherwise):
            a table a command prints should fit it (:mod:`cardshell.screen`).
        progress (Any): the front end's progress bar runner, or None (used
            by :meth:`CommandContext.progress`).
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
    def width(self) -> int:
        return self._shell.width

    @property
    def progress(self) -> Any:
        return self._shell.progress
