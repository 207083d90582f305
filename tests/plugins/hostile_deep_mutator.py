"""Hostile plugin: it declares immutable states (a hashable list
subclass), but ``take i`` on a row shorter than the first one deletes the
pair from the state it is given and returns that same object.  The first
position's moves are honest, so only a search that reaches a second move
meets the lie."""

import dataclasses

import cardshell
from _hostile_row import row_game
from toy_pairs import legal, new


class Row(list):
    def __hash__(self):
        return hash(tuple(self))


def take(state, i):
    if len(state) < 8:
        del state[i - 1:i + 1]  # the bug: changes the old state
        return state
    return Row(state[:i - 1] + state[i + 1:])


@cardshell.hookimpl
def cardshell_games():
    game = row_game("deep-mutator", new=lambda seed, options: Row(new(seed, options)),
                    legal_moves=lambda s: legal(tuple(s)))
    move = dataclasses.replace(game.moves[0], apply=take)
    return [dataclasses.replace(game, moves=(move,))]
