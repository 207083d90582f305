"""Hostile plugin: Pairs games whose search answers have the wrong types.

* ``int-line``: its solver's winning line holds ints;
* ``lazy-line``: its solver's line is a generator;
* ``minus-positions``, ``huge-positions``, ``half-positions``: its solver
  counts -5, a 101-digit number, 1.5 positions;
* ``int-successors``: its ``successors`` yields ints.
"""

import dataclasses

import cardshell
from _hostile_row import row_game
from cardshell import Search, Verdict

CARDSHELL_CONTRACT = 2


def solver(line=("take 1",), positions=1):
    def solve(state, budget, clock):
        return Verdict("won", line() if callable(line) else line, positions, 0.0)
    return solve


def ints(state):
    yield from range(3)


WRONG = {
    "int-line": Search(solver=solver(line=(1,))),
    "lazy-line": Search(solver=solver(line=lambda: (line for line in ["take 1"]))),
    "minus-positions": Search(solver=solver(positions=-5)),
    "huge-positions": Search(solver=solver(positions=10**100)),
    "half-positions": Search(solver=solver(positions=1.5)),
    "int-successors": Search(successors=ints),
}


@cardshell.hookimpl
def cardshell_games():
    return [dataclasses.replace(row_game(game_id), search=search) for game_id, search in WRONG.items()]
