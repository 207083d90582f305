"""The cardshell plugin: registers Higher or Lower and its commands.

Found by cardshell through the entry point declared in ``pyproject.toml``::

    [project.entry-points.cardshell]
    higher-lower = "cardshell_higher_lower.plugin"

This module only adapts :mod:`cardshell_higher_lower.rules` to cardshell's
records: a :class:`cardshell.Game` and its :class:`cardshell.Command` list.
"""

from __future__ import annotations

from typing import Any

import cardshell
from cardshell_higher_lower import display, rules

#: The plugin contract this plugin is written for (see cardshell.hookspecs).
CARDSHELL_CONTRACT = 1

#: The id typed after ``play``.
GAME_ID = "higher-lower"


# -- the game ------------------------------------------------------------------
def new(seed: int, options: dict[str, Any]) -> rules.HigherLowerState:
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


@cardshell.hookimpl
def cardshell_games() -> list[cardshell.Game]:
    """Register Higher or Lower."""
    return [
        cardshell.Game(
            id=GAME_ID,
            title="Higher or Lower",
            summary="guess whether the next card is higher or lower",
            new=new,
            render=display.render,
            outcome=outcome,
            prompt=prompt,
            options=(cardshell.Option("target", "right guesses in a row to win (1-51)", int, 5),),
        )
    ]


# -- the commands ----------------------------------------------------------------
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


def in_play(state: rules.HigherLowerState, args: Any) -> None:
    """Validator: no guessing once the game is over."""
    if state.over:
        raise cardshell.CommandError("The game is over: type 'new' to deal again.")


def do_guess(ctx: cardshell.CommandContext, direction: str) -> None:
    """Handler of ``guess``: turn the next card and say how it went."""
    card, right = rules.guess(ctx.state, direction)
    if not right:
        ctx.echo(f"{card.text} is not {direction}. Game over after {ctx.state.streak} right.")
    elif ctx.state.streak >= ctx.state.target:
        ctx.echo(f"{card.text}: right! {ctx.state.streak} in a row: you win.")
    else:
        ctx.echo(f"{card.text}: right!")


def do_odds(ctx: cardshell.CommandContext, args: None) -> None:
    """Handler of ``odds``: count the unseen cards each way (changes nothing)."""
    higher, lower, same = rules.odds(ctx.state)
    ctx.echo(f"Of {len(ctx.state.stock)} unseen cards, {higher} are higher than {ctx.state.card.text}, "
             f"{lower} lower and {same} of the same rank.")


@cardshell.hookimpl
def cardshell_commands() -> list[cardshell.Command]:
    """Register the game's commands."""
    return [
        cardshell.Command(
            "guess", "guess whether the next card is higher or lower", do_guess, game=GAME_ID,
            aliases=("g",), usage="guess higher|lower", parse=parse_direction, validators=(in_play,),
            help="h and l are short for higher and lower; a card of the same rank loses.",
            complete=lambda state, index: ["higher", "lower"] if index == 0 else [],
        ),
        cardshell.Command(
            "odds", "count the unseen cards higher and lower than this one", do_odds, game=GAME_ID,
            show_state=False, changes_state=False,
        ),
    ]
