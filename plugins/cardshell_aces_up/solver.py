"""Aces Up for the host's generic search: successors and a key that merge equivalent positions.

The game's ``solve`` and ``hint`` use :mod:`.fastsolve`; these serve a search
record without a solver (:meth:`cardshell.testing.GameRules.with_search`).
Rules are those of :mod:`.rules`.  What is pruned, and why that is exact:

* A column of at most one card is a free slot.  While a column is empty, ``T``
  moves of lone cards reach every arrangement of them over the free slots and
  change nothing else, so :func:`search_key` merges those arrangements, and
  each distinct one is offered only before a deal (its ``T`` lines, then
  ``D``), or before a ``T`` that fills the last empty column.
* Any other ``T`` goes to the first empty column only.
* With the stock empty the columns are interchangeable: the key sorts them.

``F`` is never assumed safe (a kept card can beat a lower one later), so
every ``F`` is a branch.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from itertools import permutations

from cardshell.cards import ACE, Card, Suit

from .rules import COLUMNS, AcesUpState

_SUIT_INDEX = {suit.value: index for index, suit in enumerate(Suit)}
_EMPTY: tuple[int, ...] = ()


def card_code(card: Card) -> int:
    """A card as an int, 4 * rank (aces 14) + suit index: ``a // 4 > b // 4`` outranks, ``a % 4`` is the suit."""
    rank = 14 if card.rank == ACE else card.rank
    return 4 * rank + _SUIT_INDEX[card.suit._value_]


def _make(stock: tuple, tableau: tuple, foundation: tuple, codes: tuple) -> AcesUpState:
    state = object.__new__(AcesUpState)
    setter = object.__setattr__
    setter(state, "stock", stock)
    setter(state, "tableau", tableau)
    setter(state, "foundation", foundation)
    setter(state, "_codes", codes)
    return state


def codes(state: AcesUpState) -> tuple[tuple[int, ...], ...]:
    """The columns as tuples of :func:`card_code`, cached on the state."""
    found = state.__dict__.get("_codes")
    if found is None:
        found = tuple(tuple(card_code(card) for card in column) for column in state.tableau)
        object.__setattr__(state, "_codes", found)
    return found


def search_key(state: AcesUpState) -> Hashable:
    """The transposition-table key: equal for states that play out alike (see the module docstring)."""
    columns = codes(state)
    if not state.stock:
        return 0, tuple(sorted(columns))
    if _EMPTY not in columns:
        return len(state.stock), columns
    lone = sorted(column[0] for column in columns if len(column) == 1)
    return len(state.stock), tuple(column if len(column) > 1 else None for column in columns), tuple(lone)


def _arrangements(state: AcesUpState, columns: tuple) -> Iterator[tuple[tuple[str, ...], tuple, tuple]]:
    """Each distinct arrangement of the lone cards over the free slots: (``T`` lines, tableau, codes)."""
    tableau = state.tableau
    slots = [k for k in range(COLUMNS) if len(columns[k]) <= 1]
    lone = [k for k in slots if columns[k]]
    seen: set[tuple] = set()
    for chosen in permutations(slots, len(lone)):
        target = dict(zip(chosen, lone))  # slot -> the column its lone card comes from now
        arrangement = tuple(columns[target[k]] if k in target else _EMPTY for k in slots)
        if arrangement in seen:
            continue
        seen.add(arrangement)
        where = {k: (k if columns[k] else None) for k in slots}  # slot -> original column whose card lies there
        lines: list[str] = []
        while True:
            wrong = [k for k in slots if where[k] != target.get(k)]
            if not wrong:
                break
            empty = [k for k in slots if where[k] is None]
            fill = next((k for k in empty if k in target), None)
            if fill is not None:
                source = next(k for k in slots if where[k] == target[fill])
            else:
                source = next(k for k in wrong if where[k] is not None)
                fill = empty[0]
            lines.append(f"T {source + 1} {fill + 1}")
            where[fill], where[source] = where[source], None
        new_tableau = list(tableau)
        new_codes = list(columns)
        for k in slots:
            origin = target.get(k)
            new_tableau[k] = tableau[origin] if origin is not None else ()
            new_codes[k] = columns[origin] if origin is not None else _EMPTY
        yield tuple(lines), tuple(new_tableau), tuple(new_codes)


def _deal(stock: tuple, tableau: tuple, columns: tuple, foundation: tuple) -> AcesUpState:
    dealt = min(COLUMNS, len(stock))
    new_tableau = tuple((*column, stock[-1 - k]) if k < dealt else column for k, column in enumerate(tableau))
    new_codes = tuple((*column, card_code(stock[-1 - k])) if k < dealt else column
                      for k, column in enumerate(columns))
    return _make(stock[:len(stock) - dealt], new_tableau, foundation, new_codes)


def _moved(stock: tuple, tableau: tuple, columns: tuple, foundation: tuple, source: int,
           target: int) -> AcesUpState:
    """``T`` from ``source`` to the empty ``target`` (0-based), unchecked."""
    new_tableau = list(tableau)
    new_codes = list(columns)
    new_tableau[target], new_tableau[source] = (tableau[source][-1],), tableau[source][:-1]
    new_codes[target], new_codes[source] = (columns[source][-1],), columns[source][:-1]
    return _make(stock, tuple(new_tableau), foundation, tuple(new_codes))


def successors(state: AcesUpState) -> Iterator[tuple[str | tuple[str, ...], AcesUpState]]:
    """Yield (a line or tuple of lines, state): every ``F``, then ``T`` to the first empty column, then deals."""
    columns = codes(state)
    tableau, stock, foundation = state.tableau, state.stock, state.foundation
    bottoms = [column[-1] if column else 0 for column in columns]
    for k in range(COLUMNS):
        card = bottoms[k]
        if card and card < 56:  # not an ace (aces are 56..59)
            suit, rank = card & 3, card >> 2
            if any(j != k and other and other & 3 == suit and other >> 2 > rank for j, other in enumerate(bottoms)):
                new_tableau = (*tableau[:k], tableau[k][:-1], *tableau[k + 1:])
                new_codes = (*columns[:k], columns[k][:-1], *columns[k + 1:])
                yield f"F {k + 1}", _make(stock, new_tableau, (*foundation, tableau[k][-1]), new_codes)
    if _EMPTY in columns:
        sources = [k for k in range(COLUMNS) if len(columns[k]) >= 2]
        if sources and stock and columns.count(_EMPTY) == 1:
            # The move fills the last empty column: the lone cards' arrangement
            # is fixed from then on, so each arrangement is its own branch.
            for lines, arranged, arranged_codes in _arrangements(state, columns):
                target = arranged_codes.index(_EMPTY)
                for k in sources:
                    yield (*lines, f"T {k + 1} {target + 1}"), _moved(stock, arranged, arranged_codes,
                                                                       foundation, k, target)
        else:
            target = columns.index(_EMPTY)
            for k in sources:
                yield f"T {k + 1} {target + 1}", _moved(stock, tableau, columns, foundation, k, target)
        if stock:
            for lines, new_tableau, new_codes in _arrangements(state, columns):
                yield (*lines, "D"), _deal(stock, new_tableau, new_codes, foundation)
    elif stock:
        yield "D", _deal(stock, tableau, columns, foundation)
