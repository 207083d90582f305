"""Hostile plugin (issue 26 item 3): its game ``hint`` suggests ``take 99``,
never a legal move."""

import cardshell
from _hostile_row import row_game

CARDSHELL_CONTRACT = 2


def bad_hint(state, rng):
    return cardshell.Hint("take 99", "trust me")


@cardshell.hookimpl
def cardshell_games():
    return [row_game("lying-hint", hint=bad_hint)]
