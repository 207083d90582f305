"""The text display of a Minesweeper board.

Source: the hand-out, problem 1, setting (2) and (3)
(the board drawn with ``-``, ``+`` and ``|``, columns ``a`` .. above, rows
``1`` .. at the left; the hand-out's sample is damaged, this is the layout it
intends, settled in ``plugins/cardshell_minesweeper/RULES.md``).  The default board::

        a   b   c   d   e   f   g   h   i
      +---+---+---+---+---+---+---+---+---+
    1 | 0 | 0 | 1 |   |   |   |   |   |   |
      +---+---+---+---+---+---+---+---+---+
    ...
    9 |   |   |   |   |   |   |   |   |   |
      +---+---+---+---+---+---+---+---+---+

Row numbers are right-aligned to the width of the largest (``16`` on the
bigger levels).  No line has trailing spaces.  The time taken is never part
of the board (it is printed on the ``Win`` line only).

Speed: a move changes few cells, so :func:`render` remembers the row lines
of the last board it drew (one board, so memory stays flat) and redraws only
the rows whose cells changed since (shown cells and flags compared as sets,
and the rows of the mines when the board is lost); a board of another size,
or with other mines under shown numbers or ``X``, is drawn whole (a new
board, all hidden, from a cache).  The
text is the same either way (tests compare both).
"""

from __future__ import annotations

import functools
import string

from cardshell_minesweeper.rules import LOST, Board, Cell

_DIGITS = "012345678"


@functools.lru_cache(maxsize=64)
def _frame(rows: int, cols: int) -> tuple[str, str, tuple[str, ...]]:
    """The header line, the rule line and the row labels (``" 1 | "``) of a board size."""
    width = len(str(rows))
    pad = " " * width
    header = pad + "   " + "   ".join(string.ascii_lowercase[:cols])
    rule = pad + " +" + "---+" * cols
    labels = tuple(f"{row + 1:>{width}} | " for row in range(rows))
    return header, rule, labels


@functools.lru_cache(maxsize=64)
def _row_cells(rows: int, cols: int) -> tuple[tuple[Cell, ...], ...]:
    """The cells of each row of a board size."""
    return tuple(tuple((row, col) for col in range(cols)) for row in range(rows))


def _row(board: Board, row: int, label: str) -> str:
    """One row's line: ``" 5 | 0 | 1 | F |   |"``."""
    shown, flags, numbers = board.shown, board.flags, board.numbers
    base = row * board.cols
    cells = [
        "F" if cell in flags else _DIGITS[numbers[base + col]] if cell in shown else " "
        for col, cell in enumerate(_row_cells(board.rows, board.cols)[row])
    ]
    if board.status == LOST:
        mines = board.mines
        for col, cell in enumerate(_row_cells(board.rows, board.cols)[row]):
            if cell in mines:
                cells[col] = "X"
    return label + " | ".join(cells) + " |"


@functools.lru_cache(maxsize=64)
def _blank_rows(rows: int, cols: int) -> tuple[str, ...]:
    """The row lines of a board with every cell hidden (each new board)."""
    labels = _frame(rows, cols)[2]
    return tuple(label + " | ".join(" " * cols) + " |" for label in labels)


class _LastDrawn:
    """The last board drawn and its row lines (see the module docstring)."""

    board: Board | None = None
    rows: list[str] = []


def _rows(board: Board, labels: tuple[str, ...]) -> list[str]:
    last = _LastDrawn.board
    same_mines = last is not None and (last.mines is board.mines or last.mines == board.mines)
    if not board.shown and not board.flags and board.status != LOST:
        rows = list(_blank_rows(board.rows, board.cols))
    elif (last is None or (last.rows, last.cols) != (board.rows, board.cols)
            or (not same_mines and (last.shown or LOST in (last.status, board.status)))):
        rows = [_row(board, row, labels[row]) for row in range(board.rows)]
    else:
        changed = (last.shown ^ board.shown) | (last.flags ^ board.flags)
        if (last.status == LOST) != (board.status == LOST):
            changed |= board.mines
        rows = list(_LastDrawn.rows)
        for row in {row for row, _ in changed}:
            rows[row] = _row(board, row, labels[row])
    _LastDrawn.board, _LastDrawn.rows = board, rows
    return rows


def render(board: Board) -> str:
    """Draw the board (cells as :func:`cardshell_minesweeper.rules.symbol` shows them).

    Args:
        board (Board): the board.

    Returns:
        str: ``2 * rows + 2`` lines, no trailing newline, no trailing spaces.
    """
    header, rule, labels = _frame(board.rows, board.cols)
    rows = _rows(board, labels)
    return header + "\n" + rule + "\n" + ("\n" + rule + "\n").join(rows) + "\n" + rule
