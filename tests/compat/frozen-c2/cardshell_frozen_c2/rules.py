"""The rules of Ends: an immutable state and pure functions over it.

The game: ``size`` cards (default 6) are dealt face up in a row from a
shuffled deck.  The player takes one card at a time from either end of the
row (``left`` or ``right``); each card taken must be of a higher rank than
the one taken before it (Aces low; the first card may be any).  Taking the
whole row wins; a row whose two end cards are both too low loses.

No I/O here, and no state is ever changed: a move returns a new state.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardshell.cards import Card, shuffled_deck
from cardshell.errors import CommandError
from cardshell.rng import GameRandom

#: The smallest and largest rows.
MIN_SIZE, MAX_SIZE = 1, 13

LEFT, RIGHT = "left", "right"


@dataclass(frozen=True)
class EndsState:
    """One position of Ends.

    Attributes:
        row (tuple[Card, ...]): the cards left, left to right.
        taken (tuple[Card, ...]): the cards taken, in order.
    """

    row: tuple[Card, ...]
    taken: tuple[Card, ...] = ()

    @property
    def last(self) -> Card | None:
        """The card taken last, or None before the first move."""
        return self.taken[-1] if self.taken else None


def new_game(seed: int, size: int = 6) -> EndsState:
    """Deal a row of ``size`` cards from a deck shuffled by the seed.

    Raises:
        ValueError: for a size outside 1..13.
    """
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"the size must be {MIN_SIZE}..{MAX_SIZE}, got {size}")
    return EndsState(row=tuple(shuffled_deck(GameRandom(seed))[-size:]))


def end_card(state: EndsState, end: str) -> Card:
    """The card at ``end`` (``left`` or ``right``) of a non-empty row."""
    return state.row[0] if end == LEFT else state.row[-1]


def can_take(state: EndsState, end: str) -> bool:
    """Whether the card at ``end`` may be taken now."""
    if not state.row:
        return False
    return state.last is None or end_card(state, end).rank > state.last.rank


def check(state: EndsState, end: str) -> None:
    """Raise CommandError, with the player's message, unless ``end`` may be taken."""
    if not state.row:
        raise CommandError("The row is empty: you won.")
    if not can_take(state, end):
        card = end_card(state, end)
        raise CommandError(f"{card.text} is not higher than {state.last.text}.")  # type: ignore[union-attr]


def take(state: EndsState, end: str) -> EndsState:
    """The state after taking the card at ``end``."""
    card = end_card(state, end)
    row = state.row[1:] if end == LEFT else state.row[:-1]
    return EndsState(row=row, taken=(*state.taken, card))


def legal_moves(state: EndsState) -> list[str]:
    """The moves the player could type now, ``left`` before ``right``."""
    return [end for end in (LEFT, RIGHT) if can_take(state, end)]


def result(state: EndsState) -> str | None:
    """``"won"`` for an empty row, ``"lost"`` when no end can be taken, else None."""
    if not state.row:
        return "won"
    if not legal_moves(state):
        return "lost"
    return None
