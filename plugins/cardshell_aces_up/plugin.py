"""Aces Up as a cardshell game: adapts :mod:`.rules` and :mod:`.display` to
the plugin contract (:mod:`cardshell.hookspecs`).

Source: the CSE 231 Fall 2019 hand-out (``seeds/cse231-aces-up.txt``) and
GAMES.md, section "aces-up".  Commands, as in the hand-out's menu (upper or
lower case): ``D``, ``F x``, ``T x y``; the hand-out's ``H``, ``Q`` and ``R``
are the host's ``help``, ``quit`` and ``new`` (a new shuffle).

Choices where the hand-out is silent (documented for the README/issue note):

* a line that does not parse (``F a``, ``T 2``, ``D 2``, ``3``, and a column
  outside 1-4 such as ``F 9``) gets the hand-out's two lines
  ``Error in option: <line as typed>`` / ``Invalid option.``;
* the outcome is ``won`` when :func:`.rules.is_won` holds, ``lost`` when
  :func:`.rules.is_stuck` does (stock empty, no card can go to the
  foundation, no ``T`` move can uncover a card); the score is the number of
  cards on the foundation (48 for a win);
* the move that wins prints the hand-out's ``You won!``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import cardshell
from cardshell import Command, CommandContext, Game, Outcome, parsers

from . import rules
from .display import render

#: The plugin contract version this plugin was written for.
CARDSHELL_CONTRACT = 1

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
    """``Game.new``: a shuffled deal for ``seed`` (no options)."""
    return rules.init_game(seed)


def invalid_input(line: str) -> str:
    """``Game.invalid_input``: the hand-out's message for malformed input
    (TEST 3), quoting the line as typed (stripped), e.g.
    ``Error in option: F a`` then ``Invalid option.``."""
    return f"Error in option: {line}\nInvalid option."


def outcome(state: rules.AcesUpState) -> Outcome | None:
    """``Game.outcome``: None while in play, else won/lost with the number of
    cards on the foundation as score (see the module docstring)."""
    if rules.is_won(state):
        return Outcome("won", float(len(state.foundation)), "only the four aces are left")
    if rules.is_stuck(state):
        left = sum(len(column) for column in state.tableau)
        return Outcome("lost", float(len(state.foundation)), f"no move left, {left} cards in the tableau")
    return None


def prompt(state: rules.AcesUpState) -> str:
    """``Game.prompt``: the hand-out's ``Input an option (DFTRHQ): ``."""
    return PROMPT


def _after_move(ctx: CommandContext, new: rules.AcesUpState) -> None:
    ctx.state = new
    if rules.is_won(new):
        ctx.echo(rules.MSG_WON)


# -- D ---------------------------------------------------------------------


def _validate_deal(state: rules.AcesUpState, args: None) -> None:
    rules.check_deal(state)


def _deal(ctx: CommandContext, args: None) -> None:
    _after_move(ctx, rules.deal(ctx.state))


# -- F x -------------------------------------------------------------------


def _validate_foundation(state: rules.AcesUpState, args: tuple[int]) -> None:
    rules.check_move_to_foundation(state, args[0])


def _to_foundation(ctx: CommandContext, args: tuple[int]) -> None:
    _after_move(ctx, rules.move_to_foundation(ctx.state, args[0]))


def _complete_foundation(state: rules.AcesUpState | None, index: int) -> Iterable[str]:
    if state is None or index != 0:
        return []
    return [str(k) for k in rules.foundation_columns(state)]


# -- T x y -----------------------------------------------------------------


def _validate_tableau(state: rules.AcesUpState, args: tuple[int, int]) -> None:
    rules.check_move_to_empty_column(state, *args)


def _to_empty_column(ctx: CommandContext, args: tuple[int, int]) -> None:
    _after_move(ctx, rules.move_to_empty_column(ctx.state, *args))


def _complete_tableau(state: rules.AcesUpState | None, index: int) -> Iterable[str]:
    if state is None or not rules.empty_columns(state):
        return []
    if index == 0:
        return [str(k) for k in rules.non_empty_columns(state)]
    if index == 1:
        return [str(k) for k in rules.empty_columns(state)]
    return []


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
)

COMMANDS = [
    Command(
        name="D",
        summary="Deal to the Tableau (one card on each column).",
        handler=_deal,
        game=GAME_ID,
        usage="D",
        help="Deal four cards from the stock, one onto each column, left to right.\n"
        "Dealing with an empty stock is an error.\n\n" + RULES,
        parse=parsers.no_args,
        validators=(_validate_deal,),
    ),
    Command(
        name="F",
        summary="Move card from Tableau column x to the Foundation.",
        handler=_to_foundation,
        game=GAME_ID,
        usage="F x",
        help="Move the bottom card of column x (1-4) to the foundation. Legal only if a\n"
        "card of the same suit and higher rank (aces high) is at the bottom of\n"
        "another column; an ace never moves.\n\n" + RULES,
        parse=parsers.integers(1, 1, rules.COLUMNS),
        validators=(_validate_foundation,),
        complete=_complete_foundation,
    ),
    Command(
        name="T",
        summary="Move card from Tableau column x to empty Tableau column y.",
        handler=_to_empty_column,
        game=GAME_ID,
        usage="T x y",
        help="Move the bottom card of column x (1-4) onto column y (1-4), which must be\n"
        "empty. Any bottom card may move, even the only card of its column.\n\n" + RULES,
        parse=parsers.integers(2, 1, rules.COLUMNS),
        validators=(_validate_tableau,),
        complete=_complete_tableau,
    ),
]


@cardshell.hookimpl
def cardshell_games() -> list[Game]:
    """Register Aces Up."""
    return [GAME]


@cardshell.hookimpl
def cardshell_commands() -> list[Command]:
    """Register ``D``, ``F x`` and ``T x y`` for Aces Up."""
    return list(COMMANDS)
