"""Aces Up: the rules, as plain data and pure functions.

Source: the CSE 231 Fall 2019 hand-out (Project #10),
sections "Game Rules" 1-4 and "Assignment
Specifications" 2-10, as settled by ``plugins/cardshell_aces_up/NOTES.md``.

Vocabulary and conventions:

* the **stock** is a tuple of cards whose *end* is the top (dealt first);
* the **tableau** is four columns (tuples).  The first element of a column
  is the card dealt first (shown on the top row); its *last* element is the
  column's "bottom card" in the hand-out's words: the most recently dealt,
  the only one that may move;
* the **foundation** is one pile, its top card last.

Columns are numbered 1 to 4 in every public function, as the player types
them.  States are immutable values (plugin contract 2): every function is
pure, never changes its argument and returns a new :class:`AcesUpState`; an
illegal move raises :class:`cardshell.errors.CommandError` with the message
the player sees.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

from cardshell.cards import ACE, Card, ace_high, shuffled_deck
from cardshell.errors import CommandError
from cardshell.rng import GameRandom

#: Number of tableau columns (hand-out, "Game Rules" 1).
COLUMNS = 4

#: Hand-out, TEST 2/3: ``Error, cannot move A♠.`` -- an ace, or a card with no
#: higher card of its suit at the bottom of another column.
MSG_CANNOT_MOVE = "Error, cannot move {card}."
#: ``F x`` or ``T x y`` with column x empty (hand-out, Specifications 6 and 8:
#: "from_col is empty"; the hand-out gives no wording, this one is ours).
MSG_EMPTY_COLUMN = "Error, column {column} is empty."
#: ``T x y`` with column y not empty (Specifications 8: "you can only move a
#: card to an empty tableau slot"; wording ours).
MSG_NOT_EMPTY = "Error, column {column} is not empty."
#: ``D`` with an empty stock (plugins/cardshell_aces_up/NOTES.md: dealing with an empty stock
#: is an error; wording ours).
MSG_STOCK_EMPTY = "Error, the stock is empty."
#: Printed when the game is won (hand-out, TEST 2 and TEST 3).
MSG_WON = "You won!"


def _cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return cards if type(cards) is tuple else tuple(cards)


@dataclass(frozen=True)
class AcesUpState:
    """The whole state of one game of Aces Up: an immutable, hashable value.

    Attributes:
        stock (tuple[Card, ...]): face-down cards still to deal, top at the end.
        tableau (tuple[tuple[Card, ...], ...]): exactly four columns; in each,
            index 0 is the first card dealt (top row on screen) and the last
            element the "bottom card" that can move.
        foundation (tuple[Card, ...]): the discarded cards, top (latest) at
            the end.

    Lists given to the constructor are stored as tuples.  Compare with
    ``==``.  No random generator is kept: Aces Up draws nothing at random
    after the shuffle.
    """

    stock: tuple[Card, ...] = ()
    tableau: tuple[tuple[Card, ...], ...] = field(default_factory=lambda: ((),) * COLUMNS)
    foundation: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "stock", _cards(self.stock))
        object.__setattr__(self, "foundation", _cards(self.foundation))
        if type(self.tableau) is not tuple or any(type(column) is not tuple for column in self.tableau):
            object.__setattr__(self, "tableau", tuple(_cards(column) for column in self.tableau))

    def cards(self) -> list[Card]:
        """Every card of the game: stock, tableau (column by column), foundation."""
        return [*self.stock, *(card for column in self.tableau for card in column), *self.foundation]

    def bottom(self, column: int) -> Card | None:
        """The movable ("bottom") card of ``column`` (1-4), None if it is empty."""
        cards = self.tableau[column - 1]
        return cards[-1] if cards else None


def _with_column(tableau: tuple[tuple[Card, ...], ...], column: int,
                 cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """``tableau`` with column ``column`` (1-4) replaced by ``cards``."""
    return (*tableau[:column - 1], cards, *tableau[column:])


def start_from_deck(deck: Iterable[Card]) -> AcesUpState:
    """Start a game from a stacked deck: it becomes the stock, then four
    cards are dealt from it, left to right, one to each column.

    Hand-out, "Game Rules" 1 and "Assignment Specifications" 2 (init_game).
    Tests use it to reproduce the hand-out's sample games with a stock of
    only queens, kings and aces.

    Args:
        deck (Iterable[Card]): the cards, top of the stock *last*; at least
            four of them.

    Returns:
        AcesUpState: stock = deck minus its top four cards; column k holds
        the k-th card dealt; empty foundation.

    Raises:
        ValueError: if the deck has fewer than four cards.
    """
    stock = tuple(deck)
    if len(stock) < COLUMNS:
        raise ValueError(f"a deck of at least {COLUMNS} cards is needed, got {len(stock)}")
    tableau = tuple((card,) for card in reversed(stock[-COLUMNS:]))
    return AcesUpState(stock=stock[:-COLUMNS], tableau=tableau, foundation=())


def init_game(seed: int) -> AcesUpState:
    """A new game: a 52-card deck shuffled with ``GameRandom(seed)``, four
    cards dealt to the tableau (hand-out, Specifications 2, ``init_game``).

    Args:
        seed (int): any integer (may be negative); the same seed gives the
            same deal.

    Returns:
        AcesUpState: 48 cards in the stock, one card in each column.
    """
    return start_from_deck(shuffled_deck(GameRandom(seed)))


def _check_column(column: int) -> None:
    if not 1 <= column <= COLUMNS:
        # The parser only lets 1..4 through; this protects direct callers.
        raise CommandError(f"Error, no column {column}.")


def check_deal(state: AcesUpState) -> None:
    """Raise unless ``D`` is legal now: the stock must not be empty.

    Raises:
        CommandError: ``Error, the stock is empty.``
    """
    if not state.stock:
        raise CommandError(MSG_STOCK_EMPTY)


def deal(state: AcesUpState) -> AcesUpState:
    """``D``: deal one card from the stock onto each column, left to right
    (hand-out, "Game Rules" 4 and Specifications 3).  Empty columns need not
    be filled first (plugins/cardshell_aces_up/NOTES.md).

    If the stock holds fewer than four cards (possible only in a stacked
    test stock), it deals what there is, from column 1 on.

    Args:
        state (AcesUpState): the current state (unchanged).

    Returns:
        AcesUpState: the new state.

    Raises:
        CommandError: if the stock is empty.
    """
    check_deal(state)
    stock = state.stock
    dealt = min(COLUMNS, len(stock))
    tableau = tuple(
        (*column, stock[-1 - k]) if k < dealt else column for k, column in enumerate(state.tableau)
    )
    return AcesUpState(stock[:len(stock) - dealt], tableau, state.foundation)


def check_move_to_foundation(state: AcesUpState, column: int) -> Card:
    """Raise unless ``F column`` is legal now; return the card that would move.

    Rule (hand-out, "Game Rules" 3 and Specifications 6): the bottom card of
    ``column`` may go to the foundation only if a card of the same suit and
    higher rank, aces high, is at the bottom of another column.  An ace can
    therefore never go.

    Args:
        state (AcesUpState): the current state.
        column (int): 1-4.

    Returns:
        Card: the bottom card of ``column``.

    Raises:
        CommandError: ``Error, column x is empty.`` or
            ``Error, cannot move A♠.``
    """
    _check_column(column)
    card = state.bottom(column)
    if card is None:
        raise CommandError(MSG_EMPTY_COLUMN.format(column=column))
    for other in range(1, COLUMNS + 1):
        beater = state.bottom(other)
        if other != column and beater is not None and beater.suit == card.suit and ace_high(beater) > ace_high(card):
            return card
    raise CommandError(MSG_CANNOT_MOVE.format(card=card.text))


def move_to_foundation(state: AcesUpState, column: int) -> AcesUpState:
    """``F x``: move the bottom card of column ``x`` to the foundation
    (hand-out, Specifications 7; legality as :func:`check_move_to_foundation`).

    Args:
        state (AcesUpState): the current state (unchanged).
        column (int): 1-4.

    Returns:
        AcesUpState: the new state.

    Raises:
        CommandError: if the move is illegal (see
            :func:`check_move_to_foundation`).
    """
    card = check_move_to_foundation(state, column)
    tableau = _with_column(state.tableau, column, state.tableau[column - 1][:-1])
    return AcesUpState(state.stock, tableau, (*state.foundation, card))


def check_move_to_empty_column(state: AcesUpState, source: int, target: int) -> Card:
    """Raise unless ``T source target`` is legal now; return the moving card.

    Rule (hand-out, "Game Rules" 3 and Specifications 8; plugins/cardshell_aces_up/NOTES.md): any
    bottom card may move onto an *empty* column, even the only card of its
    column.  The source is checked first, so ``T x x`` on an empty column
    reports the empty column x.

    Args:
        state (AcesUpState): the current state.
        source (int): column x, 1-4.
        target (int): column y, 1-4.

    Returns:
        Card: the bottom card of ``source``.

    Raises:
        CommandError: ``Error, column x is empty.`` or
            ``Error, column y is not empty.``
    """
    _check_column(source)
    _check_column(target)
    card = state.bottom(source)
    if card is None:
        raise CommandError(MSG_EMPTY_COLUMN.format(column=source))
    if state.tableau[target - 1]:
        raise CommandError(MSG_NOT_EMPTY.format(column=target))
    return card


def move_to_empty_column(state: AcesUpState, source: int, target: int) -> AcesUpState:
    """``T x y``: move the bottom card of column ``x`` to the empty column
    ``y`` (hand-out, Specifications 9; legality as
    :func:`check_move_to_empty_column`).

    Args:
        state (AcesUpState): the current state (unchanged).
        source (int): column x, 1-4.
        target (int): column y, 1-4.

    Returns:
        AcesUpState: the new state.

    Raises:
        CommandError: if the move is illegal.
    """
    card = check_move_to_empty_column(state, source, target)
    tableau = _with_column(state.tableau, source, state.tableau[source - 1][:-1])
    return AcesUpState(state.stock, _with_column(tableau, target, (card,)), state.foundation)


def foundation_columns(state: AcesUpState) -> list[int]:
    """The columns (1-4) whose bottom card may go to the foundation now
    (rule as :func:`check_move_to_foundation`)."""
    bottoms = [column[-1] if column else None for column in state.tableau]
    result = []
    for k, card in enumerate(bottoms):
        if card is None or card.rank == ACE:
            continue
        rank = card.rank
        if any(j != k and other is not None and other.suit is card.suit and ace_high(other) > rank
               for j, other in enumerate(bottoms)):
            result.append(k + 1)
    return result


def non_empty_columns(state: AcesUpState) -> list[int]:
    """The columns (1-4) holding at least one card."""
    return [k for k in range(1, COLUMNS + 1) if state.tableau[k - 1]]


def empty_columns(state: AcesUpState) -> list[int]:
    """The columns (1-4) holding no card (targets of ``T``)."""
    return [k for k in range(1, COLUMNS + 1) if not state.tableau[k - 1]]


def is_won(state: AcesUpState) -> bool:
    """The win condition (hand-out, "Game Rules" 2 and Specifications 10):
    the stock is empty and the only cards left in the tableau are the four
    aces (in any columns).

    Args:
        state (AcesUpState): any state.

    Returns:
        bool: True when won.
    """
    if state.stock or sum(map(len, state.tableau)) != 4:  # most states: no list of the tableau's cards
        return False
    return all(card.rank == ACE for column in state.tableau for card in column)


def is_stuck(state: AcesUpState) -> bool:
    """True when the game is over without a win: the stock is empty, the game
    is not won, no card can go to the foundation, and no ``T`` move would
    uncover a new card (no column of two or more cards beside an empty one).

    Moving the only card of a column onto an empty column is legal but
    changes no bottom card, so it cannot unlock anything; it is not counted
    as a way out.  This reading is ours: the hand-out's game simply never
    ends until the player wins or quits.

    Args:
        state (AcesUpState): any state.

    Returns:
        bool: True when lost.
    """
    if state.stock or is_won(state) or foundation_columns(state):
        return False
    has_empty = bool(empty_columns(state))
    return not (has_empty and any(len(column) >= 2 for column in state.tableau))


def legal_moves(state: AcesUpState) -> list[str]:
    """Every legal move now, as the player types it, in menu order: ``D``
    when the stock is not empty, then ``F x`` for each column whose bottom
    card may go to the foundation, then ``T x y`` for each non-empty column
    x and empty column y (rules as :func:`deal`,
    :func:`check_move_to_foundation` and :func:`check_move_to_empty_column`).

    Args:
        state (AcesUpState): any state.

    Returns:
        list[str]: the lines, e.g. ``["D", "F 2", "T 1 3"]``.
    """
    moves = ["D"] if state.stock else []
    moves += [f"F {column}" for column in foundation_columns(state)]
    empty = empty_columns(state)
    if empty:
        moves += [f"T {source} {target}" for source in non_empty_columns(state) for target in empty]
    return moves


def search_key(state: AcesUpState) -> Hashable:
    """A canonical form of a state for search (the transposition table).

    Within one deal the stock only shrinks from its top, so its length
    stands for it, and the foundation holds every card not elsewhere, so it
    is left out.  Once the stock is empty no card is dealt again and the
    columns are interchangeable: their order is ignored.

    Args:
        state (AcesUpState): a state reached from one deal.

    Returns:
        Hashable: equal for states that play out alike.
    """
    if state.stock:
        return len(state.stock), state.tableau
    return 0, tuple(sorted(state.tableau))


def heuristic(state: AcesUpState) -> float:
    """Search's move ordering: more cards on the foundation first, then
    fewer cards buried under others (a card above the bottom card of its
    column cannot move until that column is cleared).

    Args:
        state (AcesUpState): any state.

    Returns:
        float: higher is more promising.
    """
    buried = sum(len(column) - 1 for column in state.tableau if column)
    return len(state.foundation) - 0.25 * buried


def determinize(state: AcesUpState, rng: random.Random) -> AcesUpState:
    """The state with the face-down stock shuffled again (determinization).

    The player sees the tableau and the foundation; the stock holds exactly
    the other cards, in an order they cannot see.  The stock's cards are put
    in a canonical order first, so the result depends only on what the
    player sees and on ``rng``.

    Args:
        state (AcesUpState): the true state.
        rng (random.Random): the sampling generator.

    Returns:
        AcesUpState: the same tableau and foundation over a re-drawn stock.
    """
    stock: list[Card] = sorted(state.stock)
    rng.shuffle(stock)
    return AcesUpState(tuple(stock), state.tableau, state.foundation)
