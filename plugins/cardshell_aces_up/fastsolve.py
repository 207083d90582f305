"""Aces Up's own solver: a depth-first search over raw card codes.

Rules: ``plugins/cardshell_aces_up/NOTES.md`` (the lone card of a column may
move to an empty column; lost = stock empty and nothing can change).  The
host's ``solve`` calls :func:`solve` through
:attr:`cardshell.Search.solver`; the answer is a
:class:`cardshell.Verdict` whose winning line is made of the lines a
player types (``F 2``, ``T 1 3``, ``D``), and the host replays it through the
rules before believing it.  Game states are built only for the answer: the
search runs over the raw positions of :mod:`.raw`.

The search has two parts.  First, a win is looked for among the lines of
a player who never keeps a card that may go to the foundation
(:meth:`.raw.RawDeal.greedy_children`; at most one position in
:data:`GREEDY_SHARE` of the budget, and :data:`GREEDY_POSITIONS`).  That
tree is small, and it holds wins that the full search, depth first,
reaches too late when they need a second choice of ``T`` or of arrangement
early in the deal: in a trial on the 470 deals of 0..1,999 that the full
search left unknown at 10 seconds, it won 13 of them at once.  It proves
no loss.

Then the full search: depth first, children from
:meth:`.raw.RawDeal.children` (free slots, pending discards, safe
discards), a transposition table of every key reached (a position met
again is not searched again: the first visit settled it or is still on the
line), and loss bounds (:mod:`.relax`), each a proof, asked of the first
position and of those a deal made (asking them after every discard too cost
more than it pruned: on 44 deals that took 1.5 to 10 s, 219 s in all
against 150 s).  A position is not expanded when its game with only the
aces in the way (:class:`.relax.AceRelaxation`), its game without the
stock's non-aces (:class:`.relax.HardCards`), or one of its games with only
the high cards (:class:`.relax.TopCards`: the top 5 ranks, then the top 7
ranks, whose own search asks the top-5 game; asked only by searches of at
least :data:`HIGH_BOUNDS_FROM` positions) cannot be won.  No bound is asked
of a position whose only child is the next deal
(:meth:`.raw.RawDeal.forced`): the child is asked, and the bounds know one
deal more there.  Before any search, a
deal whose last four cards include a non-ace and cannot discard one another
is lost (:func:`.relax.last_deal_blocks`; about one deal in ten), and the
high-card games prune lost lines several deals before the others do.  Over
deals 0..1,999 at 10 seconds each, the two first bounds alone settled 1,088
deals (4 more at 2,000,000 positions); with the high-card games and the
last-deal check, 1,530; with the greedy first search, 1,590.  Pending
discards (:mod:`.raw`: a card that may go is decided on only when it
matters, not before every deal) then settled 44 of the 410 left unknown
(43 lost, 1 won), 1,634 in all; on 13 lost deals that took 0.5 to 34 s
they searched 1.2 to 5.4 times fewer positions, but each costs more: the
13 took 76 s, as before.  Most of the time then went to the bounds.  On 7
of the deals left unknown, lost at 21 to 55 s each (246.7 s in all), the
same positions cost less: the cheap top-5 game asked before the top-7 game
and inside its search, no bound at forced positions, one marking pass in
:meth:`.raw.RawDeal.finish` and cached relaxed columns, 126.8 s; a game of
the last deal's cards left out (it pruned almost nothing once forced
positions were skipped), 117.9 s; a top-5 game inside each hard-cards
game, 112.5 s; each query remembering the answer of its relaxed columns
as they came, 87.7 s; :meth:`.raw.RawDeal.kept` and
:meth:`.raw.RawDeal.deal` without generators, 81.9 s (3.0 times faster).

A won line of the full search holds pending cards: :func:`real_positions`
turns it into real positions, and :func:`_connect` into the lines to type.

Bounds: at most ``budget.nodes`` positions are expanded and kept as keys
(memory about ``nodes`` times a key of 4 short tuples, a few hundred bytes),
and each relaxed game keeps at most ``nodes`` more (one query of a
:class:`.relax.TopCards` expands at most 1 % of ``nodes``, and at most
2,000), and each remembers the relaxed form of at most
:data:`.relax.COLUMN_CACHE` columns (about 30 such caches, a few MB each
when full); the clock is read every 16 positions, every 128 relaxed ones
and at every bound's query, so a search stops within ``budget.seconds``
plus the time of 16 expansions, each asking at most four relaxed games
for at most 128 positions once the time is up (reading it every 1,024
positions let 22 of 366 unknown deals of 0..1,999 run past 11 s, one to
24.8 s, with 10 s allowed).  Recursion is one
frame per move of the line being searched (at most 52 discards, 13 deals and
the ``T`` moves between them) plus that of a relaxed search.
"""

