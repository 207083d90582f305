"""Hostile plugin (issue 26 item 3): its ``legal_moves`` also lists a line its
rules reject (``take N`` for a row of N numbers: there is no pair at N)."""

import cardshell
from _hostile_row import row_game
from toy_pairs import legal

CARDSHELL_CONTRACT = 2


def lying_legal(state):
    return legal(state) + [f"take {len(state)}"]


@cardshell.hookimpl
def cardshell_games():
    return [row_game("lying-moves", legal_moves=lying_legal)]
