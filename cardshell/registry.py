"""The registry: games and commands collected from the registration hooks.

Each hook implementation is called on its own, so that a plugin raising in
registration is reported (as a :class:`~cardshell.discovery.PluginFailure`)
and the others still register.

A plugin is accepted or refused as a whole: if any of its registrations is
refused (its hook raised, it returned something that is not a record, a
game id or a command word it uses is already taken, a command names a game
that does not exist), none of its games and commands are kept, its other
hooks are unregistered (so no lifecycle or display hook of a half-loaded
plugin ever runs), and exactly one failure, the first, is reported for it.
Clashes are decided in registration order (entry-point names in sorted
order, then ``--plugin`` modules), the host's own commands first: the
later plugin is refused, with a message naming both plugins.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

import pluggy

from cardshell.discovery import PluginFailure
from cardshell.records import Command, Game, Move

_GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]*")


@dataclass(frozen=True)
class Entry:
    """A registered command together with the plugin that registered it."""

    command: Command
    plugin: str


@dataclass
class Scope:
    """The commands of one scope: the global one (``game`` None) or a game's.

    Attributes:
        game (Game | None): the game, or None for global commands.
        entries (list[Entry]): commands in registration order.
        words (dict[str, Entry]): every name and alias (lower-cased unless the
            game is case sensitive) to its command.
        patterns (list[tuple[re.Pattern[str], Entry]]): commands matched by
            a whole-line pattern.
        aliases (dict[str, str]): the game's own words for host commands
            (``Game.host_aliases``), keyed like ``words``.
    """

    game: Game | None
    entries: list[Entry] = field(default_factory=list)
    words: dict[str, Entry] = field(default_factory=dict)
    patterns: list[tuple[re.Pattern[str], Entry]] = field(default_factory=list)
    aliases: dict[str, str] = field(default_factory=dict)

    @property
    def case_sensitive(self) -> bool:
        """Whether words in this scope match case exactly."""
        return self.game is not None and self.game.case_sensitive

    def key(self, word: str) -> str:
        """The lookup key of a typed word in this scope."""
        return word if self.case_sensitive else word.lower()

    def lookup(self, word: str) -> Entry | None:
        """The command a typed word names here, or None."""
        return self.words.get(self.key(word))

    def match(self, line: str) -> tuple[Entry, str] | None:
        """The first pattern command whose pattern matches the whole line."""
        for pattern, entry in self.patterns:
            if pattern.fullmatch(line):
                return entry, line
        return None


#: The plugin name of the host's own commands (registered by the shell);
#: it is always considered first, so no plugin can take its command words.
HOST_PLUGIN = "cardshell.builtin"

#: The host's own command plugins (the default plugins), all considered first.
HOST_PLUGINS = frozenset({HOST_PLUGIN, "cardshell.assist", "cardshell.scaffold"})


class Registry:
    """All games and commands, built once per shell from the hooks.

    Args:
        pm (pluggy.PluginManager): a manager with the plugins registered.
            Refused plugins are unregistered from it.
        dists (dict[str, tuple[str | None, str | None]] | None): plugin name
            to (distribution, version), used in failure reports.

    Attributes:
        games (dict[str, Game]): game id to game, in registration order.
        game_plugins (dict[str, str]): game id to the plugin that registered it.
        global_scope (Scope): the global commands.
        scopes (dict[str, Scope]): game id to that game's commands.
        failures (list[PluginFailure]): one per refused plugin.
        refused (set[str]): the names of the refused plugins.
    """

    def __init__(self, pm: pluggy.PluginManager, dists: dict[str, tuple[str | None, str | None]] | None = None) -> None:
        self._dists = dists or {}
        self.failures: list[PluginFailure] = []
        self.refused: set[str] = set()
        # Call every registration hook once, each implementation under its own guard.
        games = list(self._collect(pm, "cardshell_games"))
        commands = [(plugin, c) for plugin, records in self._collect(pm, "cardshell_commands") for c in records]
        # A game's declarative moves (Game.moves, contract 2) are its plugin's commands.
        commands[:0] = [(plugin, Command.from_move(move, game.id))
                        for plugin, records in games for game in records
                        if isinstance(game, Game) for move in game.moves if isinstance(move, Move)]
        # Global commands first, so that a game command reusing a global word is
        # refused whatever the plugins' registration order (stable: plugin order kept).
        commands.sort(key=lambda pc: getattr(pc[1], "game", None) is not None)
        # Build; the first plugin refused on the way is left out and the build
        # redone without it (its records may have taken words from a later plugin),
        # until a build refuses nothing.  Each round removes one plugin.
        while True:
            self._reset()
            failed: dict[str, str] = {}
            for plugin, records in games:
                for game in records:
                    if not failed and plugin not in self.refused:
                        self._add_game(game, plugin, failed)
            for plugin, command in commands:
                if not failed and plugin not in self.refused:
                    self._add_command(command, plugin, failed)
            if not failed:
                break
            for plugin, reason in failed.items():
                self._fail(plugin, reason)
        for plugin in self.refused:
            if pm.get_plugin(plugin) is not None and plugin not in HOST_PLUGINS:
                pm.unregister(name=plugin)

    def _reset(self) -> None:
        self.games: dict[str, Game] = {}
        self.game_plugins: dict[str, str] = {}
        self.global_scope = Scope(None)
        self.scopes: dict[str, Scope] = {}

    # -- collecting ------------------------------------------------------
    def _fail(self, plugin: str, reason: str) -> None:
        if plugin in self.refused:
            return
        self.refused.add(plugin)
        dist, version = self._dists.get(plugin, (None, None))
        self.failures.append(PluginFailure(plugin, dist, version, reason))

    def _collect(self, pm: pluggy.PluginManager, hook_name: str) -> Iterator[tuple[str, list]]:
        caller = getattr(pm.hook, hook_name)
        # pluggy calls the last registered implementation first; keep registration
        # order here, with the host's own plugin first.
        impls = sorted(caller.get_hookimpls(), key=lambda impl: impl.plugin_name not in HOST_PLUGINS)
        for impl in impls:
            if impl.plugin_name in self.refused:
                continue
            try:
                records = list(impl.function() or ())
            except Exception as exc:
                self._fail(impl.plugin_name, f"raised in {hook_name}: {type(exc).__name__}: {exc}")
                continue
            yield impl.plugin_name, records

    def _add_game(self, game: object, plugin: str, failed: dict[str, str]) -> None:
        if not isinstance(game, Game):
            failed[plugin] = f"cardshell_games returned {type(game).__name__}, not a cardshell.Game"
            return
        if not isinstance(game.id, str) or not _GAME_ID.fullmatch(game.id):
            failed[plugin] = f"game id {game.id!r} is not lower-case letters, digits and dashes"
            return
        if game.id in self.games:
            failed[plugin] = f"game id {game.id!r} is already registered by plugin {self._named(self.game_plugins[game.id])}"
            return
        self.games[game.id] = game
        self.game_plugins[game.id] = plugin
        scope = self.scopes[game.id] = Scope(game)
        for alias, target in game.host_aliases.items():
            scope.aliases[scope.key(alias)] = target.lower()

    def _add_command(self, command: object, plugin: str, failed: dict[str, str]) -> None:
        if isinstance(command, Move):
            command = Command.from_move(command)
        if not isinstance(command, Command):
            failed[plugin] = f"cardshell_commands returned {type(command).__name__}, not a cardshell.Command"
            return
        if command.game is None:
            scope = self.global_scope
        elif command.game in self.scopes:
            scope = self.scopes[command.game]
        else:
            failed[plugin] = f"command {command.name!r} is for game {command.game!r}, which is not registered"
            return
        entry = Entry(command, plugin)
        if command.pattern is not None:
            flags = 0 if scope.case_sensitive else re.IGNORECASE
            try:
                scope.patterns.append((re.compile(command.pattern, flags), entry))
            except re.error as exc:
                failed[plugin] = f"command {command.name!r} has a bad pattern: {exc}"
                return
        clash = None if command.pattern is not None else self._clash(scope, command)
        if clash is not None:
            word, other = clash
            where = f"game {command.game!r}" if command.game else "the shell"
            failed[plugin] = f"command word {word!r} for {where} is already registered by plugin {self._named(other)}"
            return
        scope.entries.append(entry)
        if command.pattern is None:
            for word in command.words:
                scope.words[scope.key(word)] = entry

    def _named(self, plugin: str) -> str:
        """A plugin's name for messages, with its distribution when it has one."""
        dist, version = self._dists.get(plugin, (None, None))
        return f"{plugin!r} (from {dist} {version})" if dist else repr(plugin)

    def _clash(self, scope: Scope, command: Command) -> tuple[str, str] | None:
        for word in command.words:
            key = scope.key(word)
            if key in scope.words:
                return word, scope.words[key].plugin
            if key in scope.aliases:
                return word, self.game_plugins[command.game or ""]
            if scope is not self.global_scope and key.lower() in self.global_scope.words:
                return word, self.global_scope.words[key.lower()].plugin
        return None

    # -- queries ---------------------------------------------------------
    def scope(self, game_id: str | None) -> Scope:
        """The scope of a game id, or the global scope for None."""
        return self.global_scope if game_id is None else self.scopes[game_id]

    def commands(self, game_id: str | None) -> Iterable[Entry]:
        """The commands of a scope, in registration order."""
        return self.scope(game_id).entries

    def plugin_games(self, plugin: str) -> list[str]:
        """The ids of the games a plugin registered."""
        return [gid for gid, name in self.game_plugins.items() if name == plugin]
