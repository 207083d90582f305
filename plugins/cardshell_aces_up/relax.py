"""Loss bounds for Aces Up: relaxed games that a real win would win too.

Three relaxations, each a proof when its game cannot be won: the game with
only the aces kept in the way (:class:`AceRelaxation`, described below),
the game without the stock's non-aces (:class:`HardCards`), and the game
with only the high cards of each suit (:class:`TopCards`).

Rules: ``plugins/cardshell_aces_up/NOTES.md``.  The bound answers, for a
position of the raw search (:mod:`.fastsolve`), whether a *relaxed* game can
still be won; when it cannot, neither can the real one, so the search need
not look further (an exact pruning, never a guess).

The relaxed game keeps the four columns, the stock's deals and the aces, and
forgets everything else about the other cards:

* a non-ace card at the bottom of a column may be discarded at any time
  (the real game needs a higher card of its suit at another bottom);
* the bottom card of a column may move to an empty column (as in the real
  game); moving a non-ace card there is never needed, since discarding it
  leaves the same position with the column still empty;
* ``D`` deals as in the real game; a non-ace card dealt can be discarded at
  once, so a deal only adds the aces it brings, on the columns they land on;
* won: stock empty and only aces in the tableau (as in the real game).

Every real move is a relaxed move or is dominated by one (a real ``F`` is a
relaxed discard; a real ``T`` is a relaxed ``T``; deals are the same), so a
real winning line gives a relaxed one: relaxed "no win" proves real "no win".
A search position stands for the real positions without some of its pending
cards (:mod:`.raw`); a non-ace fewer never hurts here, so the relaxed game
without any of them bounds them all.

The two other relaxed games keep pending cards pending (:func:`.raw.keep_cards`)
and are searched by the same children as the real game, so their positions
stand for the same real positions, relaxed.

What it catches: an ace lying on non-aces can leave its column only to an
empty column, and an empty column appears only when a column holds no ace
(or its aces have left), so too many aces over other cards, with the stock's
remaining aces landing on them, lose for good.

A column is abstracted as a tuple from its top (first dealt) to its bottom
of ``1`` (an ace) and ``0`` (one or more non-aces in a row), without a
trailing ``0`` (they can be discarded at once).  The relaxed positions are
few (a column holds at most four aces and the zeros between them), and each
is solved once per deal and remembered: the memory is at most the number of
distinct abstract positions times the 13 deals, a few thousand entries.
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
    """``cols`` with each column replaced by ``relaxed(column)``, remembered
    in ``cache`` (at most :data:`COLUMN_CACHE` columns, then emptied).

    Args:
        cols (Columns): the real columns.
        cache (dict): column -> its relaxed form, for this ``relaxed`` only.
        relaxed (Callable): a pure function of one column.

    Returns:
        Columns: the relaxed columns.
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
    """The relaxed form of a column of card codes (top first): ``1`` for an
    ace, ``0`` for each run of non-aces, no trailing ``0``.  Pending cards
    (:mod:`.raw`) are left out: they may go at any time, and in this game a
    non-ace only ever stands in the way.

    Args:
        column (tuple[int, ...]): card codes, index 0 the first dealt.

    Returns:
        tuple[int, ...]: e.g. ``(0, 1, 1)`` for 5♠ 9♥ A♦ A♣.
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
        deals (list[tuple[int, ...]]): the stock's deals in dealing order,
            each the card codes that land on columns 1, 2, ... (at most 4).
    """

    def __init__(self, deals: list[tuple[int, ...]]) -> None:
        self._last = len(deals)
        self._aces = [tuple(k for k, card in enumerate(deal) if card >= ACE_CODE) for deal in deals]
        self._memo: dict[tuple[int, Abstract], bool] = {}
        self._forms: dict[tuple[int, ...], tuple[int, ...]] = {}

    def winnable(self, dealt: int, columns: tuple[tuple[int, ...], ...]) -> bool:
        """Whether the relaxed game can still be won.

        Args:
            dealt (int): how many deals of ``deals`` were made already.
            columns (tuple[tuple[int, ...], ...]): the four columns as card
                codes.

        Returns:
            bool: False proves the real position lost.
        """
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
    """A second, stronger bound: the game with the stock's non-aces left out.

    For a position after ``q`` deals, call *ghosts* the non-ace cards still
    in the stock (past the next ``lookahead`` deals), and *free* a card with
    a higher ghost of its suit.  The relaxed game of query depth ``q``: the
    free cards are taken out of the tableau, the ghosts are never dealt (a
    deal brings only its aces, and, within the lookahead, its cards that are
    not free), and the other cards follow the real rules (NOTES.md: a card
    goes to the foundation only beside a higher card of its suit at another
    bottom; ``T`` to an empty column; won = stock empty and only aces left).

    It is a relaxation (a real win gives a relaxed win).  Map a real line
    onto the relaxed game, the relaxed columns staying the real ones without
    the ghosts and the free cards.  A real ``F`` of a card ``c`` beaten by
    ``b``: if ``c`` is a ghost or free, skip it; else ``c`` is at its bottom
    in the relaxed columns too, and ``b`` is there at another bottom (so the
    move is legal), because if ``b`` were a ghost or free, ``c`` would have a
    higher ghost (``b`` or ``b``'s) and be free.  A real ``T`` of a ghost or
    free card is skipped, any other is legal (a column empty in the real
    game is empty in the relaxed one).  Deals match.  At the end of a real
    win only aces are left, in the relaxed columns too.

    Each relaxed game is searched exactly, with its results remembered (a
    move never repeats a position: each deals, discards, or fills an empty
    column), by query depth.  A search that runs past ``cap`` positions
    gives up, and the position counts as winnable: the bound stays a proof.

    Args:
        raw (RawDeal): the real deal.
        cap (int): the most relaxed positions kept in all (memory bound);
            one query explores at most ``cap // 20`` new positions.
        lookahead (int): how many of the next deals keep their non-aces (0:
            none; more is stronger and slower).
        out_of_time (Callable[[], bool]): read every 128 relaxed positions;
            True makes the query give up (counted winnable).
        nested_ranks (int): when not 0, each relaxed game's search also asks
            that game's own :class:`TopCards` game of the top
            ``nested_ranks`` ranks (5: ace to ten), which relaxes it; those
            games keep at most ``cap`` positions more in all.  The solver
            uses 5: on 7 lost deals that took 3 to 32 s, 6 % less time.
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
        """Whether the relaxed game of query depth ``dealt`` can be won from
        ``cols`` (True also when the search gave up).

        Args:
            dealt (int): deals made in the real game.
            cols (Columns): the real columns.

        Returns:
            bool: False proves the real position lost.
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
    """Several bounds asked in turn: winnable when every one says so.

    Args:
        bounds (list[Bound]): asked in this order (cheapest first).
    """

    def __init__(self, bounds: list[Bound]) -> None:
        self._bounds = bounds

    def winnable(self, dealt: int, cols: Columns) -> bool:
        """False when one of the bounds proves ``(dealt, cols)`` lost."""
        return all(bound.winnable(dealt, cols) for bound in self._bounds)


