"""The registry: the plugins of one shell, imported when first needed, and
the games and commands they register.

A plugin is accepted or refused whole: a refused registration (its hook
raised or returned no records, it took a game id or word already taken)
drops all its records and hooks, with one
:class:`~cardshell.discovery.PluginFailure`.  Each game has its own scope
of words beside the global one (docs/compatibility.md, "Command
namespaces"); a clash is decided by precedence, never pluggy's call order:
the host's commands, the built-in plugins, then third-party plugins in
registration order (a game's own plugin first in its scope).  Started from
the plugin index (:mod:`cardshell.plugin_index`), a plugin is imported when
a game, a global word or a hook of it is needed, and registered with pluggy
where an eager start would have registered it, so hooks run in that order.
"""

from __future__ import annotations

import contextlib
import importlib
import re
import sys
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import pluggy

from cardshell import blame, contract1, flatsearch, hookcall, watchdog
from cardshell.defaults import DEFAULT_PLUGIN_NAMES, DEFAULT_PLUGINS
from cardshell.discovery import PluginFailure, PluginInfo, is_builtin
from cardshell.messages import say
from cardshell.plugin_index import IndexedGame, IndexedPlugin
from cardshell.problems import ProblemReporter
from cardshell.records import Command, Game, Move
from cardshell.render import Text
from cardshell.ruleset import RuleSet
from cardshell.scopes import ESCAPE, Entry, Scope
from cardshell.version import __version__

__all__ = ["ESCAPE", "HOST_PLUGINS", "Entry", "Registry", "Scope"]

_GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
_REGISTRATION = ("cardshell_games", "cardshell_commands")

#: The host's own command plugins (the default plugins), all considered first.
HOST_PLUGINS = DEFAULT_PLUGIN_NAMES

#: How each default plugin is built: ``module:Class``, by plugin name.
_TARGETS = dict(DEFAULT_PLUGINS)


