"""Search over any game's legal moves: ``solve`` and ``hint`` for every game.

The host's one search engine; it knows no game.  It sees a game only through
a :class:`~cardshell.ruleset.RuleSet` (legal moves as typed lines, the state
after a line, the outcome, the game's transposition key and heuristic).

* :func:`solve`: depth-first search with a transposition table keyed on
  :meth:`RuleSet.key`, children from :meth:`RuleSet.expand` (the game's fast
  :attr:`~cardshell.records.Search.successors` with its dominance and macro
  moves when it has them, else the legal lines ordered by
  :meth:`RuleSet.heuristic`, highest first; a position where the game
  declares a move that can never hurt, :attr:`~cardshell.records.Search.safe`,
  has one child instead: that move and the safe moves after it, in a row, as
  one macro move), positions the game proves lost
  (:attr:`~cardshell.records.Search.prune`) not expanded, bounded by a
  :class:`Budget` of seconds and positions.  The budget is spent by a
  portfolio: slices of a Luby schedule (:func:`schedule`) go in turn to one
  run in the game's order, resumed where it stopped, and to restarts in the
  game's order *nudged* (at each position, with chance :data:`NUDGE`,
  another move is tried first): one bad early choice no longer takes a
  depth-first search's whole budget.  Every run keeps its own table of the
  positions it met (none is expanded twice by it) and adds the positions it
  proves lost, as Tarjan's algorithm closes their strongly connected
  component, to one set that every run skips.  Successors and pruning may
  leave out only what cannot matter, so the search is an exact
  reachability test: it answers ``won`` (with the winning line), ``no win``
  (a run closed the start's component: every position reachable from it
  expanded or proven lost, none won) or ``unknown`` (the budget ran out
  first).
  A game with its own search (:attr:`~cardshell.records.Search.solver`, e.g.
  Aces Up's raw-code solver) is searched by it instead; its ``won`` line is
  replayed through the rules (:meth:`RuleSet.play`) and rejected with a
  :class:`~cardshell.errors.CommandError` unless it ends in a win.
* :func:`hint`: one move from what the player can see.  A game with hidden
  information (:attr:`~cardshell.records.Game.determinize`) is re-drawn
  ``samples`` times (determinization); each re-drawn deal is solved, and the
  move that starts a winning line in the most samples is recommended with
  that count.  A game that hides nothing gets the first move of a winning
  line of the true state, as ``solve`` shows it
  (:func:`cardshell.shortcut.human_verdict`).  A game's own
  :attr:`~cardshell.records.Game.hint` replaces all this; its answer is checked: one that is not a
  :class:`~cardshell.records.Hint`, or whose move the rules reject, is left
  out with one warning naming the plugin, and the host's own hint answers.

The plugin's answers are checked where they are used
(:mod:`cardshell.plugincheck`): a key that is not hashable or a heuristic
that is not a finite number raises :class:`~cardshell.plugincheck.PluginFault`;
a listed legal move the rules reject is left out (:meth:`RuleSet.children`);
the children :attr:`~cardshell.records.Search.successors` gives for the first
:data:`CHECKED_POSITIONS` positions of a search, and every line of a winning
line it led to, are played through the rules; when they disagree, the
player is told once, and the game is searched again without ``successors``
(:meth:`RuleSet.distrust_successors`).

Bounds: a search meets at most ``budget.nodes`` positions over all its runs
(a restart counts again the positions it meets again), and each position met
is kept at most once in the table of its run and once in the set of the
positions proved lost, so memory is at most about ``2 * nodes`` keys (a
restart's table is dropped when it ends).  It checks the clock at every
position, so it stops within ``budget.seconds`` plus the time of one
expansion (a slow game's search stops at its budget, well within the time
bound of its plugin code, :class:`cardshell.watchdog.TimeBound`).

Garbage collection: the generic search keeps every position it meets until
it ends, so Python's automatic collections, which walk every object again
each time the older ones grow by a quarter, took a third of a plain
search's time.  During the search they are paused (:func:`gc.disable`) and
the youngest generation is collected every 256 positions instead: each
object is walked about once, and reference cycles that plugin code drops
are still freed.  The collector is restored however the search ends.
"""

