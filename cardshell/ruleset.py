"""A game's rules as functions over states, for search: no shell, no output.

:class:`RuleSet` gathers what the host knows of one game (its record and the
commands registered for it) into the small interface a search needs, the
way OpenSpiel's ``legal_actions``/``apply_action`` serve every game:

* :meth:`RuleSet.legal`: the legal moves now, as the lines a player types;
* :meth:`RuleSet.run`: the one path from a line to the next state (parse,
  validate, apply), which the dispatcher (a typed line), the replay of a
  save (:class:`cardshell.replay.Replayer`) and search all take; with a
  :class:`HostContext` it runs a player's line (the handler sees the shell,
  plugin code is bounded in time, the state guarded), without one a
  search's (a declarative move's ``check`` and ``apply`` alone);
  :meth:`RuleSet.play`: the state after one line, run for a search
  (rejected lines raise);
* :meth:`RuleSet.outcome`, :meth:`RuleSet.key`, :meth:`RuleSet.heuristic`;
* :meth:`RuleSet.expand`: the successors search tries, best first, through
  the game's fast :attr:`~cardshell.records.Search.successors` when it has
  one, else through :meth:`RuleSet.children` ordered by the heuristic;
  :meth:`RuleSet.pruned`: the game's proof that a state is lost.

Only games with immutable states and :attr:`~cardshell.records.Game.legal_moves`
can be searched (:attr:`RuleSet.searchable`).

The plugin's answers are checked where they are used
(:mod:`cardshell.plugincheck`): a listed line the rules reject is left out
of :meth:`RuleSet.children` and :meth:`RuleSet.checked_legal` with one
warning naming the plugin, ``legal_moves`` and the line; a key that is not
hashable, a heuristic that is not a finite number, ``legal_moves`` that
are not lines, ``successors`` that are not ``(move, state)`` pairs, raise
:class:`~cardshell.plugincheck.PluginFault` naming the plugin and the hook.

Bounds: the iterables ``legal_moves`` and ``successors`` return are read
with :func:`itertools.islice` up to :data:`MAX_LISTED` items; one more is a
:class:`~cardshell.plugincheck.PluginFault` (an endless generator costs
that many items, never all the memory).
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import random
from collections.abc import Callable, Hashable, Iterable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any, NoReturn

from cardshell import blame, watchdog
from cardshell.defaults import DEFAULT_PLUGIN_NAMES
from cardshell.errors import CommandError, UsageError
from cardshell.messages import say
from cardshell.plugincheck import Mutated, PluginFault, StateGuard, checked_key, checked_score, mutated, shown
from cardshell.records import Command, CommandContext, Game, Outcome, Search, spread
from cardshell.render import Text, text_of
from cardshell.scopes import Entry, Scope
from cardshell.statekind import immutable_states

if TYPE_CHECKING:  # pragma: no cover - annotations only: both are made above this module
    from cardshell.context import FrontEnd
    from cardshell.session import GameSession
    from cardshell.views import ShellView

#: The most warnings a :class:`RuleSet` keeps in :attr:`RuleSet.warnings`.
MAX_WARNINGS = 100
#: The most legal moves, or successors, read from one answer of a plugin's
#: ``legal_moves`` or ``successors`` (the largest built-in list: an expert
#: Minesweeper board of 99 x 30 cells, 5,940 lines).
MAX_LISTED = 100_000

#: The most computer moves the host applies in a row before it blames the
#: game's policies (:meth:`RuleSet.computer_turns`).
MAX_COMPUTER_TURNS = 10_000


def _listed(plugin: str, hook: str, answer: Any) -> list[Any]:
    """The items of a plugin's iterable answer, at most :data:`MAX_LISTED`.

    Raises:
        PluginFault: the answer is not iterable, or has more items.
    """
    try:
        items = list(islice(answer, MAX_LISTED + 1))
    except TypeError:
        raise PluginFault(plugin, hook, say("plugin.not-iterable", value=shown(answer))) from None
    if len(items) > MAX_LISTED:
        raise PluginFault(plugin, hook, say("plugin.too-many-items", limit=f"{MAX_LISTED:,}"))
    return items


def _is_move(move: Any) -> bool:
    """Whether ``move`` is a line or a tuple (or list) of lines (a search move)."""
    return type(move) is str or (type(move) in (tuple, list) and all(type(line) is str for line in move))


def what_ran(command: Command, line: str) -> Text:
    """A command's line as messages name plugin code that ran for it:
    ``move 'take 1'`` (``plugin.hook-move``), or ``command 'stats'`` for one
    that changes no state (``plugin.hook-command``)."""
    return say("plugin.hook-move" if command.changes_state else "plugin.hook-command", line=repr(line))


class HostContext:
    """What a player's line is run with besides its state
    (:meth:`RuleSet.run`): the shell its handler sees and the front end.

    A line run with one is a player's, typed (:class:`cardshell.dispatch.Dispatcher`)
    or read back from a save (:class:`cardshell.replay.Replayer`): its
    handler gets ``ctx.shell`` and ``ctx.interactive``, its plugin code
    (validators, handler) runs under the time bound of a script
    (:func:`cardshell.watchdog.plugin_bound`), and the state it is given is
    guarded (:class:`~cardshell.plugincheck.StateGuard`).

    Args:
        shell: what handlers see as ``ctx.shell``.
        front_end: whether a person plays at a terminal
            (``ctx.interactive``), read at each line.
    """

    __slots__ = ("shell", "front_end")

    def __init__(self, shell: ShellView | None, front_end: FrontEnd) -> None:
        self.shell = shell
        self.front_end = front_end


class StateChanged(Mutated):
    """A player's line changed the state it was given, though its game
    declares immutable states (:meth:`RuleSet.run`);
    :meth:`RuleSet.put_back` restores the game it was played in.

    Args:
        plugin, hook, problem: as :class:`~cardshell.plugincheck.PluginFault`'s.
        backup: a copy of the state as it was, or None when only its hash
            was kept.
    """

    def __init__(self, plugin: str, hook: Text, problem: Text, backup: Any = None) -> None:
        super().__init__(plugin, hook, problem)
        self.backup = backup


class RuleSet:
    """One game's rules, as pure functions over its states.

    Args:
        game (Game): the game.
        scope (Scope): the game's command scope in the registry (its moves
            and any commands other plugins added to it).
        plugin (str | None): the name of the plugin that registered the
            game, for messages (None: the game's id).
        warn (Callable[[str, str], None] | None): ``warn(key, line)`` tells
            the player of a plugin's wrong answer that was left out (the
            shell reports each ``key`` once); None: the warnings are kept in
            :attr:`warnings` only.

    Attributes:
        game (Game): the game.
        plugin (str): the plugin's name, as messages give it.
        searchable (bool): the game lists its legal moves and its states are
            immutable, so ``solve`` and ``hint`` can search it.
        search (Search): the game's search part (its ``Game.search``, as
            registration gathered it: :mod:`cardshell.flatsearch`).
        warnings (list[str]): the warnings given (at most
            :data:`MAX_WARNINGS`, each once).
    """

    def __init__(self, game: Game, scope: Scope, *, plugin: str | None = None,
                 warn: Callable[[str, Text], None] | None = None) -> None:
        self.game = game
        self._scope = scope
        self.plugin = plugin or game.id
        self._warn = warn
        self.warnings: list[Text] = []
        self._held: list[tuple[Text, Text]] | None = None
        self.searchable = game.legal_moves is not None and immutable_states(game)
        self.search = search = game.search if game.search is not None else Search()
        self._key = search.key
        self._heuristic = search.heuristic
        self._successors = search.successors
        self._prune = search.prune

    def searched_with(self, search: Search) -> RuleSet:
        """The same rules (the game, its commands, its plugin, where
        warnings go), searched with another search part: ``Search()`` gives
        the plain search through the legal moves, to check a game's fast
        paths against."""
        game = dataclasses.replace(self.game, search=search)
        return RuleSet(game, self._scope, plugin=self.plugin, warn=self._warn)

    def legal(self, state: Any) -> list[str]:
        """The legal moves in ``state``, as lines, in the game's order.

        Raises:
            CommandError: when the game does not list its legal moves.
        """
        if self.game.legal_moves is None:
            raise CommandError(say("rules.no-legal-moves", title=self.game.title))
        legal = _listed(self.plugin, "legal_moves", self.game.legal_moves(state))
        for line in legal:
            if type(line) is not str:
                raise PluginFault(self.plugin, "legal_moves", say("plugin.not-a-line", value=shown(line)))
        return legal

    def warn(self, hook: Text, line: Text) -> None:
        """Tell the player, once, that the plugin's ``hook`` gave a wrong
        answer that the host left out (``line`` says which and what was
        done), in a ``plugin.fault`` message (:mod:`cardshell.messages`)."""
        if self._held is not None:  # held: each pair once, at most MAX_WARNINGS (a deal may call a lying hook often)
            if (hook, line) not in self._held and len(self._held) < MAX_WARNINGS:
                self._held.append((hook, line))
            return
        text = say("plugin.fault", plugin=repr(self.plugin), hook=hook, problem=line)
        if text in self.warnings:
            return
        if len(self.warnings) < MAX_WARNINGS:
            self.warnings.append(text)
        if self._warn is not None:
            self._warn(f"{self.plugin}\0{text_of(hook)}", text)

    @contextlib.contextmanager
    def warnings_held(self) -> Iterator[list[tuple[Text, Text]]]:
        """Keep the warnings given inside the block (as ``(hook, line)``
        pairs in the list yielded, each once, at most :data:`MAX_WARNINGS`)
        instead of telling them; :meth:`release` tells them.  For work whose warnings are moot if it fails (a state
        found changed makes every rejected line after it moot)."""
        held: list[tuple[Text, Text]] = []
        outer, self._held = self._held, held
        try:
            yield held
        finally:
            self._held = outer

    def release(self, held: list[tuple[Text, Text]]) -> None:
        """Tell the warnings :meth:`warnings_held` kept."""
        for hook, line in held:
            self.warn(hook, line)

    def _rejected(self, line: str) -> None:
        self.warn("legal_moves", say("plugin.rejected-listed", line=repr(line)))

    def checked_legal(self, state: Any) -> list[str]:
        """The listed legal moves its rules accept, in the game's order.

        For a game declaring immutable states (whose moves are pure
        functions), each listed line is played: one the rules reject is
        left out, with one warning naming the plugin, ``legal_moves`` and the
        line (:meth:`warn`), and a move that changes the state it is given
        raises at once.  A game with mutable states gets its list as it is
        (its handlers may need the shell, which search does not give them).

        Raises:
            CommandError: when the game does not list its legal moves;
                :class:`~cardshell.plugincheck.PluginFault` naming the move
                that changed ``state``.
        """
        listed = self.legal(state)
        if not immutable_states(self.game):
            return listed
        guard = StateGuard(state, keep=False)
        legal = []
        for line in listed:
            try:
                self.play(state, line)
            except CommandError:
                self._rejected(line)
            else:
                legal.append(line)
            finally:
                if guard.changed():
                    raise mutated(self.plugin, self.game.id, say("plugin.hook-move", line=repr(line)))
        return legal

    def resolve(self, line: str) -> tuple[Entry, str]:
        """The game command a line names and its argument text.

        Raises:
            UsageError: when no command of the game matches the line.
        """
        word, _, rest = line.partition(" ")
        entry = self._scope.lookup(word)
        if entry is not None:
            return entry, rest.strip()
        matched = self._scope.match(line)
        if matched is not None:
            return matched
        raise UsageError(say("rules.not-a-move", line=repr(line), title=self.game.title))

    def run(self, state: Any, line: str, host: HostContext | None = None, *,
            found: tuple[Entry, str] | None = None) -> tuple[Any, CommandContext[Any] | None]:
        """The one path from a line to the next state: parse, validate, apply.

        The command's ``parse`` reads the argument text; then, for a
        player's line (``host`` given), each validator and the handler run
        on ``state`` with a :class:`~cardshell.records.CommandContext`
        (``ctx.shell`` and ``ctx.interactive`` from ``host``), the plugin
        code bounded in time in a script (:func:`cardshell.watchdog.plugin_bound`,
        not for the host's own default plugins) and ``state`` guarded
        (:class:`~cardshell.plugincheck.StateGuard`).  For a search
        (``host`` None) a declarative move's ``check`` and ``apply`` run
        alone (its ``message`` is not made), any other command's
        validators and handler with a context that has no shell.
        ``state`` itself is never kept changed: a game's states are values,
        a contract-1 game's handlers change a copy (:mod:`cardshell.contract1`).
        In a game with :attr:`~cardshell.records.Game.players`, the computer
        seats' turns follow the line, chosen by their own policies
        (:meth:`computer_turns`), so the state returned is the player's turn
        or the end, for the player and for a search alike.

        Args:
            state: a state of this game.
            line: one stripped command line, as typed.
            host: the shell and front end of a player's line; None: a
                search's.
            found: the command ``line`` names and its argument text, when
                the caller looked it up already (the dispatcher, whose own
                words come first, :meth:`cardshell.registry.Registry.find`);
                None: looked up in the game's scope (:meth:`resolve`).

        Returns:
            tuple: ``(state, said)``: the state after the line (for a
            command that changes no state, what its handler left in
            ``ctx.state``: the host keeps the old one), and what the game
            said and asked for, the handler's
            :class:`~cardshell.records.CommandContext` (``output``,
            ``follow_up``, ``steps``, ``pace``, ``leave_requested``); None
            for a declarative move run for a search, which hears nothing.

        Raises:
            CommandError: (or UsageError) when the line is not a legal move;
                :class:`StateChanged` when a player's line changed ``state``
                (instead of whatever else its code raised); other
                exceptions from plugin code pass through.
        """
        after, said = self._run_line(state, line, host, found)
        if self.game.players is not None:
            after = self.computer_turns(after)
            if said is not None:
                said.state = after
        return after, said

    def computer_turns(self, state: Any) -> Any:
        """The state after the computer seats' turns, up to the player's (or the end).

        While the game is not over and :attr:`~cardshell.records.Players.current`
        names a computer seat, that seat's policy chooses a line from the
        seat's view and a generator seeded with ``Players.seed(state)``, and
        the line is played as a search plays it (:meth:`run` without a host).
        The host never chooses the move: the policy does.

        Args:
            state: a state of this game, whose ``players`` is declared.

        Returns:
            Any: ``state`` itself when it is the player's turn (or the game
            is over), else the state where it next is.

        Raises:
            PluginFault: a seat without a policy, a policy's line that is
                not listed as legal, or more than :data:`MAX_COMPUTER_TURNS`
                computer moves in a row.
        """
        players = self.game.players
        assert players is not None
        for _ in range(MAX_COMPUTER_TURNS):
            if self.outcome(state) is not None:
                return state
            seat = players.current(state)
            if seat == players.human:
                return state
            policy = players.policies.get(seat)
            if policy is None:
                raise PluginFault(self.plugin, "Players.current", say("plugin.not-a-seat", value=shown(seat)))
            line = policy(players.view(state, seat), random.Random(players.seed(state)))
            if line not in self.legal(state):
                raise PluginFault(self.plugin, "Players.policies",
                                  say("plugin.policy-illegal", seat=seat, line=repr(line)))
            state = self._run_line(state, line, None, None)[0]
        raise PluginFault(self.plugin, "Players.policies", say("plugin.endless-turns", limit=MAX_COMPUTER_TURNS))

    def _run_line(self, state: Any, line: str, host: HostContext | None,
                  found: tuple[Entry, str] | None) -> tuple[Any, CommandContext[Any] | None]:
        """:meth:`run` for one line alone, without the computer's turns after it."""
        entry, args_text = self.resolve(line) if found is None else found
        command = entry.command
        args = command.parse(args_text)
        if host is None:
            move = command.move
            if move is not None:
                spread_args = spread(args)
                if move.check is not None:
                    move.check(state, *spread_args)
                return move.apply(state, *spread_args), None
            ctx = CommandContext(state=state, line=line, game_id=self.game.id, shell=None, interactive=False)
            for validator in command.validators:
                validator(state, args)
            command.handler(ctx, args)
            return ctx.state, ctx
        # In a script, one bound on all the plugin code of the line: the guard's fingerprint (or copy)
        # of the state, the validators, the handler (a contract-1 one copies the state first).
        bound = watchdog.NO_BOUND
        if watchdog.bounding():
            plugin = None if entry.plugin in DEFAULT_PLUGIN_NAMES else entry.plugin  # the host's own: not bounded
            bound = watchdog.plugin_bound(plugin, lambda: what_ran(command, line))  # a label only if it fires
        with bound:
            guard = StateGuard(state, keep=False)  # no copy, as the contract promises (proven immutable or hashed)
            ctx = CommandContext(state=state, line=line, game_id=self.game.id, shell=host.shell,
                                 interactive=host.front_end.interactive)
            try:
                for validator in command.validators:
                    validator(state, args)
                command.handler(ctx, args)
            finally:
                if guard.changed():
                    fault = mutated(entry.plugin, self.game.id, what_ran(command, line))
                    raise StateChanged(fault.plugin, fault.hook, fault.problem, guard.backup)
        return ctx.state, ctx

    def play(self, state: Any, line: str) -> Any:
        """The state after the move ``line``, run for a search (:meth:`run`
        without a host; ``state`` itself is unchanged).

        Args:
            state: a state of this game.
            line: one stripped command line, as typed.

        Returns:
            Any: the new state.

        Raises:
            CommandError: (or UsageError) when the line is not a legal move;
                other exceptions from plugin code pass through.
        """
        return self.run(state, line)[0]

    def put_back(self, session: GameSession, fault: StateChanged) -> NoReturn:
        """Put back the state a player's line changed (:class:`StateChanged`), and fail.

        The session's state becomes the fault's copy of it as it was, or,
        when only its hash was kept, the state its log makes: from the
        state before the last move (the undo stack's, when the game keeps
        one) replayed with that move, else from ``new(seed, options)``
        replayed with the whole log, each move on a deep copy (the plugin's
        code may change the state it is given).  A state that cannot be
        rebuilt is not claimed to be: the message says so.

        Args:
            session: the game of this rule set the line was run in.
            fault: what :meth:`run` raised.

        Raises:
            Mutated: always: ``fault``'s plugin and what ran, and what was
                done (``plugin.left-as-it-was`` or ``plugin.not-rebuilt``).
        """
        after = None  # the game is left as it was
        if fault.backup is not None:
            session.state = fault.backup
        else:
            try:
                if session.undo_stack and session.log and session.undo_stack[-1][1] == session.log[-1]:
                    before, last = session.undo_stack[-1]
                    session.state = self.play(copy.deepcopy(before), last)
                else:
                    state = session.game.new(session.seed, dict(session.options))
                    for logged in session.log:
                        state = self.play(copy.deepcopy(state), logged)
                    session.state = state
            except Exception as exc:  # a game that cannot be rebuilt: say so, never claim it was
                after = say("plugin.not-rebuilt", error=blame.describe(exc))
        raise mutated(fault.plugin, session.id, fault.hook, after)

    def children(self, state: Any) -> Iterable[tuple[str, Any]]:
        """Each legal move with the state it leads to, in the game's order.

        A listed line the rules reject is left out (:meth:`checked_legal`).
        """
        play = self.play
        for line in self.legal(state):
            try:
                after = play(state, line)
            except CommandError:  # UsageError too: the plugin listed it
                self._rejected(line)
                continue
            yield line, after

    def mutation(self, state: Any) -> str | None:
        """The first listed line whose move changes the state it is given.

        For a game declaring immutable states whose states were found
        changed: each listed line is played on its own deep copy of
        ``state``, guarded by a :class:`~cardshell.plugincheck.StateGuard`.

        Returns:
            str | None: the line, or None when none of them changes its copy.
        """
        for line in self.legal(copy.deepcopy(state)):
            trial = copy.deepcopy(state)
            guard = StateGuard(trial)
            try:
                self.play(trial, line)
            except CommandError:
                pass
            if guard.changed():
                return line
        return None

    def mutated(self, state: Any, during: Text, *, after: Text | None = None) -> PluginFault:
        """The fault of plugin code that changed a state though the game
        declares immutable states.

        Args:
            state (Any): the state as it was before the plugin code ran (a
                copy, or the same deal dealt again): its listed moves are
                tried on copies of it (:meth:`mutation`) to name the culprit.
            during (str): what ran, named when no listed move is found to
                change its state (``hint``, ``its rules``).
            after (str | None): what the host did about it, for the message
                (None: the game is left as it was, ``plugin.left-as-it-was``).

        Returns:
            PluginFault: naming the move (``move 'take 1'``) or ``during``.
        """
        line = None
        if self.game.legal_moves is not None:
            try:
                line = self.mutation(state)
            except Exception:  # the culprit is only named when it can be found
                line = None
        return mutated(self.plugin, self.game.id, during if line is None else say("plugin.hook-move", line=repr(line)),
                       after)

    def outcome(self, state: Any) -> Outcome | None:
        """The game's outcome in ``state`` (None while in play).

        Raises:
            PluginFault: the game's ``outcome`` returned something else than
                an :class:`~cardshell.records.Outcome` or None.
        """
        found = self.game.outcome(state)
        if found is None or type(found) is Outcome or isinstance(found, Outcome):
            return found
        raise PluginFault(self.plugin, "outcome", say("plugin.not-an-outcome", value=shown(found)))

    def key(self, state: Any) -> Hashable:
        """The transposition-table key of a state (:attr:`Search.key <cardshell.records.Search.key>`, or the state).

        Raises:
            PluginFault: the key is not hashable (naming the plugin's ``key``).
        """
        return checked_key(self.plugin, state if self._key is None else self._key(state))

    def fast_key(self, state: Any) -> Any:
        """:meth:`key` unchecked, for search's inner loop (which checks a key
        only when the transposition table cannot take it)."""
        return state if self._key is None else self._key(state)

    def heuristic(self, state: Any) -> float:
        """The game's score of a state, higher first (0 without a heuristic).

        Raises:
            PluginFault: the score is not a finite number (naming the
                plugin's ``heuristic``).
        """
        return 0.0 if self._heuristic is None else checked_score(self.plugin, self._heuristic(state))

    @property
    def has_heuristic(self) -> bool:
        """Whether the game orders moves by a heuristic."""
        return self._heuristic is not None

    def expand(self, state: Any, *, guard: bool = True) -> list[tuple[str | tuple[str, ...], Any]]:
        """The successors search tries from ``state``, best first.

        Through :attr:`Search.successors <cardshell.records.Search.successors>` when the game has it (its order, its
        dominance and its macro moves), else every legal line with its state,
        ordered by the heuristic, highest first (ties in the game's order).

        Returns:
            list: ``(move, new_state)`` pairs; ``move`` is a line or a tuple
            of lines played in order.

        For a game declaring immutable states, ``state`` is guarded while its
        successors are made (:class:`~cardshell.plugincheck.StateGuard`;
        ``guard`` false skips it, for the expansions a search does not
        sample: :data:`cardshell.search.GUARD_EVERY`): a search over states
        its plugin changes proves nothing.

        Raises:
            PluginFault: naming ``successors``, when it gives more than
                :data:`MAX_LISTED` children or one that is not a ``(move,
                state)`` pair;
                :class:`~cardshell.plugincheck.Mutated` (naming
                ``successors`` or ``its rules``), when ``state`` changed.
        """
        watch = StateGuard(state, keep=False) if guard and immutable_states(self.game) else None
        if self._successors is not None:
            children = _listed(self.plugin, "successors", self._successors(state))
            for child in children:
                if type(child) not in (tuple, list) or len(child) != 2 or not _is_move(child[0]):
                    raise PluginFault(self.plugin, "successors", say("plugin.not-a-pair", value=shown(child)))
        else:
            children = list(self.children(state))
            if self._heuristic is not None and len(children) > 1:
                heuristic = self.heuristic
                children.sort(key=lambda child: -heuristic(child[1]))
        if watch is not None and watch.changed():
            raise mutated(self.plugin, self.game.id,
                          "successors" if self._successors is not None else say("plugin.hook-its-rules"))
        return children

    @property
    def uses_successors(self) -> bool:
        """Whether :meth:`expand` goes through the game's
        :attr:`Search.successors <cardshell.records.Search.successors>`."""
        return self._successors is not None

    def verified_expand(self, state: Any, *, guard: bool = True) -> list[tuple[str | tuple[str, ...], Any]]:
        """:meth:`expand`, each ``successors`` child checked against the rules.

        Each child's line (or lines, for a macro move; none for ``()``) is
        played through :meth:`play`, and the state reached must equal the
        child (``==``) or have its key.

        Raises:
            PluginFault: naming the plugin's ``successors`` and the child's
                move, when the rules reject a line or reach another state.
        """
        children = self.expand(state, guard=guard)
        if self._successors is None:
            return children
        for move, child in children:
            reached = state
            for line in (move,) if type(move) is str else move:
                try:
                    reached = self.play(reached, line)
                except CommandError:
                    raise PluginFault(self.plugin, "successors",
                                      say("plugin.successor-rejected", move=repr(move))) from None
            if not (reached == child or self.key(reached) == self.key(child)):
                raise PluginFault(self.plugin, "successors", say("plugin.successor-other-state", move=repr(move)))
        return children

    def distrust_successors(self, fault: PluginFault) -> None:
        """Search this game from now on without its :attr:`Search.successors <cardshell.records.Search.successors>`
        (through :attr:`Game.legal_moves` and the rules, each line checked),
        after ``fault``, which the player is told of once."""
        self._successors = None
        self.warn(fault.hook, say("plugin.searched-without-successors", problem=fault.problem))

    def pruned(self, state: Any) -> bool:
        """Whether the game proves ``state`` lost (:attr:`Search.prune
        <cardshell.records.Search.prune>`); False without a bound."""
        return self._prune is not None and self._prune(state)
