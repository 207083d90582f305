"""Loss bounds for Aces Up: relaxed games that every real win would win too.

Rules: plugins/cardshell_aces_up/NOTES.md.  When a relaxed game cannot be
won from a position of :mod:`.fastsolve`'s search, neither can the real one,
so the pruning is exact.  Three relaxations:

* :class:`AceRelaxation`: any non-ace bottom card may be discarded at any
  time, so only the aces stand in the way; a column becomes ``1`` per ace and
  ``0`` per run of non-aces (:func:`abstract_column`).  A real ``F`` is a
  relaxed discard and ``T`` and ``D`` are the same, so a real win gives a
  relaxed one.  It catches aces buried over other cards with no empty column
  to free them.  Its positions are few (a few thousand per deal), each solved
  once and remembered.
* :class:`HardCards`: the game without the stock's non-aces.
* :class:`TopCards`: the game with only the high cards of each suit.

Pending cards (:mod:`.raw`) count as gone in the first and stay pending in
the two others, which are searched with the real game's children.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import permutations
from typing import Any, Protocol

from .raw import ACE_CODE, NO_CARD, Columns, RawDeal, keep_cards

Abstract = tuple[tuple[int, ...], ...]

#: The most columns a relaxed game remembers the relaxed form of
#: (:func:`relaxed_columns`); the cache is emptied when full.  Columns recur
#: across the search's positions, so the form is mostly looked up rather than
#: rebuilt.
COLUMN_CACHE = 16_384


def relaxed_columns(cols: Columns, cache: dict[tuple[int, ...], tuple[int, ...]],
                    relaxed: Callable[[tuple[int, ...]], tuple[int, ...]]) -> Columns:
    """``cols`` with each column replaced by ``relaxed(column)`` (a pure function), remembered in ``cache``.

    ``cache`` maps a column to its relaxed form for this ``relaxed`` only; it
    holds at most :data:`COLUMN_CACHE` columns, then is emptied.
    """
    out = []
    for column in cols:
        form = cache.get(column)
        if form is None:
            if len(cache) >= COLUMN_CACHE:
                cache.clear()
            form = cache[column] = relaxed(column)
        out.append(form)
    return tuple(out)


def abstract_column(column: tuple[int, ...]) -> tuple[int, ...]:
    """The relaxed form of a column (top first): ``1`` per ace, ``0`` per run of non-aces, no trailing ``0``.

    Pending cards are left out.  E.g. ``(0, 1, 1)`` for 5♠ 9♥ A♦ A♣.
    """
    out: list[int] = []
    for card in column:
        if card < NO_CARD:
            continue
        if card >= ACE_CODE:
            out.append(1)
        elif not out or out[-1]:
            out.append(0)
    if out and not out[-1]:
        out.pop()
    return tuple(out)


class AceRelaxation:
    """The relaxed game of one deal, with its solved positions remembered.

    Args:
        deals: the stock's deals in order, each the codes landing on columns 1, 2, ...
    """

    def __init__(self, deals: list[tuple[int, ...]]) -> None:
        self._last = len(deals)
        self._aces = [tuple(k for k, card in enumerate(deal) if card >= ACE_CODE) for deal in deals]
        self._memo: dict[tuple[int, Abstract], bool] = {}
        self._forms: dict[tuple[int, ...], tuple[int, ...]] = {}

    def winnable(self, dealt: int, columns: tuple[tuple[int, ...], ...]) -> bool:
        """Whether the relaxed game can be won after ``dealt`` deals from the columns' codes; False proves the loss."""
        return self._solve(dealt, relaxed_columns(columns, self._forms, abstract_column))

    def _solve(self, dealt: int, cols: Abstract) -> bool:
        key = (dealt, tuple(sorted(cols)) if dealt == self._last else cols)
        found = self._memo.get(key)
        if found is None:
            # No cycles: a move shortens a column or fills an empty one.
            found = self._memo[key] = self._expand(dealt, cols)
        return found

    def _expand(self, dealt: int, cols: Abstract) -> bool:
        if dealt == self._last and all(0 not in column for column in cols):
            return True
        empties = [k for k in range(4) if not cols[k]]
        if empties:
            target = empties[0]
            for k in range(4):
                column = cols[k]
                if len(column) >= 2:  # an ace with something above it
                    rest = column[:-1]
                    if not rest[-1]:
                        rest = rest[:-1]
                    moved = list(cols)
                    moved[k], moved[target] = rest, (1,)
                    if self._solve(dealt, tuple(moved)):
                        return True
        if dealt == self._last:
            return False
        aces = self._aces[dealt]
        if not empties:
            arrangements: list[Abstract] = [cols]
        else:
            # The lone aces and the empty columns can be arranged at will.
            slots = [k for k in range(4) if len(cols[k]) <= 1]
            arrangements = []
            for order in set(permutations([cols[k] for k in slots])):
                arranged = list(cols)
                for k, column in zip(slots, order):
                    arranged[k] = column
                arrangements.append(tuple(arranged))
        for columns in arrangements:
            dealt_to = list(columns)
            for k in aces:
                dealt_to[k] = (*dealt_to[k], 1)
            if self._solve(dealt + 1, tuple(dealt_to)):
                return True
        return False


