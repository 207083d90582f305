"""The registry: the plugins of one shell, imported when first needed, and
the games and commands they register.

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
its own scope of command words, and the shell has one global scope
(:mod:`cardshell.scopes`).  A game's own command may use any word of the
global scope (``hint``, ``show``, ``moves``, ``help``, ...): inside that
game the game's command wins, the global one **shadowed**, and stays
reachable there as ``%WORD`` (:data:`ESCAPE`), as IPython's ``%`` reaches
its magics.  So a host command added in a later cardshell can never make an
existing game clash.  :meth:`Registry.shadowed` lists what a game shadows
(``help`` and ``plugins`` show it).

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

Deferred plugins.  A shell started from the plugin index
(:mod:`cardshell.plugin_index`) imports no plugin at first, the host's
default plugins (:data:`cardshell.defaults.DEFAULT_PLUGINS`) included: the
index says what each one provides, and the registry imports a plugin when
something needs it:

* a game, when it is looked up (``games[id]``, :meth:`Registry.scope`):
  its plugin and every plugin adding commands to it;
* a global command word (:meth:`Registry.command`): the plugin that
  registers it; the global pattern commands (:meth:`Registry.match`): the
  plugins that have one; every global command (:attr:`Registry.global_scope`:
  ``help``, completion, did-you-mean);
* a hook (:meth:`Registry.call`): every plugin implementing it, before it
  is called, so that a lifecycle listener sees every event.

Whatever the order they are imported in, the plugins stay registered with
pluggy in the order an eager start registers them (the entry points in
their order, then ``--plugin`` modules, then the default plugins), so
pluggy calls hook implementations in that start's order (the last
registered first).  Each registration hook is called once per plugin, when
the plugin is imported; the tables are then built again from the records of
every plugin imported so far.
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
        pm: a manager with the plugins of an eager start registered (none
            when started from the index).  Refused plugins are unregistered
            from it; deferred ones are registered in it when imported.
        problems: plugin failures in play, each reported once
            (:meth:`call`'s guarded implementations report there).
        host: what a default plugin is built with (``Class(host)``: the
            shell, which the default plugins see as :class:`cardshell.host.Host`).
        plugins: the plugins registered in ``pm`` (distribution and
            version, for reports and to tell the built-in plugins from
            others).
        failures: the plugins refused before the registry was made (at
            import: :func:`cardshell.discovery.load_entry_points`).
        index: the plugins to import on demand, as the plugin index lists
            them (the default plugins among them); None imports the
            default plugins now (an eager start).
        tracebacks: print the traceback of a registration hook that raised
            on standard error (``--traceback``).

    Attributes:
        games (Mapping[str, Game]): every game by id, in registration
            order; looking a deferred game up imports its plugin.
        game_plugins (dict[str, str]): game id to the plugin that registered
            it, for the games imported so far.
        failures (list[PluginFailure]): every refused plugin, once each.
        notes (list[str]): what was accepted but will not be used as
            declared (a ``prune`` beside a ``solver``) or is deprecated
            (:mod:`cardshell.flatsearch`), one line each, naming the
            plugin; shown at start and by ``plugins``.
        refused (set[str]): the names of the plugins refused at registration.
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
        self._infos = {info.name: info for info in plugins}
        self._objects = dict(pm.list_name_plugin())  # every plugin imported, by name
        self._pending: dict[str, IndexedPlugin] = {}  # the index's plugins not imported yet
        self._provides: _Provided | None = None  # what the pending plugins provide (None: to be made)
        self._records: dict[str, dict[str, list[list[Any]]]] = {}  # plugin -> hook -> each implementation's records
        self._adapted: dict[Any, Any] = {}  # id of a registered record -> its adaptation, made once
        self._rules: dict[str, RuleSet] = {}
        indexed = list(index or ())
        self._owner = {game.id: item.name for item in indexed for game in item.games}
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

    def _hook_failed(self, plugin: str, hook_name: str, exc: BaseException) -> None:
        """A hook implementation raised in play: reported once (:mod:`cardshell.problems`)."""
        self._problems.failure(plugin, hook_name, exc)

    def _reset(self) -> None:
        self.notes: list[str] = []
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
        """Import and register deferred plugins (and the plugins of the games
        they add commands to), then collect their records.

        Returns:
            bool: whether anything was imported.  A plugin that fails to
            import now (it changed since the index was written) joins
            :attr:`failures`, as at an eager start.
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
        """Import one plugin (build a default plugin with the host), guarded.

        Returns:
            bool: True when it imported; else it is reported in :attr:`failures`.
        """
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
        """Register newly imported plugins where an eager start registers
        them: the imported plugins after the first new one are registered
        again behind it, in order."""
        start = min(self._order.index(name) for name in imported)
        tail = [name for name in self._order[start:] if name in self._objects]
        for name in tail:
            if self._pm.get_plugin(name) is not None:
                self._pm.unregister(name=name)
        for name in tail:
            self._pm.register(self._objects[name], name=name)

    # -- collecting ------------------------------------------------------
    def _admit(self, names: list[str]) -> None:
        """Call the registration hooks of newly imported plugins (each
        implementation once, guarded, their output sent to standard error)
        and build the tables again."""
        new = set(names)
        with contextlib.redirect_stdout(sys.stderr):
            for hook_name in _REGISTRATION:
                self._collect(hook_name, new)
        self._build()

    def _collect(self, hook_name: str, names: set[str]) -> None:
        """Keep each named plugin's records of a registration hook, each
        implementation's in registration order.  An implementation that
        raises, or returns something that is not iterable, refuses its
        plugin (with the file and line that raised)."""
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

    def _fail(self, plugin: str, reason: str) -> None:
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
        """Build the games and scopes from every plugin's records; the first
        plugin refused on the way is left out and the build redone without
        it (its records may have taken words from a later plugin), until a
        build refuses nothing.  Each round removes one plugin."""
        while True:
            self._reset()
            ranked = self._ranked()
            self._rank = {name: index for index, name in enumerate(ranked)}
            failed: dict[str, str] = {}
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

    def _add_command(self, command: object, plugin: str, failed: dict[str, str]) -> None:
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

    def _named(self, plugin: str) -> str:
        """A plugin's name for messages, with its distribution when it has one."""
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
    @property
    def plugins(self) -> list[PluginInfo]:
        """The plugins imported or to import on demand, the host's own first
        (``plugins``), each with its games and hooks."""
        return ([self._infos[name] for name, _ in DEFAULT_PLUGINS if name in self._infos]
                + [self._infos[name] for name in self._order if name in self._infos and name not in _TARGETS])

    def plugin(self, name: str) -> object | None:
        """The registered plugin object (a module, or a default plugin's
        object) of that name, or None."""
        return self._pm.get_plugin(name)

    def listing(self) -> dict[str, Any]:
        """Game id to an object with ``title`` and ``summary``, for every
        game, importing none (``games``)."""
        return {gid: self._games.get(gid) or self._listing[gid] for gid in self.games}

    @property
    def global_scope(self) -> Scope:
        """The global commands, every one: the deferred plugins with global
        commands are imported first (``help``, completion, did-you-mean)."""
        if self._provided().global_commands:
            self._load(self._provided().global_commands)
        return self._global

    def command(self, word: str) -> Entry | None:
        """The global command a word names (any case), importing the deferred
        plugin that registers it if needed; None when none does."""
        entry = self._global.lookup(word)
        if entry is None:
            providers = self._provided().words.get(word.lower())
            if providers and self._load(providers):
                entry = self._global.lookup(word)
        return entry

    def match(self, line: str) -> tuple[Entry, str] | None:
        """The global pattern command matching a whole line and the line, the
        deferred plugins with global pattern commands imported first; or None."""
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
        """The scope of a game id (its plugin and those adding commands to it
        imported first), or for None the global scope (:attr:`global_scope`).

        Raises:
            KeyError: no such game.
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
        """The global command words a game's own words shadow in its scope.

        Args:
            game_id: a registered game id; None (the shell prompt, where
                nothing is shadowed) gives ``[]``.

        Returns:
            list[str]: each global name or alias (as the global command
            spells it) that a command of the game also uses, in the order
            of the global commands; each is reachable in the game as
            ``%WORD`` (:data:`ESCAPE`).
        """
        if game_id is None:
            return []
        scope = self.scope(game_id)
        return [word for entry in self.global_scope.entries for word in entry.command.words
                if scope.lookup(word) is not None]

    def plugin_games(self, plugin: str) -> list[str]:
        """The ids of the games a plugin registered (of the plugins imported so far)."""
        return [gid for gid, name in self.game_plugins.items() if name == plugin]

    def rules(self, game_id: str) -> RuleSet:
        """The rules of a game as functions over states, for search (kept
        until the next plugin is imported).

        Raises:
            KeyError: no such game.
        """
        rules = self._rules.get(game_id)
        if rules is None:
            rules = self._rules[game_id] = RuleSet(self.games[game_id], self.scope(game_id),
                                                   plugin=self.game_plugins.get(game_id),
                                                   warn=self._problems.note)
        return rules

    # -- hooks -------------------------------------------------------------
    def call(self, hook_name: str, results: list[tuple[pluggy.HookImpl, Any]] | None = None,
             **kwargs: Any) -> Any:
        """Call a lifecycle or display hook by pluggy's rules, each
        implementation guarded (:class:`cardshell.hookcall.GuardedHooks`:
        one that raises is reported once through the problems, naming its
        plugin), after importing every deferred plugin that implements it.

        Args:
            hook_name: the hook (``cardshell_render``, ``cardshell_game_over`` ...).
            results: receives (implementation, value) of each plain
                implementation, in call order (see :func:`cardshell.hookcall.call`).
            **kwargs: the hook's arguments.

        Returns:
            Any: what pluggy returns (a list, or the first answer of a
            ``firstresult`` hook).
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
    """The registry's games by id.  Iterating, ``len`` and ``in`` import
    nothing; ``games[id]`` and ``games.get(id)`` import a deferred game's
    plugin (and those adding commands to it)."""

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
