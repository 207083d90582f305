"""cardshell_pictures: Pictures, the first COMP9021 solitaire, as a cardshell game.

Source: the hand-out's Sections 2 and 3; settled details
in ``plugins/cardshell_pictures/NOTES.md``.  The game plays itself
from its seed: put the 12 pictures aside in at most 4 rounds.

* ``python -m cardshell_pictures``: the hand-out's ``solitaire_1.py``.
* ``from cardshell_pictures import simulate``: Section 3.3's ``simulate(n, i)``
  (plus ``jobs=``); :func:`simulate_counts` gives the counts as data.
* :func:`play`: one game, its output lines and result.
* ``cardshell_pictures.plugin``: the cardshell plugin (game id ``pictures``).
"""

from cardshell_pictures.rules import PicturesGame, play
from cardshell_pictures.simulation import format_table, simulate, simulate_counts

__all__ = ["PicturesGame", "format_table", "play", "simulate", "simulate_counts"]
