"""Aces Up over raw card codes: the rules of NOTES.md as fast pure functions for :mod:`.fastsolve`.

A card is :func:`encode`'s code, aces 48..51; ``a & 3 == b & 3`` is the same
suit, and within a suit a higher code is a higher card.  A position is
``(dealt, columns)``: deals made, and four tuples of codes (bottom card last);
the foundation is every other card.  Three reductions, each exact:

* Free slots: as in :mod:`.solver`; :meth:`RawDeal.key` merges arrangements.
* Pending discards: a card that may go is marked pending and stays; the
  search decides later whether it went.  A card is marked when every card
  above it is pending and a plain higher card of its suit is another
  column's bottom; it waits for the cards above it.  Invariant: for every
  set S of pending cards closed under "waits for", the columns without S are
  a real position reachable by legal moves, so a win with every non-ace
  pending is a real win, and every real line has a search line (an ``F`` is
  a mark and a removal).  A card leaving by ``T``, or kept as the higher card
  for another (:meth:`RawDeal.kept`), makes plain the cards waiting for it.
  A removal is tried only where it is used at once (:meth:`RawDeal.children`).
* Safe discards: a pending bottom card with no lower card of its suit left
  (tableau or stock) goes without branching; it can never be the higher
  card that lets another go, so every line from the position with it is
  legal without it.
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
#: A pending card (module docstring) waiting for ``k`` cards is coded
#: ``code - PENDING * (k + 1)``: below :data:`NO_CARD`, with
#: ``code & 63 == code`` back and ``& 3`` still the suit.
PENDING = 64

_SUIT_INDEX = {suit: index for index, suit in enumerate(Suit)}

Columns = tuple[tuple[int, ...], ...]


def encode(card: Card) -> int:
    """The code of a card, 0..51: ``4 * (rank - 2) + suit index``, aces high."""
    rank = 14 if card.rank == ACE else card.rank
    return 4 * (rank - 2) + _SUIT_INDEX[card.suit]


def deals_of(stock: tuple[Card, ...]) -> list[tuple[int, ...]]:
    """The stock's (top last) deals in order, four codes each, :data:`NO_CARD` where a short last deal has none."""
    codes = [encode(card) for card in reversed(stock)]
    deals = []
    for k in range(0, len(codes), COLUMNS):
        deal = codes[k:k + COLUMNS]
        deals.append(tuple(deal + [NO_CARD] * (COLUMNS - len(deal))))
    return deals


def plain(card: int) -> int:
    """The card code of a column entry, pending or not."""
    return card & 63


def waits(card: int) -> int:
    """How many cards directly above it a pending card waits for."""
    return ((card & 63) - card) // PENDING - 1


def may_go(card: int, bottoms: list[int]) -> bool:
    """Whether the bottom card ``card`` may go: not an ace, and a higher card of its suit in ``bottoms``."""
    return 0 <= card < ACE_CODE and any(b > card and b & 3 == card & 3 for b in bottoms)


def _cut(column: tuple[int, ...], n: int, release: bool = False) -> tuple[int, ...]:
    """``column``'s first ``n`` cards; pending cards waiting beyond them wait less or, with ``release``, are plain."""
    out = None
    for j in range(n):
        card = column[j]
        if card < NO_CARD and j + waits(card) >= n:
            if out is None:
                out = list(column[:n])
            out[j] = card & 63 if release else (card & 63) - PENDING * (n - j)
    return tuple(out) if out is not None else column[:n]


def keep_cards(column: tuple[int, ...], floor: list[int]) -> tuple[int, ...]:
    """``column`` with only the cards at or above ``floor`` (lowest code kept, per suit index 0..3).

    A pending card then waits only for the kept cards it waited for; these are
    the columns of a relaxed game of :mod:`.relax`.
    """
    if not column or min(column) >= 0:
        return tuple(card for card in column if card >= floor[card & 3])
    out = []
    for j, card in enumerate(column):
        if card >= 0:
            if card >= floor[card & 3]:
                out.append(card)
            continue
        real = card & 63
        if real >= floor[real & 3]:
            kept = sum(1 for other in column[j + 1:j + 1 + waits(card)] if plain(other) >= floor[other & 3])
            out.append(real - PENDING * (kept + 1))
    return tuple(out)


