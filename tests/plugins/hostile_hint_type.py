"""Hostile plugin (issue 26 item 3): its game ``hint`` returns a plain string,
not a ``cardshell.Hint``."""

import cardshell
from _hostile_row import row_game

CARDSHELL_CONTRACT = 2


def loose_hint(state, rng):
    return "take 1"


@cardshell.hookimpl
def cardshell_games():
    return [row_game("loose-hint", hint=loose_hint)]
