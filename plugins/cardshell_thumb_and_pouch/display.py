"""Thumb and Pouch: the text display of a state.

The hand-out's Specifications 2
(``display_game``), as settled by ``plugins/cardshell_thumb_and_pouch/NOTES.md``:
foundations first (``[ ]`` when empty, else the top card), then the tableau
printed downwards with face-down cards as ``XX`` (an empty pile is blank),
then ``Stock #(k) --> [c1, c2, ...]`` with the waste bottom to top.

The layout (ours, since the hand-out's diagram was lost): each section has a
row of pile numbers, the numbers the player types, then the piles in
columns five characters wide, right-aligned; no line has trailing spaces::

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
    """The whole display of ``state`` (no trailing newline, no trailing spaces).

    Args:
        state (ThumbAndPouchState): the game.

    Returns:
        str: the lines described in the module docstring.
    """
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
