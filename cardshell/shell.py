"""The host: a shell that owns its collaborators, shared by both front ends.

:class:`Shell` builds the plugin manager, the host's default plugins
(:data:`cardshell.defaults.DEFAULT_PLUGINS`, registered like any plugin)
and the registry of games and commands, and owns the objects that do the
work, each with its own state:

* :class:`~cardshell.gametable.GameTable`: the games in progress, the
  current one, the games retired here; snapshot and restore;
* :class:`~cardshell.seeds.SeedSource`: the seeds of games started
  without ``--seed``;
* :class:`~cardshell.sessions.Sessions`: starting, showing and ending
  games (the lifecycle and display hooks);
* :class:`~cardshell.dispatch.Dispatcher`: one input line to one
  :class:`~cardshell.reply.Reply` (resolve, parse, validate, run, commit
  or roll back);
* :class:`~cardshell.replay.Replayer` and
  :class:`~cardshell.persistence.Persistence`: rebuilding and saving games.

The default plugins see the shell through :class:`cardshell.host.Host`,
plugins through :class:`cardshell.views.ShellView`.  It does no terminal I/O.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pluggy

from cardshell import blame, gamepage, hookcall, hookspecs, plugin_index
from cardshell.context import FrontEnd, Places
from cardshell.discovery import PluginFailure, PluginInfo, load_entry_points
from cardshell.dispatch import Dispatcher
from cardshell.endings import Endings
from cardshell.gametable import GameTable
from cardshell.persistence import Persistence, SaveResult
from cardshell.plugin_index import IndexedPlugin
from cardshell.problems import ProblemReporter
from cardshell.recording import Recorder, Sink
from cardshell.records import Command, Game, Outcome
from cardshell.registry import Entry, Registry, Scope
from cardshell.replay import Replayer
from cardshell.reply import Reply
from cardshell.ruleset import RuleSet
from cardshell.seeds import MAX_SEED, SeedSource
from cardshell.session import GameSession
from cardshell.sessions import Sessions
from cardshell.views import ShellView

__all__ = ["MAX_SEED", "Reply", "SaveResult", "Shell"]


class Shell:
    """The host: the composition root of its collaborators, and the surface
    the front ends, the tests and ``ctx.shell`` (:class:`~cardshell.views.ShellView`) read.

    Each collaborator owns its state and is handed, when it is made, the
    others and the context objects (:class:`~cardshell.context.Places`,
    :class:`~cardshell.context.FrontEnd`) it needs; none calls back into
    the shell.  The default plugins see the shell as a
    :class:`cardshell.host.Host`: these collaborators, by name.

    Args:
        pm (pluggy.PluginManager): plugins already registered (see
            :meth:`create`).
        seed (int | None): the session seed (``cardshell --seed``): games
            started without ``--seed`` draw their seed from a generator
            seeded with it, so a whole script replays exactly.  None draws
            seeds from the operating system.
        interactive (bool): a person types at a terminal (when no
            ``front_end`` is given).
        plugins (list[PluginInfo]): the plugins registered in ``pm``.
        failures (list[PluginFailure]): the plugins refused at import.
        data_dir (str | PathLike | None): the data directory (saves,
            statistics, history); None: :class:`~cardshell.context.Places`'s default.
        autosave (bool | None): save games in progress on :meth:`close`,
            offer them in ``games`` and resume them with ``play GAME``.
            None means: on for an interactive shell, off for scripts (so
            that a piped script's output never depends on what was saved
            before, and a script never overwrites the player's saves).
        record (Sink | None): a stream receiving the recording of the
            session's accepted commands (``cardshell --record FILE``: a
            :class:`cardshell.recording.RecordFile`; any text stream will do).
        tracebacks (bool | None): print the traceback of every plugin
            failure on standard error (``cardshell --traceback``); None
            follows ``CARDSHELL_TRACEBACK``.
        deferred (list[IndexedPlugin] | None): the plugins to import on
            demand (the plugin index), none registered in ``pm``.
        front_end (FrontEnd | None): the front end's settings; None: a
            plain one, interactive as ``interactive`` says.

    Attributes:
        pm (pluggy.PluginManager): the plugin manager.
        front_end (FrontEnd): the front end's settings.
        places (Places): where files are kept.
        problems (ProblemReporter): plugin failures in play, each reported
            once; handed out with each reply's warnings.
        registry (Registry): the plugins, imported on demand, and their
            games and commands; it calls the lifecycle and display hooks.
        table (GameTable): the games in progress, the current one, the
            games retired here.
        seeds (SeedSource): the seeds of games started without ``--seed``.
        recorder (Recorder): the accepted commands so far (``history``).
        endings (Endings): the deals that reached an ending.
        persistence (Persistence): the saves of this session.
        lifecycle (Sessions): starts, shows and ends games.
        view (ShellView): what command handlers see as ``ctx.shell``.
        dispatcher (Dispatcher): runs input lines.
        replayer (Replayer): rebuilds games from their moves.
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
        self.replayer = Replayer(self.dispatcher, self.table, self.endings, self.registry.games, self.places)

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
        """Build a shell with the host's own commands and the installed plugins.

        Args:
            plugins (Iterable[str] | None): plugin names (entry point or
                distribution names) to load, or None for all installed ones
                (subject to ``CARDSHELL_LOAD_PLUGINS``).
            seed (int | None): the session seed, see :class:`Shell`.
            interactive (bool): whether a person types at a terminal.
            disabled (Iterable[str]): plugin names not to load.
            extra_modules (Iterable[str]): module names to load as plugins
                for this session only.
            data_dir, autosave, record, tracebacks, front_end: see :class:`Shell`.
            deferred (bool): import the installed plugins only when
                something needs them, from the plugin index in the cache
                directory (:mod:`cardshell.plugin_index`, :mod:`cardshell.registry`);
                used only when ``plugins``, ``disabled`` and
                ``extra_modules`` are not given and hooks are not traced.
                Without a current index, every plugin is imported and the
                index written for the next start.

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
            list[str]: one line per game saved or per problem, to show.
        """
        return self.persistence.close()

    @property
    def current(self) -> GameSession | None:
        """The game being played, if any."""
        return self.table.current

    @current.setter
    def current(self, session: GameSession | None) -> None:
        self.table.current = session

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

    @exiting.setter
    def exiting(self, value: bool) -> None:
        self.dispatcher.exiting = value

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

    @property
    def fit_width(self) -> int | None:
        """The width every reply is fitted to, or None (no screen)."""
        return self.front_end.fit_width

    def rules(self, game_id: str) -> RuleSet:
        """A game's rules as functions over states, for search (:meth:`Registry.rules
        <cardshell.registry.Registry.rules>`)."""
        return self.registry.rules(game_id)

    def game_commands(self, game_id: str) -> list[Command]:
        """The commands of a game, in registration order."""
        return [entry.command for entry in self.registry.commands(game_id)]

    # -- the Host interface's mirrors -----------------------------------------
    @property
    def autosave(self) -> bool:
        return self.persistence.autosave

    @property
    def confirm(self) -> Any:
        return self.front_end.confirm

    @confirm.setter
    def confirm(self, value: Any) -> None:
        self.front_end.confirm = value

    @property
    def working(self) -> Any:
        return self.front_end.working

    @working.setter
    def working(self, value: Any) -> None:
        self.front_end.working = value

    @property
    def columns(self) -> int | None:
        return self.front_end.columns

    @columns.setter
    def columns(self, value: int | None) -> None:
        self.front_end.columns = value

    @property
    def pace_steps(self) -> bool:
        return self.front_end.pace

    @pace_steps.setter
    def pace_steps(self, value: bool) -> None:
        self.front_end.pace = value

    def game_listing(self) -> Mapping[str, Any]:
        return self.registry.listing()

    def scope(self) -> Scope:
        return self.dispatcher.scope()

    def game_page(self, game_id: str) -> str:
        game = self.games[game_id]
        plugin = self.registry.plugin(self.registry.game_plugins[game_id])
        return gamepage.page(game, self.game_commands(game_id), gamepage.rules_text(game, plugin), self.width)

    @property
    def finished(self) -> dict[str, GameSession]:
        return self.table.finished

    def last_finished(self, game_id: str | None = None) -> GameSession | None:
        return self.table.last_finished(game_id)

    def install(self, session: GameSession) -> None:
        self.lifecycle.install(session)

    def leave(self, abandon: bool) -> GameSession | None:
        return self.lifecycle.leave(abandon)

    def next_seed(self) -> int:
        return self.seeds.next_seed()

    def resolve(self, line: str) -> tuple[Entry, str]:
        return self.dispatcher.resolve(line)

    def did_you_mean(self, word: str) -> str | None:
        return self.dispatcher.did_you_mean(word)

    @property
    def record_as(self) -> str | None:
        return self.dispatcher.record_as

    @record_as.setter
    def record_as(self, value: str | None) -> None:
        self.dispatcher.record_as = value

    def start(self, game: Game, seed: int, options: dict[str, Any], warnings: list[str]) -> GameSession:
        return self.lifecycle.start(game, seed, options, warnings)

    def render(self, session: GameSession, warnings: list[str] | None = None) -> str:
        return self.lifecycle.render(session, warnings)

    def check_outcome(self, session: GameSession, warnings: list[str], *, announce: bool = True,
                      undoing: bool = False) -> Outcome | None:
        return self.lifecycle.check_outcome(session, warnings, announce=announce, undoing=undoing)

    def announce_ending(self, session: GameSession, before: Outcome | None) -> str:
        return self.lifecycle.announce_ending(session, before)

    def host_word(self, word: str) -> str:
        return self.lifecycle.host_word(word)

    def replay(self, game: Game, seed: int, options: dict[str, Any], log: Iterable[str]) -> GameSession:
        return self.replayer.replay(game, seed, options, log)

    def save(self, session: GameSession, name: str) -> SaveResult:
        return self.persistence.save(session, name)
