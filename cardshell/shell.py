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
import random
import shutil
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TextIO

import pluggy

from cardshell import blame, gamepage, hookcall, hookspecs
from cardshell import help as helptext
from cardshell.defaults import default_plugins
from cardshell.discovery import PluginFailure, PluginInfo, load_entry_points
from cardshell.dispatch import Dispatcher, Reply, _join, _Snapshot
from cardshell.paths import data_dir as resolve_data_dir
from cardshell.persistence import Persistence, SaveResult
from cardshell.problems import ProblemReporter
from cardshell.records import Command, Game
from cardshell.recording import Recorder
from cardshell.registry import HOST_PLUGIN, HOST_PLUGINS, Registry, Scope
from cardshell.replay import SavedGames
from cardshell.ruleset import RuleSet
from cardshell.session import GameSession
from cardshell.sessions import MAX_SEED, Sessions
from cardshell.views import ShellView

#: The name the host's own command plugin is registered under.
BUILTIN_PLUGIN = HOST_PLUGIN

__all__ = ["BUILTIN_PLUGIN", "MAX_SEED", "Reply", "SaveResult", "Shell", "_Snapshot", "_join"]


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
    ) -> None:
        self.pm = pm
        self.interactive = interactive
        self.problems = ProblemReporter(lambda: blame.plugin_roots(pm.list_name_plugin(), HOST_PLUGINS),
                                        blame.tracebacks_wanted(tracebacks))
        self.hooks = hookcall.GuardedHooks(pm, self._hook_failed)
        defaults = []
        for name, plugin in default_plugins(self):
            pm.register(plugin, name=name)
            info = PluginInfo(name, name, "cardshell", _own_version())
            info.hooks = sorted(c.name for c in pm.get_hookcallers(plugin) or ())
            defaults.append(info)
        self.plugins = [*defaults, *(plugins or [])]
        dists = {info.name: (info.dist, info.version) for info in self.plugins}
        self.registry = Registry(pm, dists, tracebacks=self.problems.tracebacks)
        self.failures = (failures or []) + self.registry.failures
        self.plugins = [info for info in self.plugins if info.name not in self.registry.refused]
        for info in self.plugins:
            info.games = self.registry.plugin_games(info.name)
        self._seeds: random.Random = random.Random(seed) if seed is not None else random.SystemRandom()
        self.sessions: dict[str, GameSession] = {}
        self.current: GameSession | None = None
        self.exiting = False
        self.progress: Any = None  # set by the interactive front end
        self.data_dir: Path = resolve_data_dir(data_dir)
        self.autosave = interactive if autosave is None else autosave
        self.recorder = Recorder(record)
        self.record_as: str | None = None
        self._retired: set[str] = set()  # uids of games finished, abandoned or replaced here
        self._rules: dict[str, RuleSet] = {}
        self._seeds_before: Any = None  # the seed generator's state before this command's first draw
        self.view = ShellView(self)
        self.confirm: Callable[[str], bool] | None = None  # set by the interactive front end
        self.persistence = Persistence(self)

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

        Returns:
            Shell: ready to :meth:`execute` lines.  Broken plugins are listed
            in :attr:`failures`, never raised.  With ``CARDSHELL_TRACE_PLUGINS``
            set, every hook call is traced on standard error
            (:func:`cardshell.hookcall.trace_calls`).
        """
        pm = pluggy.PluginManager(hookspecs.PROJECT)
        pm.add_hookspecs(hookspecs)
        if hookcall.trace_wanted():
            hookcall.trace_calls(pm)
        loaded, failures = load_entry_points(pm, plugins, disabled, extra_modules,
                                             tracebacks=blame.tracebacks_wanted(tracebacks))
        return cls(pm, seed=seed, interactive=interactive, plugins=loaded, failures=failures,
                   data_dir=data_dir, autosave=autosave, record=record, tracebacks=tracebacks)

    # -- queries ---------------------------------------------------------
    @property
    def games(self) -> dict[str, Game]:
        """Every registered game by id."""
        return self.registry.games

    @property
    def width(self) -> int:
        """The width text is wrapped to: the terminal's columns at a
        terminal, :data:`cardshell.help.DEFAULT_WIDTH` (80) in scripts."""
        if not self.interactive:
            return helptext.DEFAULT_WIDTH
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
        game = self.games[game_id]
        plugin = self.pm.get_plugin(self.registry.game_plugins[game_id])
        return gamepage.page(game, self.game_commands(game_id), gamepage.rules_text(game, plugin), self.width)

    def game_commands(self, game_id: str) -> list[Command]:
        """The commands of a game, in registration order."""
        return [entry.command for entry in self.registry.commands(game_id)]



def _own_version() -> str:
    from cardshell import __version__

    return __version__

