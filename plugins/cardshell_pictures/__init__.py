"""Pictures, the first COMP9021 solitaire, as a cardshell game (game id ``pictures``).

The game plays itself from its seed: put the 12 pictures aside in at most 4
rounds (plugins/cardshell_pictures/NOTES.md).  ``python -m cardshell_pictures``
is the hand-out's ``solitaire_1.py``; :func:`simulate` its Section 3.3.
"""

from cardshell_pictures.rules import PicturesGame, play
from cardshell_pictures.simulation import format_table, simulate, simulate_counts

__all__ = ["PicturesGame", "format_table", "play", "simulate", "simulate_counts"]
