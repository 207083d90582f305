"""Up-and-Down, the second COMP9021 solitaire, as a cardshell game (game id ``up-and-down``).

The game plays itself from its seed: place the 52 cards on 8 stacks, drawing 3
at a time (plugins/cardshell_up_and_down/NOTES.md).  ``python -m
cardshell_up_and_down`` is the hand-out's ``solitaire_2.py``; :func:`simulate`
its Section 4.3.
"""

from cardshell_up_and_down.rules import UpAndDownGame, play
from cardshell_up_and_down.simulation import format_table, simulate, simulate_counts

__all__ = ["UpAndDownGame", "format_table", "play", "simulate", "simulate_counts"]
