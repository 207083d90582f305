"""Aces Up: the instructor's display layout, as text.

Source: the ``display(stock, tableau, foundation)`` function "Provided" by
the CSE 231 Fall 2019 hand-out (Project #10, Specifications 4; the sample
sessions TEST 1-4 show its output) and plugins/cardshell_aces_up/NOTES.md.  The
instructor's function prints::

    print("\\n{:<8s}{:^13s}{:s}".format("stock", "tableau", "  foundation"))
    for each row i of the tallest column:
        "{:<8s}"  "XX" on row 0 while the stock is not empty, else blank
        "{:4s}"   for each column: its i-th card, or blank
        "    {}"  on row 0 only: the foundation's top card, if any

:func:`render` returns exactly those lines, with two deliberate changes:
trailing spaces are stripped from every line (tests and transcripts compare
text exactly), and the blank line the instructor printed first is left to
the host, which separates its own output.
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
    """The board as text, one line per tableau row, no trailing newline.

    Args:
        state (AcesUpState): the state to show (not changed).

    Returns:
        str: the header line, then one line per row of the tallest column
        (at least one row, so the stock and foundation always show): an
        8-wide stock field (``XX`` on the first row while the stock is not
        empty), each column's card of that row in a 4-wide field (``10♥``
        is 3 wide), then on the first row four spaces and the foundation's
        top card if the foundation is not empty.  Lines carry no trailing
        spaces.
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
