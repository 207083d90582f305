"""Aces Up over raw card codes: the rules of NOTES.md as fast pure functions
for the solver (:mod:`.fastsolve`), with its exact reductions.

Rules: ``plugins/cardshell_aces_up/NOTES.md``.  A card is a small int,
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
* **Pending discards** (:meth:`RawDeal.finish`, :meth:`RawDeal.children`).
  A card that may go to the foundation is neither discarded nor kept for
  good: it is marked *pending* and stays where it is, and the search
  decides later, when it matters, whether it went or stays.  A card is
  marked when a higher card of its suit that is not pending lies at the
  bottom of another column and every card above it is pending; it then
  *waits for* those cards (it can go only after they have gone).  The
  claim: for every set S of pending cards that holds every card its members
  wait for, the real position of the columns without S is reachable by
  legal moves.  Marking keeps it (from the real position without S minus
  ``c``, the cards ``c`` waits for are gone, the higher card is still at
  its bottom, so ``F c`` is legal), and so do deals, ``T`` moves and
  removing a pending card with all it waits for.  A card that leaves its
  column by ``T``, or that is made plain again to be the higher card for
  another card (:meth:`RawDeal.kept`), takes the pending mark from the
  cards that wait for it.  So a search position stands for all those real
  positions, and a win (stock empty, every non-ace pending) is a real win:
  :func:`.fastsolve.real_positions` turns the line into real positions, each
  card going where it was last marked.
  Conversely every real line is followed.  A real ``F`` of a card is its
  mark (after making its higher card plain, if that was pending) and its
  removal; a ``T`` or a deal is the same move after removing the pending
  cards in its way.  A removal is tried only where it is used at once
  (:meth:`RawDeal.children`: it empties a column, a column is empty for a
  ``T`` of the card it uncovers, or it uncovers a higher card that marks a
  card or lets one go): removing later reaches the same positions and keeps
  the card usable as a higher card meanwhile.  So no choice is made before
  a deal: a card that may go stays pending under the deal's card, and goes
  whenever it is uncovered.
* **Safe discards** (:meth:`RawDeal.finish`).  A pending bottom card ``c``
  with no lower card of its suit left anywhere (tableau or stock) goes at
  once, without branching.  Proof: let S be the position and S' = S
  without ``c``.  A card helps only as the higher card that lets a lower
  card of its suit go, and ``c`` has no lower card left to help.  Follow
  any line from S in S': each ``F`` of a card other than ``c`` is legal in
  S' (the card is at its column's bottom in S' too, since the columns of S'
  are those of S without ``c``, and its higher card is not ``c``, so it is
  there too); each ``T`` is legal (a column empty in S is empty in S');
  moves of ``c`` itself are skipped; deals are the same.  So S' reaches the
  position S reaches without ``c``: if S wins, S' wins (``c`` is not an
  ace).  And S' is what removing the pending ``c`` gives.
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
    1..4 (:data:`NO_CARD` where a short last deal has no card: NOTES.md,
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


def plain(card: int) -> int:
    """The card code of a column entry, pending or not (plain codes are
    below 64, so ``& 63`` leaves them as they are)."""
    return card & 63


def waits(card: int) -> int:
    """How many cards directly above it a pending card waits for."""
    return ((card & 63) - card) // PENDING - 1


def may_go(card: int, bottoms: list[int]) -> bool:
    """Whether ``card``, a bottom card, may go to the foundation: not an ace,
    and a higher card of its suit among ``bottoms`` (NOTES.md; a card is
    never higher than itself, so its own column's bottom does not count)."""
    return 0 <= card < ACE_CODE and any(b > card and b & 3 == card & 3 for b in bottoms)


def _cut(column: tuple[int, ...], n: int, release: bool = False) -> tuple[int, ...]:
    """``column``'s first ``n`` cards, the cards beyond them gone (pending
    cards removed, or a card moved by ``T`` or kept).  A pending card that
    waited for a card beyond them waits only for those that stay, or, with
    ``release``, is plain again (the card it waited for left by ``T`` or was
    kept: module docstring)."""
    out = None
    for j in range(n):
        card = column[j]
        if card < NO_CARD and j + waits(card) >= n:
            if out is None:
                out = list(column[:n])
            out[j] = card & 63 if release else (card & 63) - PENDING * (n - j)
    return tuple(out) if out is not None else column[:n]


def keep_cards(column: tuple[int, ...], floor: list[int]) -> tuple[int, ...]:
    """``column`` with only the cards at or above ``floor`` of their suit,
    pending or not (a pending card then waits only for the kept cards it
    waited for): the columns of a relaxed game of :mod:`.relax`.

    Args:
        column (tuple[int, ...]): column entries, pending ones too.
        floor (list[int]): per suit index 0..3, the lowest card code kept.

    Returns:
        tuple[int, ...]: the kept entries, in order.
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
        """Stock empty and only the four aces left (NOTES.md, "Winning"),
        pending discards aside."""
        return dealt == self.last and all(card >= ACE_CODE or card < NO_CARD for column in cols for card in column)

    def forced(self, dealt: int, cols: Columns) -> bool:
        """Whether the deal is the only child of a finished position (the
        stock is not empty, no column is empty and no bottom card is
        pending): no card may go, since a finished position marks every
        card that may, and a ``T`` needs an empty column (NOTES.md)."""
        return dealt < self.last and all(column and column[-1] >= 0 for column in cols)

    def finish(self, dealt: int, cols: Columns) -> Columns:
        """``cols`` with every card marked pending that may be (module
        docstring: every card above it pending, a higher card of its suit
        that is not pending at another bottom), and every safe discard made;
        until nothing changes.  Each child of :meth:`children` goes through
        it, so every position the search holds is finished.

        Marking never changes the highest plain bottom card of a suit (a
        card is marked only below it) and a safe discard removes a pending
        card, so one marking pass is enough, and the loop repeats only for
        the safe discards, one at a time."""
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
        """The column without its bottom card, and that card (for a ``T``):
        the pending cards that wait for it are pending no more."""
        return _cut(column, len(column) - 1, release=True), column[-1:]

    def children(self, dealt: int, cols: Columns) -> Iterator[tuple[int, Columns]]:
        """The positions the search tries from a finished ``(dealt, cols)``,
        each finished: the pending cards at the bottom of a column removed
        (the last one, the last two, ...) where that is used at once (it
        empties the column, a column is empty, or it marks or discards a
        card), then :meth:`kept`, then ``T`` to the first empty column
        (after every arrangement of the free slots when it fills the last
        one), then the deal after every arrangement of the free slots."""
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
        """A pending card kept after all: made plain again (with the pending
        cards below it in its column removed) where it is the higher card
        that lets a plain card of another column go, the first that is not
        pending.  Yields the cards made plain (it and those that waited for
        it) and the finished position."""
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
        """``cols`` after every ``F`` there is, until none is left (not a
        reduction: a card kept may be wanted later as the higher card).
        ``dealt`` is not used: it is there to match :meth:`finish`.

        The result does not depend on the order: until the next deal, a card
        that may go to the foundation stays so (its higher card, or a card
        higher still that let it go, stays at a bottom), so every order
        discards the same cards.
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
        """The ``T`` moves and deals of :meth:`children`, each followed by
        every ``F`` (:meth:`closure`): the moves of a player who never keeps
        a card that may go.  Not every line: a search over these alone finds
        wins (fast, the tree is small) but proves no loss."""
        yield from self._placements(dealt, cols, self.closure)

    def _placements(self, dealt: int, cols: Columns,
                    finish: Callable[[int, Columns], Columns]) -> Iterator[tuple[int, Columns]]:
        """The ``T`` moves and deals of :meth:`children`, each position
        passed through ``finish`` (a ``T`` by :meth:`lift`)."""
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
        """Every legal single move, unreduced: ``(line, dealt, cols)``."""
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
