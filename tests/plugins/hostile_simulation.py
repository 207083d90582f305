"""Hostile plugin: a game whose ``simulate`` task raises on deal 7."""

import cardshell
from _hostile_row import row_game
from cardshell import sweep

CARDSHELL_CONTRACT = 2


def play(seed):
    if seed == 7:
        raise ValueError("deal 7 is broken")  # RAISES
    return seed % 2


SIMULATION = sweep.Simulation(
    game="raising-simulation",
    task=lambda state, args: sweep.Tally(play, 2),
    report=lambda counts, run: f"odd {counts[1]}, even {counts[0]}",
    histogram=lambda counts, run: sweep.Histogram("parity", counts),
    summary="count odd and even seeds",
    help="count odd and even seeds",
)


@cardshell.hookimpl
def cardshell_games():
    return [row_game("raising-simulation")]


@cardshell.hookimpl
def cardshell_commands():
    return [SIMULATION.command()]