class Registry:
    """The plugins of one shell and every game and command they registered.

    Args:
        pm: a manager with an eager start's plugins registered (none from the
            index); refused plugins are unregistered, deferred ones registered
            when imported.
        problems: where guarded implementations report failures in play.
        host: what a default plugin is built with (``Class(host)``).
        plugins: the plugins registered in ``pm``, with distribution and version.
        failures: the plugins refused at import.
        index: the plugins to import on demand; None imports the default ones now.
        tracebacks: print a failing registration hook's traceback.

    Attributes:
        games: every game by id; looking a deferred one up imports its plugin.
        game_plugins: game id to the plugin that registered it, so far.
        failures: every refused plugin, once each.
        notes: one line per plugin declaring what goes unused or is deprecated.
        refused: the names of the plugins refused at registration.
        selection: the entry points chosen at start: the names to load (None:
            all) and those disabled (set by :meth:`cardshell.shell.Shell.create`).
    """

    def __init__(self, pm: pluggy.PluginManager, problems: ProblemReporter, host: object, *,
                 plugins: Iterable[PluginInfo] = (), failures: Iterable[PluginFailure] = (),
                 index: Iterable[IndexedPlugin] | None = None, tracebacks: bool = False) -> None:
        self._pm = pm
        self._problems = problems
        self._host = host
        self._tracebacks = tracebacks
        self._hooks = hookcall.GuardedHooks(pm, self._hook_failed)
        self.failures: list[PluginFailure] = list(failures)
        self.refused: set[str] = set()
        self.selection: tuple[list[str] | None, tuple[str, ...]] = (None, ())
        self._infos = {info.name: info for info in plugins}
        self._objects = dict(pm.list_name_plugin())  # every plugin imported, by name
        self._pending: dict[str, IndexedPlugin] = {}  # the index's plugins not imported yet
        self._provides: _Provided | None = None  # what the pending plugins provide (None: to be made)
        self._records: dict[str, dict[str, list[list[Any]]]] = {}  # plugin -> hook -> each implementation's records
        self._adapted: dict[Any, Any] = {}  # id of a registered record -> its adaptation, made once
        self._rules: dict[str, RuleSet] = {}
        indexed = list(index or ())
        self._owner = {game.id: item.name for item in indexed for game in item.games}
        self._game_plugin_names: tuple[tuple[int, int, int], frozenset[str]] = ((-1, -1, -1), frozenset())
        self._listing: dict[str, IndexedGame] = {game.id: game for item in indexed for game in item.games}
        for item in indexed:
            self._pending[item.name] = item
            self._infos[item.name] = PluginInfo(item.name, item.name if item.name in _TARGETS else item.module,
                                                item.dist, item.version, tuple(g.id for g in item.games),
                                                tuple(item.hooks))
        # Registration order: the plugins registered now, the index's, then the host's own (an eager start's).
        first = [name for name in self._objects if name not in _TARGETS]
        self._order = first + [item.name for item in indexed if item.name not in _TARGETS and item.name not in first]
        self._order += [name for name, _ in DEFAULT_PLUGINS]
        self.games: Mapping[str, Game] = _Games(self)
        self._reset()
        if index is None:  # an eager start: the host's own plugins now, then every plugin's records
            built = [name for name, _ in DEFAULT_PLUGINS if self._import(name, None)]
            self._register_in_order(built)
            for name in built:
                hooks = sorted(caller.name for caller in self._pm.get_hookcallers(self._objects[name]) or ())
                self._infos[name] = PluginInfo(name, name, "cardshell", __version__, (), tuple(hooks))
            self._admit(list(self._objects))

    def game_plugin_names(self) -> frozenset[str]:
        """The names of the plugins that bring at least one game (indexed or registered so far)."""
        known = (len(self._owner), id(self.game_plugins), len(self.game_plugins))
        if self._game_plugin_names[0] != known:  # games are only added (a reset makes a new dict)
            names = frozenset(self._owner.values()) | frozenset(self.game_plugins.values())
            self._game_plugin_names = (known, names)
        return self._game_plugin_names[1]

    def _hook_failed(self, plugin: str, hook_name: str, exc: BaseException) -> None:
        self._problems.failure(plugin, hook_name, exc)

    def _reset(self) -> None:
        self.notes: list[Text] = []
        self._games: dict[str, Game] = {}
        self.game_plugins: dict[str, str] = {}
        self._global = Scope(None)
        self._scopes: dict[str, Scope] = {}
        self._rules.clear()

    # -- importing ---------------------------------------------------------
    def pending(self) -> list[str]:
        """The names of the plugins not imported yet, in registration order."""
        return [name for name in self._order if name in self._pending]

    def _provided(self) -> _Provided:
        """What the plugins not imported yet provide (made once per import:
        a script asks at every line whether a word or a hook needs one)."""
        provided = self._provides
        if provided is None:
            provided = self._provides = _Provided([self._pending[name] for name in self.pending()])
        return provided

    def load_all(self) -> None:
        """Import every plugin not imported yet (``plugins`` lists what each game shadows)."""
        self._load(self.pending())

    def _load(self, names: Iterable[str]) -> bool:
        """Import and register deferred plugins (and those of the games they add to);
        whether anything was imported.  One that fails joins :attr:`failures`.
        """
        wanted = [name for name in names if name in self._pending]
        for name in list(wanted):
            wanted += [self._owner[gid] for gid in self._pending[name].targets if gid in self._owner]
        wanted = [name for name in dict.fromkeys(wanted) if name in self._pending]
        if not wanted:
            return False
        self._provides = None  # the pending plugins change
        imported = [name for name in wanted if self._import(name, self._pending.pop(name))]
        if imported:
            self._register_in_order(imported)
            self._admit(imported)
        return True

    def _import(self, name: str, item: IndexedPlugin | None) -> bool:
        """Import one plugin, guarded; False when it failed (reported in :attr:`failures`)."""
        target = _TARGETS.get(name)
        with blame.guard() as guarded, contextlib.redirect_stdout(sys.stderr), \
                watchdog.plugin_bound(None if target is not None else name, "import"):  # bounded in scripts
            if target is not None:
                module_name, _, class_name = target.partition(":")
                plugin = getattr(importlib.import_module(module_name), class_name)(self._host)
            else:
                assert item is not None
                plugin = importlib.import_module(item.module)
        if guarded.failed is not None:
            dist, version = (item.dist, item.version) if item is not None else ("cardshell", __version__)
            self.failures.append(PluginFailure(name, dist, version,
                                               say("plugin.import-failed", error=blame.describe(guarded.failed))))
            self._infos.pop(name, None)
            self._forget_games(name)
            return False
        self._objects[name] = plugin
        return True

    def _forget_games(self, name: str) -> None:
        """Leave out the index's games of a plugin that is not imported."""
        for gid in [gid for gid, owner in self._owner.items() if owner == name]:
            del self._owner[gid]
            self._listing.pop(gid, None)

    def _register_in_order(self, imported: list[str]) -> None:
        """Re-register the imported plugins after the first new one, so pluggy's order is an eager start's."""
        start = min(self._order.index(name) for name in imported)
        tail = [name for name in self._order[start:] if name in self._objects]
        for name in tail:
            if self._pm.get_plugin(name) is not None:
                self._pm.unregister(name=name)
        for name in tail:
            self._pm.register(self._objects[name], name=name)

    # -- collecting ------------------------------------------------------
    def _admit(self, names: list[str]) -> None:
        """Call the registration hooks of newly imported plugins, then rebuild the tables."""
        new = set(names)
        with contextlib.redirect_stdout(sys.stderr):
            for hook_name in _REGISTRATION:
                self._collect(hook_name, new)
        self._build()

    def _collect(self, hook_name: str, names: set[str]) -> None:
        """Keep the named plugins' records of a hook; one that raises or returns a non-iterable refuses its plugin."""
        def failed(plugin: str, hook: str, exc: BaseException) -> None:
            found = blame.locate(exc, blame.plugin_roots(self._pm.list_name_plugin(), HOST_PLUGINS), plugin)
            at = say("plugin.at", where=found.where) if found.where else ""
            self._fail(plugin, say("plugin.raised-in", hook=hook, at=at, error=blame.describe(exc)))
            if self._tracebacks:
                blame.print_traceback(exc)

        answers: list[tuple[pluggy.HookImpl, Any]] = []
        impls = getattr(self._pm.hook, hook_name).get_hookimpls()
        hookcall.call(self._pm, hook_name, failed, answers, select=lambda impl: impl.plugin_name in names)
        position = {id(impl): index for index, impl in enumerate(impls)}
        answers.sort(key=lambda pair: position.get(id(pair[0]), 0))
        for impl, value in answers:
            try:
                records = list(value or ())
            except Exception as exc:  # an answer that is not a list of records
                failed(impl.plugin_name, hook_name, exc)
                continue
            if hook_name == "cardshell_games":  # a game's declarative moves (contract 2) are its plugin's commands
                moves = [Command.from_move(move, game.id) for game in records if isinstance(game, Game)
                         for move in game.moves if isinstance(move, Move)]
                self._records.setdefault(impl.plugin_name, {}).setdefault("moves", []).append(moves)
            self._records.setdefault(impl.plugin_name, {}).setdefault(hook_name, []).append(records)

    def _fail(self, plugin: str, reason: Text) -> None:
        if plugin in self.refused:
            return
        self.refused.add(plugin)
        info = self._infos.get(plugin)
        dist, version = (info.dist, info.version) if info is not None else (None, None)
        self.failures.append(PluginFailure(plugin, dist, version, reason))

    def _ranked(self) -> list[str]:
        """The plugins with records, in precedence order: the host's own, then registration order."""
        order = [name for name in self._order if name in HOST_PLUGINS]
        order += [name for name in self._order if name not in HOST_PLUGINS]
        order += [name for name in self._records if name not in order]
        return [name for name in order if name in self._records and name not in self.refused]

    def _build(self) -> None:
        """Build the games and scopes, leaving out the first plugin refused and building again until none is."""
        while True:
            self._reset()
            ranked = self._ranked()
            self._rank = {name: index for index, name in enumerate(ranked)}
            failed: dict[str, Text] = {}
            for plugin in ranked:
                for records in self._records[plugin].get("cardshell_games", []):
                    for game in records:
                        if not failed:
                            self._add_game(game, plugin, failed)
            commands = [(plugin, command) for plugin in ranked for moves in self._records[plugin].get("moves", [])
                        for command in moves]
            commands += [(plugin, command) for plugin in ranked
                         for records in self._records[plugin].get("cardshell_commands", []) for command in records]
            for plugin, command in sorted(commands, key=self._command_rank):
                if not failed:
                    self._add_command(command, plugin, failed)
            if not failed:
                break
            for plugin, reason in failed.items():
                self._fail(plugin, reason)
        for plugin in self.refused:
            self._records.pop(plugin, None)
            self._infos.pop(plugin, None)
            self._forget_games(plugin)
            if plugin not in HOST_PLUGINS:
                self._objects.pop(plugin, None)
                if self._pm.get_plugin(plugin) is not None:
                    self._pm.unregister(name=plugin)
        for name, info in list(self._infos.items()):
            if name not in self._pending:
                self._infos[name] = info._replace(games=tuple(self.plugin_games(name)))

    def _builtin(self, plugin: str) -> bool:
        info = self._infos.get(plugin)
        return plugin in HOST_PLUGINS or is_builtin(info.dist if info is not None else None)

    def _command_rank(self, pair: tuple[str, object]) -> tuple[int, int, int, int]:
        """Sort key: global commands, built-in plugins, a game's own plugin in its scope, registration order."""
        plugin, command = pair
        game = getattr(command, "game", None)
        owner = self.game_plugins.get(game) if isinstance(game, str) else None
        return (game is not None, not self._builtin(plugin), plugin != owner,
                self._rank.get(plugin, len(self._rank)))

    def _add_game(self, game: object, plugin: str, failed: dict[str, Text]) -> None:
        if not isinstance(game, Game):
            failed[plugin] = say("plugin.not-a-game", type=type(game).__name__)
            return
        if not isinstance(game.id, str) or not _GAME_ID.fullmatch(game.id):
            failed[plugin] = say("plugin.bad-game-id", game=repr(game.id))
            return
        if game.id in self._games:
            owner = self._named(self.game_plugins[game.id])
            failed[plugin] = say("plugin.game-id-taken", game=repr(game.id), owner=owner)
            return
        known = self._adapted.get(id(game))
        if known is not None and known[0] is game:  # registered at an earlier build: prepared once
            adapted = known[1]
        else:
            original = game
            flat = flatsearch.flat_fields(game)
            try:
                game = flatsearch.gathered(game)  # the search part read once: the host reads Game.search alone
            except flatsearch.BothForms as exc:
                failed[plugin] = exc.args[0]  # its message (flatsearch.BothForms)
                return
            if flat:  # served, deprecated: said at start, under 'plugins', and as a DeprecationWarning
                note = flatsearch.deprecation(self._named(plugin), game, flat)
                self.notes.append(note)
                flatsearch.warn(note, self._pm.get_plugin(plugin))
            unread = game.search.unread() if game.search is not None else ()
            if unread:  # accepted, said once: what the declaration promises is not what the host will do
                self.notes.append(say("plugin.solver-beside", plugin=self._named(plugin), game=repr(game.id),
                                      fields=", ".join(unread)))
            # one state path: a contract-1 game gets the contract-2 shape, once; the record is kept with
            # its adaptation, so its id is never another record's
            adapted = contract1.adapt_game(game, plugin)
            self._adapted[id(original)] = (original, adapted)
        self._games[game.id] = adapted
        self.game_plugins[game.id] = plugin
        scope = self._scopes[game.id] = Scope(adapted)
        for alias, target in game.host_aliases.items():
            scope.aliases[scope.key(alias)] = target.lower()

    def _add_command(self, command: object, plugin: str, failed: dict[str, Text]) -> None:
        if isinstance(command, Move):
            moved = self._adapted.get(id(command))
            if moved is None:
                moved = self._adapted[id(command)] = Command.from_move(command)
            command = moved
        if not isinstance(command, Command):
            failed[plugin] = say("plugin.not-a-command", type=type(command).__name__)
            return
        if command.game is None:
            scope = self._global
        elif command.game in self._scopes:
            scope = self._scopes[command.game]
        else:
            failed[plugin] = say("plugin.command-for-unknown-game", command=repr(command.name),
                                 game=repr(command.game))
            return
        key = (id(command), id(scope.game))
        adapted = self._adapted.get(key)
        if adapted is None:
            owner = self.game_plugins.get(command.game) if command.game is not None else None
            adapted = self._adapted[key] = contract1.adapt_command(command, scope.game, owner)
        entry = Entry(adapted, plugin)
        if command.pattern is not None:
            flags = 0 if scope.case_sensitive else re.IGNORECASE
            try:
                scope.patterns.append((re.compile(command.pattern, flags), entry))
            except re.error as exc:
                failed[plugin] = say("plugin.bad-pattern", command=repr(command.name), error=exc)
                return
        clash = None if command.pattern is not None else self._clash(scope, command)
        if clash is not None:
            word, other = clash
            where = say("plugin.scope-game", game=repr(command.game)) if command.game else say("plugin.scope-shell")
            failed[plugin] = say("plugin.word-taken", word=repr(word), where=where, owner=self._named(other))
            return
        scope.entries.append(entry)
        if command.pattern is None:
            for word in command.words:
                scope.words[scope.key(word)] = entry

    def _named(self, plugin: str) -> Text:
        info = self._infos.get(plugin)
        if info is not None and info.dist:
            return say("plugin.named", plugin=repr(plugin), dist=info.dist, version=info.version)
        return repr(plugin)

    def _clash(self, scope: Scope, command: Command) -> tuple[str, str] | None:
        for word in command.words:
            key = scope.key(word)
            if key in scope.words:
                return word, scope.words[key].plugin
            if key in scope.aliases:
                return word, self.game_plugins[command.game or ""]
        return None

    # -- queries ---------------------------------------------------------
    def known_plugins(self) -> set[str]:
        """The names of every plugin this shell knew at its start: imported, deferred or refused."""
        return set(self._order) | set(self._infos) | {failure.name for failure in self.failures}

    @property
    def plugins(self) -> list[PluginInfo]:
        """The plugins imported or to import, the host's own first, each with its games and hooks (``plugins``)."""
        return ([self._infos[name] for name, _ in DEFAULT_PLUGINS if name in self._infos]
                + [self._infos[name] for name in self._order if name in self._infos and name not in _TARGETS])

    def plugin(self, name: str) -> object | None:
        """The registered plugin object (a module, or a default plugin's object) of that name, or None."""
        return self._pm.get_plugin(name)

    def listing(self) -> dict[str, Any]:
        """Game id to an object with ``title`` and ``summary``, for every game, importing none (``games``)."""
        return {gid: self._games.get(gid) or self._listing[gid] for gid in self.games}

    @property
    def global_scope(self) -> Scope:
        """The global commands, every deferred plugin with one imported first (``help``, completion)."""
        if self._provided().global_commands:
            self._load(self._provided().global_commands)
        return self._global

    def command(self, word: str) -> Entry | None:
        """The global command a word names (any case), importing its plugin if needed; None when none does."""
        entry = self._global.lookup(word)
        if entry is None:
            providers = self._provided().words.get(word.lower())
            if providers and self._load(providers):
                entry = self._global.lookup(word)
        return entry

    def global_words(self) -> frozenset[str]:
        """Every global command's name and alias, lower-cased, of the plugins
        imported and of those not imported yet, importing none (what the
        terminal checks a word being typed against)."""
        return frozenset(self._global.words) | frozenset(self._provided().words)

    def global_patterns(self) -> tuple[list[tuple[re.Pattern[str], Entry]], bool]:
        """The global pattern commands imported so far, and whether a plugin
        not imported yet has one too (its pattern unknown until imported)."""
        return self._global.patterns, bool(self._provided().patterns)

    def match(self, line: str) -> tuple[Entry, str] | None:
        """The global pattern command matching a whole line, with the line; or None."""
        if self._provided().patterns:
            self._load(self._provided().patterns)
        return self._global.match(line)

    def find(self, line: str, game_id: str | None) -> tuple[Entry, str] | None:
        """The command a line names in a game (or at the shell prompt), and
        the text of its arguments: the precedence of every line.

        In a game: the game's own word, else the game's word for a host
        command (``Game.host_aliases``), else a global command, else the
        game's pattern commands, else the global ones.  ``%WORD``
        (:data:`ESCAPE`) looks at the global commands only.  A deferred
        plugin that provides the word or a pattern is imported.

        Args:
            line: a stripped, non-empty input line.
            game_id: the game the line is typed in; None: the shell prompt.

        Returns:
            tuple[Entry, str] | None: the command and the argument text (the
            whole line for a pattern command), or None when no command matches.

        Raises:
            KeyError: no such game.
        """
        if line.startswith(ESCAPE):  # '%hint': the shell's own command, even where the game has one
            line = line[len(ESCAPE):].lstrip()
            word, _, rest = line.partition(" ")
            entry = self.command(word.strip())
            if entry is not None:
                return entry, rest.strip()
            return self.match(line) if line else None
        word, _, rest = line.partition(" ")
        word, rest = word.strip(), rest.strip()
        scope = self.scope(game_id) if game_id is not None else None
        if scope is not None:
            entry = scope.lookup(word)
            if entry is not None:
                return entry, rest
            word = scope.aliases.get(scope.key(word), word)
        entry = self.command(word)
        if entry is not None:
            return entry, rest
        matched = scope.match(line) if scope is not None else None
        return matched if matched is not None else self.match(line)

    def scope(self, game_id: str | None) -> Scope:
        """The scope of a game id (its plugins imported first), or the global scope
        for None; ``KeyError`` for no such game.
        """
        if game_id is None:
            return self.global_scope
        self._need_game(game_id)
        return self._scopes[game_id]

    def _need_game(self, game_id: str) -> None:
        """Import the plugin of a game and the plugins adding commands to it."""
        owner = self._owner.get(game_id)
        if owner is not None and game_id not in self._games:
            self._load([owner, *(name for name in self.pending() if game_id in self._pending[name].targets)])

    def commands(self, game_id: str | None) -> list[Entry]:
        """The commands of a scope (a game id, or None: global), in registration order."""
        return self.scope(game_id).entries

    def shadowed(self, game_id: str | None) -> list[str]:
        """The global words (as the global command spells them) a game's own words
        shadow in its scope, each reachable there as ``%WORD``; ``[]`` for None.
        """
        if game_id is None:
            return []
        scope = self.scope(game_id)
        return [word for entry in self.global_scope.entries for word in entry.command.words
                if scope.lookup(word) is not None]

    def plugin_games(self, plugin: str) -> list[str]:
        """The ids of the games a plugin registered, of the plugins imported so far."""
        return [gid for gid, name in self.game_plugins.items() if name == plugin]

    def rules(self, game_id: str) -> RuleSet:
        """The rules of a game for search, kept until the next import; ``KeyError`` for no such game."""
        rules = self._rules.get(game_id)
        if rules is None:
            rules = self._rules[game_id] = RuleSet(self.games[game_id], self.scope(game_id),
                                                   plugin=self.game_plugins.get(game_id),
                                                   warn=self._problems.note)
        return rules

    # -- hooks -------------------------------------------------------------
    def call(self, hook_name: str, results: list[tuple[pluggy.HookImpl, Any]] | None = None,
             **kwargs: Any) -> Any:
        """Call a lifecycle or display hook by pluggy's rules once its deferred
        implementers are imported, each implementation guarded; what pluggy returns.

        ``results`` receives (implementation, value) of each plain implementation
        in call order (:func:`cardshell.hookcall.call`); ``kwargs`` are the hook's.
        """
        providers = self._provided().hooks.get(hook_name)
        if providers:
            self._load(providers)
        return self._hooks.call(hook_name, results, **kwargs)


