"""The rules of Minesweeper: a board of cells, mines, numbers and flags.

Source: ``seeds/minesweeper-blackjack.txt``, problem 1 (settings (1)-(8),
features (a)-(h)), as settled by ``specs/GAMES.md``, section "minesweeper",
plus ``issues show 5`` (levels, custom sizes, chording).  This module is
pure: a :class:`Board` dataclass and functions over it, no terminal I/O.

A cell is a ``(row, col)`` pair of 0-based ints; its label is the column
letter followed by the 1-based row number (``(4, 0)`` is ``a5``).

* The first unfold is always a ``0`` (setting (8)): the mines are placed only
  then, by the board's :class:`~cardshell.rng.GameRandom`, among the cells
  outside the unfolded cell and its neighbours.
* Unfolding a ``0`` opens every connected ``0`` and their neighbours
  (feature (b)); flagged cells are never opened automatically.
* Chording (``issues show 5``): unfolding an already shown number whose
  neighbouring flags equal it opens its other hidden neighbours (and loses if
  a flag is wrong).
* A mine unfolded loses the board (``Game over``, every mine shown as
  ``X``); the board is won when every safe cell is shown (``Win``).

Timing (feature (g)): the clock starts at the first unfold and stops at the
win; both instants come from :data:`clock` (``time.monotonic``, seconds),
which tests replace.
"""

from __future__ import annotations

import re
import string
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from cardshell.errors import CommandError
from cardshell.rng import GameRandom

Cell = tuple[int, int]

#: The clock used for the time taken (seconds, monotonic).  Tests patch it.
clock: Callable[[], float] = time.monotonic

#: The standard levels: name -> (rows, cols, mines).  ``beginner`` is the
#: hand-out's board (setting (1) and (5)).  Expert is the classic 16x30 board
#: turned on its side, 30 rows of 16 columns: 30 columns would run past the
#: column letter ``z``; the cells and mines are the same.
LEVELS: dict[str, tuple[int, int, int]] = {
    "beginner": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (30, 16, 99),
}

#: The size limits of a custom board: columns are the letters ``a`` to ``z``.
MAX_COLS = 26
MAX_ROWS = 99

#: The hand-out's messages (feature (e), (f), (g)).
INVALID_CELL = "Invalid Cell"
ALREADY_SHOWN = "That cell is already shown"
CANNOT_FLAG = "Cannot put a flag there"
FLAG_THERE = "There is a flag there"
GAME_OVER = "Game over"
WIN = "Win"

#: The board's status values.
PLAYING, WON, LOST = "playing", "won", "lost"

_CELL = re.compile(r"([a-z])([0-9]+)", re.IGNORECASE)


@dataclass
class Board:
    """One Minesweeper board (the state of the game).

    Attributes:
        rows (int): the number of rows (labelled 1 ..).
        cols (int): the number of columns (labelled a ..), at most 26.
        mine_count (int): the number of mines.
        rng (GameRandom): the game's generator; it places the mines of this
            board and of every board played after it (``y``).
        mines (set[Cell]): the mined cells; empty until the first unfold.
        placed (bool): whether the mines have been placed.
        shown (set[Cell]): the unfolded cells.
        flags (set[Cell]): the flagged cells.
        status (str): ``"playing"``, ``"won"`` or ``"lost"``.
        started (float | None): :data:`clock` at the first unfold (seconds).
        elapsed (float | None): seconds from the first unfold to the win.
        number (int): 1 for the first board of the game, +1 per ``y``.
    """

    rows: int
    cols: int
    mine_count: int
    rng: GameRandom
    mines: set[Cell] = field(default_factory=set)
    placed: bool = False
    shown: set[Cell] = field(default_factory=set)
    flags: set[Cell] = field(default_factory=set)
    status: str = PLAYING
    started: float | None = None
    elapsed: float | None = None
    number: int = 1

    @property
    def mines_left(self) -> int:
        """The mine count minus the flags placed (the prompt's number; may go below 0)."""
        return self.mine_count - len(self.flags)

    def cells(self) -> Iterator[Cell]:
        """Every cell, row by row."""
        for row in range(self.rows):
            for col in range(self.cols):
                yield (row, col)


def max_mines(rows: int, cols: int) -> int:
    """The most mines a board can hold: the first unfold's zone must stay free.

    The zone is the first cell and its neighbours, up to 9 cells
    (``min(rows, 3) * min(cols, 3)`` at most, whatever the cell).
    """
    return rows * cols - min(rows, 3) * min(cols, 3)


