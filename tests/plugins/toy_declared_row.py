"""Pairs (``toy_pairs``) as game ``declared-row``, its state a frozen
dataclass declaring its one field ``numbers: tuple[int, ...]``, so the
host proves it immutable by its type.  ``HASHES`` counts the calls of the
state's ``__hash__``.  With ``LIES`` set, a move returns a state holding a
list where the declaration says tuple (a declaration the code does not keep)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import cardshell
from _hostile_row import row_game
from toy_pairs import check as check_row
from toy_pairs import legal as legal_row
from toy_pairs import new as new_row
from toy_pairs import outcome as outcome_row

CARDSHELL_CONTRACT = 2

#: How often a state was hashed.
HASHES = 0
#: Moves return a list inside the state.
LIES = False


@dataclass(frozen=True)
class Row:
    numbers: tuple[int, ...]

    def __hash__(self) -> int:
        global HASHES
        HASHES += 1
        return hash(self.numbers)


def take(state: Row, i: int) -> Row:
    numbers = state.numbers[:i - 1] + state.numbers[i + 1:]
    return Row(list(numbers) if LIES else numbers)  # type: ignore[arg-type]


@cardshell.hookimpl
def cardshell_games():
    game = row_game(
        "declared-row", new=lambda seed, options: Row(new_row(seed, options)),
        render=lambda s: " ".join(map(str, s.numbers)) or "(empty)",
        outcome=lambda s: outcome_row(tuple(s.numbers)), legal_moves=lambda s: legal_row(tuple(s.numbers)))
    move = dataclasses.replace(game.moves[0], apply=take, check=lambda s, i: check_row(tuple(s.numbers), i))
    return [dataclasses.replace(game, moves=(move,))]