from __future__ import annotations

import contextlib
import gc
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Generator, Iterator
from typing import Any

from cardshell.errors import CommandError
from cardshell.messages import say
from cardshell.plugincheck import PluginFault, checked_hint, checked_key, shown
from cardshell.records import Budget, Hint, SearchResult, Verdict
from cardshell.ruleset import RuleSet
from cardshell.shortcut import human_verdict
from cardshell.statekind import given_state

#: The positions of a search whose ``successors`` children are all played
#: through the rules to check them (:meth:`RuleSet.verified_expand`).
CHECKED_POSITIONS = 8
#: One expansion in this many, after the first :data:`CHECKED_POSITIONS`
#: (all guarded), is made with the state guard of :meth:`RuleSet.expand`
#: (two hashes of the state: a third more time for Thumb and Pouch when
#: every expansion was guarded).  A move that changes the state it is given
#: does so wherever it is played, so a sampled expansion meets it.
GUARD_EVERY = 32
#: The most positions a game's own solver may say it searched: the most an
#: SQLite integer holds (a winnability row stores the count).
MAX_POSITIONS = 2**63 - 1
#: The most moves in a game solver's winning line (each is replayed through
#: the rules; the longest built-in line is a few hundred moves).
MAX_LINE = 100_000

__all__ = ["CHECKED_POSITIONS", "GUARD_EVERY", "MAX_LINE", "MAX_POSITIONS", "SAFE_CHAIN", "Budget", "Result", "Verdict",
           "hint", "solve"]

#: The verdicts of :func:`solve` (:data:`cardshell.records.SearchResult`).
Result = SearchResult

def _flatten(path: list[str | tuple[str, ...]]) -> tuple[str, ...]:
    lines: list[str] = []
    for move in path:
        if type(move) is str:
            lines.append(move)
        else:
            lines.extend(move)
    return tuple(lines)


def solve(rules: RuleSet, state: Any, budget: Budget = Budget(), *,
          clock: Callable[[], float] = time.monotonic, portfolio: bool = True) -> Verdict:
    """Search for a winning line from ``state`` (which may show every card).

    Args:
        rules (RuleSet): a searchable game (:attr:`RuleSet.searchable`).
        state (Any): the position to start from; never changed.
        budget (Budget): the limits in seconds and positions.
        clock (Callable[[], float]): the clock, in seconds (tests pass a fake).
        portfolio (bool): restarts in several move orders sharing the
            positions proved lost (see the module's docstring); False: one
            depth-first run in the game's order.

    Returns:
        Verdict: ``won`` with a winning line, ``no win`` when the search
        space was exhausted, ``unknown`` when the budget ran out.

    Raises:
        CommandError: when the game does not list legal moves;
            :class:`~cardshell.plugincheck.PluginFault` when its key is not
            hashable, its heuristic not a finite number, or its
            :attr:`~cardshell.records.Search.solver` returns a winning line
            that does not win (a broken contract); plugin exceptions pass
            through.  A ``successors`` the rules contradict is not an error:
            the game is searched again without it (see the module's docstring).
    """
    try:
        return _solve(rules, state, budget, clock, portfolio)
    except PluginFault as fault:
        if fault.hook != "successors" or not rules.uses_successors:
            raise
        rules.distrust_successors(fault)
        return _solve(rules, state, budget, clock, portfolio)


def _solve(rules: RuleSet, state: Any, budget: Budget, clock: Callable[[], float], portfolio: bool) -> Verdict:
    """:func:`solve`, raising ``PluginFault`` on ``successors`` the rules contradict."""
    start = clock()
    outcome = rules.outcome(state)
    if outcome is not None:
        result: Result = "won" if outcome.result == "won" else "no win"
        return Verdict(result, (), 1, clock() - start)
    solver = rules.search.solver
    if solver is not None:
        return _checked(rules, state, solver(state, budget, clock))
    with _young_collections():
        return _generic(rules, state, budget, clock, start, portfolio=portfolio)


