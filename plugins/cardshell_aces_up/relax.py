"""A loss bound for Aces Up: the game with only the aces kept in the way.

Rules: ``plugins/cardshell_aces_up/RULES.md``.  The bound answers, for a
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
from itertools import permutations
from typing import Any

from .raw import ACE_CODE, NO_CARD, Columns, RawDeal

Abstract = tuple[tuple[int, ...], ...]


def abstract_column(column: tuple[int, ...]) -> tuple[int, ...]:
    """The relaxed form of a column of card codes (top first): ``1`` for an
    ace, ``0`` for each run of non-aces, no trailing ``0``.

    Args:
        column (tuple[int, ...]): card codes, index 0 the first dealt.

    Returns:
        tuple[int, ...]: e.g. ``(0, 1, 1)`` for 5♠ 9♥ A♦ A♣.
    """
    out: list[int] = []
    for card in column:
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

    def winnable(self, dealt: int, columns: tuple[tuple[int, ...], ...]) -> bool:
        """Whether the relaxed game can still be won.

        Args:
            dealt (int): how many deals of ``deals`` were made already.
            columns (tuple[tuple[int, ...], ...]): the four columns as card
                codes.

        Returns:
            bool: False proves the real position lost.
        """
        return self._solve(dealt, tuple(abstract_column(column) for column in columns))

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
    not free), and the other cards follow the real rules (RULES.md: a card
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
        out_of_time (Callable[[], bool]): read every 1,024 relaxed positions;
            True makes the query give up (counted winnable).
    """

    def __init__(self, raw: RawDeal, cap: int, lookahead: int = 0,
                 out_of_time: Callable[[], bool] = lambda: False) -> None:
        self._raw = raw
        self._out_of_time = out_of_time
        self._lookahead = lookahead
        self._games: dict[int, tuple[RawDeal, list[int], AceRelaxation, dict[Any, bool]]] = {}
        self.kept = 0
        self._cap = cap
        self._per_query = max(1, cap // 20)
        self._budget = 0

    def _game(self, dealt: int) -> tuple[RawDeal, list[int], AceRelaxation, dict[Any, bool]]:
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
            game = self._games[dealt] = (RawDeal(aces_only), ghost, AceRelaxation(aces_only), {})
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
        game, ghost, aces, memo = self._game(dealt)
        hard = tuple(tuple(card for card in column if card >= ACE_CODE or card > ghost[card & 3]) for column in cols)
        hard = game.settle(0, hard)
        self._budget = self._per_query
        try:
            return self._solve(game, aces, memo, 0, hard)
        except _GaveUp:
            return True

    def _solve(self, game: RawDeal, aces: AceRelaxation, memo: dict[Any, bool], dealt: int, cols: Columns) -> bool:
        key = game.key(dealt, cols)
        found = memo.get(key)
        if found is not None:
            return found
        if game.won(dealt, cols):
            found = True
        elif not aces.winnable(dealt, cols):
            found = False
        else:
            self._budget -= 1
            if self._budget < 0 or (not self._budget & 1023 and self._out_of_time()):
                raise _GaveUp
            found = any(self._solve(game, aces, memo, child_dealt, child)
                        for child_dealt, child in game.children(dealt, cols))
        memo[key] = found
        self.kept += 1
        return found
