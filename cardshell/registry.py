"""The registry: games and commands collected from the registration hooks.

Each hook implementation is called on its own, so that a plugin raising in
registration is reported (as a :class:`~cardshell.discovery.PluginFailure`)
and the others still register.  Duplicate game ids and duplicate command
words in one scope are refused for the later plugin, naming both plugins.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

import pluggy

from cardshell.discovery import PluginFailure
from cardshell.records import Command, Game

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


class Registry:
    """All games and commands, built once per shell from the hooks.

    Args:
        pm (pluggy.PluginManager): a manager with the plugins registered.

    Attributes:
        games (dict[str, Game]): game id to game, in id order.
        game_plugins (dict[str, str]): game id to the plugin that registered it.
        global_scope (Scope): the global commands.
        scopes (dict[str, Scope]): game id to that game's commands.
        failures (list[PluginFailure]): registrations that were refused.
    """

    def __init__(self, pm: pluggy.PluginManager, dists: dict[str, tuple[str | None, str | None]] | None = None) -> None:
        self._dists = dists or {}
        self.failures: list[PluginFailure] = []
        self.games: dict[str, Game] = {}
        self.game_plugins: dict[str, str] = {}
        self.global_scope = Scope(None)
        self.scopes: dict[str, Scope] = {}
        for plugin, records in self._collect(pm, "cardshell_games"):
            for game in records:
                self._add_game(game, plugin)
        commands = [(plugin, c) for plugin, records in self._collect(pm, "cardshell_commands") for c in records]
        # Global commands first, so that a game command reusing a global word is
        # refused whatever the plugins' registration order.
        commands.sort(key=lambda pc: getattr(pc[1], "game", None) is not None)
        for plugin, command in commands:
            self._add_command(command, plugin)

    # -- collecting ------------------------------------------------------
    def _fail(self, plugin: str, reason: str) -> None:
        dist, version = self._dists.get(plugin, (None, None))
        self.failures.append(PluginFailure(plugin, dist, version, reason))

    def _collect(self, pm: pluggy.PluginManager, hook_name: str) -> Iterator[tuple[str, list]]:
        caller = getattr(pm.hook, hook_name)
        # pluggy calls the last registered implementation first; keep registration order here.
        for impl in caller.get_hookimpls():
            try:
                records = list(impl.function() or ())
            except Exception as exc:
                self._fail(impl.plugin_name, f"raised in {hook_name}: {type(exc).__name__}: {exc}")
                continue
            yield impl.plugin_name, records

    def _add_game(self, game: object, plugin: str) -> None:
        if not isinstance(game, Game):
            self._fail(plugin, f"cardshell_games returned {type(game).__name__}, not a cardshell.Game")
            return
        if not _GAME_ID.fullmatch(game.id):
            self._fail(plugin, f"game id {game.id!r} is not lower-case letters, digits and dashes")
            return
        if game.id in self.games:
            self._fail(plugin, f"game id {game.id!r} is already registered by plugin {self.game_plugins[game.id]!r}")
            return
        self.games[game.id] = game
        self.game_plugins[game.id] = plugin
        scope = self.scopes[game.id] = Scope(game)
        for alias, target in game.host_aliases.items():
            scope.aliases[scope.key(alias)] = target.lower()

    def _add_command(self, command: object, plugin: str) -> None:
        if not isinstance(command, Command):
            self._fail(plugin, f"cardshell_commands returned {type(command).__name__}, not a cardshell.Command")
            return
        if command.game is None:
            scope = self.global_scope
        elif command.game in self.scopes:
            scope = self.scopes[command.game]
        else:
            self._fail(plugin, f"command {command.name!r} is for game {command.game!r}, which is not registered")
            return
        entry = Entry(command, plugin)
        if command.pattern is not None:
            flags = 0 if scope.case_sensitive else re.IGNORECASE
            try:
                scope.patterns.append((re.compile(command.pattern, flags), entry))
            except re.error as exc:
                self._fail(plugin, f"command {command.name!r} has a bad pattern: {exc}")
                return
        clash = None if command.pattern is not None else self._clash(scope, command)
        if clash is not None:
            word, other = clash
            where = f"game {command.game!r}" if command.game else "the shell"
            self._fail(plugin, f"command word {word!r} for {where} is already registered by plugin {other!r}")
            return
        scope.entries.append(entry)
        if command.pattern is None:
            for word in command.words:
                scope.words[scope.key(word)] = entry

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
