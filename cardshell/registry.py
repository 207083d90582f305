"""The registry: games and commands collected from the registration hooks.

Each hook implementation is guarded on its own (:mod:`cardshell.hookcall`),
so that a plugin raising in registration is reported (as a
:class:`~cardshell.discovery.PluginFailure`, with the file and line that
raised) and the others still register.

A plugin is accepted or refused as a whole: if any of its registrations is
refused (its hook raised, it returned something that is not a record, a
game id or a command word it uses is already taken, a command names a game
that does not exist), none of its games and commands are kept, its other
hooks are unregistered (so no lifecycle or display hook of a half-loaded
plugin ever runs), and exactly one failure, the first, is reported for it.
Registration hooks are called through :func:`cardshell.hookcall.call`
(pluggy's rules, each implementation guarded), with standard output sent to
standard error so that a plugin printing at start-up never writes into a
run's output.

Namespaces (docs/compatibility.md, "Command namespaces").  Each game has
its own scope of command words, and the shell has one global scope.  A
game's own command may use any word of the global scope (``hint``,
``show``, ``moves``, ``help``, ...): inside that game the game's command
wins, the global one **shadowed**, and stays reachable there as
``%WORD`` (:data:`ESCAPE`), as IPython's ``%`` reaches its magics.  So a
host command added in a later cardshell can never make an existing game
clash.  :meth:`Registry.shadowed` lists what a game shadows (``help`` and
``plugins`` show it).

A plugin is refused only for a real clash between plugins: two claim the
same game id, or the same word in the same scope (two global commands
``stats``, or an add-on's ``D`` in Aces Up's scope, which Aces Up uses).
Clashes are decided by precedence, never by the order pluggy happens to
call the implementations in: first the host's own commands, then the
built-in plugins (those of the ``cardshell`` distribution), then
third-party plugins in registration order (entry-point names in sorted
order, then ``--plugin`` modules).  Within a game's own scope, the plugin
that registered the game comes before every other third-party plugin, so
that an add-on taking one of a game's words is refused, not the game.  The
later plugin is refused, with a message naming both plugins; so a
third-party plugin can neither replace a built-in game nor, by adding a
clashing command to it, remove it.
"""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pluggy

from cardshell import blame, contract1, flatsearch, hookcall
from cardshell.defaults import DEFAULT_PLUGIN_NAMES
from cardshell.discovery import PluginFailure, is_builtin
from cardshell.records import Command, Game, Move

_GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
_KNOWN = object()  # stands for an answer given to an earlier build (see Registry's answers)


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


#: The prefix that reaches the shell's (global) command from inside a game
#: whose own command uses the same word: ``%hint`` is the host's ``hint``
#: even in a game that registers its own ``hint``.  At the shell prompt
#: (no game) ``%WORD`` and ``WORD`` are the same command.
ESCAPE = "%"

#: The host's own command plugins (the default plugins), all considered first.
HOST_PLUGINS = DEFAULT_PLUGIN_NAMES


