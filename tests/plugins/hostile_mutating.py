"""Hostile plugin (issue 26 item 3): it declares immutable states, but its
``take 1`` deletes the first pair from the state it is given and returns
that same object.  The state is a frozen dataclass holding a list (not
hashable), or, with ``HASHED`` set, one that hashes by its numbers, or,
with ``PROVEN`` set, a frozen dataclass of a tuple of ints (immutable by
its type), which ``take 1`` changes with ``object.__setattr__``."""

from dataclasses import dataclass

import cardshell
from _hostile_row import row_game
from toy_pairs import check as check_row
from toy_pairs import legal as legal_row
from toy_pairs import new as new_row
from toy_pairs import outcome as outcome_row

CARDSHELL_CONTRACT = 2


#: Deal states that hash by their numbers (a ``HashedRow``).
HASHED = False
#: Deal states immutable by their type (a ``TupleRow``).
PROVEN = False


@dataclass(frozen=True)
class Row:
    numbers: list


@dataclass(frozen=True)
class HashedRow(Row):
    def __hash__(self):
        return hash(tuple(self.numbers))


@dataclass(frozen=True)
class TupleRow:
    numbers: tuple[int, ...]


def take(state, i):
    if i == 1:  # the bug: changes the old state
        if isinstance(state, TupleRow):
            object.__setattr__(state, "numbers", state.numbers[2:])
        else:
            del state.numbers[0:2]
        return state
    return type(state)(state.numbers[:i - 1] + state.numbers[i + 1:])


def new(seed, options):
    numbers = new_row(seed, options)
    return TupleRow(tuple(numbers)) if PROVEN else (HashedRow if HASHED else Row)(list(numbers))


@cardshell.hookimpl
def cardshell_games():
    game = row_game(
        "mutating-row", new=new,
        render=lambda s: " ".join(map(str, s.numbers)) or "(empty)",
        outcome=lambda s: outcome_row(tuple(s.numbers)), legal_moves=lambda s: legal_row(tuple(s.numbers)),
        search=cardshell.Search(key=lambda s: tuple(s.numbers)))
    move = game.moves[0]
    import dataclasses

    move = dataclasses.replace(move, apply=take, check=lambda s, i: check_row(tuple(s.numbers), i))
    return [dataclasses.replace(game, moves=(move,))]
