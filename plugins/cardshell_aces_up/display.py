"""Aces Up: the instructor's board layout, as text.

The layout of ``display(stock, tableau, foundation)`` in the CSE 231 Fall 2019
hand-out (plugins/cardshell_aces_up/NOTES.md), without trailing spaces and
without its leading blank line (the host separates its output).
"""

from __future__ import annotations

from itertools import zip_longest

from cardshell.cards import FACE_DOWN

from .rules import AcesUpState

#: The header line: ``"{:<8s}{:^13s}{:s}".format("stock", "tableau", "  foundation")``.
HEADER = "{:<8s}{:^13s}{:s}".format("stock", "tableau", "  foundation")

#: One row: the 8-wide stock field, then each column's 4-wide field.
_ROW = "%-8s" + "%-4s" * 4


def render(state: AcesUpState) -> str:
    """The board: a header, then one line per row of the tallest column (at least one), no trailing newline.

    A row is an 8-wide stock field (``XX`` on the first row while the stock has
    cards), each column's card in a 4-wide field, and on the first row four
    spaces and the foundation's top card.
    """
    texts = [[card.text for card in column] for column in state.tableau]
    rows = zip_longest(*texts, fillvalue="") if any(texts) else [("",) * len(texts)]
    lines = [HEADER]
    for i, row in enumerate(rows):
        line = _ROW % ((FACE_DOWN if i == 0 and state.stock else ""), *row)
        if i == 0 and state.foundation:
            line += "    " + state.foundation[-1].text
        lines.append(line.rstrip())
    return "\n".join(lines)
