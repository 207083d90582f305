"""The text display of a Minesweeper board.

Source: the hand-out, problem 1, setting (2) and (3)
(the board drawn with ``-``, ``+`` and ``|``, columns ``a`` .. above, rows
``1`` .. at the left; the hand-out's sample is damaged, this is the layout it
intends, settled in ``plugins/cardshell_minesweeper/NOTES.md``).  The default board::

        a   b   c   d   e   f   g   h   i
      +---+---+---+---+---+---+---+---+---+
    1 | 0 | 0 | 1 |   |   |   |   |   |   |
      +---+---+---+---+---+---+---+---+---+
    ...
    9 |   |   |   |   |   |   |   |   |   |
      +---+---+---+---+---+---+---+---+---+

Row numbers are right-aligned to the width of the largest (``16`` on the
bigger levels).  No line has trailing spaces.  The time taken is never part
of the board (it is printed on the ``Win`` line only).  On a lost board the
mine unfolded shows as ``*`` and the other mines as ``X``.

A board this ruled drawing would make wider than :data:`WIDTH` (80) terminal
columns (more than 19 columns: the expert board's 30 would take 125) is
drawn compactly instead: one character per cell, one space between cells,
hidden cells as ``.``, no rule between rows, and the column labels read
downwards where they have two letters (``aa`` .. ``ad``)::

                                                                a a a a
         a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d
       +-----------------------------------------------------------+
     1 | . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . |
    ...
    16 | . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . |
       +-----------------------------------------------------------+

The expert board is 66 columns wide and 20 lines tall.  The rules page
(``plugins/cardshell_minesweeper/NOTES.md``) shows both drawings.

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
from typing import NamedTuple

from cardshell_minesweeper.labels import COLUMN_LABELS
from cardshell_minesweeper.rules import HIT, LOST, Board, Cell

_DIGITS = "012345678"

#: The widest a board's text may be, in terminal columns, before it is drawn compactly.
WIDTH = 80


class Frame(NamedTuple):
    """What every board of one size shares in its drawing.

    Attributes:
        header (str): the column labels (one line, or two in the compact drawing).
        rule (str): the line of ``-`` and ``+`` above and below the rows
            (and between them in the ruled drawing).
        labels (tuple[str, ...]): each row's start (``" 1 | "``).
        sep (str): what stands between two cells (``" | "``, or ``" "``).
        hidden (str): a hidden cell's glyph (a space, or ``.``).
        ruled (bool): the ruled drawing (a rule between rows), else compact.
    """

    header: str
    rule: str
    labels: tuple[str, ...]
    sep: str
    hidden: str
    ruled: bool


def is_compact(rows: int, cols: int) -> bool:
    """Whether a board of this size is drawn compactly: its ruled drawing
    (4 characters a column) would be wider than :data:`WIDTH`."""
    return len(str(rows)) + 2 + 4 * cols > WIDTH


@functools.lru_cache(maxsize=64)
def _frame(rows: int, cols: int) -> Frame:
    """The :class:`Frame` of a board size (see the module docstring)."""
    width = len(str(rows))
    pad = " " * width
    labels = tuple(f"{row + 1:>{width}} | " for row in range(rows))
    names = COLUMN_LABELS[:cols]
    if not is_compact(rows, cols):
        header = pad + "   " + "   ".join(names)
        return Frame(header, pad + " +" + "---+" * cols, labels, " | ", " ", True)
    lines = [pad + "   " + " ".join(name[0] if len(name) > 1 else " " for name in names),
             pad + "   " + " ".join(name[-1] for name in names)]
    header = "\n".join(line.rstrip() for line in lines if line.strip())
    return Frame(header, pad + " +" + "-" * (2 * cols + 1) + "+", labels, " ", ".", False)


@functools.lru_cache(maxsize=64)
def _row_cells(rows: int, cols: int) -> tuple[tuple[Cell, ...], ...]:
    """The cells of each row of a board size."""
    return tuple(tuple((row, col) for col in range(cols)) for row in range(rows))


def _row(board: Board, row: int, frame: Frame) -> str:
    """One row's line: ``" 5 | 0 | 1 | F |   |"`` (compact: ``" 5 | 0 1 F . |"``)."""
    shown, flags, numbers, hidden = board.shown, board.flags, board.numbers, frame.hidden
    base = row * board.cols
    cells = [
        "F" if cell in flags else _DIGITS[numbers[base + col]] if cell in shown else hidden
        for col, cell in enumerate(_row_cells(board.rows, board.cols)[row])
    ]
    if board.status == LOST:
        mines, hit = board.mines, board.hit
        for col, cell in enumerate(_row_cells(board.rows, board.cols)[row]):
            if cell in mines:
                cells[col] = HIT if cell in hit else "X"
    return frame.labels[row] + frame.sep.join(cells) + " |"


@functools.lru_cache(maxsize=64)
def _blank_rows(rows: int, cols: int) -> tuple[str, ...]:
    """The row lines of a board with every cell hidden (each new board)."""
    frame = _frame(rows, cols)
    return tuple(label + frame.sep.join(frame.hidden * cols) + " |" for label in frame.labels)


class _LastDrawn:
    """The last board drawn and its row lines (see the module docstring)."""

    board: Board | None = None
    rows: list[str] = []


def _rows(board: Board, frame: Frame) -> list[str]:
    last = _LastDrawn.board
    same_mines = last is not None and (last.mines is board.mines or last.mines == board.mines)
    if not board.shown and not board.flags and board.status != LOST:
        rows = list(_blank_rows(board.rows, board.cols))
    elif (last is None or (last.rows, last.cols) != (board.rows, board.cols)
            or (not same_mines and (last.shown or LOST in (last.status, board.status)))):
        rows = [_row(board, row, frame) for row in range(board.rows)]
    else:
        changed = (last.shown ^ board.shown) | (last.flags ^ board.flags) | (last.hit ^ board.hit)
        if (last.status == LOST) != (board.status == LOST):
            changed |= board.mines
        rows = list(_LastDrawn.rows)
        for row in {row for row, _ in changed}:
            rows[row] = _row(board, row, frame)
    _LastDrawn.board, _LastDrawn.rows = board, rows
    return rows


def render(board: Board) -> str:
    """Draw the board (cells as :func:`cardshell_minesweeper.rules.symbol` shows them).

    Args:
        board (Board): the board.

    Returns:
        str: ``2 * rows + 2`` lines (compact drawing: ``rows + 3`` or
        ``rows + 4``), at most :data:`WIDTH` characters each for boards of
        up to 30 columns, no trailing newline, no trailing spaces.
    """
    frame = _frame(board.rows, board.cols)
    rows = _rows(board, frame)
    between = "\n" + frame.rule + "\n" if frame.ruled else "\n"
    return frame.header + "\n" + frame.rule + "\n" + between.join(rows) + "\n" + frame.rule
