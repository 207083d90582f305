"""Minesweeper's text display of a board (plugins/cardshell_minesweeper/NOTES.md, "Rules").

The board is drawn with ``-``, ``+`` and ``|`` (:func:`render`); one wider
than :data:`WIDTH` that way (over 19 columns) is drawn compactly, one
character a cell.  :func:`render_compact` is ``Game.compact``: the compact
drawing of any board, which the host shows at a terminal too small for the
ruled one.  A cell looks the same on every board drawn the same way,
whatever its level: hidden blank when ruled (the hand-out's), ``.`` when
compact.  Each drawing keeps the rows of the last board it drew (one board
each: memory stays flat) and redraws only the rows whose cells changed;
tests check the text is the same as a whole drawing.
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
        header: the column labels (one line, or two in the compact drawing).
        rule: the line of ``-`` and ``+`` above and below the rows.
        labels: each row's start (``" 1 | "``).
        sep: what stands between two cells (``" | "``, or ``" "``).
        hidden: a hidden cell's glyph (a space, or ``.``).
        ruled: the ruled drawing (a rule between rows), else compact.
    """

    header: str
    rule: str
    labels: tuple[str, ...]
    sep: str
    hidden: str
    ruled: bool


def is_compact(rows: int, cols: int) -> bool:
    """Whether a board of this size is drawn compactly: its ruled drawing would be wider than :data:`WIDTH`."""
    return len(str(rows)) + 2 + 4 * cols > WIDTH


@functools.lru_cache(maxsize=64)
def _frame(rows: int, cols: int, compact: bool) -> Frame:
    width = len(str(rows))
    pad = " " * width
    labels = tuple(f"{row + 1:>{width}} | " for row in range(rows))
    names = COLUMN_LABELS[:cols]
    if not compact:
        header = pad + "   " + "   ".join(names)
        return Frame(header, pad + " +" + "---+" * cols, labels, " | ", " ", True)
    lines = [pad + "   " + " ".join(name[0] if len(name) > 1 else " " for name in names),
             pad + "   " + " ".join(name[-1] for name in names)]
    header = "\n".join(line.rstrip() for line in lines if line.strip())
    return Frame(header, pad + " +" + "-" * (2 * cols + 1) + "+", labels, " ", ".", False)


@functools.lru_cache(maxsize=64)
def _row_cells(rows: int, cols: int) -> tuple[tuple[Cell, ...], ...]:
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
def _blank_rows(frame: Frame, rows: int, cols: int) -> tuple[str, ...]:
    return tuple(label + frame.sep.join(frame.hidden * cols) + " |" for label in frame.labels)


class _LastDrawn:
    """The last board drawn one way (ruled or compact) and its row lines."""

    def __init__(self) -> None:
        self.board: Board | None = None
        self.rows: list[str] = []


#: The last board drawn each way, by ``Frame.ruled``: the host may draw a board both ways in one move.
_LAST = {True: _LastDrawn(), False: _LastDrawn()}


def _rows(board: Board, frame: Frame) -> list[str]:
    drawn = _LAST[frame.ruled]
    last = drawn.board
    same_mines = last is not None and (last.mines is board.mines or last.mines == board.mines)
    if not board.shown and not board.flags and board.status != LOST:
        rows = list(_blank_rows(frame, board.rows, board.cols))
    elif (last is None or (last.rows, last.cols) != (board.rows, board.cols)
            or (not same_mines and (last.shown or LOST in (last.status, board.status)))):
        rows = [_row(board, row, frame) for row in range(board.rows)]
    else:
        changed = (last.shown ^ board.shown) | (last.flags ^ board.flags) | (last.hit ^ board.hit)
        if (last.status == LOST) != (board.status == LOST):
            changed |= board.mines
        rows = list(drawn.rows)
        for row in {row for row, _ in changed}:
            rows[row] = _row(board, row, frame)
    drawn.board, drawn.rows = board, rows
    return rows


def render(board: Board) -> str:
    """``Game.render``: the board's drawing, at most :data:`WIDTH` characters a line up to 30 columns
    (ruled, else compact: :func:`is_compact`).

    No trailing spaces or newline.
    """
    return _drawing(board, is_compact(board.rows, board.cols))


def render_compact(board: Board) -> str:
    """``Game.compact``: the board's compact drawing, whatever its size: one character a cell
    (``.`` hidden), no rule between rows; 12 lines and 22 characters a line for the beginner's.

    No trailing spaces or newline.
    """
    return _drawing(board, True)


def _drawing(board: Board, compact: bool) -> str:
    frame = _frame(board.rows, board.cols, compact)
    rows = _rows(board, frame)
    between = "\n" + frame.rule + "\n" if frame.ruled else "\n"
    return frame.header + "\n" + frame.rule + "\n" + between.join(rows) + "\n" + frame.rule
