"""The rules of Sort: a state and pure functions over it.

The game: ``size`` cards (default 5) are dealt face up in a row from a
shuffled deck.  The player swaps two neighbouring cards at a time and wins
when the row is in order, lowest first (by rank, Aces low; cards of one rank
by suit: clubs, diamonds, hearts, spades).  Each game allows ``limit`` swaps
(default 10, enough for any row of five cards); reaching the limit with the
row still out of order loses.

No I/O here: the plugin prints.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardshell.cards import Card, shuffled_deck
from cardshell.rng import GameRandom

#: The smallest and largest rows.
MIN_SIZE, MAX_SIZE = 2, 10


@dataclass
class SortState:
    """One game of Sort.

    Attributes:
        row (list[Card]): the cards, left to right.
        limit (int): the number of swaps allowed.
        swaps (int): the swaps made so far.
    """

    row: list[Card]
    limit: int
    swaps: int = 0

    @property
    def sorted(self) -> bool:
        """True when the row is in order (the game is won)."""
        return self.row == sorted(self.row)

    @property
    def over(self) -> bool:
        """True once the game is won or the swaps are used up."""
        return self.sorted or self.swaps >= self.limit


def new_game(seed: int, size: int = 5, limit: int = 10) -> SortState:
    """Deal a row of ``size`` cards from a deck shuffled by the seed.

    Raises:
        ValueError: for a size outside 2..10 or a limit below 1.
    """
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"the size must be {MIN_SIZE}..{MAX_SIZE}, got {size}")
    if limit < 1:
        raise ValueError(f"the limit must be at least 1, got {limit}")
    deck = shuffled_deck(GameRandom(seed))
    return SortState(row=deck[-size:], limit=limit)


def swap(state: SortState, position: int) -> None:
    """Swap the cards at ``position`` and ``position + 1`` (1-based), in place.

    Raises:
        ValueError: if there is no card to the right of ``position``.
    """
    if not 1 <= position < len(state.row):
        raise ValueError(f"there is no pair of cards at {position}")
    i = position - 1
    state.row[i], state.row[i + 1] = state.row[i + 1], state.row[i]
    state.swaps += 1


def advice(state: SortState) -> int | None:
    """The leftmost neighbouring pair out of order (1-based), or None if sorted."""
    for i in range(len(state.row) - 1):
        if state.row[i] > state.row[i + 1]:
            return i + 1
    return None


def out_of_order(state: SortState) -> int:
    """How many pairs of cards (not only neighbours) are out of order: the swaps still needed."""
    row = state.row
    return sum(row[i] > row[j] for i in range(len(row)) for j in range(i + 1, len(row)))