class _Provided:
    """What some deferred plugins provide, looked up by a word (any case), a
    hook or a kind of command; each list in their registration order.

    Args:
        pending: the plugins not imported yet, as the index gives them.
    """

    __slots__ = ("words", "hooks", "patterns", "global_commands")

    def __init__(self, pending: list[IndexedPlugin]) -> None:
        self.words: dict[str, list[str]] = {}
        self.hooks: dict[str, list[str]] = {}
        for item in pending:
            for word in dict.fromkeys(word.lower() for word in item.global_words):
                self.words.setdefault(word, []).append(item.name)
            for hook in dict.fromkeys(item.hooks):
                self.hooks.setdefault(hook, []).append(item.name)
        self.patterns = [item.name for item in pending if item.global_patterns]
        self.global_commands = [item.name for item in pending if item.global_words or item.global_patterns]


class _Games(Mapping[str, Game]):
    """The games by id: iterating, ``len`` and ``in`` import nothing; ``games[id]`` imports the game's plugins."""

    def __init__(self, registry: Registry) -> None:
        self._registry = registry

    def _ids(self) -> list[str]:
        registry = self._registry
        return list(dict.fromkeys([*registry._listing, *registry._games]))

    def __getitem__(self, game_id: str) -> Game:
        registry = self._registry
        if game_id not in registry._games:
            registry._need_game(game_id)
        return registry._games[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids())

    def __len__(self) -> int:
        return len(self._ids())

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._registry._listing or game_id in self._registry._games
