"""Aces Up as a cardshell game (contract 2): the records over :mod:`.rules` and :mod:`.display`.

Commands as in the hand-out's menu, upper or lower case: ``D``, ``F x``,
``T x y``; its ``H``, ``Q`` and ``R`` are the host's ``help``, ``quit`` and
``new``.  Outcomes, score and messages: plugins/cardshell_aces_up/NOTES.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import cardshell
from cardshell import Game, Move, Outcome, Search, UsageError, parsers

from . import fastsolve, rules, solver
from .display import render

#: The plugin contract version this plugin was written for.
CARDSHELL_CONTRACT = 2

#: The game id typed after ``play``.
GAME_ID = "aces-up"

#: The hand-out's prompt (TEST 1-4).
PROMPT = "Input an option (DFTRHQ): "

#: The hand-out's rules text (``RULES``), used as the help of the game's commands.
RULES = (
    "Aces High Card Game:\n"
    "     Tableau columns are numbered 1,2,3,4.\n"
    "     Only the card at the bottom of a Tableau column can be moved.\n"
    "     A card can be moved to the Foundation only if a higher ranked card\n"
    "     of the same suit is at the bottom of another Tableau column.\n"
    "     To win, all cards except aces must be in the Foundation."
)


def new_game(seed: int, options: Mapping[str, Any]) -> rules.AcesUpState:
    """``Game.new``: the deal for ``seed`` (no options)."""
    return rules.init_game(seed)


def invalid_input(line: str) -> str:
    """``Game.invalid_input``: ``Error in option: <line>`` / ``Invalid option.`` (the hand-out's), then :func:`reason`.

    The line is quoted as typed, clipped by :func:`cardshell.parsers.clipped`.
    """
    return f"Error in option: {parsers.clipped(line)}\nInvalid option.\n{reason(line)}"


def reason(line: str) -> str:
    """Why ``line`` is not an option, in one line, lower case, e.g. ``D takes no argument``.

    It runs the moves' own parsers, so the reason is the one that rejected the line.
    """
    words = line.split()
    name = words[0].upper() if words else ""
    rest = line.strip()[len(words[0]):] if words else ""
    parse = _PARSERS.get(name)
    if parse is not None:
        try:
            parse(rest)
        except UsageError as exc:
            return str(exc)
    return f"{parsers.quoted(words[0] if words else line)} is not an option: D, F x, T x y, H, R or Q"


#: How each column argument is named in the "missing" reasons, by count.
_MISSING = {
    1: ("a column is missing: F x moves the bottom card of column x",),
    2: ("the columns are missing: T x y moves column x's bottom card to empty column y",
        "the target column is missing: T x y moves column x's bottom card to empty column y"),
}


def parse_columns(count: int, name: str) -> parsers.Parser:
    """The parser of ``F x`` (``count`` 1) or ``T x y`` (2), ``name`` the move's letter.

    The parser returns the columns (1-4) as a tuple and raises
    :class:`cardshell.UsageError` saying what is wrong.
    """

    def parse(text: str) -> tuple[int, ...]:
        words = text.split()
        if len(words) < count:
            raise UsageError(_MISSING[count][len(words)])
        if len(words) > count:
            raise UsageError(f"{name} takes {'one column' if count == 1 else 'two columns'}, got {len(words)}")
        columns = []
        for word in words:
            try:
                column = parsers.integer(word)
            except UsageError:
                raise UsageError(f"{parsers.quoted(word)} is not a column: columns are 1 to {rules.COLUMNS}") from None
            if not 1 <= column <= rules.COLUMNS:
                raise UsageError(f"there is no column {column}: columns are 1 to {rules.COLUMNS}")
            columns.append(column)
        return tuple(columns)

    return parse


def _no_argument(text: str) -> None:
    if text.strip():
        raise UsageError("D takes no argument: it deals one card onto each column")


_PARSERS: dict[str, parsers.Parser] = {"D": _no_argument, "F": parse_columns(1, "F"), "T": parse_columns(2, "T")}


def outcome(state: rules.AcesUpState) -> Outcome | None:
    """``Game.outcome``: None in play, else won or lost, scored by the cards on the foundation."""
    if rules.is_won(state):
        return Outcome("won", float(len(state.foundation)), "only the four aces are left")
    if rules.is_stuck(state):
        left = sum(len(column) for column in state.tableau)
        return Outcome("lost", float(len(state.foundation)), f"no move left, {left} cards in the tableau")
    return None


def prompt(state: rules.AcesUpState) -> str:
    """``Game.prompt``: the hand-out's ``Input an option (DFTRHQ): ``."""
    return PROMPT


def won_message(before: rules.AcesUpState, after: rules.AcesUpState) -> str | None:
    """``Move.message``: ``You won!`` after the winning move."""
    return rules.MSG_WON if rules.is_won(after) else None


def _complete_foundation(state: rules.AcesUpState | None, index: int) -> Iterable[str]:
    if state is None or index != 0:
        return []
    return [str(k) for k in rules.foundation_columns(state)]


def _complete_tableau(state: rules.AcesUpState | None, index: int) -> Iterable[str]:
    if state is None or not rules.empty_columns(state):
        return []
    if index == 0:
        return [str(k) for k in rules.non_empty_columns(state)]
    if index == 1:
        return [str(k) for k in rules.empty_columns(state)]
    return []


MOVES = (
    Move(
        name="D",
        summary="Deal to the Tableau (one card on each column).",
        apply=rules.deal,
        usage="D",
        parse=_no_argument,
        help="Deal four cards from the stock, one onto each column, left to right.\n"
        "Dealing with an empty stock is an error.\n\n" + RULES,
        message=won_message,
    ),
    Move(
        name="F",
        summary="Move card from Tableau column x to the Foundation.",
        apply=rules.move_to_foundation,
        usage="F x",
        help="Move the bottom card of column x (1-4) to the foundation. Legal only if a\n"
        "card of the same suit and higher rank (aces high) is at the bottom of\n"
        "another column; an ace never moves.\n\n" + RULES,
        parse=_PARSERS["F"],
        complete=_complete_foundation,
        message=won_message,
    ),
    Move(
        name="T",
        summary="Move card from Tableau column x to empty Tableau column y.",
        apply=rules.move_to_empty_column,
        usage="T x y",
        help="Move the bottom card of column x (1-4) onto column y (1-4), which must be\n"
        "empty. Any bottom card may move, even the only card of its column.\n\n" + RULES,
        parse=_PARSERS["T"],
        complete=_complete_tableau,
        message=won_message,
    ),
)

GAME = Game(
    id=GAME_ID,
    title="Aces Up",
    summary="Solitaire, aces high: discard every card but the four aces.",
    new=new_game,
    render=render,
    outcome=outcome,
    prompt=prompt,
    host_aliases={"h": "help", "q": "quit", "r": "new"},
    invalid_input=invalid_input,
    immutable=True,
    moves=MOVES,
    legal_moves=rules.legal_moves,
    determinize=rules.determinize,
    search=Search(key=solver.search_key, heuristic=rules.heuristic, successors=solver.successors,
                  solver=fastsolve.solve),
)


@cardshell.hookimpl
def cardshell_games() -> list[Game]:
    """Register Aces Up."""
    return [GAME]
