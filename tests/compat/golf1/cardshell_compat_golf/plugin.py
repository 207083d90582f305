"""The cardshell plugin: Golf, written for plugin contract 1.

Its moves are ``Command`` records whose handlers change ``ctx.state`` in
place; it also registers its own ``hint``, ``show`` and ``moves``, words
the host uses too (the host's stay reachable as ``%hint`` and so on).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import cardshell
from cardshell import parsers

from cardshell_compat_golf import display, rules

#: The plugin contract this plugin is written for.
CARDSHELL_CONTRACT = 1

#: The id typed after ``play``.
GAME_ID = "compat-golf"


def new(seed: int, options: Mapping[str, Any]) -> rules.GolfState:
    """``Game.new``: a fresh deal."""
    return rules.new_game(seed)


def outcome(state: rules.GolfState) -> cardshell.Outcome | None:
    """``Game.outcome``: won with every column empty, lost when stuck."""
    result = rules.result(state)
    if result is None:
        return None
    return cardshell.Outcome(result, state.left, f"{state.left} cards left")


def prompt(state: rules.GolfState) -> str:
    """``Game.prompt``."""
    return "game over (new or quit): " if rules.result(state) else "play N, draw or hint: "


def parse_column(text: str) -> int:
    """Parser of ``play``: one column number 1..7.

    Raises:
        cardshell.UsageError: no number, a bad number, or out of range.
    """
    words = text.split()
    if len(words) != 1:
        raise cardshell.UsageError("which column? give one number 1-7")
    column = parsers.integer(words[0])
    if not 1 <= column <= rules.COLUMNS:
        raise cardshell.UsageError(f"there is no column {column}: columns are 1-7")
    return column


def in_play(state: rules.GolfState, args: Any) -> None:
    """Validator of the moves: the game must not be over."""
    if rules.result(state) is not None:
        raise cardshell.CommandError("The game is over: type 'new' to deal again.")


def column_fits(state: rules.GolfState, column: int) -> None:
    """Validator of ``play``: the column's top card goes on the waste."""
    rules.check_play(state, column)


def do_play(ctx: cardshell.CommandContext[rules.GolfState], column: int) -> None:
    """Handler of ``play N``: changes the state in place."""
    rules.play(ctx.state, column)


def do_draw(ctx: cardshell.CommandContext[rules.GolfState], args: None) -> None:
    """Handler of ``draw``: changes the state in place."""
    rules.draw(ctx.state)


def do_hint(ctx: cardshell.CommandContext[rules.GolfState], args: None) -> None:
    """The game's own ``hint`` command."""
    advice = rules.advice(ctx.state)
    ctx.echo(f"Golf hint: {advice}" if advice else "Golf hint: none, the game is over.")


def do_show(ctx: cardshell.CommandContext[rules.GolfState], args: None) -> None:
    """The game's own ``show`` command: the top cards on one line."""
    ctx.echo(display.tops(ctx.state))


def do_moves(ctx: cardshell.CommandContext[rules.GolfState], args: None) -> None:
    """The game's own ``moves`` command: every play possible now."""
    if rules.result(ctx.state) is not None:
        ctx.echo("Golf moves: none, the game is over.")
        return
    plays = [f"play {number}" for number in rules.playable(ctx.state)]
    if ctx.state.stock:
        plays.append("draw")
    ctx.echo(f"Golf moves: {', '.join(plays)}")


@cardshell.hookimpl
def cardshell_games() -> list[cardshell.Game]:
    """Register Golf."""
    return [
        cardshell.Game(
            id=GAME_ID,
            title="Golf",
            summary="clear seven columns onto the waste, one rank up or down",
            new=new,
            render=display.render,
            outcome=outcome,
            prompt=prompt,
        )
    ]


@cardshell.hookimpl
def cardshell_commands() -> list[cardshell.Command]:
    """Register Golf's moves and its own ``hint``, ``show`` and ``moves``."""
    report = {"game": GAME_ID, "show_state": False, "changes_state": False}
    return [
        cardshell.Command("play", "move a column's top card to the waste", do_play, game=GAME_ID, aliases=("p",),
                          usage="play N", parse=parse_column, validators=(in_play, column_fits)),
        cardshell.Command("draw", "turn the next stock card onto the waste", do_draw, game=GAME_ID,
                          aliases=("d",), validators=(in_play,)),
        cardshell.Command("hint", "Golf's own advice: the column to play, or draw", do_hint, **report),
        cardshell.Command("show", "the top cards on one line", do_show, **report),
        cardshell.Command("moves", "every play possible now", do_moves, **report),
    ]