@contextlib.contextmanager
def _young_collections() -> Iterator[None]:
    """Automatic garbage collection paused for the block (the search collects
    the youngest generation itself; see the module's docstring)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


#: The positions of the first slice of a portfolio search; slice ``n`` of its
#: schedule gets this many times the ``n``-th term of the Luby sequence
#: (:func:`schedule`).  Chosen by measurement (benchmarks/bench_settle.py):
#: 500 to 1,000 settle the same Klondike deals, 4,000 spend more.
UNIT = 1_000
#: The seed of the generators of a portfolio's nudged orders (restart ``n`` is seeded ``SHUFFLE_SEED + n``).
SHUFFLE_SEED = 0
#: The chance that a nudged order (:func:`_nudged_order`) tries another move first at a position
#: (0.15 to 0.3 settle the same Klondike deals; reversed and shuffled orders settle none).
NUDGE = 0.15


def luby(number: int) -> int:
    """The ``number``-th term (from 1) of the Luby sequence: 1 1 2 1 1 2 4 1 1 2 ..."""
    size = 1
    while size < number + 1:
        size = 2 * size + 1
    while True:
        if number == size:
            return (size + 1) // 2
        size //= 2
        if number > size:
            number -= size


def schedule(nodes: int) -> Iterator[int]:
    """The positions each slice of a portfolio search may meet, in turn:
    :data:`UNIT` times the Luby sequence, endless (the search cuts the slice
    that reaches its budget of ``nodes`` positions, so a budget of at most
    :data:`UNIT` positions is one run in the game's order, the plain search)."""
    number = 0
    while True:
        number += 1
        yield UNIT * luby(number)


Order = Callable[[list[Any], random.Random], list[Any]]


def _game_order(children: list[Any], rng: random.Random) -> list[Any]:
    """The game's own order (its ``successors``, else its legal moves by its heuristic)."""
    return children


def _nudged_order(children: list[Any], rng: random.Random) -> list[Any]:
    """The game's order, but with chance :data:`NUDGE` a move other than its first, chosen by ``rng``, first."""
    if len(children) > 1 and rng.random() < NUDGE:
        children = list(children)
        children.insert(0, children.pop(rng.randrange(1, len(children))))
    return children


def _generic(rules: RuleSet, state: Any, budget: Budget, clock: Callable[[], float], start: float, *,
             portfolio: bool = True) -> Verdict:
    """The generic search of :func:`_solve` (no game solver), from a position not over.

    Slices of the portfolio's :func:`schedule` go in turn to one run in the
    game's order, resumed where it stopped (so a proof of "no win" costs at
    most twice its positions), and to a new run in a nudged order
    (:func:`_nudged_order`), all sharing one set of the positions proved lost;
    ``portfolio`` false gives the whole budget to the run in the game's order
    (the plain depth-first search).
    """
    if rules.pruned(state):
        return Verdict("no win", (), 1, clock() - start)
    lost: set[Any] = set()
    expansions = [0]
    deadline = start + budget.seconds
    steady = _run(rules, state, _game_order, random.Random(SHUFFLE_SEED), lost, expansions, deadline, clock)
    next(steady)
    spent = number = 0
    for allowance in schedule(budget.nodes) if portfolio else (budget.nodes,):
        share = min(allowance, budget.nodes - spent)
        if number % 2 == 0:
            result, line, positions = steady.send(share)
        else:
            fresh = _run(rules, state, _nudged_order, random.Random(SHUFFLE_SEED + number), lost, expansions,
                         deadline, clock)
            next(fresh)
            result, line, positions = fresh.send(share)
            fresh.close()
        number += 1
        spent += positions
        if result == "won" and rules.uses_successors:
            _replayed(rules, state, line)
        if result != "unknown" or spent >= budget.nodes or clock() > deadline:
            steady.close()
            return Verdict(result, line, spent, clock() - start)
    raise AssertionError("unreachable: the schedule never ends")  # pragma: no cover


Slice = tuple[Result, tuple[str, ...], int]


def _run(rules: RuleSet, state: Any, order: Order, rng: random.Random, lost: set[Any], expansions: list[int],
         deadline: float, clock: Callable[[], float]) -> Generator[Slice, int, None]:
    """One depth-first run of a search from ``state``, children in ``order``, in slices.

    A generator: sent the positions a slice may meet, it yields the result
    (``won``, ``no win`` when the start is proved lost, ``unknown`` when the
    slice or ``deadline`` ran out), the winning line (or ``()``) and the
    positions the slice met; sent another slice after ``unknown``, it goes
    on where it stopped.  Positions met once in a run are not expanded
    again by it; the positions it proves lost go into ``lost``, which every
    run skips.  They are proved as Tarjan's algorithm closes their strongly
    connected component: a position finished while its subtree leads back
    to one still open on the stack is not proved until that one is.
    ``expansions`` counts the expansions of every run (to check a game's
    ``successors`` at the first :data:`CHECKED_POSITIONS` and to sample
    the state guard).
    """
    key, outcome_of, pruned = rules.fast_key, rules.outcome, rules.pruned
    safe = rules.search.safe is not None
    collect = gc.collect
    checking = rules.uses_successors and expansions[0] < CHECKED_POSITIONS
    expand = rules.verified_expand if checking else rules.expand
    root = key(state)
    opened: dict[Any, int] = {}
    try:
        opened[root] = 0
    except TypeError:
        checked_key(rules.plugin, root)
        raise
    limit = yield "unknown", (), 0
    size = 1
    pending = [root]
    expansions[0] += 1
    children = (_safe_child(rules, state)
                or expand(state, guard=expansions[0] <= CHECKED_POSITIONS or not expansions[0] % GUARD_EVERY))
    # A frame: the children left, the position's index, its low link, where its pending keys start.
    stack: list[list[Any]] = [[iter(order(children, rng)), 0, 0, 0]]
    path: list[str | tuple[str, ...]] = []
    positions = 1
    child_key: Any = None
    try:
        while stack:
            frame = stack[-1]
            step = next(frame[0], None)
            if step is None:
                stack.pop()
                low = frame[2]
                if low == frame[1]:  # a component closed: all of it is lost
                    mark = frame[3]
                    lost.update(pending[mark:])
                    del pending[mark:]
                elif low < stack[-1][2]:
                    stack[-1][2] = low
                if path:
                    path.pop()
                continue
            move, child = step
            child_key = key(child)
            if child_key in lost:
                continue
            index = opened.setdefault(child_key, size)
            if index != size:  # open in this run: the child's component is not closed
                if index < frame[2]:
                    frame[2] = index
                continue
            positions += 1
            ending = outcome_of(child)
            if ending is not None:
                if ending.result == "won":
                    path.append(move)
                    yield "won", _flatten(path), positions
                    return
                lost.add(child_key)
                size += 1
                continue
            if positions >= limit or clock() > deadline:
                limit = yield "unknown", (), positions
                positions = 0
            if not positions & 255:
                collect(0)
            if pruned(child):
                lost.add(child_key)
                size += 1
                continue
            path.append(move)
            if checking and expansions[0] >= CHECKED_POSITIONS:
                expand, checking = rules.expand, False
            expansions[0] += 1
            count = expansions[0]
            grown = (safe and _safe_child(rules, child)
                     or expand(child, guard=count <= CHECKED_POSITIONS or not count % GUARD_EVERY))
            stack.append([iter(order(grown, rng)), size, size, len(pending)])
            pending.append(child_key)
            size += 1
    except TypeError:
        checked_key(rules.plugin, child_key)  # raises PluginFault if the key was the trouble
        raise
    yield "no win", (), positions


#: The most safe moves (:attr:`~cardshell.records.Search.safe`) played in a row
#: as one child of a position (a safe move that leads back where it started
#: would otherwise be played forever).
SAFE_CHAIN = 1_000


def _safe_child(rules: RuleSet, state: Any) -> list[tuple[str | tuple[str, ...], Any]]:
    """The game's safe moves from ``state`` (:attr:`~cardshell.records.Search.safe`),
    played in a row while the game gives one (at most :data:`SAFE_CHAIN`,
    stopping at a position that is over), as one macro move with the state
    it leads to: the position's only child; ``[]`` when there is none.

    The positions between are not positions of the search: a safe move
    never hurts, so nothing is lost by not branching there, and the
    budget's positions go to the positions where there is a choice (as
    dedicated solvers play their automatic foundation moves).

    Raises:
        PluginFault: naming ``safe``, when it returns something else than a
            line or None, or a line the rules reject.
    """
    found = rules.search.safe
    if found is None:
        return []
    lines: list[str] = []
    while len(lines) < SAFE_CHAIN:
        step = safe_move(rules, state)
        if step is None:
            break
        move, state = step
        lines.append(move)
        if rules.outcome(state) is not None:
            break
    if not lines:
        return []
    return [(lines[0] if len(lines) == 1 else tuple(lines), state)]


def safe_move(rules: RuleSet, state: Any) -> tuple[str, Any] | None:
    """The game's one safe move at ``state`` (:attr:`~cardshell.records.Search.safe`)
    with the state it leads to, or None (no ``safe``, or none here).

    Raises:
        PluginFault: naming ``safe``, when it returns something else than a
            line or None, or a line the rules reject.
    """
    found = rules.search.safe
    if found is None:
        return None
    move = found(state)
    if move is None:
        return None
    if type(move) is not str:
        raise PluginFault(rules.plugin, "safe", say("plugin.not-a-line", value=shown(move)))
    try:
        return move, rules.play(state, move)
    except CommandError:
        raise PluginFault(rules.plugin, "safe", say("plugin.successor-rejected", move=repr(move))) from None


def _replayed(rules: RuleSet, state: Any, line: tuple[str, ...]) -> None:
    """Check that ``line``, found through the game's ``successors``, wins by its rules.

    Raises:
        PluginFault: naming ``successors``, when a move is rejected or the
            line does not end in a win.
    """
    for move in line:
        try:
            state = rules.play(state, move)
        except CommandError:
            raise PluginFault(rules.plugin, "successors", say("plugin.successor-rejected", move=repr(move))) from None
    outcome = rules.outcome(state)
    if outcome is None or outcome.result != "won":
        raise PluginFault(rules.plugin, "successors", say("plugin.successors-not-winning"))


def _checked(rules: RuleSet, state: Any, verdict: Verdict) -> Verdict:
    """A game solver's verdict, checked, its winning line replayed through the rules.

    Returns:
        Verdict: the same verdict, its line a tuple and its seconds a float.

    Raises:
        PluginFault: naming the plugin's ``solver``, when the verdict is not
            a :class:`Verdict` of one of the three results, its line is not
            a tuple (or list) of lines, its positions not a whole number
            from 0 to :data:`MAX_POSITIONS`, its seconds not a finite
            number >= 0, or its ``won`` line is rejected by the rules or
            does not end in a win (a broken contract: a reply never lies).
    """
    if not isinstance(verdict, Verdict) or verdict.result not in ("won", "no win", "unknown"):
        raise PluginFault(rules.plugin, "solver", say("plugin.not-a-verdict", value=shown(verdict)))
    line, positions, seconds = verdict.line, verdict.positions, verdict.seconds
    if type(line) not in (tuple, list) or len(line) > MAX_LINE or any(type(move) is not str for move in line):
        raise PluginFault(rules.plugin, "solver", say("plugin.verdict-line", value=shown(line)))
    if type(positions) is not int or not 0 <= positions <= MAX_POSITIONS:
        raise PluginFault(rules.plugin, "solver",
                          say("plugin.verdict-positions", value=shown(positions), limit=f"{MAX_POSITIONS:,}"))
    if type(seconds) not in (int, float) or not math.isfinite(seconds) or seconds < 0:
        raise PluginFault(rules.plugin, "solver", say("plugin.verdict-seconds", value=shown(seconds)))
    if verdict.result == "won":
        for move in line:
            try:
                state = rules.play(state, move)
            except CommandError:
                raise PluginFault(rules.plugin, "solver", say("plugin.solver-rejected", move=repr(move))) from None
        outcome = rules.outcome(state)
        if outcome is None or outcome.result != "won":
            raise PluginFault(rules.plugin, "solver", say("plugin.solver-not-winning"))
    return Verdict(verdict.result, tuple(line), positions, float(seconds))


def _most_promising(rules: RuleSet, state: Any, legal: list[str]) -> str:
    if not rules.has_heuristic:
        return legal[0]
    return max(legal, key=lambda line: rules.heuristic(rules.play(state, line)))


def hint(rules: RuleSet, state: Any, *, rng: random.Random, samples: int = 20,
         budget: Budget = Budget(seconds=10.0, nodes=100_000)) -> Hint:
    """One suggested move from what the player can see.

    Args:
        rules (RuleSet): the game.
        state (Any): the true current state.
        rng (random.Random): the generator for determinizations (seed it for
            reproducible hints).
        samples (int): how many re-drawn deals to solve (>= 1), for games
            with hidden information.
        budget (Budget): the whole hint's budget, shared by the samples.

    Returns:
        Hint: the move (always one of ``rules.legal(state)`` that its rules
        accept, or "" when there is none) and why.

    Raises:
        CommandError: when the game neither lists legal moves nor has its own
            hint; :class:`~cardshell.plugincheck.PluginFault` for a key or
            heuristic of the wrong type.
    """
    game = rules.game
    if game.hint is not None:
        found = _game_hint(rules, state, rng)
        if found is not None:
            return found
        if not rules.searchable:
            return Hint("", say("search.no-usable-hint", plugin=repr(rules.plugin)))
    legal = rules.checked_legal(state)
    if not legal:
        return Hint("", say("search.no-legal-move"))
    if len(legal) == 1:  # nothing to choose: no search says more
        return Hint(legal[0], say("search.only-legal-move"))
    if game.side:  # a game without decisions (Snap): every move plays the same game on
        return Hint(legal[0], say("search.no-decisions", title=game.title))
    if game.determinize is None:  # the line as ``solve`` shows it: its first move and length agree
        verdict = human_verdict(rules, state, solve(rules, state, budget))
        if verdict.result == "won" and verdict.line and verdict.line[0] in legal:
            return Hint(verdict.line[0], say("search.winning-line", count=len(verdict.line)))
        best = _most_promising(rules, state, legal)
        if verdict.result == "no win":
            every = (say("search.only-position") if verdict.positions == 1
                     else say("search.all-positions", count=verdict.positions))
            return Hint(best, say("search.no-win", every=every))
        return Hint(best, say("search.not-found", count=verdict.positions))
    wins: Counter[str] = Counter()
    each = budget.split(samples)
    allowed = set(legal)
    for _ in range(samples):
        verdict = solve(rules, game.determinize(state, rng), each)
        if verdict.result == "won" and verdict.line and verdict.line[0] in allowed:
            wins[verdict.line[0]] += 1
    if wins:
        best = max(legal, key=lambda line: wins[line])  # ties: the game's order
        return Hint(best, say("search.sampled-wins", wins=wins[best], samples=samples))
    best = _most_promising(rules, state, legal)
    return Hint(best, say("search.sampled-none", samples=samples))


def _game_hint(rules: RuleSet, state: Any, rng: random.Random) -> Hint | None:
    """The game's own hint, checked: None (after one warning naming the
    plugin's ``hint``) when it is not a :class:`Hint` or its move is one
    the rules reject."""
    instead = say("plugin.hint-instead-search" if rules.searchable else "plugin.hint-instead-none")
    assert rules.game.hint is not None
    try:
        found = checked_hint(rules.plugin, rules.game.hint(state, rng))
    except PluginFault as fault:
        rules.warn(fault.hook, say("plugin.hint-left-out", problem=fault.problem, instead=instead))
        return None
    if found.move:
        try:
            rules.play(given_state(rules.game, state), found.move)
        except CommandError:
            rules.warn("hint", say("plugin.hint-rejected", move=repr(found.move), instead=instead))
            return None
    return found
