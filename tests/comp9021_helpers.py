"""Helpers shared by the simulate tests of the two COMP9021 solitaires
(``test_pictures_simulate.py``, ``test_up_and_down_simulate.py``).

Both tables (Sections 3.3 and 4.3) have the same layout: a header
``OUTCOME | Frequency``, a line of ``-``, then rows of the outcome
right-aligned under the left header, `` | ``, and the frequency as ``.2%``
right-aligned in 9.
"""

from __future__ import annotations

import re

#: A row of either table.
ROW = re.compile(r" +\d{1,2} \| +\d{1,3}\.\d\d%")


def parse_table_rows(table: str, outcome_width: int) -> list[tuple[int, float]]:
    """The rows of a printed table as ``(outcome, percent)`` pairs.

    Args:
        table (str): the table, with or without a final newline.
        outcome_width (int): the width of the left column (the length of
            its header: 28 for Pictures, 20 for Up-and-Down).

    Returns:
        list[tuple[int, float]]: one pair per row, in the table's order.
    """
    lines = table.rstrip("\n").split("\n")
    return [(int(line[:outcome_width]), float(line[outcome_width + 3 :].strip("% "))) for line in lines[2:]]
