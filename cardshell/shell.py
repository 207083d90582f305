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

import importlib
import os
from collections.abc import Callable, Iterable, Mapping
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pluggy

from cardshell import blame, gamepage, hookcall, hookspecs, plugin_index, screen
from cardshell.defaults import DEFAULT_PLUGIN_NAMES, DEFAULT_PLUGINS
from cardshell.discovery import PluginFailure, PluginInfo, load_entry_points
from cardshell.dispatch import Dispatcher
from cardshell.endings import Endings
from cardshell.gametable import GameTable
from cardshell.lazy import DeferredGames, DeferredPlugins
from cardshell.paths import DATA_DIR_ENV
from cardshell.paths import data_dir as resolve_data_dir
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
from cardshell.version import __version__
from cardshell.views import ShellView

#: The name the host's own command plugin is registered under.
BUILTIN_PLUGIN = DEFAULT_PLUGINS[0][0]

__all__ = ["BUILTIN_PLUGIN", "MAX_SEED", "Reply", "SaveResult", "Shell"]


class Shell:
    """The host: it builds the plugins and the registry, owns the
    collaborators below and gives the front ends one surface.

    Most methods hand the work to the collaborator that owns it
    (``execute`` to the dispatcher, ``start`` to the sessions, ``save`` to
    the persistence ...), so a reader finds each duty in one object.

    Args:
        pm (pluggy.PluginManager): plugins already registered (see
            :meth:`create`).
        seed (int | None): the session seed (``cardshell --seed``): games
            started without ``--seed`` draw their seed from a generator
            seeded with it, so a whole script replays exactly.  None draws
            seeds from the operating system.
        interactive (bool): True when a person types at a terminal.
        plugins (list[PluginInfo]): the plugins that loaded, for ``plugins``.
        failures (list[PluginFailure]): the plugins that were refused.
        data_dir (str | PathLike | None): the data directory (saves,
            statistics, history); None resolves it with
            :func:`cardshell.paths.data_dir` (``CARDSHELL_DATA_DIR``, then
            the user data directory).
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

    Attributes:
        table (GameTable): the games in progress, the current one, the
            games retired here (:mod:`cardshell.gametable`).
        seeds (SeedSource): the seeds of games started without ``--seed``.
        lifecycle (Sessions): starts, shows and ends games (:mod:`cardshell.sessions`).
        dispatcher (Dispatcher): runs input lines (:mod:`cardshell.dispatch`).
        replayer (Replayer): rebuilds games from their moves (:mod:`cardshell.replay`).
        sessions (dict[str, GameSession]): games in progress by game id (the table's).
        current (GameSession | None): the game being played, if any (the table's).
        exiting (bool): set by ``exit``; the front ends stop reading.
        registry (Registry): games and commands.
        data_dir (Path): where saves and statistics are kept.
        autosave (bool): whether automatic saves are written and offered.
        recorder (Recorder): the accepted commands so far (``history``).
        record_as (str | None): set by a host command while it runs to
            record its line in an explicit form (``play GAME --seed N``).
        problems (ProblemReporter): plugin failures in play, each reported
            once; handed out with each reply's warnings.
        hooks (GuardedHooks): calls the lifecycle and display hooks
            (:mod:`cardshell.hookcall`: pluggy's rules, each implementation guarded).
        columns (int | None): the width of the screen in characters, set
            by the script front end when its output goes to a screen
            (``COLUMNS`` is set or stdout is a terminal:
            :func:`cardshell.screen.size`); None: the terminal's at a
            terminal, else no fitting (see :attr:`fit_width`).
        confirm (Callable[[str], bool] | None): set by the interactive front
            end (like ``progress``): asks the person a yes/no question, e.g.
            before ``new`` abandons a game that has moves.  None (scripts):
            nothing is asked, the command goes on and says what it dropped.
        working (Callable[[str], AbstractContextManager[Any]] | None): set
            by the interactive front end: ``with working(label):`` shows an
            elapsed-time spinner while ``solve`` or ``hint`` searches
            (:class:`cardshell.spinner.Spinner`).  None (scripts): nothing shown.
        pace_steps (bool): set by the interactive front end: the steps a
            command plays (``CommandContext.then(line, step=True)``:
            ``solve --play``) are not run by :meth:`execute` but left in the
            reply's ``follow_up`` (``Reply.steps`` True) for the front end to
            play at a readable pace.  False (scripts): they run at once and
            only the last one's output is shown.
        persistence (Persistence): the saves of this session
            (:mod:`cardshell.persistence`): what it read and wrote, and the
            games it abandoned.
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
    ) -> None:
        self.pm = pm
        self.interactive = interactive
        self.problems = ProblemReporter(lambda: blame.plugin_roots(pm.list_name_plugin(), DEFAULT_PLUGIN_NAMES),
                                        blame.tracebacks_wanted(tracebacks))
        self.hooks = hookcall.GuardedHooks(pm, self._hook_failed)
        self._plugins = list(plugins or [])
        self.failures: list[PluginFailure] = list(failures or [])
        self.notes: list[str] = []  # declarations accepted but not used as declared (Registry.notes)
        self.deferred: DeferredPlugins | None = None
        self._registry: Registry | None = None
        self._answers: dict[tuple[str, str], list[Any]] = {}  # registration hooks' answers, by (hook, plugin)
        self._view: ShellView | None = None
        self.exiting = False
        self.progress: Any = None  # set by the interactive front end
        self._data_dir_given = data_dir or os.environ.get(DATA_DIR_ENV) or None
        self._data_dir: Path | None = None
        self.autosave = interactive if autosave is None else autosave
        self.recorder = Recorder(record)
        self._rules: dict[str, RuleSet] = {}
        self.confirm: Callable[[str], bool] | None = None  # set by the interactive front end
        self.working: Callable[[str], AbstractContextManager[Any]] | None = None  # likewise
        self.columns: int | None = None  # set by the script front end or a test: see fit_width
        # The collaborators, each owning its state and handed what it needs.
        self.table = GameTable()
        self.seeds = SeedSource(seed)
        self.endings = Endings(lambda: self.data_dir)  # deals that reached an ending (cardshell.endings)
        self.lifecycle = Sessions(self.table, self.hooks, self.problems, self.endings, registry=lambda: self.registry,
                                  need_hook=self.need_hook, data_dir=lambda: self.data_dir,
                                  width=lambda: self.width, interactive=lambda: self.interactive,
                                  persistence=lambda: self.persistence)
        self.dispatcher = Dispatcher(self.table, self.lifecycle, self.problems, self.recorder,
                                     registry=lambda: self.registry, need_globals=self.need_globals,
                                     view=lambda: self.view, begin=self._begin, interactive=lambda: self.interactive,
                                     rules=self.rules, fit_width=lambda: self.fit_width)
        self.replayer = Replayer(self.dispatcher, self.table, self.endings, games=lambda: self.games,
                                 data_dir=lambda: self.data_dir)
        self._persistence: Persistence | None = None
        self._closed_early = False
        if deferred is not None:  # started from the plugin index: nothing imported yet
            self.deferred = DeferredPlugins(self, deferred)
        else:
            self._start_plugins()

    def _start_plugins(self) -> None:
        """Register the host's default plugins and build the registry: at
        once, or (started from the plugin index) when the registry is first
        needed, so that an empty session builds nothing."""
        if self.deferred is not None:
            self._plugins += [PluginInfo(p.name, p.module, p.dist, p.version, [g.id for g in p.games], list(p.hooks))
                              for p in self.deferred.index.values()]
        defaults = []
        for name, plugin in self._default_plugins():
            self.pm.register(plugin, name=name)
            info = PluginInfo(name, name, "cardshell", _own_version())
            info.hooks = sorted(c.name for c in self.pm.get_hookcallers(plugin) or ())
            defaults.append(info)
        self._plugins = [*defaults, *self._plugins]
        self.build_registry()

    def _default_plugins(self) -> list[tuple[str, object]]:
        """Build the default plugins for this shell.

        Returns:
            list[tuple[str, object]]: (plugin name, plugin object) in
            :data:`cardshell.defaults.DEFAULT_PLUGINS` order, each built as
            ``Class(self)`` (the class sees this shell as a
            :class:`cardshell.host.Host`), ready for ``pm.register``.
        """
        built = []
        for name, target in DEFAULT_PLUGINS:
            module_name, _, class_name = target.partition(":")
            cls = getattr(importlib.import_module(module_name), class_name)
            built.append((name, cls(self)))
        return built

    @property
    def data_dir(self) -> Path:
        """Where saves and statistics are kept (resolved when first needed:
        :func:`cardshell.paths.data_dir` of the ``data_dir`` argument or
        ``CARDSHELL_DATA_DIR`` as they were when the shell was made)."""
        if self._data_dir is None:
            self._data_dir = resolve_data_dir(self._data_dir_given)
        return self._data_dir

    @data_dir.setter
    def data_dir(self, value: str | os.PathLike[str]) -> None:
        self._data_dir = resolve_data_dir(value)

    @property
    def view(self) -> ShellView:
        """What command handlers see as ``ctx.shell`` (:class:`cardshell.views.ShellView`)."""
        if self._view is None:
            self._view = ShellView(self)
        return self._view

    @property
    def registry(self) -> Registry:
        """The games and commands (:class:`cardshell.registry.Registry`)."""
        if self._registry is None:
            self._start_plugins()
            assert self._registry is not None
        return self._registry

    @property
    def plugins(self) -> list[PluginInfo]:
        """The plugins that loaded (or will load on demand), the host's own first."""
        if self._registry is None:
            self._start_plugins()
        return self._plugins

    def build_registry(self) -> None:
        """(Re)build :attr:`registry` from the plugins registered now: at
        start, and each time a deferred plugin is imported
        (:mod:`cardshell.lazy`).  Refused plugins join :attr:`failures`."""
        dists = {info.name: (info.dist, info.version) for info in self._plugins}
        registry = self._registry = Registry(self.pm, dists, tracebacks=self.problems.tracebacks,
                                             answers=self._answers)
        self.failures += [failure for failure in registry.failures if failure not in self.failures]
        self.notes += [note for note in registry.notes if note not in self.notes]
        self._plugins = [info for info in self._plugins if info.name not in registry.refused]
        for info in self._plugins:
            if self.deferred is None or info.name in self.deferred.loaded or info.name in DEFAULT_PLUGIN_NAMES:
                info.games = registry.plugin_games(info.name)

    def need_globals(self) -> bool:
        """Import the deferred plugins that have global commands (before a
        lookup that must see every global command); whether any was."""
        return self.deferred.need_globals() if self.deferred is not None else False

    def need_hook(self, hook_name: str) -> None:
        """Import the deferred plugins implementing a hook, before it is called."""
        if self.deferred is not None:
            self.deferred.need_hook(hook_name)

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
            data_dir, autosave, record, tracebacks: see :class:`Shell`.
            deferred (bool): import the installed plugins only when
                something needs them, from the plugin index in the cache
                directory (:mod:`cardshell.plugin_index`, :mod:`cardshell.lazy`);
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
                                       record=record, tracebacks=tracebacks)
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

    # -- queries ---------------------------------------------------------
    @property
    def games(self) -> Mapping[str, Game]:
        """Every registered game by id (a deferred game's plugin is imported
        when the game is looked up: :class:`cardshell.lazy.DeferredGames`)."""
        if self.deferred is not None:
            return DeferredGames(self, self.deferred)
        return self.registry.games

    def game_listing(self) -> Mapping[str, Any]:
        """Game id to an object with ``title`` and ``summary``, for every
        game, importing none (``games``)."""
        if self.deferred is not None:
            return DeferredGames(self, self.deferred).listing()
        return self.registry.games

    @property
    def width(self) -> int:
        """The width menus and tables are laid out for, in characters:
        :attr:`fit_width` when there is one, else
        :data:`cardshell.screen.DEFAULT_WIDTH` (80)."""
        return self.fit_width or screen.DEFAULT_WIDTH

    @property
    def fit_width(self) -> int | None:
        """The width every reply is fitted to (:mod:`cardshell.screen`), or
        None when the output goes to no screen (a script piped to a file or
        a program, ``COLUMNS`` unset: its output stays as the commands wrote
        it, byte for byte).  :attr:`columns` when a front end or a test set
        it, else the terminal's at a terminal (``COLUMNS``, else the tty's)."""
        if self.columns is not None:
            return max(self.columns, screen.MIN_WIDTH)
        if self.interactive:
            return screen.size().columns
        return None

    def rules(self, game_id: str) -> RuleSet:
        """The rules of a game as functions over states, for search (cached).

        Args:
            game_id (str): a registered game id.

        Returns:
            RuleSet: the game with its registered commands.
        """
        rules = self._rules.get(game_id)
        if rules is None:
            rules = self._rules[game_id] = RuleSet(self.games[game_id], self.registry.scope(game_id),
                                                   plugin=self.registry.game_plugins.get(game_id),
                                                   warn=self.problems.note)
        return rules

    def scope(self) -> Scope:
        """The command scope of the current game, or the global scope."""
        return self.dispatcher.scope()

    def game_page(self, game_id: str) -> str:
        """``help GAME``: the game's rules, commands and ``play`` options.

        Args:
            game_id (str): a registered game id.

        Returns:
            str: the page, wrapped to :attr:`width`.
        """
        game = self.games[game_id]
        plugin = self.pm.get_plugin(self.registry.game_plugins[game_id])
        return gamepage.page(game, self.game_commands(game_id), gamepage.rules_text(game, plugin), self.width)

    def game_commands(self, game_id: str) -> list[Command]:
        """The commands of a game, in registration order."""
        return [entry.command for entry in self.registry.commands(game_id)]



    def _hook_failed(self, plugin: str, hook_name: str, exc: BaseException) -> None:
        """A hook implementation raised: report it once (:mod:`cardshell.problems`)."""
        self.problems.failure(plugin, hook_name, exc)

    # -- the games on the table (cardshell.gametable) ------------------------
    @property
    def sessions(self) -> dict[str, GameSession]:
        """The games in progress by game id (the table's)."""
        return self.table.sessions

    @property
    def current(self) -> GameSession | None:
        """The game being played, if any (the table's)."""
        return self.table.current

    @current.setter
    def current(self, session: GameSession | None) -> None:
        self.table.current = session

    @property
    def finished(self) -> dict[str, GameSession]:
        """The last finished game per id (the table's)."""
        return self.table.finished

    def last_finished(self, game_id: str | None = None) -> GameSession | None:
        """The last game that ended and was not played on or replaced since
        (:meth:`GameTable.last_finished <cardshell.gametable.GameTable.last_finished>`)."""
        return self.table.last_finished(game_id)

    def install(self, session: GameSession) -> None:
        """Make a game the current one (:meth:`Sessions.install <cardshell.sessions.Sessions.install>`)."""
        self.lifecycle.install(session)

    def leave(self, abandon: bool) -> GameSession | None:
        """Leave the current game (:meth:`Sessions.leave <cardshell.sessions.Sessions.leave>`)."""
        return self.lifecycle.leave(abandon)

    def next_seed(self) -> int:
        """A seed for a game started without ``--seed`` (:class:`~cardshell.seeds.SeedSource`)."""
        return self.seeds.next_seed()

    def _begin(self) -> Callable[[], None]:
        """Snapshot what a host command may change; the function that restores it.

        The table (games in progress, the current game's bookkeeping, the
        retired games), the seeds drawn and ``exiting``.  Files a command
        wrote (saves) are not taken back.
        """
        snapshot, exiting = self.table.snapshot(), self.exiting
        self.seeds.mark()

        def restore() -> None:
            self.table.restore(snapshot)
            self.seeds.rollback()
            self.exiting = exiting

        return restore

    # -- lines (cardshell.dispatch) -------------------------------------------
    def execute(self, line: str) -> Reply:
        """Run one input line (:meth:`Dispatcher.execute <cardshell.dispatch.Dispatcher.execute>`).

        Args:
            line (str): the line as typed or read.

        Returns:
            Reply: never raises for anything the user typed or a plugin did.
        """
        return self.dispatcher.execute(line)

    def resolve(self, line: str) -> tuple[Entry, str]:
        """The command a line names and its argument text (raises ``UsageError``)."""
        return self.dispatcher.resolve(line)

    def did_you_mean(self, word: str) -> str | None:
        """The command word closest to a mistyped one, or None."""
        return self.dispatcher.did_you_mean(word)

    @property
    def record_as(self) -> str | None:
        """How the running host command asks its line to be recorded (the dispatcher's)."""
        return self.dispatcher.record_as

    @record_as.setter
    def record_as(self, value: str | None) -> None:
        self.dispatcher.record_as = value

    @property
    def pace_steps(self) -> bool:
        """Whether a command's steps are left to the front end to play (the dispatcher's)."""
        return self.dispatcher.pace_steps

    @pace_steps.setter
    def pace_steps(self, value: bool) -> None:
        self.dispatcher.pace_steps = value

    # -- starting, showing, ending (cardshell.sessions) ----------------------
    def start(self, game: Game, seed: int, options: dict[str, Any], warnings: list[str]) -> GameSession:
        """Start a new game and make it current (:meth:`Sessions.start <cardshell.sessions.Sessions.start>`)."""
        return self.lifecycle.start(game, seed, options, warnings)

    def render(self, session: GameSession, warnings: list[str] | None = None) -> str:
        """The text of a game's state (:meth:`Sessions.render <cardshell.sessions.Sessions.render>`)."""
        return self.lifecycle.render(session, warnings)

    def check_outcome(self, session: GameSession, warnings: list[str], *, announce: bool = True,
                      undoing: bool = False) -> Outcome | None:
        """Notice an ending (:meth:`Sessions.check_outcome <cardshell.sessions.Sessions.check_outcome>`)."""
        return self.lifecycle.check_outcome(session, warnings, announce=announce, undoing=undoing)

    def announce_ending(self, session: GameSession, before: Outcome | None) -> str:
        """The lines saying the game just ended, or ""."""
        return self.lifecycle.announce_ending(session, before)

    def notify(self, hook_name: str, warnings: list[str], **kwargs: Any) -> None:
        """Call a lifecycle hook, each implementation guarded."""
        self.lifecycle.notify(hook_name, warnings, **kwargs)

    def prompt_text(self) -> str:
        """The prompt for the next line (:meth:`Sessions.prompt_text <cardshell.sessions.Sessions.prompt_text>`)."""
        return self.lifecycle.prompt_text()

    def host_word(self, word: str) -> str:
        """``%word`` where the current game's own command shadows the shell's ``word``, else ``word``."""
        return self.lifecycle.host_word(word)

    # -- saved games (cardshell.replay, cardshell.persistence) ---------------
    @property
    def persistence(self) -> Persistence:
        """The saves of this session (:class:`cardshell.persistence.Persistence`)."""
        if self._persistence is None:
            self._persistence = Persistence(self.replayer, self.table, games=lambda: self.games,
                                            data_dir=lambda: self.data_dir, autosave=lambda: self.autosave)
            self._persistence.closed = self._closed_early
        return self._persistence

    def replay(self, game: Game, seed: int, options: dict[str, Any], log: Iterable[str]) -> GameSession:
        """Rebuild a game from its seed, options and moves, not installed
        (:meth:`Replayer.replay <cardshell.replay.Replayer.replay>`)."""
        return self.replayer.replay(game, seed, options, log)

    def save(self, session: GameSession, name: str) -> SaveResult:
        """Save a game under a name (:meth:`Persistence.save <cardshell.persistence.Persistence.save>`).

        Raises:
            SaveError: when it cannot be written.
        """
        return self.persistence.save(session, name)

    def load(self, name: str) -> GameSession:
        """Rebuild a saved game, not installed (:meth:`Persistence.load <cardshell.persistence.Persistence.load>`).

        Raises:
            SaveError: the save is missing, damaged or does not replay.
        """
        return self.persistence.load(name)

    def abandon_command(self) -> None:
        """Put back what the host or global command running now changed so
        far (the games on the table, the seeds), as if it failed: for a
        front end that ends the process inside it, so that the autosave
        saves the games as they were before it (:func:`cardshell.signals.give_up`)."""
        rollback, self.dispatcher.rollback = self.dispatcher.rollback, None
        if rollback is not None:
            rollback()

    @property
    def save_failures(self) -> list[str]:
        """Why each save that could not be written failed, in this session
        (:attr:`Persistence.failures <cardshell.persistence.Persistence.failures>`):
        the front ends print them on standard error and exit 74."""
        return self._persistence.failures if self._persistence is not None else []

    def close(self) -> list[str]:
        """End the session: with autosave on, save every game in progress.

        Called by the front ends on ``exit``, Ctrl-D at the top level, EOF,
        SIGHUP and SIGTERM; runs once (:meth:`Persistence.close
        <cardshell.persistence.Persistence.close>`).

        Returns:
            list[str]: one line per game saved, for standard output; the
            games that could not be saved are in :attr:`save_failures`.
        """
        if self._persistence is None and not self.autosave:  # nothing was saved, read or abandoned
            self._closed_early = True
            return []
        return self.persistence.close()


def _own_version() -> str:
    return __version__

