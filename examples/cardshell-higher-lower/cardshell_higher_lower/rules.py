"""The rules of Higher or Lower: a state and pure functions over it.

The game: a shuffled 52-card deck; the top card is turned face up.  The
player guesses whether the next card is *higher* or *lower* in rank (Aces
low: A, 2, ..., 10, J, Q, K), then it is turned and becomes the card to beat.
A right guess adds one to the streak; a wrong one ends the game, and a card
of the same rank counts as wrong (the house wins ties).  The player wins on
reaching ``target`` right guesses in a row.

No I/O here: :func:`guess` returns what happened and the plugin prints it.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardshell.cards import Card, shuffled_deck
from cardshell.rng import GameRandom

#: The directions a player can guess.
HIGHER, LOWER = "higher", "lower"

#: The most right guesses a game can need: a deck has 51 cards after the first.
MAX_TARGET = 51


@dataclass
class HigherLowerState:
    """One game of Higher or Lower.

    Attributes:
        stock (list[Card]): the face-down cards; the end of the list is the top.
        card (Card): the face-up card to beat.
        target (int): right guesses in a row needed to win (1..51).
        streak (int): right guesses so far.
        lost (bool): True once a guess was wrong.
    """

    stock: list[Card]
    card: Card
    target: int
    streak: int = 0
    lost: bool = False

    @property
    def over(self) -> bool:
        """True once the game is won or lost."""
        return self.lost or self.streak >= self.target


def new_game(seed: int, target: int = 5) -> HigherLowerState:
    """Shuffle a deck with the game's own generator and turn the top card.

    Args:
        seed (int): the deal number; the same seed gives the same deal.
        target (int): right guesses in a row needed to win, 1..51.

    Returns:
        HigherLowerState: 51 cards in the stock, one face up.

    Raises:
        ValueError: if ``target`` is outside 1..51.
    """
    if not 1 <= target <= MAX_TARGET:
        raise ValueError(f"the target must be 1..{MAX_TARGET}, got {target}")
    stock = shuffled_deck(GameRandom(seed))
    card = stock.pop()
    return HigherLowerState(stock=stock, card=card, target=target)


def is_right(card: Card, following: Card, direction: str) -> bool:
    """Whether guessing ``direction`` after ``card`` was right for ``following``.

    Args:
        card (Card): the face-up card.
        following (Card): the card turned next.
        direction (str): :data:`HIGHER` or :data:`LOWER`.

    Returns:
        bool: True if the rank moved that way; always False for the same rank.
    """
    if direction == HIGHER:
        return following.rank > card.rank
    return following.rank < card.rank


def guess(state: HigherLowerState, direction: str) -> tuple[Card, bool]:
    """Turn the next card and score the guess, changing ``state`` in place.

    Args:
        state (HigherLowerState): a game in play (not :attr:`~HigherLowerState.over`).
        direction (str): :data:`HIGHER` or :data:`LOWER`.

    Returns:
        tuple[Card, bool]: the card turned and whether the guess was right.
    """
    following = state.stock.pop()
    right = is_right(state.card, following, direction)
    state.card = following
    if right:
        state.streak += 1
    else:
        state.lost = True
    return following, right


def odds(state: HigherLowerState) -> tuple[int, int, int]:
    """Count the unseen cards above, below and level with the face-up card.

    Args:
        state (HigherLowerState): any state.

    Returns:
        tuple[int, int, int]: (higher, lower, same rank) among the stock.
    """
    higher = sum(card.rank > state.card.rank for card in state.stock)
    lower = sum(card.rank < state.card.rank for card in state.stock)
    return higher, lower, len(state.stock) - higher - lower