def arrangements(cols: Columns, slots: list[int], cards: list[tuple[int, ...]]) -> Iterator[Columns]:
    """``cols`` with ``cards`` (columns of at most one card) put over ``slots`` in every distinct order."""
    for order in dict.fromkeys(permutations(cards)):
        arranged = list(cols)
        for k, column in zip(slots, order):
            arranged[k] = column
        yield tuple(arranged)


class RawDeal:
    """The rules of one deal over raw positions.

    Args:
        deals: the stock's deals in order, four codes each (:data:`NO_CARD` for none).

    Attributes:
        last: the number of deals; ``dealt == last`` means the stock is empty.
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
        """Equal for positions that play out alike (free slots merged, columns sorted once the stock is empty)."""
        if dealt == self.last:
            return dealt, tuple(sorted(cols))
        if () in cols:
            return (dealt, tuple(column if len(column) > 1 else None for column in cols),
                    tuple(sorted(column[0] for column in cols if column)))
        return dealt, cols

    def won(self, dealt: int, cols: Columns) -> bool:
        """Stock empty and only the aces left, pending cards aside (NOTES.md, Winning and losing)."""
        return dealt == self.last and all(card >= ACE_CODE or card < NO_CARD for column in cols for card in column)

    def forced(self, dealt: int, cols: Columns) -> bool:
        """Whether the next deal is this finished position's only child: no empty column, no pending bottom."""
        return dealt < self.last and all(column and column[-1] >= 0 for column in cols)

    def finish(self, dealt: int, cols: Columns) -> Columns:
        """``cols`` with every card that may be marked pending, and every safe discard made, until nothing changes.

        Every child of :meth:`children` goes through it.  Marking never changes the
        highest plain bottom card of a suit, so one marking pass is enough; the
        loop repeats for the safe discards.
        """
        low = self.lowest[dealt]
        while True:
            best = [-1, -1, -1, -1]
            for column in cols:
                if column:
                    bottom = column[-1]
                    if bottom > best[bottom & 3]:
                        best[bottom & 3] = bottom
            marked = None
            for x in range(COLUMNS):
                column = cols[x]
                if not column:
                    continue
                bottom = column[-1]
                if bottom >= 0 and (bottom >= ACE_CODE or bottom >= best[bottom & 3]):
                    continue
                out = None
                top = len(column) - 1
                i = top
                while i >= 0:
                    card = column[i]
                    if card < NO_CARD:
                        i -= 1
                        continue
                    if card < ACE_CODE and card < best[card & 3]:
                        if out is None:
                            out = list(column)
                        out[i] = card - PENDING * (top - i + 1)
                        i -= 1
                        continue
                    break
                if out is not None:
                    if marked is None:
                        marked = list(cols)
                    marked[x] = tuple(out)
            if marked is not None:
                cols = tuple(marked)
            # A pending bottom card with no lower card of its suit left goes.
            for column in cols:
                if column:
                    bottom = column[-1]
                    if bottom < NO_CARD and bottom & 63 < low[bottom & 3]:
                        break
            else:
                return cols
            least = [99, 99, 99, 99]
            for column in cols:
                for card in column:
                    card &= 63  # the card of a pending entry, and a plain card itself
                    if card < least[card & 3]:
                        least[card & 3] = card
            for x in range(COLUMNS):
                column = cols[x]
                if column and column[-1] < NO_CARD:
                    real = column[-1] & 63
                    if real == least[real & 3] and real < low[real & 3]:
                        cols = (*cols[:x], _cut(column, len(column) - 1), *cols[x + 1:])
                        break
            else:
                return cols

    def lift(self, column: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The column without its bottom card, and that card (for a ``T``): the cards waiting for it become plain."""
        return _cut(column, len(column) - 1, release=True), column[-1:]

    def children(self, dealt: int, cols: Columns) -> Iterator[tuple[int, Columns]]:
        """The finished positions the search tries from a finished ``(dealt, cols)``.

        In order: bottom pending cards removed where that is used at once (it
        empties a column, a column is empty, or it marks or discards a card), then
        :meth:`kept`, then ``T`` to the first empty column, then the deal, each after
        every arrangement of the free slots where that arrangement matters.
        """
        finish = self.finish
        empty = () in cols
        for x in range(COLUMNS):
            column = cols[x]
            n = len(column)
            j = n - 1
            while j >= 0 and column[j] < NO_CARD:
                rest = _cut(column, j)
                removed = (*cols[:x], rest, *cols[x + 1:])
                done = finish(dealt, removed)
                if empty or not rest or done != removed:
                    yield dealt, done
                j -= 1
        for _, child in self.kept(dealt, cols):
            yield dealt, child
        yield from self._placements(dealt, cols, finish)

    def kept(self, dealt: int, cols: Columns) -> Iterator[tuple[list[int], Columns]]:
        """Yield (cards made plain, finished position) for each pending card kept as another column's higher card.

        The kept card is made plain and the pending cards under it removed, where
        it lets the first plain card of another column go.
        """
        for column in cols:
            if column and column[-1] < NO_CARD:
                break
        else:
            return
        # Per suit, the lowest first plain card from a bottom (and its column), and the next lowest.
        lowest = [99, 99, 99, 99]
        where = [-1, -1, -1, -1]
        second = [99, 99, 99, 99]
        for y, column in enumerate(cols):
            for card in reversed(column):
                if card >= 0:
                    suit = card & 3
                    if card < lowest[suit]:
                        second[suit] = lowest[suit]
                        lowest[suit], where[suit] = card, y
                    elif card < second[suit]:
                        second[suit] = card
                    break
        for x in range(COLUMNS):
            column = cols[x]
            j = len(column) - 1
            while j >= 0 and column[j] < NO_CARD:
                real = column[j] & 63
                suit = real & 3
                if (lowest[suit] if where[suit] != x else second[suit]) < real:
                    below = _cut(column, j, release=True)
                    made = [real] + [card for card, was in zip(below, column) if card != was]
                    yield made, self.finish(dealt, (*cols[:x], (*below, real), *cols[x + 1:]))
                j -= 1

    def deal(self, dealt: int, cols: Columns) -> Columns:
        """``D``: deal number ``dealt`` onto ``cols``."""
        a, b, c, d = self.deals[dealt]
        one, two, three, four = cols
        return ((*one, a) if a >= 0 else one, (*two, b) if b >= 0 else two,
                (*three, c) if c >= 0 else three, (*four, d) if d >= 0 else four)

    def closure(self, dealt: int, cols: Columns) -> Columns:
        """``cols`` after every ``F`` there is (``dealt`` unused, to match :meth:`finish`); not a reduction.

        Until the next deal a card that may go stays so, so the order does not matter.
        """
        while True:
            bottoms = [column[-1] if column else NO_CARD for column in cols]
            for x in range(COLUMNS):
                if may_go(bottoms[x], bottoms):
                    cols = (*cols[:x], cols[x][:-1], *cols[x + 1:])
                    break
            else:
                return cols

    def greedy_children(self, dealt: int, cols: Columns) -> Iterator[tuple[int, Columns]]:
        """The ``T`` moves and deals of :meth:`children`, each followed by every ``F``: finds wins, proves no loss."""
        yield from self._placements(dealt, cols, self.closure)

    def _placements(self, dealt: int, cols: Columns,
                    finish: Callable[[int, Columns], Columns]) -> Iterator[tuple[int, Columns]]:
        """The ``T`` moves and deals of :meth:`children`, each passed through ``finish``."""
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
                moved[x], moved[target] = self.lift(cols[x])
                yield dealt, finish(dealt, tuple(moved))
        else:
            for x in sources:
                # The move fills the last empty column: every arrangement of
                # the lone cards and the moved card over the free slots.
                slots = [k for k in range(COLUMNS) if k != x and len(cols[k]) <= 1]
                rest, card = self.lift(cols[x])
                base = (*cols[:x], rest, *cols[x + 1:])
                cards = [cols[k] for k in slots if cols[k]] + [card]
                for filled in arrangements(base, slots, cards):
                    yield dealt, finish(dealt, filled)
        if dealt < self.last:
            slots = [k for k in range(COLUMNS) if len(cols[k]) <= 1]
            for arranged in arrangements(cols, slots, [cols[k] for k in slots]):
                yield dealt + 1, finish(dealt + 1, self.deal(dealt, arranged))

    def moves(self, dealt: int, cols: Columns) -> Iterator[tuple[str, int, Columns]]:
        """Every legal single move, unreduced, as ``(line, dealt, cols)``."""
        bottoms = [column[-1] if column else NO_CARD for column in cols]
        for x in range(COLUMNS):
            if may_go(bottoms[x], bottoms):
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
