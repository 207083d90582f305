"""The host: :class:`Shell` builds the collaborators that do the work and gives
the front ends, the tests and ``ctx.shell`` one surface.

Each collaborator (registry, game table, sessions, dispatcher, persistence,
replayer, seeds, recorder, endings, problems) owns its state and receives
what it needs, the context objects of :mod:`cardshell.context` included;
none calls back into the shell.  No terminal I/O here.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pluggy

from cardshell import blame, hookcall, hookspecs, plugin_index
from cardshell.context import FrontEnd, Places
from cardshell.discovery import PluginFailure, PluginInfo, load_entry_points
from cardshell.dispatch import Dispatcher
from cardshell.endings import Endings
from cardshell.gametable import GameTable
from cardshell.persistence import Persistence
from cardshell.plugin_index import IndexedPlugin
from cardshell.problems import ProblemReporter
from cardshell.recording import Recorder, Sink
from cardshell.records import Command, Game
from cardshell.registry import Registry
from cardshell.render import Text, text_of
from cardshell.replay import Replayer
from cardshell.reply import Reply
from cardshell.ruleset import RuleSet
from cardshell.seeds import SeedSource
from cardshell.session import GameSession
from cardshell.sessions import Sessions
from cardshell.settings import Settings
from cardshell.views import ShellView

__all__ = ["Reply", "Shell"]


class Shell:
    """The composition root of the host's collaborators, each an attribute named
    as :class:`cardshell.host.Host` names it.

    Args:
        pm: the plugin manager, with an eager start's plugins registered.
        seed: the session seed (``--seed``) games without ``--seed`` draw
            theirs from; None: the operating system's randomness.
        interactive: a person types at a terminal (without ``front_end``).
        plugins: the plugins registered in ``pm``.
        failures: the plugins refused at import.
        data_dir: saves, statistics and history; None: :class:`~cardshell.context.Places`'s.
        autosave: save games on :meth:`close` for ``play GAME`` to resume;
            None: at a terminal only (a script never touches the player's saves).
        record: receives the accepted commands (``--record FILE``).
        tracebacks: print plugin failures' tracebacks; None: ``CARDSHELL_TRACEBACK``.
        deferred: the plugins to import on demand (the plugin index).
        front_end: the front end's settings; None: a plain one.
    """

    def __init__(
        self,
        pm: pluggy.PluginManager,
        *,
        seed: int | None = None,
        interactive: bool = False,
        plugins: list[PluginInfo] | None = None,
        failures: list[PluginFailure] | None = None,
        data_dir: str | os.PathLike[str] | None = None,
        autosave: bool | None = None,
        record: Sink | None = None,
        tracebacks: bool | None = None,
        deferred: list[IndexedPlugin] | None = None,
        front_end: FrontEnd | None = None,
    ) -> None:
        self.pm = pm
        #: The entry points chosen at start (``Shell.create``'s ``plugins`` and ``disabled``).
        self.front_end = front_end or FrontEnd(interactive=interactive)
        self.places = Places(data_dir)
        self.problems = ProblemReporter(pm, blame.tracebacks_wanted(tracebacks))
        self.registry = Registry(pm, self.problems, self, plugins=plugins or (), failures=failures or (),
                                 index=deferred, tracebacks=self.problems.tracebacks)
        self.table = GameTable()
        self.seeds = SeedSource(seed)
        self.recorder = Recorder(record)
        self.endings = Endings(self.places)
        self.persistence = Persistence(self.table, self.registry.games, self.places,
                                       autosave=self.front_end.interactive if autosave is None else autosave)
        self.lifecycle = Sessions(self.table, self.registry, self.problems, self.endings, self.persistence,
                                  self.places, self.front_end)
        self.view = ShellView(self)
        self.settings = Settings()
        self.dispatcher = Dispatcher(self.table, self.seeds, self.lifecycle, self.registry, self.problems,
                                     self.recorder, self.front_end, self.view, self.settings)
        self.replayer = Replayer(self.registry, self.dispatcher.host, self.lifecycle, self.problems, self.endings,
                                 self.places)

    # -- construction ----------------------------------------------------
    @classmethod
    def create(
        cls,
        plugins: Iterable[str] | None = None,
        *,
        seed: int | None = None,
        interactive: bool = False,
        disabled: Iterable[str] = (),
        extra_modules: Iterable[str] = (),
        data_dir: str | os.PathLike[str] | None = None,
        autosave: bool | None = None,
        record: Sink | None = None,
        tracebacks: bool | None = None,
        deferred: bool = False,
        front_end: FrontEnd | None = None,
    ) -> Shell:
        """A shell with the host's own commands and the installed plugins; broken
        plugins are listed in :attr:`failures`, never raised.

        ``plugins`` names the entry points or distributions to load (None: all,
        subject to ``CARDSHELL_LOAD_PLUGINS``), ``disabled`` those not to,
        ``extra_modules`` adds ``--plugin`` modules.  ``deferred`` imports plugins
        only when needed, from the plugin index (written now if not current),
        when none of those three is given and hooks are not traced; the other
        arguments are :class:`Shell`'s.
        """
        plugins = list(plugins) if plugins is not None else None
        disabled = tuple(disabled)
        pm = pluggy.PluginManager(hookspecs.PROJECT)
        pm.add_hookspecs(hookspecs)
        tracing = hookcall.trace_wanted()
        if tracing:
            hookcall.trace_calls(pm)
        indexable = deferred and plugins is None and not disabled and not extra_modules and not tracing
        options: dict[str, Any] = dict(seed=seed, interactive=interactive, data_dir=data_dir, autosave=autosave,
                                       record=record, tracebacks=tracebacks, front_end=front_end)
        if indexable:
            index = plugin_index.load()
            if index is not None:
                return cls(pm, deferred=index, **options)  # no selection: the default one
        loaded, failures = load_entry_points(pm, plugins, disabled, extra_modules,
                                             tracebacks=blame.tracebacks_wanted(tracebacks))
        shell = cls(pm, plugins=loaded, failures=failures, **options)
        shell.registry.selection = (plugins, disabled)
        if indexable:
            built = plugin_index.from_shell(shell)
            if built is not None:
                plugin_index.save(built)
        return shell

    # -- what the front ends, the tests and ctx.shell read ------------------
    def execute(self, line: str) -> Reply:
        """Run one input line: a :class:`~cardshell.reply.Reply`, never an exception
        for anything the user typed or a plugin did.
        """
        return self.dispatcher.execute(line)

    def execute_step(self, line: str) -> Reply:
        """:meth:`execute` for a step a reply asked the front end to play (``solve --play``'s moves,
        autoplay's): it never starts autoplay of its own."""
        return self.dispatcher.execute_step(line)

    def prompt_text(self) -> str:
        """The prompt for the next line (``cardshell> ``, ``aces-up> ``, a game's question)."""
        return text_of(self.lifecycle.prompt_text())

    def prompt(self) -> Text:
        """:meth:`prompt_text` as said: a host message keeps its id (a script's echo of its input)."""
        return self.lifecycle.prompt_text()

    def close(self) -> list[Text]:
        """End the session, saving every game in progress when autosave is on; runs once.

        Returns one line per game saved; the failures are in :attr:`save_failures`.
        """
        return self.persistence.close()

    @property
    def save_failures(self) -> list[Text]:
        """Why each save of this session failed; the front ends print them and exit 74."""
        return self.persistence.failures

    def abandon_command(self) -> None:
        """Put back what the running host or global command changed (the games, the
        seeds), for a front end ending the process inside it (:func:`cardshell.signals.give_up`),
        so the autosave saves the games as they were.
        """
        rollback, self.dispatcher.rollback = self.dispatcher.rollback, None
        if rollback is not None:
            rollback()

    @property
    def current(self) -> GameSession | None:
        """The game being played, if any."""
        return self.table.current

    @property
    def sessions(self) -> dict[str, GameSession]:
        """The games in progress by game id."""
        return self.table.sessions

    @property
    def games(self) -> Mapping[str, Game]:
        """Every registered game by id (a deferred game's plugin is imported when it is looked up)."""
        return self.registry.games

    @property
    def plugins(self) -> list[PluginInfo]:
        """The plugins that loaded (or will load on demand), the host's own first."""
        return self.registry.plugins

    @property
    def failures(self) -> list[PluginFailure]:
        """The plugins that were refused."""
        return self.registry.failures

    @property
    def notes(self) -> list[Text]:
        """Declarations accepted but not used as declared, one line each."""
        return self.registry.notes

    @property
    def exiting(self) -> bool:
        """Set by ``exit``: the front ends stop reading."""
        return self.dispatcher.exiting

    @property
    def data_dir(self) -> Path:
        """Where saves, statistics and history are kept."""
        return self.places.data_dir

    @property
    def interactive(self) -> bool:
        """Whether a person types at a terminal (the front end's)."""
        return self.front_end.interactive

    @interactive.setter
    def interactive(self, value: bool) -> None:
        self.front_end.interactive = value

    @property
    def scripted(self) -> bool:
        """Whether the lines are a script's (the front end's :attr:`~cardshell.context.FrontEnd.scripted`)."""
        return self.front_end.scripted

    @property
    def progress(self) -> Any:
        """The front end's progress runner for ``CommandContext.progress``, or None."""
        return self.front_end.progress

    @property
    def width(self) -> int:
        """The width menus and tables are laid out for, in characters."""
        return self.front_end.width

    def rules(self, game_id: str) -> RuleSet:
        """A game's rules as functions over states, for search."""
        return self.registry.rules(game_id)

    def game_commands(self, game_id: str) -> list[Command]:
        """The commands of a game, in registration order."""
        return [entry.command for entry in self.registry.commands(game_id)]
