"""Minesweeper's rules as pure functions over an immutable :class:`Board` (plugins/cardshell_minesweeper/NOTES.md).

A cell is a 0-based ``(row, col)``; its label is the column letters then the
1-based row (``(4, 0)`` is ``a5``).  The mines are placed at the first unfold,
outside that cell and its neighbours, by the game's generator kept in the
board as its state tuple, so one seed replays every board of a game.  The time
taken is measured with :data:`clock` (seconds).
"""

from __future__ import annotations

import functools
import random
import re
import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field, replace

from cardshell.errors import CommandError
from cardshell.rng import GeneratorState
from cardshell_minesweeper.labels import COLUMN_LABELS, cell_label, column_index, column_label

Cell = tuple[int, int]

#: The clock used for the time taken (seconds, monotonic).  Tests patch it.
clock: Callable[[], float] = time.monotonic

#: The standard levels: name -> (rows, cols, mines); ``beginner`` is the hand-out's board.
LEVELS: dict[str, tuple[int, int, int]] = {
    "beginner": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (16, 30, 99),
}

#: The size limits of a custom board.  30 columns (``a`` .. ``ad``) is the
#: expert board's width, and the widest the compact display keeps within 80
#: terminal columns (``plugins/cardshell_minesweeper/display.py``).
MAX_COLS = 30
MAX_ROWS = 99

#: The hand-out's messages.
INVALID_CELL = "Invalid Cell"
ALREADY_SHOWN = "That cell is already shown"
CANNOT_FLAG = "Cannot put a flag there"
FLAG_THERE = "There is a flag there"
GAME_OVER = "Game over"
WIN = "Win"
#: A cell move once the board is finished, and ``y`` while it is in play (ours).
BOARD_OVER = "The game is over: type y to play again"
NOT_OVER = "The game is not over yet: enter a cell"
DECLINED = "You chose not to play again: type new for a new game"

#: The board's status values.
PLAYING, WON, LOST = "playing", "won", "lost"

#: The line that plays a new board once one is finished, and
#: the one that declines and leaves the game.
AGAIN = "y"
DECLINE = "n"

#: The glyph of the mine unfolded, on a lost board (the other mines are ``X``).
HIT = "*"

_CELL = re.compile(r"([a-z]{1,2})([0-9]+)", re.IGNORECASE)


@functools.lru_cache(maxsize=64)
def neighbour_table(rows: int, cols: int) -> dict[Cell, tuple[Cell, ...]]:
    """Every cell's neighbours on a ``rows`` x ``cols`` board, row by row; at most 64 sizes are kept."""
    return {
        (row, col): tuple(
            (r, c)
            for r in range(max(row - 1, 0), min(row + 2, rows))
            for c in range(max(col - 1, 0), min(col + 2, cols))
            if (r, c) != (row, col)
        )
        for row in range(rows)
        for col in range(cols)
    }


def _numbers(rows: int, cols: int, mines: Iterable[Cell]) -> tuple[int, ...]:
    if not mines:
        return (0,) * (rows * cols)
    counts = [0] * (rows * cols)
    table = neighbour_table(rows, cols)
    for mine in mines:
        for row, col in table[mine]:
            counts[row * cols + col] += 1
    return tuple(counts)


def generator_state(seed: int) -> tuple:
    """The state tuple of the game's generator for ``seed`` (the sequence of :class:`cardshell.rng.GameRandom`)."""
    return random.Random(seed).getstate()


