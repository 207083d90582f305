"""Hostile plugin (issue 26 item 3): its game ``hint`` never returns."""

import cardshell
from _hostile_row import row_game

CARDSHELL_CONTRACT = 2


def endless_hint(state, rng):
    while True:
        pass


@cardshell.hookimpl
def cardshell_games():
    return [row_game("endless-hint", hint=endless_hint)]
