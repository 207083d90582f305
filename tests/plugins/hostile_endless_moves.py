"""Hostile plugin: ``endless-moves`` lists legal moves for ever (a
generator that never ends); ``endless-successors`` gives successors for
ever."""

import dataclasses
import itertools

import cardshell
from _hostile_row import row_game
from cardshell import Search
from toy_pairs import take

CARDSHELL_CONTRACT = 2


def endless_lines(state):
    return (f"take {n}" for n in itertools.count(1))


def endless_children(state):
    for _ in itertools.count():
        yield "take 1", take(state, 1)


@cardshell.hookimpl
def cardshell_games():
    return [row_game("endless-moves", legal_moves=endless_lines),
            dataclasses.replace(row_game("endless-successors"), search=Search(successors=endless_children))]