class RelaxedGame:
    """A relaxed game of :class:`HardCards` or :class:`TopCards` with what it
    remembers between queries.

    Args:
        deals (list[tuple[int, ...]]): its stock's deals in order.
        keep (Callable): a real column -> its column in this game (pure).
        bound (Bound): asked at each position of its own search.
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
        """Whether this game can be won from the real ``cols`` made relaxed
        (:attr:`keep`): the answer of those relaxed columns as they came if
        it was settled before (no ``finish``, no key), else
        :func:`relaxed_winnable` from their finished position, remembered
        when it settles.

        Args:
            dealt (int): deals made in this game.
            cols (Columns): the real columns.
            budget (int): the most new positions this query expands.
            out_of_time (Callable[[], bool]): passed to :func:`relaxed_winnable`.
            kept (int): the entries kept so far (counted up and returned).

        Returns:
            tuple[bool, int]: winnable (True also on a give-up), and the new ``kept``.
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
    """Search a relaxed game exactly from ``(dealt, cols)``, remembering each
    position's answer in ``memo`` (a move never repeats a position: each
    deals, discards, or fills an empty column, so there are no cycles).

    Args:
        game (RawDeal): the relaxed game's rules.
        aces (Bound): bounds of the relaxed game itself, asked at each of
            its positions (its own :class:`AceRelaxation`, and the
            :class:`TopCards` games that relax it further).
        memo (dict): key of ``game`` -> winnable, kept between queries.
        dealt (int): deals made in ``game``.
        cols (Columns): the relaxed columns, finished (:meth:`.raw.RawDeal.finish`).
        budget (int): the most new positions this query expands.
        out_of_time (Callable[[], bool]): read first (after looking up a
            settled answer of ``(dealt, cols)`` in ``memo``, which is given
            even when the time is up) and every 128 expansions.
        kept (int): the entries kept so far (counted up and returned).
        key (Any): keyword only, ``game.key(dealt, cols)`` when the
            caller has it already; computed here when None (the default).

    Returns:
        tuple[bool, int]: winnable (True also when the budget or the clock
        ran out: the answer stays a proof), and the new ``kept``.
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
    """A bound by the game with only the high cards of each suit.

    The relaxed game keeps, of each suit, the cards at or above that suit's
    threshold (and every ace), in the tableau and in the stock alike, and
    forgets the others: they vanish from the columns and their deals bring
    nothing there.  Call *low* the cards forgotten; a card lower than a low
    card of its suit is low too.

    It is a relaxation (a real win gives a relaxed win), by the argument of
    :class:`HardCards`: map a real line onto the relaxed game, the relaxed
    columns staying the real ones without the low cards.  A real ``F`` of a
    card ``c`` beaten by ``b``: if ``c`` is low, skip it; else ``b`` (higher,
    same suit) is not low either, and both are at their bottoms in the
    relaxed columns, so the move is legal.  A real ``T`` of a low card is
    skipped, any other is legal (a column empty in the real game is empty in
    the relaxed one).  Deals match.  A real win leaves only aces, in the
    relaxed columns too.

    :func:`bounds_for` chooses the thresholds: the top ranks of every suit
    (a small game that sees the high cards' quarrels early in the deal).

    Args:
        deals (list[tuple[int, ...]]): the real stock's deals in order.
        thresholds (list[int]): per suit index 0..3, the lowest card code
            kept (aces, 48..51, are always kept).
        cap (int): the most relaxed positions remembered (memory bound).
        per_query (int): the most new positions one query expands (time
            bound: a query costs at most that many expansions).
        out_of_time (Callable[[], bool]): read every 128 relaxed positions;
            True makes the query give up (counted winnable).
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
        """Whether this game relaxes ``other`` (it keeps, of every suit, no
        card that ``other`` forgets): then a win of ``other`` is a win here
        (the argument above, with ``other`` as the real game)."""
        return all(mine >= theirs for mine, theirs in zip(self._floor, other._floor))

    def nest(self, inner: TopCards) -> None:
        """Ask ``inner``, a game that relaxes this one, at every position of
        this game's own search (after its ace bound): its positions lost
        there are lost here, and ``inner`` is far smaller.

        Args:
            inner (TopCards): a bound with :meth:`relaxes` true of this one,
                built from the same real deals.

        Raises:
            ValueError: ``inner`` keeps a card this game forgets.
        """
        if not inner.relaxes(self):
            raise ValueError("aces-up: a nested high-card game must keep fewer cards")
        self._game.bound = AllOf([self._game.bound, inner])

    def winnable(self, dealt: int, cols: Columns) -> bool:
        """Whether the relaxed game can be won from the real ``(dealt, cols)``
        (True also when the search gave up or the memory cap is reached).

        Args:
            dealt (int): deals made in the real game.
            cols (Columns): the real columns.

        Returns:
            bool: False proves the real position lost.
        """
        if self.kept >= self._cap:
            return True
        found, self.kept = self._game.query(dealt, cols, self._per_query, self._out_of_time, self.kept)
        return found


def top_ranks(ranks: int) -> list[int]:
    """The thresholds of :class:`TopCards` that keep the top ``ranks`` ranks
    of every suit (5: ace to ten).  Aces are rank 14, codes 48..51, so the
    top ``ranks`` ranks start at code ``4 * (13 - ranks)``."""
    return [4 * (13 - ranks)] * 4


def last_deal_blocks(deals: list[tuple[int, ...]]) -> bool:
    """Whether the last deal alone loses the deal: it puts a card on every
    column, one of them is not an ace, and none of them may go to the
    foundation beside another (no two of one suit).

    Proof (NOTES.md: ``F`` needs a higher card of the suit at another
    bottom, ``T`` an empty column, and the game is won with only the aces
    left): right after the last deal no column is empty and the bottoms are
    its four cards, so no move is legal, the stock is empty, and a non-ace
    is still in the tableau.

    Args:
        deals (list[tuple[int, ...]]): the stock's deals in order
            (:data:`.raw.NO_CARD` for none).

    Returns:
        bool: True proves every position before the last deal lost.
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
    """The :class:`TopCards` bounds the solver asks, cheapest first: the top
    5 and the top 7 ranks of each suit (ace to ten, ace to eight), the
    top-7 game nested (:meth:`TopCards.nest`) with the top-5 game, which
    relaxes it and prunes its own search.  Measured on Aces Up deals
    0..1,999 (the solver's module docstring).

    The game of the last deal's cards and those above them, asked too until
    now, is left out: once bounds were skipped at positions whose only child
    is the deal (:meth:`.raw.RawDeal.forced`), it pruned no position on 23
    of 24 lost deals that took 1 to 30 s, and 0 to 110 of about 100,000
    queries on two others; without it the 24 took 42.7 s instead of 72.0 s.
    A last deal that alone loses is found before any search
    (:func:`last_deal_blocks`).

    Args:
        deals (list[tuple[int, ...]]): the stock's deals in order.
        cap (int): each bound's memory cap, in relaxed positions.
        per_query (int): each query's cap, in new relaxed positions.
        out_of_time (Callable[[], bool]): passed to each bound.

    Returns:
        list[TopCards]: the bounds, cheapest first.
    """
    bounds = [TopCards(deals, top_ranks(ranks), cap, per_query, out_of_time) for ranks in (5, 7)]
    for k, bound in enumerate(bounds):
        for inner in bounds[:k]:
            if inner.relaxes(bound):
                bound.nest(inner)
    return bounds
