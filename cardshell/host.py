"""The host interface: what the host's default plugins may use of the shell.

The default plugins (:data:`cardshell.defaults.DEFAULT_PLUGINS`: ``help``,
``play``, ``undo``, ``save``, ``hint``, ``winnability`` ...) are built with
the shell they act on, typed as :class:`Host`, never as the concrete
:class:`cardshell.shell.Shell`: this protocol is the whole of what they may
read and call, so the shell's inside can change without them, and the type
checker refuses a default plugin that reaches past it.  No default plugin
module imports :mod:`cardshell.shell` (tests/test_host_interface.py).

Third-party plugins see the smaller, read-only
:class:`cardshell.views.ShellView` (``ctx.shell``), not this.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # pragma: no cover - annotations only; every name below is a lower layer than the shell
    import pluggy

    from cardshell.discovery import PluginFailure, PluginInfo
    from cardshell.endings import Endings
    from cardshell.lazy import DeferredPlugins
    from cardshell.persistence import Persistence, SaveResult
    from cardshell.recording import Recorder
    from cardshell.records import Command, Game, Outcome
    from cardshell.registry import Registry, Scope
    from cardshell.ruleset import RuleSet
    from cardshell.session import GameSession


class Host(Protocol):
    """The shell as the default plugins see it.

    Attributes:
        pm (pluggy.PluginManager): the plugin manager (a game's plugin
            module, for its rules page and code fingerprint).
        current (GameSession | None): the game being played.
        exiting (bool): set by ``exit``: the front ends stop reading.
        autosave (bool): whether games are saved automatically.
        record_as (str | None): set by a command while it runs to record
            its line in another form ("" records nothing).
        recorder (Recorder): the session's accepted lines (``history``).
        confirm (Callable[[str], bool] | None): asks the person a yes/no
            question at a terminal; None in scripts.
        working (Callable[[str], AbstractContextManager[Any]] | None): at a
            terminal, ``working(label)`` is a ``with`` block showing that
            work of unknown length runs (:func:`cardshell.statusline.spinner`);
            None in scripts.
        clear_screen (Callable[[], None] | None): clears the terminal;
            None in scripts.
        failures (list[PluginFailure]): the refused plugins.
        notes (list[str]): declarations accepted but not used as declared.
        deferred (DeferredPlugins | None): plugins not imported yet.
        endings (Endings): the deals that reached an ending (no save replays one).
    """

    pm: pluggy.PluginManager
    current: GameSession | None
    exiting: bool
    autosave: bool
    record_as: str | None
    recorder: Recorder
    confirm: Callable[[str], bool] | None
    working: Callable[[str], AbstractContextManager[Any]] | None
    clear_screen: Callable[[], None] | None
    failures: list[PluginFailure]
    notes: list[str]
    deferred: DeferredPlugins | None
    endings: Endings

    # -- games and commands ------------------------------------------------
    @property
    def sessions(self) -> dict[str, GameSession]:
        """The games in progress by id."""

    @property
    def finished(self) -> dict[str, GameSession]:
        """The last finished game per id, most recent last."""

    def last_finished(self, game_id: str | None = None) -> GameSession | None:
        """The last game that ended (of ``game_id``, or any) and was not played on since."""

    @property
    def games(self) -> Mapping[str, Game]:
        """Every registered game by id."""

    @property
    def registry(self) -> Registry:
        """The games and commands, by scope."""

    @property
    def plugins(self) -> list[PluginInfo]:
        """The loaded plugins, the host's own first."""

    @property
    def data_dir(self) -> Path:
        """Where saves, statistics and tables are kept."""

    @property
    def width(self) -> int:
        """The width menus and tables are laid out for, in characters."""

    @property
    def fit_width(self) -> int | None:
        """The width every reply is fitted to, or None (no screen)."""

    @property
    def persistence(self) -> Persistence:
        """The saves of this session."""

    def game_listing(self) -> Mapping[str, Any]:
        """Game id to an object with ``title`` and ``summary`` (imports no plugin)."""

    def game_commands(self, game_id: str) -> list[Command]:
        """A game's commands, in registration order."""

    def game_page(self, game_id: str) -> str:
        """``help GAME``: the game's rules page, commands and options."""

    def rules(self, game_id: str) -> RuleSet:
        """A game's rules as functions over states, for search."""

    def scope(self) -> Scope:
        """The command scope of the current game, or the global scope."""

    def need_globals(self) -> bool:
        """Import the deferred plugins with global commands; whether any was."""

    def did_you_mean(self, word: str) -> str | None:
        """The command word closest to a mistyped one, or None."""

    def host_word(self, word: str) -> str:
        """``%word`` where the current game shadows the shell's ``word``, else ``word``."""

    # -- games in play -----------------------------------------------------
    def next_seed(self) -> int:
        """A seed for a game started without ``--seed``."""

    def start(self, game: Game, seed: int, options: dict[str, Any], warnings: list[str]) -> GameSession:
        """Start a new game (not yet the current one)."""

    def install(self, session: GameSession) -> None:
        """Make a game the current one."""

    def leave(self, abandon: bool) -> GameSession | None:
        """Leave the current game; the game left, if any."""

    def render(self, session: GameSession, warnings: list[str] | None = None) -> str:
        """The text of a game's current state."""

    def check_outcome(self, session: GameSession, warnings: list[str], *, announce: bool = True,
                      undoing: bool = False) -> Outcome | None:
        """Fire the game-over hook if the game's outcome just appeared."""

    def announce_ending(self, session: GameSession, before: Outcome | None) -> str:
        """The lines saying the game just ended, or ""."""

    def save(self, session: GameSession, name: str) -> SaveResult:
        """Save a game under a name."""
