"""Aces Up's own solver: a depth-first search over raw card codes.

Rules: ``plugins/cardshell_aces_up/RULES.md`` (the lone card of a column may
move to an empty column; lost = stock empty and nothing can change).  The
host's :func:`cardshell.search.solve` calls :func:`solve` through
:attr:`cardshell.records.Game.solver`; the answer is a
:class:`cardshell.search.Verdict` whose winning line is made of the lines a
player types (``F 2``, ``T 1 3``, ``D``), and the host replays it through the
rules before believing it.

Representation.  A card is a small int, :func:`encode`: ``4 * (rank - 2) +
suit`` with aces high (rank 14), so aces are 48..51, ``a & 3 == b & 3``
means same suit and, within a suit, a higher code is a higher card.  A
position is ``(dealt, columns)``: how many of the stock's deals were made and
four tuples of codes (index 0 the first dealt, the last the bottom card that
moves).  The foundation is every other card, so it is left out.  Game states
(:class:`.rules.AcesUpState`) are built only for the answer.

The search (each reduction exact; the argument follows each):

* **Free slots.**  While a column is empty, the lone cards (columns of one
  card) can be put in any arrangement over the columns of at most one card
  by ``T`` moves, and nothing else changes.  Positions that differ only in
  that arrangement get one key, :meth:`_Search.key`, and lone-card moves are
  not made one by one: the arrangement matters only for the next deal and
  when a ``T`` fills the last empty column, so those moves are tried after
  every distinct arrangement.  A ``T`` from a column of two or more cards
  goes to the first empty column only (the card then lies in a free slot).
  With the stock empty the columns are interchangeable: the key sorts them.
* **Safe discards.**  If the bottom card ``c`` may go to the foundation and
  no lower card of its suit is left anywhere (tableau or stock), ``F`` is
  played at once, without branching.  Proof: let S be the position and S'
  = S without ``c``.  A card helps only as the higher card that lets a
  lower card of its suit go, and ``c`` has no lower card left to help.
  Follow any line from S in S': each ``F`` of a card other than ``c`` is
  legal in S' (the card is at its column's bottom in S' too, since S'
  columns are those of S without ``c``, and its higher card is not ``c``,
  so it is there too); each ``T`` is legal (an empty column of S is empty
  in S'); moves of ``c`` itself are skipped; deals are the same.  So S'
  reaches a position with the same cards as S's, minus ``c``: if S wins,
  S' wins (``c`` is not an ace).  S' is reached from S by a legal ``F``.
* **Loss bound.**  A position whose relaxed game (:mod:`.relax`: only the
  aces in the way) cannot be won is not expanded.
* **Transpositions.**  Every key reached is kept; a position met again is
  not searched again (the first visit settled it or is still on the line).

Bounds: at most ``budget.nodes`` positions are expanded and kept as keys
(memory about ``nodes`` times a key of 4 short tuples, a few hundred bytes);
the relaxed game keeps at most a few thousand entries; the clock is read
every 1,024 positions, so a search stops within ``budget.seconds`` plus the
time of 1,024 expansions.  Recursion is one frame per move of the line being
searched (at most 52 discards, 13 deals and the ``T`` moves between them).
"""

from __future__ import annotations

import sys
import time
from collections import deque
from collections.abc import Callable
from itertools import permutations
from typing import Any

from cardshell.cards import ACE, Card, Suit
from cardshell.search import Budget, Verdict

from .relax import ACE_CODE, AceRelaxation
from .rules import COLUMNS, AcesUpState

_SUIT_INDEX = {suit: index for index, suit in enumerate(Suit)}

Columns = tuple[tuple[int, ...], ...]


def encode(card: Card) -> int:
    """The code of a card: ``4 * (rank - 2) + suit index``, aces high.

    Args:
        card (Card): any card.

    Returns:
        int: 0..51; aces are 48..51; same suit when ``a & 3 == b & 3``.
    """
    rank = 14 if card.rank == ACE else card.rank
    return 4 * (rank - 2) + _SUIT_INDEX[card.suit]