class _GaveUp(Exception):
    pass


class HardCards:
    """A loss bound: the game with the stock's non-aces left out.

    After ``q`` deals, the ghosts are the stock's non-aces past the next
    ``lookahead`` deals, and a card is free when a higher ghost of its suit
    exists.  The relaxed game takes the free cards out of the tableau and never
    deals the ghosts; the rest follows the real rules.  A real win maps onto it:
    a real ``F`` of a card that is neither ghost nor free has a higher card that
    is neither, so it is legal there; other moves are skipped or match.

    Each depth's game is searched exactly (no move repeats a position), its
    answers remembered; a query past its cap gives up and counts as winnable,
    so the bound stays a proof.

    Args:
        raw: the real deal.
        cap: the most relaxed positions kept in all; one query expands at most ``cap // 20``.
        lookahead: how many of the next deals keep their non-aces (0: none).
        out_of_time: read every 128 relaxed positions; True gives up (winnable).
        nested_ranks: when not 0, each relaxed game also asks its own
            :class:`TopCards` game of the top ``nested_ranks`` ranks (5: ace to
            ten), keeping at most ``cap`` positions more in all.
    """

    def __init__(self, raw: RawDeal, cap: int, lookahead: int = 0,
                 out_of_time: Callable[[], bool] = lambda: False, nested_ranks: int = 0) -> None:
        self._raw = raw
        self._nested_ranks = nested_ranks
        self._out_of_time = out_of_time
        self._lookahead = lookahead
        self._games: dict[int, RelaxedGame] = {}
        self.kept = 0
        self._cap = cap
        self._per_query = max(1, cap // 20)

    def _game(self, dealt: int) -> RelaxedGame:
        game = self._games.get(dealt)
        if game is None:
            rest = self._raw.deals[dealt:]
            near, far = rest[:self._lookahead], rest[self._lookahead:]
            ghost = [NO_CARD] * 4
            for deal in far:
                for card in deal:
                    if 0 <= card < ACE_CODE and card > ghost[card & 3]:
                        ghost[card & 3] = card
            # Near deals keep their cards but the free ones; far deals keep their aces.
            aces_only = ([tuple(card if card >= ACE_CODE or card > ghost[card & 3] else NO_CARD for card in deal)
                          for deal in near]
                         + [tuple(card if card >= ACE_CODE else NO_CARD for card in deal) for deal in far])
            floor = [min(ACE_CODE, ghost[suit] + 1) for suit in range(4)]
            bound: Bound = AceRelaxation(aces_only)
            if self._nested_ranks:
                # Its game with only the top ranks relaxes it (TopCards' argument, with this
                # game as the real one) and prunes its search; the caps of the 14 depths share ``cap``.
                bound = AllOf([bound, TopCards(aces_only, top_ranks(self._nested_ranks), max(1, self._cap // 14),
                                               self._per_query, self._out_of_time)])
            game = self._games[dealt] = RelaxedGame(aces_only, partial(keep_cards, floor=floor), bound)
        return game

    def winnable(self, dealt: int, cols: Columns) -> bool:
        """Whether the relaxed game after ``dealt`` real deals can be won from ``cols``; False proves the loss.

        True also when the search gave up.
        """
        if self.kept >= self._cap:
            return True
        found, self.kept = self._game(dealt).query(0, cols, self._per_query, self._out_of_time, self.kept)
        return found


class Bound(Protocol):
    """A loss bound: :meth:`winnable` False proves a position lost."""

    def winnable(self, dealt: int, cols: Columns) -> bool:
        """Whether the position may still be won (False is a proof)."""


class AllOf:
    """Several bounds asked in the order given (cheapest first): winnable when every one says so."""

    def __init__(self, bounds: list[Bound]) -> None:
        self._bounds = bounds

    def winnable(self, dealt: int, cols: Columns) -> bool:
        """False when one of the bounds proves ``(dealt, cols)`` lost."""
        return all(bound.winnable(dealt, cols) for bound in self._bounds)


class RelaxedGame:
    """A relaxed game of :class:`HardCards` or :class:`TopCards`, with what it remembers between queries.

    Args:
        deals: its stock's deals in order.
        keep: a pure function from a real column to its column in this game.
        bound: asked at each position of its own search.
    """

    def __init__(self, deals: list[tuple[int, ...]], keep: Callable[[tuple[int, ...]], tuple[int, ...]],
                 bound: Bound) -> None:
        self.rules = RawDeal(deals)
        self.keep = keep
        self.bound = bound
        self._memo: dict[Any, bool] = {}  # key of a finished position -> winnable
        self._forms: dict[tuple[int, ...], tuple[int, ...]] = {}  # real column -> relaxed column
        self._asked: dict[tuple[int, Columns], bool] = {}  # relaxed position as it came -> settled answer

    def query(self, dealt: int, cols: Columns, budget: int, out_of_time: Callable[[], bool],
              kept: int) -> tuple[bool, int]:
        """Whether this game can be won from the real ``cols`` relaxed; returns (winnable, ``kept`` counted up).

        ``budget`` is the most new positions expanded; a give-up answers True.
        Settled answers are remembered by the relaxed columns as they came.
        """
        relaxed = relaxed_columns(cols, self._forms, self.keep)
        asked = (dealt, relaxed)
        found = self._asked.get(asked)
        if found is None:
            start = self.rules.finish(dealt, relaxed)
            key = self.rules.key(dealt, start)
            found, kept = relaxed_winnable(self.rules, self.bound, self._memo, dealt, start, budget, out_of_time,
                                           kept, key=key)
            settled = self._memo.get(key)
            if settled is not None:  # not a give-up: remember the answer of these columns as they came
                self._asked[asked] = settled
                kept += 1
        return found, kept


def relaxed_winnable(game: RawDeal, aces: Bound, memo: dict[Any, bool], dealt: int, cols: Columns,
                     budget: int, out_of_time: Callable[[], bool], kept: int, *,
                     key: Any = None) -> tuple[bool, int]:
    """Search a relaxed game exactly from the finished ``(dealt, cols)``; return (winnable, ``kept`` counted up).

    Args:
        game: the relaxed game's rules.
        aces: bounds of the relaxed game itself, asked at each of its positions.
        memo: ``game``'s key -> winnable, kept between queries (no cycles: every
            move deals, discards or fills an empty column).
        budget: the most new positions expanded.
        out_of_time: read first, after ``memo``'s answer, and every 128 expansions.
        kept: the entries kept so far.
        key: ``game.key(dealt, cols)`` if the caller has it.

    Winnable is True also when the budget or the clock ran out.
    """
    if key is None:
        key = game.key(dealt, cols)
    found = memo.get(key)
    if found is not None:  # settled before: the same answer, even after the deadline
        return found, kept
    if out_of_time():
        return True, kept
    count = [budget, kept]

    def solve(dealt: int, cols: Columns, key: Any) -> bool:
        found = memo.get(key)
        if found is not None:
            return found
        if game.won(dealt, cols):
            found = True
        elif not aces.winnable(dealt, cols):
            found = False
        else:
            count[0] -= 1
            if count[0] < 0 or (not count[0] & 127 and out_of_time()):
                raise _GaveUp
            found = any(solve(child_dealt, child, game.key(child_dealt, child))
                        for child_dealt, child in game.children(dealt, cols))
        memo[key] = found
        count[1] += 1
        return found

    try:
        return solve(dealt, cols, key), count[1]
    except _GaveUp:
        return True, count[1]


class TopCards:
    """A loss bound: the game with only each suit's cards at or above a threshold (and every ace).

    The other cards vanish from the columns and the deals.  A real win maps onto
    it: the higher card of a kept card is kept too, so a real ``F`` of a kept
    card is legal there; moves of vanished cards are skipped.

    Args:
        deals: the real stock's deals in order.
        thresholds: per suit index 0..3, the lowest code kept.
        cap: the most relaxed positions remembered.
        per_query: the most new positions one query expands.
        out_of_time: read every 128 relaxed positions; True gives up (winnable).
    """

    def __init__(self, deals: list[tuple[int, ...]], thresholds: list[int], cap: int, per_query: int = 2_000,
                 out_of_time: Callable[[], bool] = lambda: False) -> None:
        self._floor = [min(threshold, ACE_CODE) for threshold in thresholds]  # aces always kept
        kept = [tuple(card if card >= self._floor[card & 3] else NO_CARD for card in deal) for deal in deals]
        self._game = RelaxedGame(kept, partial(keep_cards, floor=self._floor), AceRelaxation(kept))
        self._cap = cap
        self._per_query = per_query
        self._out_of_time = out_of_time
        self.kept = 0

    def relaxes(self, other: TopCards) -> bool:
        """Whether this game relaxes ``other``: it forgets every card ``other`` forgets."""
        return all(mine >= theirs for mine, theirs in zip(self._floor, other._floor))

    def nest(self, inner: TopCards) -> None:
        """Ask ``inner``, a far smaller game that relaxes this one, at every position of this game's search.

        Raises:
            ValueError: ``inner`` keeps a card this game forgets.
        """
        if not inner.relaxes(self):
            raise ValueError("aces-up: a nested high-card game must keep fewer cards")
        self._game.bound = AllOf([self._game.bound, inner])

    def winnable(self, dealt: int, cols: Columns) -> bool:
        """Whether the relaxed game can be won from the real ``(dealt, cols)``; False proves the loss.

        True also when the search gave up or the memory cap is reached.
        """
        if self.kept >= self._cap:
            return True
        found, self.kept = self._game.query(dealt, cols, self._per_query, self._out_of_time, self.kept)
        return found


def top_ranks(ranks: int) -> list[int]:
    """The :class:`TopCards` thresholds keeping the top ``ranks`` ranks of every suit (5: ace to ten)."""
    return [4 * (13 - ranks)] * 4


def last_deal_blocks(deals: list[tuple[int, ...]]) -> bool:
    """Whether the last deal alone loses: four cards, not all aces, none of them beating another.

    Right after it no column is empty and no bottom card may go (NOTES.md,
    Rules), so no move is legal with a non-ace left.  ``deals`` in order,
    :data:`.raw.NO_CARD` for none.
    """
    if not deals:
        return False
    last = deals[-1]
    if min(last) < 0 or min(last) >= ACE_CODE:
        return False
    return not any(card < ACE_CODE and any(other > card and other & 3 == card & 3 for other in last)
                   for card in last)


def bounds_for(deals: list[tuple[int, ...]], cap: int, per_query: int = 2_000,
               out_of_time: Callable[[], bool] = lambda: False) -> list[TopCards]:
    """The :class:`TopCards` bounds the solver asks: the top 5 and top 7 ranks, the second nesting the first.

    ``cap`` bounds each one's memory and ``per_query`` each query, in relaxed
    positions; ``out_of_time`` is passed to each.
    """
    bounds = [TopCards(deals, top_ranks(ranks), cap, per_query, out_of_time) for ranks in (5, 7)]
    for k, bound in enumerate(bounds):
        for inner in bounds[:k]:
            if inner.relaxes(bound):
                bound.nest(inner)
    return bounds
