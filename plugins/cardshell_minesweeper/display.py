"""The text display of a Minesweeper board.

Source: ``seeds/minesweeper-blackjack.txt``, problem 1, setting (2) and (3)
(the board drawn with ``-``, ``+`` and ``|``, columns ``a`` .. above, rows
``1`` .. at the left; the hand-out's sample is damaged, this is the layout it
intends, settled in ``specs/GAMES.md``).  The default board::

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
"""

from __future__ import annotations

import string

from cardshell_minesweeper.rules import Board, symbol


def render(board: Board) -> str:
    """Draw the board (cells as :func:`cardshell_minesweeper.rules.symbol` shows them).

    Args:
        board (Board): the board.

    Returns:
        str: ``2 * rows + 2`` lines, no trailing newline, no trailing spaces.
    """
    width = len(str(board.rows))
    pad = " " * width
    header = pad + "   " + "   ".join(string.ascii_lowercase[: board.cols])
    rule = pad + " +" + "---+" * board.cols
    lines = [header, rule]
    for row in range(board.rows):
        cells = "".join(f" {symbol(board, (row, col))} |" for col in range(board.cols))
        lines.append(f"{row + 1:>{width}} |{cells}")
        lines.append(rule)
    return "\n".join(lines)