from __future__ import annotations

import sys
import time
from collections import deque
from collections.abc import Callable, Iterator

from cardshell import Budget, Verdict

from .raw import Columns, RawDeal, deals_of, encode, plain, waits
from .relax import AceRelaxation, HardCards, bounds_for, last_deal_blocks
from .rules import AcesUpState

#: The fewest positions of a budget for which the solver asks the high-card
#: bounds (:func:`.relax.bounds_for`): building three relaxed games and
#: asking them at every position costs more than it saves in a search this
#: small (a hint's re-drawn deals, 200 positions each, took 2.8 times as long
#: with them).
HIGH_BOUNDS_FROM = 10_000


#: The top ranks of the high-card game asked inside each game of
#: :class:`.relax.HardCards` (from :data:`HIGH_BOUNDS_FROM` positions on).
HARD_NESTED_RANKS = 5


#: The greedy first search (:meth:`_Search.run`) may use one
#: position in this many of the budget, and at most :data:`GREEDY_POSITIONS`.
GREEDY_SHARE = 10
#: The most positions of the greedy first search (about half a second): its
#: wins among the deals the full search left unknown took up to 16,607.
GREEDY_POSITIONS = 20_000


class _OutOfBudget(Exception):
    pass


class _GreedyDone(Exception):
    pass


