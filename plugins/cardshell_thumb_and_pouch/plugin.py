"""Thumb and Pouch as a cardshell game: :mod:`.rules`, :mod:`.display` and :mod:`.solver` on the plugin contract.

The moves ``tf x y``, ``tt x y n``, ``wf x``, ``wt x`` and ``sw``, with ``r``,
``h`` and ``q`` as host aliases, all case-insensitive
(plugins/cardshell_thumb_and_pouch/NOTES.md, "Commands").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import cardshell
from cardshell import Game, Move, Outcome, Search, UsageError, parsers
from cardshell_thumb_and_pouch import display, rules, search_moves, solver
from cardshell_thumb_and_pouch.rules import FOUNDATIONS, TABLEAU_PILES, ThumbAndPouchState

#: The plugin contract version this plugin was written for.
CARDSHELL_CONTRACT = 2

GAME_ID = "thumb-and-pouch"

#: name -> (number of arguments, usage, what the numbers are).
GRAMMAR: dict[str, tuple[int, str, str]] = {
    "tf": (2, "tf x y", "x a tableau pile 1-7, y a foundation 1-4"),
    "tt": (3, "tt x y n", "x and y tableau piles 1-7, n the number of cards"),
    "wf": (1, "wf x", "x a foundation 1-4"),
    "wt": (1, "wt x", "x a tableau pile 1-7"),
    "sw": (0, "sw", ""),
}

#: Every command the player can type in this game, for the unknown-command message.
ALL_COMMANDS = "tf x y, tt x y n, wf x, wt x, sw, r (new deal), h (help), q (quit)"

_NUMBER = re.compile(r"[+-]?[0-9]+")


def _usage_message(name: str, args: list[str], line: str) -> str:
    """What is wrong with ``args`` for command ``name``, with its grammar, quoting ``line``."""
    count, usage, meaning = GRAMMAR[name]
    if meaning:
        usage = f"{usage} ({meaning})"
    if len(args) != count:
        wanted = "no arguments" if count == 0 else f"{count} number{'s' if count != 1 else ''}"
        return f"Error, {name} takes {wanted}: {usage}; got {parsers.quoted(line)}."
    bad = next((word for word in args if not _NUMBER.fullmatch(word)), None)
    if bad is None:
        return f"Error, cannot understand {parsers.quoted(line)}: {usage}."
    return f"Error, {parsers.quoted(bad)} is not a number: {usage}; got {parsers.quoted(line)}."


def invalid_input(line: str) -> str:
    """``Game.invalid_input``: what is wrong with a known command's arguments, else the list of commands."""
    words = line.split()
    if not words:
        return f"Error, empty command: the commands are {ALL_COMMANDS}."
    name = words[0].lower()
    if name in GRAMMAR:
        return _usage_message(name, words[1:], line)
    return f"Error, unknown command {parsers.quoted(words[0])}: the commands are {ALL_COMMANDS}."


def parse_numbers(name: str, args: list[str]) -> tuple[int, ...]:
    """Read the arguments of command ``name`` as integers.

    Raises:
        UsageError: wrong number of arguments or a word that is not an integer.
    """
    count = GRAMMAR[name][0]
    if len(args) != count or not all(_NUMBER.fullmatch(word) for word in args):
        line = " ".join([name, *args])
        raise UsageError(_usage_message(name, args, line))
    return tuple(parsers.integer(word) for word in args)  # UsageError past parsers.MAX_DIGITS digits


def _parser(name: str):
    def parse(text: str) -> tuple[int, ...]:
        return parse_numbers(name, text.split())

    parse.__doc__ = f"Parse the arguments of ``{GRAMMAR[name][1]}``; raise UsageError."
    return parse


# --- completion ----------------------------------------------------------------


def _nonempty_piles(state: ThumbAndPouchState | None) -> list[str]:
    if state is None:
        return [str(n) for n in range(1, TABLEAU_PILES + 1)]
    return [str(n) for n in range(1, TABLEAU_PILES + 1) if state.tableau[n - 1]]


def _all_piles() -> list[str]:
    return [str(n) for n in range(1, TABLEAU_PILES + 1)]


def _foundations() -> list[str]:
    return [str(n) for n in range(1, FOUNDATIONS + 1)]


def complete_tf(state: ThumbAndPouchState | None, index: int) -> Iterable[str]:
    """Completion for ``tf x y``: non-empty tableau piles, then foundations 1-4."""
    return _nonempty_piles(state) if index == 0 else _foundations() if index == 1 else []