def board_size(options: dict) -> tuple[int, int, int]:
    """Resolve and check the size options (``play minesweeper --level ... --rows ...``).

    Args:
        options (dict): may hold ``level`` (a key of :data:`LEVELS`, default
            ``beginner``) and ``rows``, ``cols``, ``mines`` (ints), each of
            which, when not None, overrides the level's value.

    Returns:
        tuple[int, int, int]: ``(rows, cols, mines)``.

    Raises:
        CommandError: for an unknown level, rows outside 1..99, columns
            outside 1..26, or mines outside 1..:func:`max_mines`.
    """
    level = options.get("level") or "beginner"
    if level not in LEVELS:
        raise CommandError(f"Unknown level {level!r}: choose beginner, intermediate or expert")
    rows, cols, mines = LEVELS[level]
    rows = rows if options.get("rows") is None else options["rows"]
    cols = cols if options.get("cols") is None else options["cols"]
    mines = mines if options.get("mines") is None else options["mines"]
    if not 1 <= rows <= MAX_ROWS:
        raise CommandError(f"Rows must be between 1 and {MAX_ROWS}, got {rows}")
    if not 1 <= cols <= MAX_COLS:
        raise CommandError(f"Columns must be between 1 and {MAX_COLS} (a to z), got {cols}")
    most = max_mines(rows, cols)
    if most < 1:
        raise CommandError(f"A {rows}x{cols} board has no room for a mine outside the first cell's zone")
    if not 1 <= mines <= most:
        raise CommandError(
            f"Mines must be between 1 and {most} on a {rows}x{cols} board "
            f"(the first cell and its neighbours stay free), got {mines}"
        )
    return rows, cols, mines


def new_board(rows: int, cols: int, mine_count: int, rng: GameRandom, number: int = 1) -> Board:
    """A fresh board with every cell hidden and no mine placed yet.

    Args:
        rows, cols, mine_count (int): as checked by :func:`board_size`.
        rng (GameRandom): the generator that will place the mines.
        number (int): the board's number within the game.

    Returns:
        Board: the new board.
    """
    return Board(rows=rows, cols=cols, mine_count=mine_count, rng=rng, number=number)


def new_game(seed: int, options: dict | None = None) -> Board:
    """``Game.new``: the first board of a game from ``seed`` and the size options.

    Raises:
        CommandError: for invalid options (see :func:`board_size`).
    """
    rows, cols, mines = board_size(dict(options or {}))
    return new_board(rows, cols, mines, GameRandom(seed))


def play_again(board: Board) -> Board:
    """A new board of the same size after a finished one (feature (h)).

    The mines will be placed by the same generator, continued.

    Raises:
        CommandError: if the board is still in play.
    """
    if board.status == PLAYING:
        raise CommandError("The game is not over yet")
    return new_board(board.rows, board.cols, board.mine_count, board.rng, board.number + 1)


def label(cell: Cell) -> str:
    """The label of a cell: column letter then 1-based row (``(4, 0)`` -> ``a5``)."""
    row, col = cell
    return f"{string.ascii_lowercase[col]}{row + 1}"


def parse_cell(text: str, board: Board) -> Cell:
    """The cell a label names on ``board`` (case-insensitive, ``A5`` = ``a5``).

    Raises:
        CommandError: ``Invalid Cell`` if ``text`` is not a label of a cell
            of this board (``j1`` or ``a10`` on a 9x9 board, ``a0``, ``5a``).
    """
    match = _CELL.fullmatch(text.strip())
    if not match:
        raise CommandError(INVALID_CELL)
    col = ord(match.group(1).lower()) - ord("a")
    if len(match.group(2).lstrip("0")) > len(str(MAX_ROWS)):  # no board has such a row
        raise CommandError(INVALID_CELL)
    row = int(match.group(2)) - 1
    if not (0 <= row < board.rows and 0 <= col < board.cols):
        raise CommandError(INVALID_CELL)
    return (row, col)


def neighbours(board: Board, cell: Cell) -> list[Cell]:
    """The up to 8 cells around ``cell`` on the board, row by row."""
    row, col = cell
    return [
        (r, c)
        for r in range(max(row - 1, 0), min(row + 2, board.rows))
        for c in range(max(col - 1, 0), min(col + 2, board.cols))
        if (r, c) != cell
    ]


