"""The cardshell plugin: registers Higher or Lower, its move and its report.

Found by cardshell through the entry point declared in ``pyproject.toml``::

    [project.entry-points.cardshell]
    higher-lower = "cardshell_higher_lower.plugin"

This module only turns :mod:`cardshell_higher_lower.rules` into cardshell's
records: a :class:`cardshell.Game` with its :class:`cardshell.Move`, and the
``odds`` :class:`cardshell.Command`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import cardshell
from cardshell_higher_lower import display, rules

#: The plugin contract this plugin is written for (see cardshell.hookspecs).
CARDSHELL_CONTRACT = 2

#: The id typed after ``play``.
GAME_ID = "higher-lower"


# -- the game ------------------------------------------------------------------
def new(seed: int, options: Mapping[str, Any]) -> rules.HigherLowerState:
    """``Game.new``: a fresh deal; a bad ``--target`` is the player's error."""
    try:
        return rules.new_game(seed, options["target"])
    except ValueError as exc:
        raise cardshell.CommandError(str(exc)) from None


def outcome(state: rules.HigherLowerState) -> cardshell.Outcome | None:
    """``Game.outcome``: won at the target streak, lost at a wrong guess."""
    if state.lost:
        return cardshell.Outcome("lost", state.streak, f"a streak of {state.streak}")
    if state.streak >= state.target:
        return cardshell.Outcome("won", state.streak, f"{state.streak} in a row")
    return None


def prompt(state: rules.HigherLowerState) -> str:
    """``Game.prompt``: the question to the player."""
    return "game over (new or quit): " if state.over else "higher or lower? "


# -- the move --------------------------------------------------------------------
_DIRECTIONS = {"higher": rules.HIGHER, "h": rules.HIGHER, "lower": rules.LOWER, "l": rules.LOWER}


def parse_direction(text: str) -> str:
    """Parser of ``guess``: ``higher``/``h`` or ``lower``/``l``, any case.

    Raises:
        cardshell.UsageError: for anything else.
    """
    if not text.strip():
        raise cardshell.UsageError("which way: 'higher' or 'lower'?")
    direction = _DIRECTIONS.get(text.strip().lower())
    if direction is None:
        raise cardshell.UsageError(f"guess 'higher' or 'lower', not {text.strip()!r}")
    return direction


def said(before: rules.HigherLowerState, after: rules.HigherLowerState) -> str:
    """``Move.message`` of ``guess``: how it went, from the states around it."""
    card = after.card.text
    if after.lost:
        return f"{card} is not {after.guessed}. Game over after {after.streak} right."
    if after.streak >= after.target:
        return f"{card}: right! {after.streak} in a row: you win."
    return f"{card}: right!"


GUESS = cardshell.Move[rules.HigherLowerState](
    "guess", "guess whether the next card is higher or lower", apply=rules.guess, check=rules.check_guess,
    aliases=("g",), usage="guess higher|lower", parse=parse_direction, message=said,
    help="h and l are short for higher and lower; a card of the same rank loses.",
    complete=lambda state, index: ["higher", "lower"] if index == 0 else [],
)


@cardshell.hookimpl
def cardshell_games() -> list[cardshell.Game]:
    """Register Higher or Lower."""
    return [
        cardshell.Game[rules.HigherLowerState](
            id=GAME_ID,
            title="Higher or Lower",
            summary="guess whether the next card is higher or lower",
            new=new,
            render=display.render,
            outcome=outcome,
            prompt=prompt,
            options=(cardshell.Option("target", "right guesses in a row to win (1-51)", int, 5),),
            immutable=True,
            moves=(GUESS,),
            legal_moves=rules.legal_moves,
            determinize=rules.determinize,
            search=cardshell.Search(heuristic=rules.heuristic),
        )
    ]


# -- a report that is not a move -----------------------------------------------------
def do_odds(ctx: cardshell.CommandContext[rules.HigherLowerState], args: None) -> None:
    """Handler of ``odds``: count the unseen cards each way (changes nothing)."""
    higher, lower, same = rules.odds(ctx.state)
    ctx.echo(f"Of {len(ctx.state.stock)} unseen cards, {higher} are higher than {ctx.state.card.text}, "
             f"{lower} lower and {same} of the same rank.")


@cardshell.hookimpl
def cardshell_commands() -> list[cardshell.Command]:
    """Register ``odds``, a command that only reports."""
    return [
        cardshell.Command[rules.HigherLowerState](
            "odds", "count the unseen cards higher and lower than this one", do_odds, game=GAME_ID,
            show_state=False, changes_state=False,
        ),
    ]
