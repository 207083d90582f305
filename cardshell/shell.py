"""The host: the games in progress and the dispatch of input lines.

:class:`Shell` is the host's core, shared by both front ends, assembled
from three parts, one job each:

* :class:`cardshell.dispatch.Dispatcher`: one input line to one
  :class:`Reply` (resolve, parse, validate, run, commit or roll back);
* :class:`cardshell.sessions.Sessions`: the games in progress (start,
  install, leave, outcome, lifecycle and display hooks, prompt);
* :class:`cardshell.replay.SavedGames`: save, load, replay and close.

This module builds it: the plugin manager, the host's default plugins
(:data:`cardshell.defaults.DEFAULT_PLUGINS`, registered like any plugin)
and the registry of games and commands.  It does no terminal I/O.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, TextIO

import pluggy

from cardshell import blame, hookcall, hookspecs, plugin_index
from cardshell.defaults import DEFAULT_PLUGIN_NAMES, DEFAULT_PLUGINS, default_plugins
from cardshell.dispatch import Dispatcher, _join, _Snapshot
from cardshell.endings import Endings
from cardshell.lazy import DeferredGames, DeferredPlugins
from cardshell.paths import DATA_DIR_ENV
from cardshell.paths import data_dir as resolve_data_dir
from cardshell.plugin_index import IndexedPlugin
from cardshell.problems import ProblemReporter
from cardshell.recording import Recorder
from cardshell.replay import SavedGames
from cardshell.sessions import MAX_SEED, Sessions

if TYPE_CHECKING:  # pragma: no cover
    import random
    from pathlib import Path

    from cardshell.discovery import PluginFailure, PluginInfo
    from cardshell.records import Command, Game
    from cardshell.registry import Registry, Scope
    from cardshell.ruleset import RuleSet
    from cardshell.session import GameSession
    from cardshell.views import ShellView

#: The name the host's own command plugin is registered under.
BUILTIN_PLUGIN = DEFAULT_PLUGINS[0][0]

__all__ = ["BUILTIN_PLUGIN", "MAX_SEED", "Shell", "_Snapshot", "_join"]


def __getattr__(name: str) -> Any:
    """``Reply`` and ``SaveResult``, importable from here as before, loaded
    when asked for (a start that runs no line builds neither class)."""
    if name == "Reply":
        from cardshell.reply import Reply

        return Reply
    if name == "SaveResult":
        from cardshell.persistence import SaveResult

        return SaveResult
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Shell(Dispatcher, Sessions, SavedGames):
    """The host: games in progress and the dispatch of input lines.

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
        record (TextIO | None): a stream receiving the recording of the
            session's accepted commands (``cardshell --record FILE``).
        tracebacks (bool | None): print the traceback of every plugin
            failure on standard error (``cardshell --traceback``); None
            follows ``CARDSHELL_TRACEBACK``.

    Attributes:
        sessions (dict[str, GameSession]): games in progress by game id.
        current (GameSession | None): the game being played, if any.
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
        confirm (Callable[[str], bool] | None): set by the interactive front
            end (like ``progress``): asks the person a yes/no question, e.g.
            before ``new`` abandons a game that has moves.  None (scripts):
            nothing is asked, the command goes on and says what it dropped.
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
        record: TextIO | None = None,
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
        self.deferred: DeferredPlugins | None = None
        self._registry: Registry | None = None
        self._answers: dict[tuple[str, str], list[Any]] = {}  # registration hooks' answers, by (hook, plugin)
        self._view: ShellView | None = None
        if deferred is not None:  # started from the plugin index: nothing imported yet
            self.deferred = DeferredPlugins(self, deferred)
        else:
            self._start_plugins()
        self._session_seed = seed
        self._seed_source: random.Random | None = None
        self.sessions: dict[str, GameSession] = {}
        self.current: GameSession | None = None
        self.exiting = False
        self.progress: Any = None  # set by the interactive front end
        self._data_dir_given = data_dir or os.environ.get(DATA_DIR_ENV) or None
        self._data_dir: Path | None = None
        self.autosave = interactive if autosave is None else autosave
        self.recorder = Recorder(record)
        self.record_as: str | None = None
        self._retired: set[str] = set()  # uids of games finished, abandoned or replaced here
        self.finished: dict[str, GameSession] = {}  # the last finished game per id, most recent last
        self.endings = Endings(lambda: self.data_dir)  # deals that reached an ending (cardshell.endings)
        self._rules: dict[str, RuleSet] = {}
        self._seeds_before: Any = None  # the seed generator's state before this command's first draw
        self.confirm: Callable[[str], bool] | None = None  # set by the interactive front end

    def _start_plugins(self) -> None:
        """Register the host's default plugins and build the registry: at
        once, or (started from the plugin index) when the registry is first
        needed, so that an empty session builds nothing."""
        from cardshell.discovery import PluginInfo

        if self.deferred is not None:
            self._plugins += [PluginInfo(p.name, p.module, p.dist, p.version, [g.id for g in p.games], list(p.hooks))
                              for p in self.deferred.index.values()]
        defaults = []
        for name, plugin in default_plugins(self):
            self.pm.register(plugin, name=name)
            info = PluginInfo(name, name, "cardshell", _own_version())
            info.hooks = sorted(c.name for c in self.pm.get_hookcallers(plugin) or ())
            defaults.append(info)
        self._plugins = [*defaults, *self._plugins]
        self.build_registry()

    @property
    def _seeds(self) -> random.Random:
        """The generator of the seeds of games started without ``--seed``
        (seeded with the session seed, else the operating system's), made
        when the first game needs one."""
        if self._seed_source is None:
            import random

            self._seed_source = (random.Random(self._session_seed) if self._session_seed is not None
                                 else random.SystemRandom())
        return self._seed_source

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
            from cardshell.views import ShellView

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
        from cardshell.registry import Registry

        registry = self._registry = Registry(self.pm, dists, tracebacks=self.problems.tracebacks,
                                             answers=self._answers)
        self.failures += [failure for failure in registry.failures if failure not in self.failures]
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
        record: TextIO | None = None,
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
        from cardshell.discovery import load_entry_points

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
        """The width text is wrapped to: the terminal's columns at a
        terminal, :data:`cardshell.help.DEFAULT_WIDTH` (80) in scripts."""
        from cardshell import help as helptext

        if not self.interactive:
            return helptext.DEFAULT_WIDTH
        import shutil  # a terminal only

        return shutil.get_terminal_size((helptext.DEFAULT_WIDTH, 24)).columns

    def rules(self, game_id: str) -> RuleSet:
        """The rules of a game as functions over states, for search (cached).

        Args:
            game_id (str): a registered game id.

        Returns:
            RuleSet: the game with its registered commands.
        """
        rules = self._rules.get(game_id)
        if rules is None:
            from cardshell.ruleset import RuleSet

            rules = self._rules[game_id] = RuleSet(self.games[game_id], self.registry.scope(game_id))
        return rules

    def scope(self) -> Scope:
        """The command scope of the current game, or the global scope."""
        return self.registry.scope(self.current.id if self.current else None)

    def game_page(self, game_id: str) -> str:
        """``help GAME``: the game's rules, commands and ``play`` options.

        Args:
            game_id (str): a registered game id.

        Returns:
            str: the page, wrapped to :attr:`width`.
        """
        from cardshell import gamepage  # help GAME only

        game = self.games[game_id]
        plugin = self.pm.get_plugin(self.registry.game_plugins[game_id])
        return gamepage.page(game, self.game_commands(game_id), gamepage.rules_text(game, plugin), self.width)

    def game_commands(self, game_id: str) -> list[Command]:
        """The commands of a game, in registration order."""
        return [entry.command for entry in self.registry.commands(game_id)]



def _own_version() -> str:
    from cardshell import __version__

    return __version__

