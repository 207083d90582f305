"""Hostile plugin (issue 26 item 3): its ``key`` returns a list (unhashable)."""

import cardshell
from _hostile_row import row_game

CARDSHELL_CONTRACT = 2


@cardshell.hookimpl
def cardshell_games():
    return [row_game("list-key", search=cardshell.Search(key=list))]
