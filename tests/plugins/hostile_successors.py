"""Hostile plugin (issue 26 item 3): its ``successors`` yields, besides the
true children and first of all, an empty (won) row after ``take 9``, which
its rules reject."""

import cardshell
from _hostile_row import row_game
from toy_pairs import legal, take

CARDSHELL_CONTRACT = 2


def lying_successors(state):
    yield "take 9", ()
    for line in legal(state):
        yield line, take(state, int(line.split()[1]))


@cardshell.hookimpl
def cardshell_games():
    return [row_game("lying-successors", search=cardshell.Search(successors=lying_successors))]
