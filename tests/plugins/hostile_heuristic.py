"""Hostile plugin (issue 26 item 3): its ``heuristic`` returns ``SCORE``, not a
finite number (a string by default; tests set NaN or infinity)."""

import cardshell
from _hostile_row import row_game

CARDSHELL_CONTRACT = 2

#: What the heuristic returns for every state.
SCORE: object = "high"


@cardshell.hookimpl
def cardshell_games():
    return [row_game("odd-heuristic", search=cardshell.Search(heuristic=lambda state: SCORE))]