@dataclass(frozen=True)
class Board:
    """One Minesweeper board, the game's state; sets given to the constructor are stored as frozensets.

    Attributes:
        rows, cols: the size; at most :data:`MAX_ROWS` x :data:`MAX_COLS`.
        mine_count: the number of mines.
        rng_state: the game's generator (:meth:`random.Random.getstate`): the one that will place
            this board's mines, or after the first unfold, the one for the boards after it.
        mines: the mined cells; empty until the first unfold.
        placed: whether the mines have been placed.
        shown, flags: the unfolded and the flagged cells.
        status: :data:`PLAYING`, :data:`WON` or :data:`LOST`.
        hit: the mines unfolded that lost the board (several after a chord with a wrong flag).
        declined: ``n`` answered "Play again?": no move is left.
        started: :data:`clock` at the first unfold, seconds.
        elapsed: seconds from the first unfold to the win or the loss.
        number: 1 for the first board of the game, +1 per ``y``.
        numbers: derived from ``mines``, not compared: every cell's number, row-major.
    """

    rows: int
    cols: int
    mine_count: int
    rng_state: GeneratorState = field(repr=False)
    mines: frozenset[Cell] = frozenset()
    placed: bool = False
    shown: frozenset[Cell] = frozenset()
    flags: frozenset[Cell] = frozenset()
    status: str = PLAYING
    hit: frozenset[Cell] = frozenset()
    declined: bool = False
    started: float | None = None
    elapsed: float | None = None
    number: int = 1
    numbers: tuple[int, ...] = field(default=(), compare=False, repr=False)

    def __deepcopy__(self, memo: dict) -> Board:
        """An immutable value is its own deep copy; this spares copying the generator's state."""
        return self

    def __post_init__(self) -> None:
        for name in ("mines", "shown", "flags", "hit"):
            value = getattr(self, name)
            if type(value) is not frozenset:
                object.__setattr__(self, name, frozenset(value))
        if len(self.numbers) != self.rows * self.cols:
            object.__setattr__(self, "numbers", _numbers(self.rows, self.cols, self.mines))

    @property
    def mines_left(self) -> int:
        """The mine count minus the flags placed (the prompt's number; may go below 0)."""
        return self.mine_count - len(self.flags)

    def cells(self) -> Iterator[Cell]:
        """Every cell, row by row."""
        for row in range(self.rows):
            for col in range(self.cols):
                yield (row, col)


def _evolve(board: Board, **changes: object) -> Board:
    """:func:`dataclasses.replace` without checks: frozensets only, and ``numbers`` with ``mines``."""
    new = object.__new__(Board)
    fields = new.__dict__
    fields.update(board.__dict__)
    fields.update(changes)
    return new


def max_mines(rows: int, cols: int) -> int:
    """The most mines a board can hold, keeping the first cell and its neighbours free wherever it is."""
    return rows * cols - min(rows, 3) * min(cols, 3)


