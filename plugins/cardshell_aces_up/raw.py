"""Aces Up over raw card codes: the rules of RULES.md as fast pure functions
for the solver (:mod:`.fastsolve`), with its exact reductions.

Rules: ``plugins/cardshell_aces_up/RULES.md``.  A card is a small int,
:func:`encode`: ``4 * (rank - 2) + suit`` with aces high (rank 14), so aces
are 48..51, ``a & 3 == b & 3`` means same suit and, within a suit, a higher
code is a higher card.  A position is ``(dealt, columns)``: how many of the
stock's deals were made, and four tuples of codes (index 0 the first dealt,
the last the bottom card that moves).  The foundation is every other card,
so it is left out.

The reductions (each exact; the argument follows each):

* **Free slots.**  While a column is empty, the lone cards (columns of one
  card) can be put in any arrangement over the columns of at most one card
  by ``T`` moves, and nothing else changes.  Positions that differ only in
  that arrangement get one :meth:`RawDeal.key`, and lone-card moves are not
  made one by one: the arrangement matters only for the next deal and when
  a ``T`` fills the last empty column, so those moves are tried after every
  distinct arrangement.  A ``T`` from a column of two or more cards goes to
  the first empty column only (the card then lies in a free slot).  With
  the stock empty the columns are interchangeable: the key sorts them.
* **Safe discards** (:meth:`RawDeal.settle`).  If the bottom card ``c`` may
  go to the foundation and no lower card of its suit is left anywhere
  (tableau or stock), ``F`` is played at once, without branching.  Proof:
  let S be the position and S' = S without ``c``.  A card helps only as the
  higher card that lets a lower card of its suit go, and ``c`` has no lower
  card left to help.  Follow any line from S in S': each ``F`` of a card
  other than ``c`` is legal in S' (the card is at its column's bottom in S'
  too, since the columns of S' are those of S without ``c``, and its higher
  card is not ``c``, so it is there too); each ``T`` is legal (a column
  empty in S is empty in S'); moves of ``c`` itself are skipped; deals are
  the same.  So S' reaches the position S reaches without ``c``: if S wins,
  S' wins (``c`` is not an ace).  And S' is reached from S by a legal ``F``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import permutations
from typing import Any

from cardshell.cards import ACE, Card, Suit

from .rules import COLUMNS

#: Card codes at or above this are aces.
ACE_CODE = 48
#: In a deal, no card for this column (a short last deal, or a card the
#: relaxed game of :mod:`.relax` leaves out).
NO_CARD = -1

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
    """The stock's deals in order, each the four codes landing on columns
    1..4 (:data:`NO_CARD` where a short last deal has no card: RULES.md,
    a stock of fewer than four cards deals what there is from column 1 on).

    Args:
        stock (tuple[Card, ...]): top at the end (as in ``AcesUpState``).

    Returns:
        list[tuple[int, ...]]: one 4-tuple per deal.
    """
    codes = [encode(card) for card in reversed(stock)]
    deals = []
    for k in range(0, len(codes), COLUMNS):
        deal = codes[k:k + COLUMNS]
        deals.append(tuple(deal + [NO_CARD] * (COLUMNS - len(deal))))
    return deals


def arrangements(cols: Columns, slots: list[int], cards: list[tuple[int, ...]]) -> Iterator[Columns]:
    """``cols`` with ``cards`` (columns of at most one card) put over
    ``slots`` in every distinct order."""
    for order in dict.fromkeys(permutations(cards)):
        arranged = list(cols)
        for k, column in zip(slots, order):
            arranged[k] = column
        yield tuple(arranged)


class RawDeal:
    """The rules of one deal over raw positions.

    Args:
        deals (list[tuple[int, ...]]): the stock's deals in order, 4 codes
            each (:data:`NO_CARD` for none).

    Attributes:
        last (int): the number of deals; ``dealt == last`` means the stock
            is empty.
    """

    def __init__(self, deals: list[tuple[int, ...]]) -> None:
        self.deals = deals
        self.last = len(deals)
        # lowest[d][s]: the lowest code of suit s in the stock after d deals (99: none).
        self.lowest = []
        for dealt in range(self.last + 1):
            low = [99, 99, 99, 99]
            for deal in deals[dealt:]:
                for card in deal:
                    if card >= 0 and card < low[card & 3]:
                        low[card & 3] = card
            self.lowest.append(low)

    def key(self, dealt: int, cols: Columns) -> Any:
        """Equal for positions that play out alike (free slots, sorted
        columns once the stock is empty)."""
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
            # Candidates: bottom non-aces below every card of their suit in the stock.
            bottoms = [column[-1] if column else 99 for column in cols]
            if not any(card < ACE_CODE and card < low[card & 3] for card in bottoms):
                return cols
            least = [99, 99, 99, 99]
            for column in cols:
                for card in column:
                    if card < least[card & 3]:
                        least[card & 3] = card
            for x in range(COLUMNS):
                card = bottoms[x]
                suit = card & 3
                if (card < ACE_CODE and card == least[suit] and card < low[suit]
                        and any(b > card and b & 3 == suit for b in bottoms if b < 99)):
                    cols = (*cols[:x], cols[x][:-1], *cols[x + 1:])
                    break
            else:
                return cols

    def deal(self, dealt: int, cols: Columns) -> Columns:
        """``D``: deal number ``dealt`` onto ``cols``."""
        cards = self.deals[dealt]
        return tuple((*column, card) if card >= 0 else column for column, card in zip(cols, cards))

    def closure(self, dealt: int, cols: Columns) -> Columns:
        """``cols`` after every ``F`` there is, until none is left (not a
        reduction: a card kept may be wanted later as the higher card).

        The result does not depend on the order: until the next deal, a card
        that may go to the foundation stays so (its higher card, or a card
        higher still that let it go, stays at a bottom), so every order
        discards the same cards.
        """
        while True:
            bottoms = [column[-1] if column else -1 for column in cols]
            for x in range(COLUMNS):
                card = bottoms[x]
                if 0 <= card < ACE_CODE and any(b > card and b & 3 == card & 3 for b in bottoms):
                    cols = (*cols[:x], cols[x][:-1], *cols[x + 1:])
                    break
            else:
                return cols

    def children(self, dealt: int, cols: Columns) -> Iterator[tuple[int, Columns]]:
        """The positions search tries from ``(dealt, cols)``, best first,
        each settled: every ``F``, then ``T`` to the first empty column
        (after every arrangement of the free slots when it fills the last
        one), then the deal after every arrangement of the free slots."""
        settle = self.settle
        bottoms = [column[-1] if column else -1 for column in cols]
        for x in range(COLUMNS):
            card = bottoms[x]
            if 0 <= card < ACE_CODE:
                suit = card & 3
                if any(b > card and b & 3 == suit for b in bottoms):
                    yield dealt, settle(dealt, (*cols[:x], cols[x][:-1], *cols[x + 1:]))
        yield from self._placements(dealt, cols, settle)

    def greedy_children(self, dealt: int, cols: Columns) -> Iterator[tuple[int, Columns]]:
        """The ``T`` moves and deals of :meth:`children`, each followed by
        every ``F`` (:meth:`closure`): the moves of a player who never keeps
        a card that may go.  Not every line: a search over these alone finds
        wins (fast, the tree is small) but proves no loss."""
        yield from self._placements(dealt, cols, self.closure)

    def _placements(self, dealt: int, cols: Columns,
                    finish: Callable[[int, Columns], Columns]) -> Iterator[tuple[int, Columns]]:
        """The ``T`` moves and deals of :meth:`children`, each position
        passed through ``finish``."""
        empties = [k for k in range(COLUMNS) if not cols[k]]
        if not empties:
            if dealt < self.last:
                yield dealt + 1, finish(dealt + 1, self.deal(dealt, cols))
            return
        sources = [x for x in range(COLUMNS) if len(cols[x]) >= 2]
        if len(empties) > 1 or dealt == self.last:
            target = empties[0]
            for x in sources:
                moved = list(cols)
                moved[target], moved[x] = cols[x][-1:], cols[x][:-1]
                yield dealt, finish(dealt, tuple(moved))
        else:
            for x in sources:
                # The move fills the last empty column: every arrangement of
                # the lone cards and the moved card over the free slots.
                slots = [k for k in range(COLUMNS) if k != x and len(cols[k]) <= 1]
                base = (*cols[:x], cols[x][:-1], *cols[x + 1:])
                cards = [cols[k] for k in slots if cols[k]] + [cols[x][-1:]]
                for filled in arrangements(base, slots, cards):
                    yield dealt, finish(dealt, filled)
        if dealt < self.last:
            slots = [k for k in range(COLUMNS) if len(cols[k]) <= 1]
            for arranged in arrangements(cols, slots, [cols[k] for k in slots]):
                yield dealt + 1, finish(dealt + 1, self.deal(dealt, arranged))

    def moves(self, dealt: int, cols: Columns) -> Iterator[tuple[str, int, Columns]]:
        """Every legal single move, unreduced: ``(line, dealt, cols)``."""
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
        if dealt < self.last:
            yield "D", dealt + 1, self.deal(dealt, cols)
