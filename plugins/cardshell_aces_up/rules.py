"""Aces Up: the state and the pure move functions.

Rules: plugins/cardshell_aces_up/NOTES.md (from the CSE 231 Fall 2019 hand-out,
Project #10).  The stock's top is its last card; a column's last card is its
"bottom card", the only one that moves; the foundation's top is its last card.
Columns are 1-4 in every public function.  An illegal move raises
:class:`cardshell.errors.CommandError` with the player's message.
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
    """One game of Aces Up: an immutable, hashable value.

    Attributes:
        stock: face-down cards still to deal, top at the end.
        tableau: four columns, each from the first card dealt to the bottom card.
        foundation: the discarded cards, top at the end.
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
        """Every card: stock, tableau column by column, foundation."""
        return [*self.stock, *(card for column in self.tableau for card in column), *self.foundation]

    def bottom(self, column: int) -> Card | None:
        """The bottom card of ``column`` (1-4), None if it is empty."""
        cards = self.tableau[column - 1]
        return cards[-1] if cards else None


def _with_column(tableau: tuple[tuple[Card, ...], ...], column: int,
                 cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    return (*tableau[:column - 1], cards, *tableau[column:])


def start_from_deck(deck: Iterable[Card]) -> AcesUpState:
    """Start from a stacked deck (top card last): four cards dealt to the columns, the rest the stock.

    Raises:
        ValueError: if the deck has fewer than four cards.
    """
    stock = tuple(deck)
    if len(stock) < COLUMNS:
        raise ValueError(f"a deck of at least {COLUMNS} cards is needed, got {len(stock)}")
    tableau = tuple((card,) for card in reversed(stock[-COLUMNS:]))
    return AcesUpState(stock=stock[:-COLUMNS], tableau=tableau, foundation=())


def init_game(seed: int) -> AcesUpState:
    """A new game: 52 cards shuffled with ``GameRandom(seed)``, one card dealt to each column."""
    return start_from_deck(shuffled_deck(GameRandom(seed)))


def _check_column(column: int) -> None:
    if not 1 <= column <= COLUMNS:
        # The parser only lets 1..4 through; this protects direct callers.
        raise CommandError(f"Error, no column {column}.")


def check_deal(state: AcesUpState) -> None:
    """Raise ``CommandError`` unless ``D`` is legal: the stock is not empty."""
    if not state.stock:
        raise CommandError(MSG_STOCK_EMPTY)


def deal(state: AcesUpState) -> AcesUpState:
    """``D``: one card from the stock onto each column, left to right (NOTES.md, Rules).

    A stacked stock of fewer than four cards deals what it holds from column 1.

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
    """Return the bottom card of ``column`` (1-4) if ``F column`` is legal.

    Legal when a card of its suit and higher rank, aces high, is the bottom card
    of another column (NOTES.md, Rules), so an ace never goes.

    Raises:
        CommandError: the column is empty, or the card cannot move.
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
    """``F x``: the bottom card of column ``x`` (1-4) to the foundation.

    Raises:
        CommandError: as :func:`check_move_to_foundation`.
    """
    card = check_move_to_foundation(state, column)
    tableau = _with_column(state.tableau, column, state.tableau[column - 1][:-1])
    return AcesUpState(state.stock, tableau, (*state.foundation, card))


def check_move_to_empty_column(state: AcesUpState, source: int, target: int) -> Card:
    """Return the bottom card of ``source`` if ``T source target`` is legal (columns 1-4).

    Any bottom card may go onto an empty column (NOTES.md, Rules).  The source is
    checked first, so ``T x x`` on an empty column reports column x empty.

    Raises:
        CommandError: the source is empty, or the target is not.
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
    """``T x y``: the bottom card of column ``x`` onto the empty column ``y`` (1-4).

    Raises:
        CommandError: as :func:`check_move_to_empty_column`.
    """
    card = check_move_to_empty_column(state, source, target)
    tableau = _with_column(state.tableau, source, state.tableau[source - 1][:-1])
    return AcesUpState(state.stock, _with_column(tableau, target, (card,)), state.foundation)


def foundation_columns(state: AcesUpState) -> list[int]:
    """The columns (1-4) whose bottom card may go to the foundation now."""
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
    """Won: the stock is empty and the tableau holds only the four aces (NOTES.md, Winning and losing)."""
    if state.stock or sum(map(len, state.tableau)) != 4:  # most states: no list of the tableau's cards
        return False
    return all(card.rank == ACE for column in state.tableau for card in column)


def is_stuck(state: AcesUpState) -> bool:
    """Lost: stock empty, not won, nothing to the foundation, and no ``T`` uncovers a card.

    Moving a column's only card onto an empty column changes no bottom card, so
    it is not a way out (NOTES.md, Winning and losing).
    """
    if state.stock or is_won(state) or foundation_columns(state):
        return False
    has_empty = bool(empty_columns(state))
    return not (has_empty and any(len(column) >= 2 for column in state.tableau))


def legal_moves(state: AcesUpState) -> list[str]:
    """Every legal move as the player types it: ``D``, then ``F x``, then ``T x y`` (e.g. ``["D", "F 2", "T 1 3"]``)."""
    moves = ["D"] if state.stock else []
    moves += [f"F {column}" for column in foundation_columns(state)]
    empty = empty_columns(state)
    if empty:
        moves += [f"T {source} {target}" for source in non_empty_columns(state) for target in empty]
    return moves


def search_key(state: AcesUpState) -> Hashable:
    """The state's key in the search's transposition table.

    Within one deal the stock only shrinks from its top, so its length stands for
    it, and the foundation is the rest, so it is left out.  With the stock empty
    the columns are interchangeable, so their order is ignored.
    """
    if state.stock:
        return len(state.stock), state.tableau
    return 0, tuple(sorted(state.tableau))


def heuristic(state: AcesUpState) -> float:
    """Move ordering for search, higher first: cards on the foundation, less 0.25 per buried card."""
    buried = sum(len(column) - 1 for column in state.tableau if column)
    return len(state.foundation) - 0.25 * buried


def determinize(state: AcesUpState, rng: random.Random) -> AcesUpState:
    """The state with the unseen stock re-shuffled by ``rng`` (determinization).

    The stock is sorted first, so the result depends only on what the player sees and on ``rng``.
    """
    stock: list[Card] = sorted(state.stock)
    rng.shuffle(stock)
    return AcesUpState(tuple(stock), state.tableau, state.foundation)