def count(board: Board, cell: Cell) -> int:
    """The number of mines among the neighbours of ``cell`` (its number, 0-8)."""
    return sum(1 for n in neighbours(board, cell) if n in board.mines)


def place_mines(board: Board, first: Cell) -> None:
    """Place the mines after the first unfold (setting (8)).

    The mines are ``board.rng.sample`` of the cells outside ``first`` and its
    neighbours, listed row by row, so ``first`` is a ``0``.
    """
    zone = {first, *neighbours(board, first)}
    candidates = [cell for cell in board.cells() if cell not in zone]
    board.mines = set(board.rng.sample(candidates, board.mine_count))
    board.placed = True


def _check_playing(board: Board) -> None:
    if board.status != PLAYING:
        raise CommandError("The game is over: type y to play again")


def _open(board: Board, cells: list[Cell]) -> None:
    """Unfold ``cells`` (known safe) and flood-open from every ``0`` reached."""
    todo = list(cells)
    while todo:
        cell = todo.pop()
        if cell in board.shown or cell in board.flags:
            continue
        board.shown.add(cell)
        if count(board, cell) == 0:
            todo.extend(n for n in neighbours(board, cell) if n not in board.shown)


def _settle(board: Board, opened: list[Cell]) -> str | None:
    """Open ``opened`` unless one is a mine; return the message of a finished board."""
    if any(cell in board.mines for cell in opened):
        board.shown.update(cell for cell in opened if cell not in board.mines)
        board.status = LOST
        return GAME_OVER
    _open(board, opened)
    if len(board.shown) == board.rows * board.cols - board.mine_count:
        board.status = WON
        board.elapsed = clock() - (board.started or 0.0)
        return WIN
    return None


def unfold(board: Board, cell: Cell) -> str | None:
    """Unfold a cell (input ``a5``): open it, flood fill, or chord a shown number.

    Args:
        board (Board): changed in place.
        cell (Cell): a cell of the board.

    Returns:
        str | None: ``"Game over"`` if a mine was unfolded (the board is
        lost), ``"Win"`` if every safe cell is now shown (the board is won,
        ``board.elapsed`` set), else None.

    Raises:
        CommandError: ``There is a flag there`` (flagged cell);
            ``That cell is already shown`` (a shown cell that cannot chord:
            a ``0``, a number whose neighbouring flags differ from it, or with
            no hidden unflagged neighbour left); ``The game is over: ...``
            once the board is finished.
    """
    _check_playing(board)
    if cell in board.flags:
        raise CommandError(FLAG_THERE)
    if cell in board.shown:
        number = count(board, cell)
        around = neighbours(board, cell)
        flags = sum(1 for n in around if n in board.flags)
        hidden = [n for n in around if n not in board.shown and n not in board.flags]
        if number == 0 or flags != number or not hidden:
            raise CommandError(ALREADY_SHOWN)
        return _settle(board, hidden)
    if not board.placed:
        place_mines(board, cell)
        board.started = clock()
    return _settle(board, [cell])


def toggle_flag(board: Board, cell: Cell) -> bool:
    """Add or remove a flag (input ``a5f``).

    Args:
        board (Board): changed in place.
        cell (Cell): a cell of the board.

    Returns:
        bool: True if a flag was added, False if one was removed.

    Raises:
        CommandError: ``Cannot put a flag there`` on a shown cell;
            ``The game is over: ...`` once the board is finished.
    """
    _check_playing(board)
    if cell in board.shown:
        raise CommandError(CANNOT_FLAG)
    if cell in board.flags:
        board.flags.remove(cell)
        return False
    board.flags.add(cell)
    return True


def symbol(board: Board, cell: Cell) -> str:
    """The character a cell shows (setting (7), feature (f)).

    ``X`` for a mine once the board is lost; ``F`` for a flag; the number
    ``0``-``8`` for a shown cell; a space for a hidden one.
    """
    if board.status == LOST and cell in board.mines:
        return "X"
    if cell in board.flags:
        return "F"
    if cell in board.shown:
        return str(count(board, cell))
    return " "


def hidden_labels(board: Board) -> list[str]:
    """The labels of the cells not yet shown (flagged ones included), row by row."""
    return [label(cell) for cell in board.cells() if cell not in board.shown]
