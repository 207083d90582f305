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

from itertools import permutations

#: Card codes at or above this are aces (see :func:`.fastsolve.encode`).
ACE_CODE = 48

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
        for arranged in arrangements:
            dealt_to = list(arranged)
            for k in aces:
                dealt_to[k] = (*dealt_to[k], 1)
            if self._solve(dealt + 1, tuple(dealt_to)):
                return True
        return False