class _Search:
    """One deal's search (see the module docstring)."""

    def __init__(self, state: AcesUpState, budget: Budget, clock: Callable[[], float]) -> None:
        self.raw = RawDeal(deals_of(state.stock))
        self.start: Columns = tuple(tuple(encode(card) for card in column) for column in state.tableau)
        self.aces = AceRelaxation(self.raw.deals)
        self.positions = 0
        self.limit = budget.nodes
        self.clock = clock
        self.deadline = clock() + budget.seconds

        def out_of_time() -> bool:
            return clock() > self.deadline

        self.hard = HardCards(self.raw, budget.nodes, out_of_time=out_of_time,
                              nested_ranks=HARD_NESTED_RANKS if budget.nodes >= HIGH_BOUNDS_FROM else 0)
        # A bound's query may cost 1 % of the budget's positions, at most 2,000; a small
        # search (a hint's re-drawn deal: 200 positions) asks no high-card bound at all.
        per_query = min(2_000, budget.nodes // 100)
        self.high = (bounds_for(self.raw.deals, budget.nodes, per_query, out_of_time=out_of_time)
                     if budget.nodes >= HIGH_BOUNDS_FROM else [])
        self.path: list[tuple[int, Columns]] = []

    def run(self) -> str:
        """``won`` (the positions of the line in :attr:`path`), ``no win``
        or ``unknown``."""
        raw = self.raw
        self.positions = 1
        depth = sys.getrecursionlimit()
        sys.setrecursionlimit(max(depth, 4000))
        try:
            if last_deal_blocks(raw.deals):
                return "no win"
            # First the greedy lines, with a share of the positions; they prove nothing.
            greedy = min(self.limit // GREEDY_SHARE, GREEDY_POSITIONS)
            start = raw.closure(0, self.start)
            try:
                if self.search(start, raw.greedy_children, self.positions + greedy, _GreedyDone,
                               lambda dealt, cols, dealt_to: self.aces.winnable(dealt, cols)):
                    return "won"
            except _GreedyDone:
                pass
            if self.search(raw.finish(0, self.start), raw.children, self.limit, _OutOfBudget, self.winnable):
                return "won"
            return "no win"
        except _OutOfBudget:
            return "unknown"
        finally:
            sys.setrecursionlimit(depth)

    def winnable(self, dealt: int, cols: Columns, dealt_to: bool) -> bool:
        """False when a loss bound proves ``(dealt, cols)`` lost; the bounds
        are asked only of the first position and of those a deal made
        (``dealt_to``), and not of a position whose only child is the next
        deal (:meth:`.raw.RawDeal.forced`): that child is asked instead, and
        knows one deal more."""
        return (not dealt_to or self.raw.forced(dealt, cols)
                or (self.aces.winnable(dealt, cols) and self.hard.winnable(dealt, cols)
                    and all(bound.winnable(dealt, cols) for bound in self.high)))

    def search(self, start: Columns, children: Callable[[int, Columns], Iterator[tuple[int, Columns]]],
               limit: int, full: type[Exception], winnable: Callable[[int, Columns, bool], bool]) -> bool:
        """Depth first from ``(0, start)`` over ``children``, each key
        searched once, until ``limit`` positions in all (then ``full`` is
        raised) or the deadline (:class:`_OutOfBudget`); a position that
        ``winnable`` calls lost is not expanded.  True, with the line in
        :attr:`path`, when a position is won."""
        raw = self.raw
        seen = {raw.key(0, start)}

        def walk(dealt: int, cols: Columns, dealt_to: bool) -> bool:
            if raw.won(dealt, cols):
                return True
            if not winnable(dealt, cols, dealt_to):
                return False
            for child_dealt, child in children(dealt, cols):
                child_key = raw.key(child_dealt, child)
                if child_key in seen:
                    continue
                seen.add(child_key)
                self.positions += 1
                if self.positions >= limit:
                    raise full
                if not self.positions & 15 and self.clock() > self.deadline:
                    raise _OutOfBudget
                if walk(child_dealt, child, child_dealt != dealt):
                    self.path.append((child_dealt, child))
                    return True
            return False

        self.path = []
        if walk(0, start, True):
            self.path.append((0, start))
            self.path.reverse()
            return True
        return False


# --- the answer as typed lines ---------------------------------------------------------


def _connect(raw: RawDeal, start: tuple[int, Columns], goal: tuple[int, Columns]) -> list[str]:
    """The shortest list of single moves from ``start`` to ``goal``, one
    step of the search apart (a discard and its safe discards, or ``T``
    moves then a deal): a breadth-first search that never discards a card
    ``goal`` still holds nor deals past it."""
    keep = {card for column in goal[1] for card in column}
    frontier = deque([start])
    parent: dict[tuple[int, Columns], tuple[tuple[int, Columns], str] | None] = {start: None}
    while frontier:
        node = frontier.popleft()
        if node == goal:
            lines: list[str] = []
            step = parent[node]
            while step is not None:
                node, line = step
                lines.append(line)
                step = parent[node]
            return lines[::-1]
        for line, dealt, cols in raw.moves(*node):
            if dealt > goal[0] or (line[0] == "F" and node[1][int(line[2]) - 1][-1] in keep):
                continue
            child = (dealt, cols)
            if child not in parent:
                parent[child] = (node, line)
                frontier.append(child)
    raise RuntimeError("aces-up solver: a step of the winning line cannot be replayed")


def _released(was: tuple[int, int, int], cols: Columns, now: dict[int, tuple[int, int, int]]) -> bool:
    """Whether the pending card at ``was`` (column, index, entry) in
    ``cols`` was made plain in the step to ``now``: a card it waited for is
    now in another column, or plain."""
    x, j, entry = was
    for member in cols[x][j + 1:j + 1 + waits(entry)]:
        there = now.get(plain(member))
        if there is not None and (there[0] != x or there[2] >= 0):
            return True
    return False


def _plain_then(card: int, was: tuple[int, int, int], kept: set[int], cols: Columns,
                now: dict[int, tuple[int, int, int]]) -> bool:
    """Whether ``card``, at ``was`` (column, index, entry) in ``cols``, was
    plain there or was made plain in the step to ``now`` (card -> its
    column, index and entry after the step): kept (in ``kept``) or released
    (:func:`_released`).  A pending mark it has after that step was then
    made in that step."""
    return was[2] >= 0 or card in kept or _released(was, cols, now)


def real_positions(raw: RawDeal, steps: list[tuple[int, Columns]]) -> list[tuple[int, Columns]]:
    """The real positions of a line of the search's positions: each pending
    card leaves at the step where it was last marked pending (and never
    made plain again after), as the ``F`` that marking stands for (the
    module docstring of :mod:`.raw`).  A card is made plain again when a
    card it waits for leaves its column by ``T`` or is kept
    (:meth:`.raw.RawDeal.kept`), and may be marked again in the same step.

    Args:
        raw (RawDeal): the deal's rules.
        steps (list[tuple[int, Columns]]): the start (no pending card), then
            each position a child (:meth:`.raw.RawDeal.children` or
            :meth:`.raw.RawDeal.finish` of the start) of the one before.

    Returns:
        list[tuple[int, Columns]]: one real position per step, each reached
        from the one before by legal moves.
    """
    last: dict[int, int] = {}  # card -> the step where it was last marked
    before: dict[int, tuple[int, int, int]] = {}  # card -> (column, index, entry) at the step before
    for step, (_, cols) in enumerate(steps):
        kept: set[int] = set()
        if step and steps[step - 1][0] == steps[step][0]:
            kept = next((set(made) for made, child in raw.kept(*steps[step - 1]) if child == cols), set())
        now = {plain(card): (x, j, card) for x, column in enumerate(cols) for j, card in enumerate(column)}
        for card, (_, _, entry) in now.items():
            if entry >= 0:
                last.pop(card, None)
            elif card not in before or _plain_then(card, before[card], kept, steps[step - 1][1], now):
                last[card] = step
        for card, was in before.items():
            if card not in now and _plain_then(card, was, kept, steps[step - 1][1], now):
                last[card] = step
        before = now
    out = []
    for step, (dealt, cols) in enumerate(steps):
        out.append((dealt, tuple(tuple(plain(card) for card in column if last.get(plain(card), step + 1) > step)
                                 for column in cols)))
    return out


def solve(state: AcesUpState, budget: Budget, clock: Callable[[], float] = time.monotonic) -> Verdict:
    """Search the deal of ``state`` (every card seen) for a winning line.

    :attr:`cardshell.Search.solver` of Aces Up; the host's ``solve``
    calls it and replays the line.

    Args:
        state (AcesUpState): the position to start from (not changed).
        budget (Budget): seconds and positions (``nodes`` also bounds the
            transposition table, see the module docstring).
        clock (Callable[[], float]): the clock, in seconds.

    Returns:
        Verdict: ``won`` with the lines to type, ``no win`` when every
        position was searched or proven lost, ``unknown`` when the budget
        ran out.
    """
    start = clock()
    search = _Search(state, budget, clock)
    result = search.run()
    line: tuple[str, ...] = ()
    if result == "won":
        steps = real_positions(search.raw, [(0, search.start), *search.path])
        lines: list[str] = []
        for here, there in zip(steps, steps[1:]):
            if here != there:
                lines.extend(_connect(search.raw, here, there))
        line = tuple(lines)
    return Verdict(result, line, search.positions, clock() - start)  # type: ignore[arg-type]
