"""The rules of Higher or Lower: an immutable state and pure functions over it.

The game: a shuffled 52-card deck; the top card is turned face up.  The
player guesses whether the next card is *higher* or *lower* in rank (Aces
low: A, 2, ..., 10, J, Q, K), then it is turned and becomes the card to beat.
A right guess adds one to the streak; a wrong one ends the game, and a card
of the same rank counts as wrong (the house wins ties).  The player wins on
reaching ``target`` right guesses in a row.

A state is a frozen dataclass of tuples: it never changes, a move returns a
new one (cardshell's plugin contract 2).  No I/O here: the plugin prints.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardshell.cards import Card, shuffled_deck
from cardshell.errors import CommandError
from cardshell.rng import GameRandom

#: The directions a player can guess.
HIGHER, LOWER = "higher", "lower"

#: The most right guesses a game can need: a deck has 51 cards after the first.
MAX_TARGET = 51


@dataclass(frozen=True)
class HigherLowerState:
    """One position of Higher or Lower, an immutable value.

    Attributes:
        stock (tuple[Card, ...]): the face-down cards; the end is the top.
        card (Card): the face-up card to beat.
        target (int): right guesses in a row needed to win (1..51).
        streak (int): right guesses so far.
        lost (bool): True once a guess was wrong.
        guessed (str): the last guess (:data:`HIGHER` or :data:`LOWER`), ""
            before the first; the plugin's message names it.
    """

    stock: tuple[Card, ...]
    card: Card
    target: int
    streak: int = 0
    lost: bool = False
    guessed: str = ""

    @property
    def over(self) -> bool:
        """True once the game is won or lost."""
        return self.lost or self.streak >= self.target


def new_game(seed: int, target: int = 5) -> HigherLowerState:
    """Shuffle a deck with a generator seeded by ``seed`` and turn the top card.

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
    return HigherLowerState(stock=tuple(stock[:-1]), card=stock[-1], target=target)


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


def check_guess(state: HigherLowerState, direction: str) -> None:
    """Raise unless a guess is legal now: the game must still be in play.

    Raises:
        CommandError: ``The game is over: type 'new' to deal again.``
    """
    if state.over:
        raise CommandError("The game is over: type 'new' to deal again.")


def guess(state: HigherLowerState, direction: str) -> HigherLowerState:
    """Turn the next card and score the guess.

    Args:
        state (HigherLowerState): a game in play (unchanged).
        direction (str): :data:`HIGHER` or :data:`LOWER`.

    Returns:
        HigherLowerState: the turned card face up, the streak one longer or
        the game lost.
    """
    following = state.stock[-1]
    right = is_right(state.card, following, direction)
    return HigherLowerState(stock=state.stock[:-1], card=following, target=state.target,
                            streak=state.streak + right, lost=not right, guessed=direction)


def legal_moves(state: HigherLowerState) -> list[str]:
    """The moves a player could type now: both guesses while the game is in
    play, none once it is over.

    Returns:
        list[str]: ``["guess higher", "guess lower"]`` or ``[]``.
    """
    return [] if state.over else [f"guess {HIGHER}", f"guess {LOWER}"]


def determinize(state: HigherLowerState, rng: random.Random) -> HigherLowerState:
    """The state with the face-down stock shuffled again: the player sees the
    face-up card and the streak, never the order of the stock.  The stock is
    sorted first, so the result depends only on which cards are unseen and
    on ``rng``.

    Args:
        state (HigherLowerState): the true state (unchanged).
        rng (random.Random): the sampling generator.

    Returns:
        HigherLowerState: the same position over a re-drawn stock.
    """
    stock = sorted(state.stock)
    rng.shuffle(stock)
    return HigherLowerState(tuple(stock), state.card, state.target, state.streak, state.lost, state.guessed)


def heuristic(state: HigherLowerState) -> float:
    """For search's move ordering: a longer streak first, a lost game last."""
    return -1.0 if state.lost else float(state.streak)


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
