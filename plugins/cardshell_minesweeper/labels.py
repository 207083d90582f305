"""Minesweeper's column and cell labels as the player types them (plugins/cardshell_minesweeper/NOTES.md, "Rules").

A column is one or two letters as in a spreadsheet (``a`` .. ``z``, ``aa`` ..
``zz``); a cell is its column then its 1-based row (``a5``, ``ab16``).
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
    """The 0-based column a label of any case names (``AB`` -> 27), or None."""
    return _INDEX.get(text.lower())


def cell_label(row: int, col: int) -> str:
    """The label of the cell at 0-based ``row`` and ``col`` (``(4, 0)`` -> ``a5``)."""
    return f"{COLUMN_LABELS[col]}{row + 1}"