class Registry:
    """All games and commands, built once per shell from the hooks.

    Args:
        pm (pluggy.PluginManager): a manager with the plugins registered.
            Refused plugins are unregistered from it.
        dists (dict[str, tuple[str | None, str | None]] | None): plugin name
            to (distribution, version), used in failure reports and to tell
            the built-in plugins (distribution ``cardshell``) from others.
        tracebacks (bool): print the traceback of a registration hook that
            raised on standard error (``--traceback``).
        answers (dict[tuple[str, str], list[Any]] | None): the records each
            (hook, plugin) returned to an earlier build for the same shell;
            filled in here.  A shell that imports plugins on demand
            (:mod:`cardshell.lazy`) rebuilds its registry each time, and
            each registration hook is still called once per plugin.

    Attributes:
        games (dict[str, Game]): game id to game, in registration order.
        game_plugins (dict[str, str]): game id to the plugin that registered it.
        global_scope (Scope): the global commands.
        scopes (dict[str, Scope]): game id to that game's commands.
        failures (list[PluginFailure]): one per refused plugin.
        notes (list[str]): what was accepted but will not be used as
            declared (a ``prune`` beside a ``solver``) or is deprecated
            (:mod:`cardshell.flatsearch`), one line each, naming the
            plugin; shown at start and by ``plugins``.
        refused (set[str]): the names of the refused plugins.
    """

    def __init__(self, pm: pluggy.PluginManager, dists: dict[str, tuple[str | None, str | None]] | None = None,
                 *, tracebacks: bool = False, answers: dict[tuple[str, str], list[Any]] | None = None) -> None:
        self._dists = dists or {}
        self._answers = {} if answers is None else answers
        self._pm = pm
        self._tracebacks = tracebacks
        self.failures: list[PluginFailure] = []
        self.refused: set[str] = set()
        # Precedence: the host's own plugins, then registration order (built-in plugins are registered first).
        names = [name for name, _ in pm.list_name_plugin()]
        ranked = [name for name in names if name in HOST_PLUGINS] + [name for name in names if name not in HOST_PLUGINS]
        self._rank = {name: index for index, name in enumerate(ranked)}
        # Call every registration hook once, each implementation under its own guard.
        with contextlib.redirect_stdout(sys.stderr):
            games = self._collect("cardshell_games")
            commands = [(plugin, c) for plugin, records in self._collect("cardshell_commands") for c in records]
        # A game's declarative moves (Game.moves, contract 2) are its plugin's commands.
        commands[:0] = [(plugin, Command.from_move(move, game.id))
                        for plugin, records in games for game in records
                        if isinstance(game, Game) for move in game.moves if isinstance(move, Move)]
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
            for plugin, command in sorted(commands, key=self._command_rank):
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
        self.notes: list[str] = []
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

    def _collect(self, hook_name: str) -> list[tuple[str, list[Any]]]:
        """Call a registration hook; each plugin's records, in precedence order.

        An implementation that raises, or returns something that is not
        iterable, refuses its plugin (with the file and line that raised).
        """
        def failed(plugin: str, hook: str, exc: BaseException) -> None:
            found = blame.locate(exc, blame.plugin_roots(self._pm.list_name_plugin(), HOST_PLUGINS), plugin)
            at = f" ({found.where})" if found.where else ""
            self._fail(plugin, f"raised in {hook}{at}: {blame.describe(exc)}")
            if self._tracebacks:
                blame.print_traceback(exc)

        impls = getattr(self._pm.hook, hook_name).get_hookimpls()
        known = {impl.plugin_name for impl in impls if (hook_name, impl.plugin_name) in self._answers}
        answers: list[tuple[pluggy.HookImpl, Any]] = []
        hookcall.call(self._pm, hook_name, failed, answers, select=lambda impl: impl.plugin_name not in known)
        answers += [(impl, _KNOWN) for impl in impls if impl.plugin_name in known]
        position = {id(impl): index for index, impl in enumerate(impls)}
        # pluggy calls the last registered implementation first; precedence is
        # registration order (the host first), each plugin's own hooks in their order.
        answers.sort(key=lambda pair: (self._rank.get(pair[0].plugin_name, len(self._rank)),
                                       position.get(id(pair[0]), 0)))
        collected = []
        for impl, value in answers:
            key = (hook_name, impl.plugin_name)
            if value is _KNOWN:  # answered when an earlier registry was built (plugins imported on demand)
                collected.append((impl.plugin_name, list(self._answers[key])))
                continue
            try:
                records = list(value or ())
            except Exception as exc:  # an answer that is not a list of records
                failed(impl.plugin_name, hook_name, exc)
                continue
            self._answers[key] = records
            collected.append((impl.plugin_name, records))
        return collected

    def _builtin(self, plugin: str) -> bool:
        return plugin in HOST_PLUGINS or is_builtin(self._dists.get(plugin, (None, None))[0])

    def _command_rank(self, pair: tuple[str, object]) -> tuple[int, int, int, int]:
        """Sort key of a (plugin, command): global commands first (the global
        scope is complete before any game scope shadows its words), then
        built-in plugins, then a game's own plugin in its scope, then
        registration order."""
        plugin, command = pair
        game = getattr(command, "game", None)
        owner = self.game_plugins.get(game) if isinstance(game, str) else None
        return (game is not None, not self._builtin(plugin), plugin != owner,
                self._rank.get(plugin, len(self._rank)))

    def _add_game(self, game: object, plugin: str, failed: dict[str, str]) -> None:
        if not isinstance(game, Game):
            failed[plugin] = f"cardshell_games returned {type(game).__name__}, not a cardshell.Game"
            return
        if not isinstance(game.id, str) or not _GAME_ID.fullmatch(game.id):
            failed[plugin] = f"game id {game.id!r} is not lower-case letters, digits and dashes"
            return
        if game.id in self.games:
            owner = self._named(self.game_plugins[game.id])
            failed[plugin] = f"game id {game.id!r} is already registered by plugin {owner}"
            return
        flat = flatsearch.flat_fields(game)
        try:
            game = flatsearch.gathered(game)  # the search part read once: the host reads Game.search alone
        except flatsearch.BothForms as exc:
            failed[plugin] = str(exc)
            return
        if flat:  # served, deprecated: said at start, under 'plugins', and as a DeprecationWarning
            note = flatsearch.deprecation(self._named(plugin), game, flat)
            self.notes.append(note)
            flatsearch.warn(note, self._pm.get_plugin(plugin))
        unread = game.search.unread() if game.search is not None else ()
        if unread:  # accepted, said once: what the declaration promises is not what the host will do
            self.notes.append(f"plugin {self._named(plugin)}: game {game.id!r} has a solver, so its "
                              f"{', '.join(unread)} is never read (the solver replaces the generic search)")
        game = contract1.adapt_game(game)  # one state path: a contract-1 game gets the contract-2 shape
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
        entry = Entry(contract1.adapt_command(command, scope.game), plugin)
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
        return None

    # -- queries ---------------------------------------------------------
    def scope(self, game_id: str | None) -> Scope:
        """The scope of a game id, or the global scope for None."""
        return self.global_scope if game_id is None else self.scopes[game_id]

    def commands(self, game_id: str | None) -> Iterable[Entry]:
        """The commands of a scope, in registration order."""
        return self.scope(game_id).entries

    def shadowed(self, game_id: str | None) -> list[str]:
        """The global command words a game's own words shadow in its scope.

        Args:
            game_id (str | None): a registered game id; None (the shell
                prompt, where nothing is shadowed) gives ``[]``.

        Returns:
            list[str]: each global name or alias (as the global command
            spells it) that a command of the game also uses, in the order
            of the global commands; each is reachable in the game as
            ``%WORD`` (:data:`ESCAPE`).
        """
        if game_id is None:
            return []
        scope = self.scopes[game_id]
        return [word for entry in self.global_scope.entries for word in entry.command.words
                if scope.lookup(word) is not None]

    def plugin_games(self, plugin: str) -> list[str]:
        """The ids of the games a plugin registered."""
        return [gid for gid, name in self.game_plugins.items() if name == plugin]