def deals_of(stock: tuple[Card, ...]) -> list[tuple[int, ...]]:
    """The stock's deals in order, each the codes landing on columns 1, 2, ...

    Args:
        stock (tuple[Card, ...]): top at the end (as in :class:`AcesUpState`).

    Returns:
        list[tuple[int, ...]]: 4 codes per deal; the last deal may hold fewer
        (a stacked stock; rules.deal deals what there is from column 1 on).
    """
    codes = [encode(card) for card in reversed(stock)]
    return [tuple(codes[k:k + COLUMNS]) for k in range(0, len(codes), COLUMNS)]


class _OutOfBudget(Exception):
    pass


class _Search:
    """One deal's search (see the module docstring)."""

    def __init__(self, state: AcesUpState, budget: Budget, clock: Callable[[], float]) -> None:
        self.deals = deals_of(state.stock)
        self.last = len(self.deals)
        self.start: Columns = tuple(tuple(encode(card) for card in column) for column in state.tableau)
        # lowest[d][s]: the lowest code of suit s still in the stock after d deals (99: none).
        self.lowest = []
        for dealt in range(self.last + 1):
            low = [99, 99, 99, 99]
            for deal in self.deals[dealt:]:
                for card in deal:
                    if card < low[card & 3]:
                        low[card & 3] = card
            self.lowest.append(low)
        self.relaxed = AceRelaxation(self.deals)
        self.seen: set[Any] = set()
        self.positions = 0
        self.limit = budget.nodes
        self.clock = clock
        self.deadline = clock() + budget.seconds
        self.path: list[tuple[int, Columns]] = []

    # --- positions -------------------------------------------------------------------

    def key(self, dealt: int, cols: Columns) -> Any:
        """Equal for positions that play out alike (module docstring)."""
        if dealt == self.last:
            return dealt, tuple(sorted(cols))
        if () in cols:
            return (dealt, tuple(column if len(column) > 1 else None for column in cols),
                    tuple(sorted(column[0] for column in cols if column)))
        return dealt, cols

    def won(self, dealt: int, cols: Columns) -> bool:
        """Stock empty and only the four aces left (RULES.md, "Winning")."""
        return (dealt == self.last and sum(map(len, cols)) == 4
                and all(card >= ACE_CODE for column in cols for card in column))

    def settle(self, dealt: int, cols: Columns) -> Columns:
        """``cols`` after every safe discard (module docstring)."""
        low = self.lowest[dealt]
        while True:
            bottoms = [column[-1] if column else -1 for column in cols]
            for x in range(COLUMNS):
                card = bottoms[x]
                if 0 <= card < ACE_CODE and card < low[card & 3]:
                    suit = card & 3
                    if (any(b > card and b & 3 == suit for b in bottoms)
                            and not any(other < card and other & 3 == suit for column in cols for other in column)):
                        cols = (*cols[:x], cols[x][:-1], *cols[x + 1:])
                        break
            else:
                return cols

    def deal(self, dealt: int, cols: Columns) -> Columns:
        cards = self.deals[dealt]
        return tuple((*column, cards[k]) if k < len(cards) else column for k, column in enumerate(cols))

    def children(self, dealt: int, cols: Columns):
        """The positions search tries from ``(dealt, cols)``, best first:
        each ``F``, then ``T`` to the first empty column (after every
        arrangement of the free slots when it fills the last one), then the
        deal after every arrangement of the free slots."""
        settle = self.settle
        bottoms = [column[-1] if column else -1 for column in cols]
        for x in range(COLUMNS):
            card = bottoms[x]
            if 0 <= card < ACE_CODE:
                suit = card & 3
                if any(b > card and b & 3 == suit for b in bottoms):
                    yield dealt, settle(dealt, (*cols[:x], cols[x][:-1], *cols[x + 1:]))
        empties = [k for k in range(COLUMNS) if not cols[k]]
        if not empties:
            if dealt < self.last:
                yield dealt + 1, settle(dealt + 1, self.deal(dealt, cols))
            return
        sources = [x for x in range(COLUMNS) if len(cols[x]) >= 2]
        if len(empties) > 1 or dealt == self.last:
            target = empties[0]
            for x in sources:
                moved = list(cols)
                moved[target], moved[x] = cols[x][-1:], cols[x][:-1]
                yield dealt, settle(dealt, tuple(moved))
        else:
            for x in sources:
                # The move fills the last empty column: every arrangement of
                # the lone cards and the moved card over the free slots.
                slots = [k for k in range(COLUMNS) if k != x and len(cols[k]) <= 1]
                cards = [cols[k] for k in slots if cols[k]] + [cols[x][-1:]]
                base = list(cols)
                base[x] = cols[x][:-1]
                for order in dict.fromkeys(permutations(cards)):
                    moved = list(base)
                    for k, column in zip(slots, order):
                        moved[k] = column
                    yield dealt, settle(dealt, tuple(moved))
        if dealt < self.last:
            slots = [k for k in range(COLUMNS) if len(cols[k]) <= 1]
            for order in dict.fromkeys(permutations([cols[k] for k in slots])):
                arranged = list(cols)
                for k, column in zip(slots, order):
                    arranged[k] = column
                yield dealt + 1, settle(dealt + 1, self.deal(dealt, tuple(arranged)))

    # --- search -------------------------------------------------------------------------

    def run(self) -> str:
        """``won`` (the line in :attr:`path`), ``no win`` or ``unknown``."""
        cols = self.settle(0, self.start)
        self.path = [(0, cols)]
        self.seen.add(self.key(0, cols))
        self.positions = 1
        depth = sys.getrecursionlimit()
        sys.setrecursionlimit(max(depth, 2000))
        try:
            if self.dfs(0, cols):
                self.path.reverse()
                self.path.insert(0, (0, cols))
                return "won"
            return "no win"
        except _OutOfBudget:
            return "unknown"
        finally:
            sys.setrecursionlimit(depth)

    def dfs(self, dealt: int, cols: Columns) -> bool:
        if self.won(dealt, cols):
            self.path = []
            return True
        if not self.relaxed.winnable(dealt, cols):
            return False
        seen, key = self.seen, self.key
        for child_dealt, child in self.children(dealt, cols):
            child_key = key(child_dealt, child)
            if child_key in seen:
                continue
            seen.add(child_key)
            self.positions += 1
            if self.positions >= self.limit or (not self.positions & 1023 and self.clock() > self.deadline):
                raise _OutOfBudget
            if self.dfs(child_dealt, child):
                self.path.append((child_dealt, child))
                return True
        return False