def complete_tt(state: ThumbAndPouchState | None, index: int) -> Iterable[str]:
    """Completion for ``tt x y n``: non-empty piles, piles 1-7, then 1 to the longest face-up run."""
    if index == 0:
        return _nonempty_piles(state)
    if index == 1:
        return _all_piles()
    if index == 2:
        longest = 1 if state is None else max(state.face_up_count(n) for n in range(1, TABLEAU_PILES + 1))
        return [str(n) for n in range(1, max(longest, 1) + 1)]
    return []


def complete_wf(state: ThumbAndPouchState | None, index: int) -> Iterable[str]:
    """Completion for ``wf x``: foundations 1-4."""
    return _foundations() if index == 0 else []


def complete_wt(state: ThumbAndPouchState | None, index: int) -> Iterable[str]:
    """Completion for ``wt x``: tableau piles 1-7."""
    return _all_piles() if index == 0 else []


# --- moves -------------------------------------------------------------------------


def won_message(before: ThumbAndPouchState, after: ThumbAndPouchState) -> str | None:
    """``Move.message``: the win message after the move that completes the foundations."""
    return rules.MSG_WON if rules.is_won(after) else None


def new(seed: int, options: Mapping[str, Any]) -> ThumbAndPouchState:
    """``Game.new``: deal the game of ``seed``; no options."""
    return rules.new_game(seed)


def outcome(state: ThumbAndPouchState) -> Outcome | None:
    """``Game.outcome``: won, lost when no legal move is left, else None; scored by the cards on the foundations.

    The rule: plugins/cardshell_thumb_and_pouch/NOTES.md, "Winning and losing".
    """
    if rules.is_won(state):
        return Outcome("won", 52.0, "all four foundations complete")
    if not rules.legal_moves(state):
        placed = sum(len(found) for found in state.foundations)
        return Outcome("lost", float(placed), f"no move left, {placed} cards on the foundations")
    return None


MOVES = (
    Move(
        name="tf",
        summary="Move the top card of tableau pile x to foundation y.",
        apply=rules.tableau_to_foundation,
        check=rules.check_tableau_to_foundation,
        usage="tf x y",
        help="tf x y: move the top card of tableau pile x (1-7) to foundation y (1-4). "
        "An ace starts an empty foundation; then the same suit, one rank higher.",
        parse=_parser("tf"),
        complete=complete_tf,
        message=won_message,
    ),
    Move(
        name="tt",
        summary="Move n cards from tableau pile x to tableau pile y.",
        apply=rules.tableau_to_tableau,
        check=rules.check_tableau_to_tableau,
        usage="tt x y n",
        help="tt x y n: move the n top cards (a face-up run, each one rank lower than the card above "
        "and of another suit) from tableau pile x onto pile y (1-7). The uppermost card moved must be "
        "one rank lower than y's top card and of another suit; an empty pile takes any card.",
        parse=_parser("tt"),
        complete=complete_tt,
        message=won_message,
    ),
    Move(
        name="wf",
        summary="Move the top waste card to foundation x.",
        apply=rules.waste_to_foundation,
        check=rules.check_waste_to_foundation,
        usage="wf x",
        help="wf x: move the top card of the waste to foundation x (1-4).",
        parse=_parser("wf"),
        complete=complete_wf,
        message=won_message,
    ),
    Move(
        name="wt",
        summary="Move the top waste card to tableau pile x.",
        apply=rules.waste_to_tableau,
        check=rules.check_waste_to_tableau,
        usage="wt x",
        help="wt x: move the top card of the waste to tableau pile x (1-7).",
        parse=_parser("wt"),
        complete=complete_wt,
        message=won_message,
    ),
    Move(
        name="sw",
        summary="Draw one card from the stock to the waste (one pass only).",
        apply=rules.stock_to_waste,
        check=rules.check_stock_to_waste,
        usage="sw",
        help="sw: turn the top card of the stock onto the waste. The stock is gone through once only.",
        parse=_parser("sw"),
        message=won_message,
    ),
)

GAME = Game(
    id=GAME_ID,
    title="Thumb and Pouch",
    summary="Klondike variant: build down on another suit; one pass of the stock.",
    new=new,
    render=display.render,
    outcome=outcome,
    host_aliases={"h": "help", "q": "quit", "r": "new"},
    invalid_input=invalid_input,
    case_sensitive=False,
    immutable=True,
    moves=MOVES,
    legal_moves=rules.legal_moves,
    determinize=rules.determinize,
    search=Search(key=solver.search_key, heuristic=rules.heuristic, successors=solver.successors,
                  safe=search_moves.safe_move),
)


@cardshell.hookimpl
def cardshell_games() -> list[Game]:
    """Register Thumb and Pouch with its moves ``tf``, ``tt``, ``wf``, ``wt`` and ``sw``."""
    return [GAME]
