"""The labels of Minesweeper's columns and cells, as the player types them.

A column is named by letters as a spreadsheet's are: ``a`` .. ``z``, then
``aa``, ``ab``, ... (so the expert board's 30 columns are ``a`` .. ``ad``);
a cell by its column's letters then its 1-based row number (``a5``,
``ab16``).  The rules page, ``plugins/cardshell_minesweeper/NOTES.md``
("Rules" and "Options"), describes the labels to the player.

Labels have one or two letters: :data:`MAX_LABELLED` columns (``a`` ..
``zz``), far more than a board may have (``rules.MAX_COLS``).
"""

from __future__ import annotations

import string

_LETTERS = string.ascii_lowercase

#: Every column label, in order: ``a`` .. ``z``, ``aa`` .. ``az``, ``ba`` .. ``zz``.
COLUMN_LABELS: tuple[str, ...] = (*_LETTERS, *(first + second for first in _LETTERS for second in _LETTERS))

#: How many columns have a label (702).
MAX_LABELLED = len(COLUMN_LABELS)

_INDEX = {text: col for col, text in enumerate(COLUMN_LABELS)}


def column_label(col: int) -> str:
    """The label of a 0-based column (``0`` -> ``a``, ``26`` -> ``aa``, ``29`` -> ``ad``).

    Raises:
        IndexError: when ``col`` is negative or not below :data:`MAX_LABELLED`.
    """
    if col < 0:
        raise IndexError(f"no column {col}")
    return COLUMN_LABELS[col]


def column_index(text: str) -> int | None:
    """The 0-based column a label names (any case: ``AB`` -> 27), or None
    when ``text`` is not one or two letters."""
    return _INDEX.get(text.lower())


def cell_label(row: int, col: int) -> str:
    """The label of the cell at 0-based ``row`` and ``col`` (``(4, 0)`` -> ``a5``)."""
    return f"{COLUMN_LABELS[col]}{row + 1}"
