"""cardshell_up_and_down: Up-and-Down, the second COMP9021 solitaire, as a cardshell game.

Source: the hand-out's Sections 2 and 4; settled details
in ``plugins/cardshell_up_and_down/NOTES.md``.  The game plays itself
from its seed: place the 52 cards on 8 stacks, drawing 3 cards at a time.

* ``python -m cardshell_up_and_down``: the hand-out's ``solitaire_2.py``,
  line browser included.
* ``from cardshell_up_and_down import simulate``: Section 4.3's
  ``simulate(n, i)`` (plus ``jobs=``); :func:`simulate_counts` gives the
  counts as data.
* :func:`play`: one game, its collected output and result.
* ``cardshell_up_and_down.plugin``: the cardshell plugin (game id ``up-and-down``).
"""

from cardshell_up_and_down.rules import UpAndDownGame, play
from cardshell_up_and_down.simulation import format_table, simulate, simulate_counts

__all__ = ["UpAndDownGame", "format_table", "play", "simulate", "simulate_counts"]
