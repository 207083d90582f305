"""The rules of Pairs: an immutable state and pure functions (contract 2).

A row of face-up cards; ``pair I J`` removes two cards of the same rank at
positions I < J (1-based) with J - I of 1 or 3.  Won when the row is empty,
lost when no pair remains.  No I/O here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from cardshell.cards import SUITS, Card
from cardshell.errors import CommandError
from cardshell.rng import GameRandom

#: The sizes a deal may have: four suits of 2, 3, 4 or 5 ranks.
SIZES = (8, 12, 16, 20)

#: How far apart two cards of a pair may be.
GAPS = (1, 3)


@dataclass(frozen=True)
class PairsState:
    """One position of Pairs, an immutable value.

    Attributes:
        row (tuple[Card, ...]): the cards left, position 1 first.
        removed (tuple[Card, ...]): the cards removed so far, in order.
    """

    row: tuple[Card, ...]
    removed: tuple[Card, ...] = ()


def new_game(seed: int, size: int = 12) -> PairsState:
    """Deal ``size`` cards (the four suits of the lowest size/4 ranks) in a
    row, shuffled by a generator seeded by ``seed``.

    Raises:
        ValueError: ``size`` is not one of :data:`SIZES`.
    """
    if size not in SIZES:
        raise ValueError(f"the size must be one of {', '.join(map(str, SIZES))}, got {size}")
    cards = [Card(rank, suit) for rank in range(1, size // 4 + 1) for suit in SUITS]
    GameRandom(seed).shuffle(cards)
    return PairsState(tuple(cards))


def pairs(state: PairsState) -> Iterator[tuple[int, int]]:
    """Every removable pair ``(I, J)``, 1-based, by I then J."""
    for i, card in enumerate(state.row):
        for gap in GAPS:
            j = i + gap
            if j < len(state.row) and state.row[j].rank == card.rank:
                yield i + 1, j + 1


def check_pair(state: PairsState, i: int, j: int) -> None:
    """Raise unless ``pair I J`` is legal now.

    Raises:
        CommandError: a position past the row, a gap other than 1 or 3, or
            two ranks that differ.
    """
    if not state.row:
        raise CommandError("The row is empty: you have won.")
    if not (1 <= i <= len(state.row) and 1 <= j <= len(state.row)):
        raise CommandError(f"The row has {len(state.row)} cards.")
    if j - i not in GAPS:
        raise CommandError("A pair is two cards next to each other or with two cards between (J = I+1 or I+3).")
    if state.row[i - 1].rank != state.row[j - 1].rank:
        raise CommandError(f"{state.row[i - 1].text} and {state.row[j - 1].text} are not a pair.")


def remove(state: PairsState, i: int, j: int) -> PairsState:
    """The state after ``pair I J`` (checked first); ``state`` is unchanged."""
    check_pair(state, i, j)
    row = state.row
    return PairsState(row[:i - 1] + row[i:j - 1] + row[j:], state.removed + (row[i - 1], row[j - 1]))


def legal_moves(state: PairsState) -> list[str]:
    """The lines a player could type now, as ``pair I J``."""
    return [f"pair {i} {j}" for i, j in pairs(state)]


def result(state: PairsState) -> str | None:
    """``"won"``, ``"lost"`` or None while a pair can be removed."""
    if not state.row:
        return "won"
    return None if any(True for _ in pairs(state)) else "lost"


def successors(state: PairsState) -> Iterator[tuple[str, PairsState]]:
    """The search's moves: each legal pair with its result, the ones that
    leave the most pairs first (ties by position)."""
    children = [(f"pair {i} {j}", remove(state, i, j)) for i, j in pairs(state)]
    children.sort(key=lambda child: -sum(1 for _ in pairs(child[1])))
    yield from children


def key(state: PairsState) -> tuple[int, ...]:
    """The transposition key: only the ranks decide which pairs exist, so
    two rows with the same ranks in the same order are the same position."""
    return tuple(card.rank for card in state.row)


def prune(state: PairsState) -> bool:
    """Proven lost: cards remain and no pair can be removed."""
    return result(state) == "lost"


def heuristic(state: PairsState) -> float:
    """Fewer cards left is better."""
    return -float(len(state.row))


def advice(state: PairsState) -> tuple[str, int]:
    """The game's own hint: the pair that leaves the most pairs next (the
    first such), with that count; ``("", 0)`` when no pair is left."""
    best, most = "", -1
    for line, child in successors(state):
        count = sum(1 for _ in pairs(child))
        if count > most:
            best, most = line, count
    return best, max(most, 0)
