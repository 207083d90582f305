"""The host: :class:`Shell` builds the collaborators that do the work and
gives the front ends, the tests and ``ctx.shell`` one surface.

The collaborators, each owning its state:

* :class:`~cardshell.registry.Registry`: the plugins (imported on demand),
  their games and commands, the lifecycle and display hooks;
* :class:`~cardshell.gametable.GameTable`: the games in progress, the
  current one, the games retired here;
* :class:`~cardshell.sessions.Sessions`: starting, showing and ending games;
* :class:`~cardshell.dispatch.Dispatcher`: one input line to one
  :class:`~cardshell.reply.Reply`;
* :class:`~cardshell.persistence.Persistence` and
  :class:`~cardshell.replay.Replayer`: saving games and rebuilding them;
* :class:`~cardshell.seeds.SeedSource`, :class:`~cardshell.recording.Recorder`,
  :class:`~cardshell.endings.Endings`, :class:`~cardshell.problems.ProblemReporter`.

Each is handed, when it is made, the others and the context objects
(:class:`~cardshell.context.Places`, :class:`~cardshell.context.FrontEnd`)
it needs; none calls back into the shell.  The default plugins see the
shell as a :class:`cardshell.host.Host` (these collaborators, by name),
third-party plugins as a :class:`cardshell.views.ShellView`.  No terminal
I/O happens here.
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
from cardshell.replay import Replayer
from cardshell.reply import Reply
from cardshell.ruleset import RuleSet
from cardshell.seeds import SeedSource
from cardshell.session import GameSession
from cardshell.sessions import Sessions
from cardshell.views import ShellView

__all__ = ["Reply", "Shell"]


class Shell:
    """The composition root of the host's collaborators (see the module's
    docstring), each an attribute under the name :class:`cardshell.host.Host` gives it.

    Args:
        pm: the plugin manager, with the plugins of an eager start
            registered (see :meth:`create`).
        seed: the session seed (``cardshell --seed``): games started
            without ``--seed`` draw their seed from a generator seeded with
            it, so a whole script replays exactly.  None draws seeds from
            the operating system.
        interactive: a person types at a terminal (when no ``front_end`` is given).
        plugins: the plugins registered in ``pm``.
        failures: the plugins refused at import.
        data_dir: the data directory (saves, statistics, history); None:
            :class:`~cardshell.context.Places`'s.
        autosave: save games in progress on :meth:`close`, offer them in
            ``games`` and resume them with ``play GAME``.  None: on for an
            interactive shell, off for scripts (a piped script's output
            never depends on what was saved before, and a script never
            overwrites the player's saves).
        record: a stream receiving the session's accepted commands
            (``cardshell --record FILE``).
        tracebacks: print the traceback of every plugin failure on standard
            error (``cardshell --traceback``); None follows ``CARDSHELL_TRACEBACK``.
        deferred: the plugins to import on demand (the plugin index); none
            of them is registered in ``pm``.
        front_end: the front end's settings; None: a plain one, interactive
            as ``interactive`` says.
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
        self.dispatcher = Dispatcher(self.table, self.seeds, self.lifecycle, self.registry, self.problems,
                                     self.recorder, self.front_end, self.view)
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
        """A shell with the host's own commands and the installed plugins.

        Args:
            plugins: plugin names (entry point or distribution names) to
                load, or None for all installed ones (subject to
                ``CARDSHELL_LOAD_PLUGINS``).
            disabled: plugin names not to load.
            extra_modules: module names (or ``.py`` paths) to load as
                plugins for this session only (``--plugin``).
            deferred: import the installed plugins (and the host's default
                plugins) only when something needs them, from the plugin
                index in the cache directory (:mod:`cardshell.plugin_index`);
                used only when ``plugins``, ``disabled`` and
                ``extra_modules`` are not given and hooks are not traced.
                Without a current index, every plugin is imported and the
                index written for the next start.
            seed, interactive, data_dir, autosave, record, tracebacks,
                front_end: see :class:`Shell`.

        Returns:
            Shell: ready to :meth:`execute` lines.  Broken plugins are listed
            in :attr:`failures`, never raised.  With ``CARDSHELL_TRACE_PLUGINS``
            set, every hook call is traced on standard error
            (:func:`cardshell.hookcall.trace_calls`).
        """
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
                return cls(pm, deferred=index, **options)
        loaded, failures = load_entry_points(pm, plugins, disabled, extra_modules,
                                             tracebacks=blame.tracebacks_wanted(tracebacks))
        shell = cls(pm, plugins=loaded, failures=failures, **options)
        if indexable:
            built = plugin_index.from_shell(shell)
            if built is not None:
                plugin_index.save(built)
        return shell

    # -- what the front ends, the tests and ctx.shell read ------------------
    def execute(self, line: str) -> Reply:
        """Run one input line (:meth:`Dispatcher.execute <cardshell.dispatch.Dispatcher.execute>`):
        a :class:`~cardshell.reply.Reply`, never an exception for anything
        the user typed or a plugin did."""
        return self.dispatcher.execute(line)

    def prompt_text(self) -> str:
        """The prompt for the next line (``cardshell> ``, ``aces-up> ``, a game's question)."""
        return self.lifecycle.prompt_text()

    def close(self) -> list[str]:
        """End the session: with autosave on, save every game in progress;
        runs once (:meth:`Persistence.close <cardshell.persistence.Persistence.close>`).

        Returns:
            list[str]: one line per game saved, for standard output; the
            games that could not be saved are in :attr:`save_failures`.
        """
        return self.persistence.close()

    @property
    def save_failures(self) -> list[str]:
        """Why each save that could not be written failed, in this session
        (:attr:`Persistence.failures <cardshell.persistence.Persistence.failures>`):
        the front ends print them on standard error and exit 74."""
        return self.persistence.failures

    def abandon_command(self) -> None:
        """Put back what the host or global command running now changed so
        far (the games on the table, the seeds), as if it failed: for a
        front end that ends the process inside it, so that the autosave
        saves the games as they were before it (:func:`cardshell.signals.give_up`)."""
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
    def notes(self) -> list[str]:
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
    def progress(self) -> Any:
        """The front end's progress runner for ``CommandContext.progress``, or None."""
        return self.front_end.progress

    @property
    def width(self) -> int:
        """The width menus and tables are laid out for, in characters."""
        return self.front_end.width

    def rules(self, game_id: str) -> RuleSet:
        """A game's rules as functions over states, for search (:meth:`Registry.rules
        <cardshell.registry.Registry.rules>`)."""
        return self.registry.rules(game_id)

    def game_commands(self, game_id: str) -> list[Command]:
        """The commands of a game, in registration order."""
        return [entry.command for entry in self.registry.commands(game_id)]
