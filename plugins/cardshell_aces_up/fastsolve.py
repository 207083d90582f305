"""Aces Up's own solver (:attr:`cardshell.Search.solver`): depth first over the raw positions of :mod:`.raw`.

Rules: plugins/cardshell_aces_up/NOTES.md.  :func:`solve` answers a
:class:`cardshell.Verdict` whose line is what a player types (``F 2``,
``T 1 3``, ``D``); the host replays it before believing it.

First a greedy search, which never keeps a card that may be discarded
(:meth:`.raw.RawDeal.greedy_children`, at most :data:`GREEDY_SHARE` and
:data:`GREEDY_POSITIONS` of the budget), finds wins the full search reaches
late; it proves no loss.  Then the full search over
:meth:`.raw.RawDeal.children`, each key searched once, skips a position that
a loss bound of :mod:`.relax` proves lost; the bounds are asked of the first
position and of those a deal made, not of forced ones
(:meth:`.raw.RawDeal.forced`).  :func:`real_positions` and :func:`_connect`
turn a won line with pending discards into lines to type.

Bounds: at most ``budget.nodes`` positions are expanded and kept as keys (a
few hundred bytes each), each relaxed game keeps at most as many more, and
each caches at most :data:`.relax.COLUMN_CACHE` relaxed columns.  The clock is
read every 16 positions, every 128 relaxed ones and at every bound's query,
so a search stops within ``budget.seconds`` plus 16 expansions, each asking
at most four relaxed games for at most 128 positions.
Recursion is one frame per move of the line (at most 52 discards, 13 deals
and the ``T`` moves between) plus that of a relaxed search.
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
        """``won`` (the line's positions in :attr:`path`), ``no win`` or ``unknown``."""
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
        """False when a loss bound proves ``(dealt, cols)`` lost; asked only where a deal was made (``dealt_to``)."""
        return (not dealt_to or self.raw.forced(dealt, cols)
                or (self.aces.winnable(dealt, cols) and self.hard.winnable(dealt, cols)
                    and all(bound.winnable(dealt, cols) for bound in self.high)))

    def search(self, start: Columns, children: Callable[[int, Columns], Iterator[tuple[int, Columns]]],
               limit: int, full: type[Exception], winnable: Callable[[int, Columns, bool], bool]) -> bool:
        """Depth first from ``(0, start)``; True with the line in :attr:`path` when a position is won.

        Raises ``full`` after ``limit`` positions and :class:`_OutOfBudget` at the
        deadline; a position ``winnable`` calls lost is not expanded.
        """
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
    """The fewest single moves from ``start`` to ``goal``, one search step apart (breadth first)."""
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
    """Whether the pending card at ``was`` (column, index, entry) was made plain in the step to ``now``."""
    x, j, entry = was
    for member in cols[x][j + 1:j + 1 + waits(entry)]:
        there = now.get(plain(member))
        if there is not None and (there[0] != x or there[2] >= 0):
            return True
    return False


def _plain_then(card: int, was: tuple[int, int, int], kept: set[int], cols: Columns,
                now: dict[int, tuple[int, int, int]]) -> bool:
    """Whether ``card`` at ``was`` was plain, kept, or released in the step to ``now``."""
    return was[2] >= 0 or card in kept or _released(was, cols, now)


def real_positions(raw: RawDeal, steps: list[tuple[int, Columns]]) -> list[tuple[int, Columns]]:
    """The real positions of a line of search positions, each reached from the one before by legal moves.

    ``steps`` starts with a position without pending cards.  A pending card
    leaves at the step where it was last marked pending, as the ``F`` that mark
    stands for (see :mod:`.raw`).
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
    """Search the deal of ``state`` (every card seen) for a winning line within ``budget``.

    ``clock`` gives seconds.  The verdict is ``won`` with the lines to type,
    ``no win`` when every position was searched or proven lost, or ``unknown``
    when the budget ran out.
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
