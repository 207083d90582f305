"""Minesweeper as a cardshell game: the hand-out's ``a5`` / ``a5f`` grammar on :mod:`.rules` and :mod:`.display`.

The rules, commands, options and messages are plugins/cardshell_minesweeper/NOTES.md's.
A cell or ``a5f`` is typed with no command word; ``y`` is a move, ``n`` a command
because it leaves the game.  Undo is off: it would show where the mines of a
lost board are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import cardshell
from cardshell import Command, CommandContext, Game, Move, Option, Outcome, Search, UsageError
from cardshell_minesweeper import display, rules
from cardshell_minesweeper.hint import hint
from cardshell_minesweeper.labels import column_label

#: The plugin contract version this plugin was written for.
CARDSHELL_CONTRACT = 2

GAME_ID = "minesweeper"

#: The hand-out's help text (feature (c)), shown as the cell moves' summary.
HELP = "Enter the column followed by the row (ex: a5). To add or remove a flag, add 'f' to the cell (ex: a5f)."

#: The prompt after a finished board.
PLAY_AGAIN = "Play again? (y/n): "

#: A cell's label as typed: one or two column letters, then the row (``a5``, ``ab16``).
CELL = r"[a-z]{1,2}[0-9]+"

_LABEL = re.compile(CELL, re.IGNORECASE)
_CELL_LINE = re.compile(f"({CELL})(f?)", re.IGNORECASE)
_FLAG_LABEL = re.compile(f"({CELL})f?", re.IGNORECASE)


def new(seed: int, options: Mapping[str, Any]) -> rules.Board:
    """``Game.new``: the first board; ``options`` as :func:`rules.board_size` reads them.

    Raises:
        CommandError: for invalid options (too many mines, 27 columns, ...).
    """
    return rules.new_game(seed, dict(options))


def prompt(board: rules.Board) -> str:
    """``Game.prompt``: ``Enter the cell (10 mines left): `` or ``Play again? (y/n): ``."""
    if board.status == rules.PLAYING:
        return f"Enter the cell ({board.mines_left} mines left): "
    return PLAY_AGAIN


def outcome(board: rules.Board) -> Outcome | None:
    """``Game.outcome``: None in play, ``lost`` after Game over, ``won`` scored by the seconds taken.

    The game's clock is the outcome's ``duration``, so the statistics record the time ``Win`` printed.
    """
    if board.status == rules.LOST:
        hit = ", ".join(rules.label(cell) for cell in sorted(board.hit))
        line = f"{rules.GAME_OVER}: the mine at {hit}" if hit else rules.GAME_OVER
        return Outcome("lost", None, line, duration=board.elapsed)
    if board.status == rules.WON:
        # The score is the time, as Win printed it (one decimal); the detail
        # says what the number is rather than repeating it.
        return Outcome("won", round(board.elapsed or 0.0, 1), "the time in seconds", duration=board.elapsed)
    return None


def win_line(board: rules.Board) -> str:
    """The ``Win`` message with the time taken: ``Win (took 12.3 seconds)``."""
    return f"{rules.WIN} (took {board.elapsed or 0.0:.1f} seconds)"


#: The message for ``open``, ``unfold`` or ``flag`` typed without a cell (ours).
MISSING_CELL = "A cell is missing: type {word} and a cell, e.g. {word} a5"


def invalid_input(line: str) -> str:
    """``Game.invalid_input``: :data:`MISSING_CELL` for a bare ``open``/``unfold``/``flag``, else ``Invalid Cell``.

    The messages: plugins/cardshell_minesweeper/NOTES.md, "Messages".
    """
    word = line.lower()
    if word in ("open", "unfold", "flag"):
        return MISSING_CELL.format(word=word)
    return rules.INVALID_CELL


def ending_message(before: rules.Board, after: rules.Board) -> str | None:
    """``Move.message``: ``Game over`` or ``Win (took T seconds)`` when the move finished the board."""
    if before.status == after.status:
        return None
    if after.status == rules.LOST:
        return rules.GAME_OVER
    if after.status == rules.WON:
        return win_line(after)
    return None


def _parse_open(text: str) -> str:
    if not _LABEL.fullmatch(text.strip()):
        raise UsageError(rules.INVALID_CELL)
    return text.strip().lower()


def _parse_flag(text: str) -> str:
    match = _FLAG_LABEL.fullmatch(text.strip())
    if not match:
        raise UsageError(rules.INVALID_CELL)
    return match.group(1).lower()


def _parse_cell(text: str) -> tuple[str, bool]:
    match = _CELL_LINE.fullmatch(text.strip())
    if not match:
        raise UsageError(rules.INVALID_CELL)
    return match.group(1).lower(), bool(match.group(2))


def open_cell(board: rules.Board, text: str) -> rules.Board:
    """``Move.apply`` of ``open a5``: :func:`rules.unfold` on the labelled cell.

    Raises:
        CommandError: ``Invalid Cell`` off the board, or as :func:`rules.unfold`.
    """
    return rules.unfold(board, rules.parse_cell(text, board))


def flag_cell(board: rules.Board, text: str) -> rules.Board:
    """``Move.apply`` of ``flag a5``: :func:`rules.toggle_flag` on the labelled cell.

    Raises:
        CommandError: ``Invalid Cell`` off the board, or as :func:`rules.toggle_flag`.
    """
    return rules.toggle_flag(board, rules.parse_cell(text, board))


def cell_move(board: rules.Board, text: str, flag: bool) -> rules.Board:
    """``Move.apply`` of ``a5`` / ``a5f``: :func:`flag_cell` or :func:`open_cell`."""
    return flag_cell(board, text) if flag else open_cell(board, text)


def _complete(board: rules.Board | None, index: int) -> Iterable[str]:
    if board is None or index != 0 or board.status != rules.PLAYING:
        return []
    return rules.hidden_labels(board)


def _decline(ctx: CommandContext, args: None) -> None:
    """``n``: decline the finished board and leave the game."""
    ctx.state = rules.decline(ctx.state)
    ctx.echo("Left Minesweeper.")
    ctx.leave()


def _finished(board: rules.Board, args: Any) -> None:
    """Validator of ``n``: the board must be over (and not declined yet)."""
    rules.decline(board)


MOVES = (
    Move(
        name="cell",
        summary=HELP,
        apply=cell_move,
        usage="a5 | a5f",
        help="Unfold a cell (a5): a number tells how many of its 8 neighbours hold a mine; a 0 opens "
        "its neighbours too.  The first cell unfolded is always a 0.  Unfolding a shown number whose "
        "neighbouring flags equal it opens its other neighbours (chording).  Add or remove a flag "
        "with a5f.",
        parse=_parse_cell,
        complete=_complete,
        pattern=CELL + "f?",
        message=ending_message,
    ),
    Move(
        name="open",
        summary="Unfold a cell (same as typing the cell: a5)",
        apply=open_cell,
        aliases=("unfold",),
        usage="open CELL",
        parse=_parse_open,
        complete=_complete,
        message=ending_message,
    ),
    Move(
        name="flag",
        summary="Add or remove a flag (same as a5f)",
        apply=flag_cell,
        usage="flag CELL",
        parse=_parse_flag,
        complete=_complete,
    ),
    Move(
        name=rules.AGAIN,
        summary="After Game over or Win: play a new board",
        apply=rules.play_again,
        aliases=("yes",),
    ),
)

GAME = Game(
    id=GAME_ID,
    title="Minesweeper",
    summary="Sweep a 9x9 board of 10 mines: a5 unfolds, a5f flags (--level).",
    new=new,
    render=display.render,
    compact=display.render_compact,
    outcome=outcome,
    prompt=prompt,
    options=(
        # No ``choices``: Game.new names the levels in its own message.
        Option("level", "beginner 9x9/10, intermediate 16x16/40, expert 16x30/99 (rows x columns/mines)", str,
               "beginner", completions=tuple(rules.LEVELS)),
        Option("rows", f"custom number of rows (1-{rules.MAX_ROWS})", int, None),
        Option("cols", f"custom number of columns (1-{rules.MAX_COLS}, a-{column_label(rules.MAX_COLS - 1)})", int,
               None),
        Option("mines", "custom number of mines", int, None),
    ),
    invalid_input=invalid_input,
    # Undo would let a player unfold a cell, see the mines of a lost board, and take it back.
    undo=False,
    immutable=True,
    moves=MOVES,
    legal_moves=rules.legal_moves,
    determinize=rules.determinize,
    search=Search(key=rules.search_key, heuristic=rules.heuristic),
    hint=hint,
)


@cardshell.hookimpl
def cardshell_games() -> list[Game]:
    """Register Minesweeper with its moves ``a5``/``a5f``, ``open``, ``flag`` and ``y``."""
    return [GAME]


@cardshell.hookimpl
def cardshell_commands() -> list[Command]:
    """Register ``n``: a legal move after a finished board, but a command because it leaves the game."""
    return [
        Command(
            name="n",
            summary="After Game over or Win: do not play again (leaves the game)",
            handler=_decline,
            game=GAME_ID,
            aliases=("no",),
            validators=(_finished,),
            show_state=False,
            changes_state=False,
        ),
    ]
