"""Deferred plugins: import a plugin's module only when something needs it.

A shell started from a current plugin index (:mod:`cardshell.plugin_index`)
registers no entry-point plugin at first.  :class:`DeferredPlugins` imports
and registers them on demand, always re-registering the loaded ones in the
index's order (the order an eager start registers them in), so that the
precedence of registrations and the order pluggy calls hook
implementations in are those of a start that imported everything:

* a game: when it is looked up by id (``play``, ``help GAME``, a save of
  it), its plugin and every plugin that adds commands to it;
* the global commands: when a line's first word is not a loaded global
  command, for ``help``'s menu, for completion and for did-you-mean;
* a hook: before the host calls it (``cardshell_game_started``,
  ``cardshell_render`` ...), every plugin implementing it, so lifecycle
  listeners such as the statistics plugin see every event.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from cardshell import blame, watchdog
from cardshell.discovery import PluginFailure

if TYPE_CHECKING:  # pragma: no cover
    from types import ModuleType

    import pluggy

    from cardshell.discovery import PluginFailure
    from cardshell.plugin_index import IndexedGame, IndexedPlugin
    from cardshell.records import Game
    from cardshell.registry import Registry


class Owner(Protocol):
    """What the deferred plugins need of the shell that owns them (the shell
    provides it; this module never imports the shell)."""

    pm: pluggy.PluginManager
    failures: list[PluginFailure]

    @property
    def registry(self) -> Registry:
        """The registry now (built on first use)."""

    def build_registry(self) -> None:
        """Rebuild the registry from the plugins registered now."""


class DeferredPlugins:
    """The plugins of an index and which of them are imported.

    Args:
        shell (Owner): the shell whose plugin manager and registry they join.
        index (list[IndexedPlugin]): the plugins, in registration order.
    """

    def __init__(self, shell: Owner, index: list[IndexedPlugin]) -> None:
        self.shell = shell
        self.index = {plugin.name: plugin for plugin in index}
        self.loaded: dict[str, ModuleType] = {}
        self.owner = {game.id: plugin.name for plugin in index for game in plugin.games}
        self.listing: dict[str, IndexedGame] = {game.id: game for plugin in index for game in plugin.games}

    def pending(self) -> list[IndexedPlugin]:
        """The plugins not imported yet, in index order."""
        return [plugin for name, plugin in self.index.items() if name not in self.loaded]

    def load(self, names: Iterable[str]) -> bool:
        """Import and register plugins (and the owners of the games they add
        commands to), then rebuild the shell's registry.

        Args:
            names (Iterable[str]): plugin names of the index.

        Returns:
            bool: whether anything was imported.  A plugin that fails to
            import now (it changed since the index was written) is reported
            in the shell's failures, like at an eager start.
        """
        wanted = [name for name in names if name not in self.loaded and name in self.index]
        for name in list(wanted):
            wanted += [self.owner[gid] for gid in self.index[name].targets if gid in self.owner]
        wanted = [name for name in dict.fromkeys(wanted) if name not in self.loaded]
        if not wanted:
            return False
        self.shell.registry  # noqa: B018 - the host's default plugins are registered first, as at an eager start
        pm = self.shell.pm
        for name in wanted:
            plugin = self.index[name]
            with blame.guard() as guarded, contextlib.redirect_stdout(sys.stderr), \
                    watchdog.plugin_bound(name, "import"):  # bounded in scripts
                self.loaded[name] = importlib.import_module(plugin.module)
            if guarded.failed is not None:
                self.shell.failures.append(PluginFailure(name, plugin.dist, plugin.version,
                                                         f"failed to import: {blame.describe(guarded.failed)}"))
                self.index.pop(name)
        for name in self.loaded:  # the index's order, as an eager start registers them
            if pm.get_plugin(name) is not None:
                pm.unregister(name=name)
        for name in self.index:
            if name in self.loaded:
                pm.register(self.loaded[name], name=name)
        self.shell.build_registry()
        return True

    def need_game(self, game_id: str) -> None:
        """Import the plugin of a game and the plugins adding commands to it."""
        owner = self.owner.get(game_id)
        if owner is not None:
            self.load([owner, *(p.name for p in self.index.values() if game_id in p.targets)])

    def need_globals(self) -> bool:
        """Import every plugin with global commands; whether any was imported."""
        return self.load(p.name for p in self.pending() if p.global_words or p.global_patterns)

    def need_hook(self, hook_name: str) -> None:
        """Import every plugin implementing a hook, before it is called."""
        self.load(p.name for p in self.pending() if hook_name in p.hooks)


class DeferredGames(Mapping[str, "Game"]):
    """Every game by id, importing a game's plugin when the game is looked up.

    Iterating, ``len`` and ``in`` need no import; ``games[id]`` and
    ``games.get(id)`` return the registered :class:`~cardshell.records.Game`.
    """

    def __init__(self, shell: Owner, deferred: DeferredPlugins) -> None:
        self._shell = shell
        self._deferred = deferred

    def _ids(self) -> list[str]:
        loaded = self._shell.registry.games
        return list(dict.fromkeys([*self._deferred.listing, *loaded]))

    def __getitem__(self, game_id: str) -> Game:
        games = self._shell.registry.games
        if game_id not in games:
            self._deferred.need_game(game_id)
            games = self._shell.registry.games
        return games[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids())

    def __len__(self) -> int:
        return len(self._ids())

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._deferred.listing or game_id in self._shell.registry.games

    def listing(self) -> dict[str, Any]:
        """Id to an object with ``title`` and ``summary`` for every game,
        without importing any (``games``)."""
        loaded = self._shell.registry.games
        return {gid: loaded.get(gid, self._deferred.listing.get(gid)) for gid in self._ids()}
