"""Minesweeper's own ``hint``: a safe cell, or the least risky one, from what the player sees (:func:`.rules.view`).

Before the first unfold, the centre (the first cell unfolded is always a ``0``);
then the first provably safe unflagged cell, a flag on a provably safe cell, or
the cell of lowest mine probability (``about`` when estimated); on a finished
board ``y``.  The hint is always one of :func:`.rules.legal_moves`.
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
    """``Game.hint``: the move to suggest for ``board`` and why; never reads the mines, nor ``rng``.

    The move is empty when every hidden cell is flagged and none is known safe.
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
