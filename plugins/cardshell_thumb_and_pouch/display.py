"""Thumb and Pouch's text display of a state (plugins/cardshell_thumb_and_pouch/NOTES.md).

Each section has a row of the pile numbers the player types, then the piles in
right-aligned columns of :data:`CELL` characters; the waste is shown bottom to top::

    Foundation:
        1    2    3    4
      [ ]  [ ]  [ ]  [ ]
    Tableau:
        1    2    3    4    5    6    7
       6♠   XX   XX   XX   XX   XX   XX
           10♥   XX   XX   XX   XX   XX
    ...
    Stock #(23) --> [9♦]
"""

from __future__ import annotations

from cardshell.cards import FACE_DOWN
from cardshell_thumb_and_pouch.rules import FOUNDATIONS, TABLEAU_PILES, Placed, ThumbAndPouchState

#: Width of one pile's column on screen.
CELL = 5
#: How an empty foundation is shown (hand-out, Specifications 2).
EMPTY_FOUNDATION = "[ ]"


def _row(cells: list[str]) -> str:
    return "".join(cell.rjust(CELL) for cell in cells).rstrip()


def _placed_text(placed: Placed) -> str:
    return placed.card.text if placed.face_up else FACE_DOWN


def render(state: ThumbAndPouchState) -> str:
    """``Game.render``: the lines of the module's layout, with no trailing spaces or newline."""
    lines = ["Foundation:", _row([str(n) for n in range(1, FOUNDATIONS + 1)])]
    lines.append(_row([pile[-1].text if pile else EMPTY_FOUNDATION for pile in state.foundations]))
    lines.append("Tableau:")
    lines.append(_row([str(n) for n in range(1, TABLEAU_PILES + 1)]))
    depth = max(len(pile) for pile in state.tableau)
    for row in range(depth):
        lines.append(_row([_placed_text(pile[row]) if row < len(pile) else "" for pile in state.tableau]))
    waste = ", ".join(card.text for card in state.waste)
    lines.append(f"Stock #({len(state.stock)}) --> [{waste}]")
    return "\n".join(lines)
