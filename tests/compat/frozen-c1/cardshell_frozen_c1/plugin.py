"""The cardshell plugin: registers Sort and its commands.

Found by cardshell through the entry point in ``pyproject.toml``::

    [project.entry-points.cardshell]
    frozen-sort = "cardshell_frozen_c1.plugin"
"""

from __future__ import annotations

from typing import Any

import cardshell
from cardshell import parsers

from cardshell_frozen_c1 import display, rules

#: The plugin contract this plugin is written for (see cardshell.hookspecs).
CARDSHELL_CONTRACT = 1

#: The id typed after ``play``.
GAME_ID = "frozen-sort"


# -- the game ------------------------------------------------------------------
def new(seed: int, options: dict[str, Any]) -> rules.SortState:
    """``Game.new``: a fresh row; a bad ``--size`` or ``--limit`` is the player's error."""
    try:
        return rules.new_game(seed, options["size"], options["limit"])
    except ValueError as exc:
        raise cardshell.CommandError(str(exc)) from None


def outcome(state: rules.SortState) -> cardshell.Outcome | None:
    """``Game.outcome``: won when the row is in order, lost when the swaps ran out."""
    if state.sorted:
        return cardshell.Outcome("won", state.swaps, f"sorted in {state.swaps} swap{'s' if state.swaps != 1 else ''}")
    if state.swaps >= state.limit:
        return cardshell.Outcome("lost", state.swaps, "out of swaps")
    return None


def prompt(state: rules.SortState) -> str:
    """``Game.prompt``."""
    return "game over (new or quit): " if state.over else "swap N or hint: "


@cardshell.hookimpl
def cardshell_games() -> list[cardshell.Game]:
    """Register Sort."""
    return [
        cardshell.Game(
            id=GAME_ID,
            title="Sort",
            summary="put a row of cards in order by swapping neighbours",
            new=new,
            render=display.render,
            outcome=outcome,
            prompt=prompt,
            options=(
                cardshell.Option("size", "cards in the row (2-10)", int, 5),
                cardshell.Option("limit", "swaps allowed", int, 10),
            ),
        )
    ]


# -- the commands ----------------------------------------------------------------
def in_play(state: rules.SortState, args: Any) -> None:
    """Validator: no swapping once the game is over."""
    if state.over:
        raise cardshell.CommandError("The game is over: type 'new' to deal again.")


def has_neighbour(state: rules.SortState, args: tuple[int]) -> None:
    """Validator: the position must have a card to its right."""
    (position,) = args
    if position >= len(state.row):
        raise cardshell.CommandError(f"Card {position} is the last one: swap {position - 1} swaps it with its left.")


def do_swap(ctx: cardshell.CommandContext, args: tuple[int]) -> None:
    """Handler of ``swap``."""
    (position,) = args
    left, right = ctx.state.row[position - 1], ctx.state.row[position]
    rules.swap(ctx.state, position)
    if ctx.state.sorted:
        swaps = ctx.state.swaps
        plural = "s" if swaps != 1 else ""
        ctx.echo(f"Swapped {left.text} and {right.text}. In order after {swaps} swap{plural}: you win.")
    else:
        ctx.echo(f"Swapped {left.text} and {right.text}.")


def do_hint(ctx: cardshell.CommandContext, args: None) -> None:
    """Handler of the game's own ``hint`` (changes nothing)."""
    position = rules.advice(ctx.state)
    if position is None:
        ctx.echo("Sort hint: the row is in order.")
    else:
        to_go = rules.out_of_order(ctx.state)
        ctx.echo(f"Sort hint: swap {position} ({to_go} swap{'s' if to_go != 1 else ''} to go).")


def do_jam(ctx: cardshell.CommandContext, args: None) -> None:
    """Handler of ``jam``: turns the row around in place, then fails.

    A deliberate plugin bug: the host must report it and roll the game back
    to before the command (docs/plugins.md, section 5).
    """
    ctx.state.row.reverse()
    raise RuntimeError("the row jammed")


@cardshell.hookimpl
def cardshell_commands() -> list[cardshell.Command]:
    """Register the game's commands."""
    return [
        cardshell.Command(
            "swap", "swap the card at N with its right-hand neighbour", do_swap, game=GAME_ID,
            aliases=("s",), usage="swap N", parse=parsers.integers(1, 1, rules.MAX_SIZE),
            validators=(in_play, has_neighbour),
            help="Cards are numbered from 1 on the left; swap 2 swaps cards 2 and 3.",
        ),
        cardshell.Command(
            "hint", "suggest the next swap", do_hint, game=GAME_ID,
            show_state=False, changes_state=False,
            help="Sort's own hint: the leftmost pair of neighbours out of order,\n"
                 "and how many swaps the row still needs.",
        ),
        cardshell.Command(
            "jam", "a broken command (it always fails)", do_jam, game=GAME_ID,
            help="Turns the row around, then raises: the game must be left as it was.",
        ),
    ]
