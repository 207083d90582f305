"""Minesweeper's own ``hint`` (``Game.hint``): a safe cell, or the least risky one.

It reads only what the player sees (:func:`cardshell_minesweeper.rules.view`:
the shown numbers, plus the board's size, mine count and flags), through
:func:`cardshell_minesweeper.inference.analyse`, never the mines.  In order:

1. before the first unfold, the centre cell (or the first unflagged cell
   from it): the first cell unfolded is always a ``0`` (rules, setting (8));
2. the first cell, row by row, that is provably safe and not flagged:
   ``Hint: c7 (provably safe)``;
3. a flag on a provably safe cell, to be removed:
   ``Hint: c7f (the flag is on a provably safe cell)``;
4. else the unflagged hidden cell with the lowest mine probability (the
   first, row by row, among equals):
   ``Hint: c7 (mine probability 12 %)``; ``about 12 %`` when the analysis
   hit its bound and the probability is an estimate;
5. on a finished board, ``y`` (a new board).

The hint is always one of :func:`cardshell_minesweeper.rules.legal_moves`.
"""

from __future__ import annotations

import random

from cardshell import Hint
from cardshell_minesweeper import inference, rules


def _percent(probability: float) -> str:
    value = probability * 100
    if 0 < value < 1:
        return "under 1"
    if 99 < value < 100:
        return "over 99"
    return f"{value:.0f}"


def _first_cell(board: rules.Board) -> rules.Cell | None:
    """The centre cell, or the first unflagged cell from it on (row-major, wrapping)."""
    cells = list(board.cells())
    start = (board.rows // 2) * board.cols + board.cols // 2
    for cell in cells[start:] + cells[:start]:
        if cell not in board.flags:
            return cell
    return None


def hint(board: rules.Board, rng: random.Random) -> Hint:
    """``Game.hint``: the move to suggest for ``board`` (see the module docstring).

    Args:
        board (rules.Board): the current board (unchanged; its mines are not read).
        rng (random.Random): unused: the hint is the same for the same view.

    Returns:
        Hint: a legal move (``"c7"``, ``"c7f"`` or ``"y"``) and why, or an
        empty move when every hidden cell is flagged and none is known safe.
    """
    if board.status != rules.PLAYING:
        return Hint(rules.AGAIN, "the board is over: play a new one")
    if not board.placed:
        cell = _first_cell(board)
        if cell is None:
            return Hint("", "every cell is flagged: remove a flag (a5f)")
        return Hint(rules.label(cell), "provably safe: the first cell unfolded is always a 0")
    found = inference.analyse(board.rows, board.cols, board.mine_count, rules.view(board))
    hidden = [cell for cell in board.cells() if cell not in board.shown]
    open_cells = [cell for cell in hidden if cell not in board.flags]
    for cell in open_cells:
        if cell in found.safe:
            return Hint(rules.label(cell), "provably safe")
    for cell in hidden:
        if cell in found.safe:
            return Hint(rules.label(cell) + "f", "the flag is on a provably safe cell")
    if not open_cells:
        return Hint("", "every hidden cell is flagged and none is provably safe")
    best = min(open_cells, key=lambda cell: found.probability[cell])
    about = "" if found.exact else "about "
    return Hint(rules.label(best), f"mine probability {about}{_percent(found.probability[best])} %")
