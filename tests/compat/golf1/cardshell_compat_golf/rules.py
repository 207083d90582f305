"""The rules of Golf: a mutable state changed in place (plugin contract 1).

Seven columns of five face-up cards; the rest is the stock, whose top card
starts the waste.  The top card of a column may go to the waste when its
rank is one above or below the waste's top card (no wrapping); ``draw``
turns the next stock card.  Won when every column is empty; lost when the
stock is empty and no column can be played.  No I/O here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardshell.cards import Card, shuffled_deck
from cardshell.errors import CommandError
from cardshell.rng import GameRandom

#: Columns in the tableau and cards dealt to each.
COLUMNS, DEPTH = 7, 5


@dataclass
class GolfState:
    """One game of Golf, changed in place by the moves (contract 1).

    Attributes:
        columns (list[list[Card]]): the tableau; the end of each list is
            the column's top (playable) card.
        stock (list[Card]): the face-down stock; the end is the top.
        waste (list[Card]): the waste; the end is the card to play on.
        drawn (int): how many times ``draw`` was used.
    """

    columns: list[list[Card]]
    stock: list[Card]
    waste: list[Card] = field(default_factory=list)
    drawn: int = 0

    @property
    def left(self) -> int:
        """Cards left in the columns (the score)."""
        return sum(len(column) for column in self.columns)


def new_game(seed: int) -> GolfState:
    """Deal a game from a generator seeded by ``seed``.

    Args:
        seed (int): the deal number; the same seed deals the same cards.

    Returns:
        GolfState: 7 columns of 5, a stock of 16 and one card on the waste.
    """
    deck = shuffled_deck(GameRandom(seed))
    columns = [[deck.pop() for _ in range(DEPTH)] for _ in range(COLUMNS)]
    state = GolfState(columns=columns, stock=deck)
    state.waste.append(state.stock.pop())
    return state


def fits(card: Card, on: Card) -> bool:
    """Whether ``card`` may go on ``on``: ranks one apart, no wrapping."""
    return abs(card.rank - on.rank) == 1


def playable(state: GolfState) -> list[int]:
    """The columns (1-based) whose top card can go to the waste now."""
    top = state.waste[-1]
    return [number for number, column in enumerate(state.columns, 1) if column and fits(column[-1], top)]


def check_play(state: GolfState, column: int) -> None:
    """Raise unless column ``column`` (1-based) can be played now.

    Raises:
        CommandError: the column is empty, or its card does not fit.
    """
    cards = state.columns[column - 1]
    if not cards:
        raise CommandError(f"Column {column} is empty.")
    if not fits(cards[-1], state.waste[-1]):
        raise CommandError(f"{cards[-1].text} does not go on {state.waste[-1].text}: ranks must be one apart.")


def play(state: GolfState, column: int) -> None:
    """Move the top card of ``column`` to the waste, in place (checked first)."""
    check_play(state, column)
    state.waste.append(state.columns[column - 1].pop())


def draw(state: GolfState) -> None:
    """Turn the next stock card onto the waste, in place.

    Raises:
        CommandError: the stock is empty.
    """
    if not state.stock:
        raise CommandError("The stock is empty.")
    state.waste.append(state.stock.pop())
    state.drawn += 1


def result(state: GolfState) -> str | None:
    """``"won"``, ``"lost"`` or None while the game is in play."""
    if state.left == 0:
        return "won"
    if not state.stock and not playable(state):
        return "lost"
    return None


def advice(state: GolfState) -> str:
    """The game's own hint: the playable column with the most cards under
    its top (it frees the most), lowest number first; else ``draw``; ``""``
    when the game is over."""
    if result(state) is not None:
        return ""
    columns = playable(state)
    if columns:
        best = max(columns, key=lambda number: (len(state.columns[number - 1]), -number))
        return f"play {best}"
    return "draw"