def board_size(options: dict) -> tuple[int, int, int]:
    """``(rows, cols, mines)`` from the options ``level`` (default ``beginner``), ``rows``, ``cols``, ``mines``.

    A size option that is not None overrides the level's value.

    Raises:
        CommandError: for an unknown level or a size out of its bounds.
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
        raise CommandError(f"Columns must be between 1 and {MAX_COLS} "
                           f"(a to {column_label(MAX_COLS - 1)}), got {cols}")
    most = max_mines(rows, cols)
    if most < 1:
        raise CommandError(f"A {rows}x{cols} board has no room for a mine outside the first cell's zone")
    if not 1 <= mines <= most:
        raise CommandError(
            f"Mines must be between 1 and {most} on a {rows}x{cols} board "
            f"(the first cell and its neighbours stay free), got {mines}"
        )
    return rows, cols, mines


def new_board(rows: int, cols: int, mine_count: int, rng_state: GeneratorState, number: int = 1) -> Board:
    """A fresh board, every cell hidden; ``rng_state`` will place the mines (:func:`generator_state`)."""
    return Board(rows=rows, cols=cols, mine_count=mine_count, rng_state=rng_state, number=number)


def new_game(seed: int, options: dict | None = None) -> Board:
    """``Game.new``: the first board of a game from ``seed`` and the size options.

    Raises:
        CommandError: for invalid options (see :func:`board_size`).
    """
    rows, cols, mines = board_size(dict(options or {}))
    return new_board(rows, cols, mines, generator_state(seed))


def play_again(board: Board) -> Board:
    """``y``: a new board of the same size after a finished one, its mines from the same generator, continued.

    Raises:
        CommandError: while the board is in play, or once declined.
    """
    if board.status == PLAYING:
        raise CommandError(NOT_OVER)
    if board.declined:
        raise CommandError(DECLINED)
    return new_board(board.rows, board.cols, board.mine_count, board.rng_state, board.number + 1)


def decline(board: Board) -> Board:
    """The finished board after ``n`` ("Play again?" answered no), with no legal move left.

    Raises:
        CommandError: while the board is in play, or once declined.
    """
    if board.status == PLAYING:
        raise CommandError(NOT_OVER)
    if board.declined:
        raise CommandError(DECLINED)
    return _evolve(board, declined=True)


def label(cell: Cell) -> str:
    """The label of a cell (``(4, 0)`` -> ``a5``)."""
    return cell_label(*cell)


def parse_cell(text: str, board: Board) -> Cell:
    """The cell a label of any case names on ``board``: the inverse of :func:`label`.

    Raises:
        CommandError: ``Invalid Cell`` if ``text`` is not a label of a cell of this board.
    """
    match = _CELL.fullmatch(text.strip())
    if not match:
        raise CommandError(INVALID_CELL)
    col = column_index(match.group(1))
    if col is None:
        raise CommandError(INVALID_CELL)
    if len(match.group(2).lstrip("0")) > len(str(MAX_ROWS)):  # no board has such a row
        raise CommandError(INVALID_CELL)
    row = int(match.group(2)) - 1
    if not (0 <= row < board.rows and 0 <= col < board.cols):
        raise CommandError(INVALID_CELL)
    return (row, col)


def neighbours(board: Board, cell: Cell) -> tuple[Cell, ...]:
    """The up to 8 cells around ``cell`` on the board, row by row."""
    return neighbour_table(board.rows, board.cols)[cell]


def count(board: Board, cell: Cell) -> int:
    """The number of mines among the neighbours of ``cell`` (its number, 0-8)."""
    return board.numbers[cell[0] * board.cols + cell[1]]


def place_mines(board: Board, first: Cell) -> Board:
    """The board with its mines placed outside ``first``, the first cell unfolded, and its neighbours.

    The mines are the board's generator's ``sample`` of those cells, row by row.
    """
    zone = {first, *neighbours(board, first)}
    candidates = [cell for cell in board.cells() if cell not in zone]
    rng = random.Random()
    rng.setstate(board.rng_state)
    mines = frozenset(rng.sample(candidates, board.mine_count))
    return _evolve(board, mines=mines, placed=True, rng_state=rng.getstate(),
                   numbers=_numbers(board.rows, board.cols, mines))


def _check_playing(board: Board) -> None:
    if board.status != PLAYING:
        raise CommandError(BOARD_OVER)


def _flood(board: Board, cells: Iterable[Cell], shown: set[Cell]) -> None:
    """Add ``cells`` (known safe) to ``shown`` and flood-open from every ``0`` reached."""
    table = neighbour_table(board.rows, board.cols)
    numbers, cols, flags = board.numbers, board.cols, board.flags
    todo = list(cells)
    while todo:
        cell = todo.pop()
        if cell in shown or cell in flags:
            continue
        shown.add(cell)
        if numbers[cell[0] * cols + cell[1]] == 0:
            todo.extend(n for n in table[cell] if n not in shown)


def _settle(board: Board, opened: list[Cell], **changes: object) -> Board:
    """The board after opening ``opened``: lost, flood-filled, or won."""
    mines = board.mines
    if any(cell in mines for cell in opened):
        shown = board.shown.union(cell for cell in opened if cell not in mines)
        started = changes.get("started", board.started)
        hit = frozenset(cell for cell in opened if cell in mines)
        return _evolve(board, shown=shown, status=LOST, hit=hit,
                       elapsed=clock() - (started or 0.0), **changes)  # type: ignore[operator]
    if len(opened) == 1 and opened[0] not in board.shown and count(board, opened[0]):
        shown_now = board.shown | {opened[0]}  # a number: no flood fill
        if len(shown_now) == board.rows * board.cols - board.mine_count:
            started = changes.get("started", board.started)
            return _evolve(board, shown=shown_now, status=WON,
                           elapsed=clock() - (started or 0.0), **changes)  # type: ignore[operator]
        return _evolve(board, shown=shown_now, **changes)
    flooded = set(board.shown)
    _flood(board, opened, flooded)
    if len(flooded) == board.rows * board.cols - board.mine_count:
        started = changes.get("started", board.started)
        return _evolve(board, shown=frozenset(flooded), status=WON,
                       elapsed=clock() - (started or 0.0), **changes)  # type: ignore[operator]
    return _evolve(board, shown=frozenset(flooded), **changes)


def _chord_targets(board: Board, cell: Cell) -> list[Cell]:
    """The hidden unflagged neighbours a shown ``cell`` would open by chording; [] when it cannot chord."""
    number = count(board, cell)
    if number == 0:
        return []
    around = neighbours(board, cell)
    flags, shown = board.flags, board.shown
    if sum(1 for n in around if n in flags) != number:
        return []
    return [n for n in around if n not in shown and n not in flags]


def unfold(board: Board, cell: Cell) -> Board:
    """``a5``: unfold ``cell`` and flood-fill, or chord a shown number; the first unfold places the mines.

    Raises:
        CommandError: on a flag, on a shown cell that cannot chord, or once the board is finished.
    """
    _check_playing(board)
    if cell in board.flags:
        raise CommandError(FLAG_THERE)
    if cell in board.shown:
        hidden = _chord_targets(board, cell)
        if not hidden:
            raise CommandError(ALREADY_SHOWN)
        return _settle(board, hidden)
    if not board.placed:
        board = place_mines(board, cell)
        return _settle(board, [cell], started=clock())
    return _settle(board, [cell])


def toggle_flag(board: Board, cell: Cell) -> Board:
    """``a5f``: add or remove the flag on ``cell``.

    Raises:
        CommandError: on a shown cell, or once the board is finished.
    """
    _check_playing(board)
    if cell in board.shown:
        raise CommandError(CANNOT_FLAG)
    flags = board.flags - {cell} if cell in board.flags else board.flags | {cell}
    return _evolve(board, flags=flags)


def symbol(board: Board, cell: Cell) -> str:
    """The character a cell shows: its number, ``F``, a space, or once lost :data:`HIT` or ``X`` for a mine."""
    if board.status == LOST and cell in board.mines:
        return HIT if cell in board.hit else "X"
    if cell in board.flags:
        return "F"
    if cell in board.shown:
        return str(count(board, cell))
    return " "


def symbols(board: Board) -> list[str]:
    """Every cell's :func:`symbol`, row-major (index ``row * cols + col``)."""
    cols, numbers = board.cols, board.numbers
    cells = [" "] * (board.rows * cols)
    for row, col in board.shown:
        index = row * cols + col
        cells[index] = str(numbers[index])
    for row, col in board.flags:
        cells[row * cols + col] = "F"
    if board.status == LOST:
        for row, col in board.mines:
            cells[row * cols + col] = "X"
        for row, col in board.hit:
            cells[row * cols + col] = HIT
    return cells


