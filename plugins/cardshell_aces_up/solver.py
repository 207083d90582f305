"""Aces Up for the host's generic search: successors and a canonical key.

Since the game registers its own solver (:mod:`.fastsolve`, through
:attr:`cardshell.Search.solver`), ``solve`` and ``hint`` use that one;
these successors and this key remain the game's contract-2 fast path for a
generic search (a search part without the solver, as the tests build with
:meth:`cardshell.testing.GameRules.with_search`).

What the host's generic search needs to settle a deal quickly, wired into
the game through :attr:`cardshell.Search.successors` and
:attr:`cardshell.Search.key`.  The rules are those of
:mod:`.rules` (hand-out "Game Rules" 1-4; the lone card of a column may move
to an empty column); nothing here adds a rule.

The idea (our analysis, exact):

* **Free slots.**  A column holding at most one card is a *free slot*.  While
  one column is empty, the lone cards can be put in any arrangement over the
  free slots by ``T`` moves of lone cards (an empty column serves as the
  spare place, as in sorting with one free cell), and such moves change
  nothing else.  So positions differing only in that arrangement are
  mutually reachable and play out alike: :func:`search_key` gives them one
  key, and search does not make lone-card moves one by one.  The arrangement
  matters only for the next deal (which card lands on which column), so each
  distinct arrangement is offered as one macro move: the ``T`` moves that
  make it, then ``D``.
* **One empty target.**  A ``T`` move of a card from a column of two or more
  goes to the first empty column only: the card then lies in a free slot,
  whose arrangement is free as above.  When it fills the last empty column
  while cards are still to deal, the arrangement freezes, so the move is
  offered after each distinct arrangement of the lone cards.
* **No deals left.**  With the stock empty no card is dealt again, so the
  columns are interchangeable: the key sorts them, and lone-card moves are
  never offered (they give the same key).

Discarding (``F``) is never assumed safe: a card kept can still beat a lower
card of its suit later, so every ``F`` is a branch.  Successors come ``F``
first (most promising), then ``T``, then the deals.

Memory: each state searched carries its column codes (a tuple of small ints
per column) for the key, computed once.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from itertools import permutations

from cardshell.cards import ACE, Card, Suit

from .rules import COLUMNS, AcesUpState

_SUIT_INDEX = {suit.value: index for index, suit in enumerate(Suit)}
_EMPTY: tuple[int, ...] = ()


def card_code(card: Card) -> int:
    """A small int for a card: 4 * rank (aces high, 14) + suit index; so
    ``a // 4 > b // 4`` means a outranks b and ``a % 4 == b % 4`` same suit."""
    rank = 14 if card.rank == ACE else card.rank
    return 4 * rank + _SUIT_INDEX[card.suit._value_]


def _make(stock: tuple, tableau: tuple, foundation: tuple, codes: tuple) -> AcesUpState:
    """A state from tuples, without the constructor's conversions, with its codes."""
    state = object.__new__(AcesUpState)
    setter = object.__setattr__
    setter(state, "stock", stock)
    setter(state, "tableau", tableau)
    setter(state, "foundation", foundation)
    setter(state, "_codes", codes)
    return state


def codes(state: AcesUpState) -> tuple[tuple[int, ...], ...]:
    """The columns of ``state`` as tuples of :func:`card_code` (cached on the state)."""
    found = state.__dict__.get("_codes")
    if found is None:
        found = tuple(tuple(card_code(card) for card in column) for column in state.tableau)
        object.__setattr__(state, "_codes", found)
    return found


def search_key(state: AcesUpState) -> Hashable:
    """The canonical key of a state for the transposition table.

    The stock only shrinks from its top within a deal, so its length stands
    for it, and the foundation holds every other card, so it is left out.
    With the stock empty the columns are sorted (interchangeable); with
    cards still to deal and a column empty, the free slots (columns of at
    most one card) are marked and their lone cards kept as a sorted tuple
    (their arrangement is free, see the module docstring).

    Args:
        state (AcesUpState): a state reached from one deal.

    Returns:
        Hashable: equal for states that play out alike.
    """
    columns = codes(state)
    if not state.stock:
        return 0, tuple(sorted(columns))
    if _EMPTY not in columns:
        return len(state.stock), columns
    lone = sorted(column[0] for column in columns if len(column) == 1)
    return len(state.stock), tuple(column if len(column) > 1 else None for column in columns), tuple(lone)


def _arrangements(state: AcesUpState, columns: tuple) -> Iterator[tuple[tuple[str, ...], tuple, tuple]]:
    """Each distinct arrangement of the lone cards over the free slots, as
    (the ``T`` lines that make it, tableau, codes)."""
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
    """``T`` from column ``source`` to the empty column ``target`` (0-based), unchecked."""
    new_tableau = list(tableau)
    new_codes = list(columns)
    new_tableau[target], new_tableau[source] = (tableau[source][-1],), tableau[source][:-1]
    new_codes[target], new_codes[source] = (columns[source][-1],), columns[source][:-1]
    return _make(stock, tuple(new_tableau), foundation, tuple(new_codes))


def successors(state: AcesUpState) -> Iterator[tuple[str | tuple[str, ...], AcesUpState]]:
    """The moves search tries, with their states, best first (see the module
    docstring for what is left out and why that is exact): every ``F x``,
    then ``T x y`` from each column of two or more cards to the first empty
    column, then ``D`` after each distinct arrangement of the lone cards.

    Args:
        state (AcesUpState): any state (not changed).

    Yields:
        (move, state): ``move`` a line or a tuple of lines.
    """
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