# --- the answer as typed lines ---------------------------------------------------------


def _moves(search: _Search, dealt: int, cols: Columns):
    """Every legal single move from a raw position: (line, dealt, cols)."""
    bottoms = [column[-1] if column else -1 for column in cols]
    for x in range(COLUMNS):
        card = bottoms[x]
        if 0 <= card < ACE_CODE and any(y != x and b > card and b & 3 == card & 3 for y, b in enumerate(bottoms)):
            yield f"F {x + 1}", dealt, (*cols[:x], cols[x][:-1], *cols[x + 1:])
    for x in range(COLUMNS):
        if cols[x]:
            for y in range(COLUMNS):
                if not cols[y]:
                    moved = list(cols)
                    moved[y], moved[x] = cols[x][-1:], cols[x][:-1]
                    yield f"T {x + 1} {y + 1}", dealt, tuple(moved)
    if dealt < search.last:
        yield "D", dealt + 1, search.deal(dealt, cols)


def _connect(search: _Search, start: tuple[int, Columns], goal: tuple[int, Columns]) -> list[str]:
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
        for line, dealt, cols in _moves(search, *node):
            if dealt > goal[0] or (line[0] == "F" and node[1][int(line[2]) - 1][-1] in keep):
                continue
            child = (dealt, cols)
            if child not in parent:
                parent[child] = (node, line)
                frontier.append(child)
    raise RuntimeError("aces-up solver: a step of the winning line cannot be replayed")


def solve(state: AcesUpState, budget: Budget, clock: Callable[[], float] = time.monotonic) -> Verdict:
    """Search the deal of ``state`` (every card seen) for a winning line.

    :attr:`cardshell.records.Game.solver` of Aces Up; the host's
    :func:`cardshell.search.solve` calls it and replays the line.

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
        steps = [(0, search.start), *search.path]
        lines: list[str] = []
        for here, there in zip(steps, steps[1:]):
            if here != there:
                lines.extend(_connect(search, here, there))
        line = tuple(lines)
    return Verdict(result, line, search.positions, clock() - start)  # type: ignore[arg-type]
