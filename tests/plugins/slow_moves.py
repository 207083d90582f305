"""An honest but slow game: Pairs whose every move takes 5 ms, dealt a long
row that cannot be won (six runs of 1 1 2 2, then a 3: thousands of
positions to search)."""

import dataclasses
import time

import cardshell
from _hostile_row import row_game
from toy_pairs import take

CARDSHELL_CONTRACT = 2

#: Seconds one move takes.
MOVE_SECONDS = 0.005


def deal(seed, options):
    if options.get("row"):
        return tuple(int(word) for word in options["row"].split(","))
    return (1, 1, 2, 2) * 6 + (3,)


def slow_take(state, i):
    time.sleep(MOVE_SECONDS)
    return take(state, i)


@cardshell.hookimpl
def cardshell_games():
    game = row_game("slow-moves", new=deal)
    return [dataclasses.replace(game, moves=(dataclasses.replace(game.moves[0], apply=slow_take),))]