def hidden_labels(board: Board) -> list[str]:
    """The labels of the cells not yet shown (flagged ones included), row by row."""
    return [label(cell) for cell in board.cells() if cell not in board.shown]


def legal_moves(board: Board) -> list[str]:
    """``Game.legal_moves``: every cell move row by row (``a1``, ``a1f``, ``b1``, ...); once over ``y`` and ``n``."""
    if board.status != PLAYING:
        return [] if board.declined else [AGAIN, DECLINE]
    moves: list[str] = []
    shown, flags = board.shown, board.flags
    letters = COLUMN_LABELS
    for row in range(board.rows):
        for col in range(board.cols):
            cell = (row, col)
            text = f"{letters[col]}{row + 1}"
            if cell in shown:
                if _chord_targets(board, cell):
                    moves.append(text)
            elif cell in flags:
                moves.append(text + "f")
            else:
                moves.append(text)
                moves.append(text + "f")
    return moves


def view(board: Board) -> dict[Cell, int]:
    """What the player can read off the board: shown cell -> its number (0-8)."""
    cols, numbers = board.cols, board.numbers
    return {cell: numbers[cell[0] * cols + cell[1]] for cell in board.shown}


def determinize(board: Board, rng: random.Random) -> Board:
    """``Game.determinize``: the unseen mines and the generator drawn again with ``rng``; the view kept.

    In play, the mines come from :func:`.inference.sample_mines`; a finished board keeps them.
    """
    from cardshell_minesweeper import inference

    fresh = random.Random(rng.getrandbits(64)).getstate()
    if board.status != PLAYING or not board.placed:
        return replace(board, rng_state=fresh)
    mines = inference.sample_mines(board.rows, board.cols, board.mine_count, view(board), rng)
    return replace(board, mines=mines, rng_state=fresh, numbers=())


def search_key(board: Board) -> Hashable:
    """``Search.key``: a board without its flags, which can be toggled at any time, so they name no position."""
    return board.mines, board.shown, board.status, board.number


def heuristic(board: Board) -> float:
    """``Search.heuristic``: search tries the moves that show more cells first."""
    return float(len(board.shown))
