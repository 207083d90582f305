"""Snap as a cardshell game: watch a game turn by turn, or simulate many.

Source: ``seeds/snap.txt`` and ``specs/GAMES.md``, "snap"; the commands are
those of ``issues show 5``.  Snap has no player: the outcome is reported
from player A's point of view (``won`` = A wins, ``lost`` = B wins, ``draw``
= the turn cap was reached), with the number of turns as the score.

Commands (game ``snap``):

* ``step [N]``: play one turn (or N), print what was thrown, then the pile
  and both decks with their sizes;
* ``run``: play to the end and print the result;
* ``simulate N``: play N games from seeds ``SEED``, ``SEED + 1``, ...,
  ``SEED + N - 1`` (SEED = this game's seed) and print how often A and B
  won, the draws, and the mean number of turns; it does not change the game
  (the host's sweep engine's command: :data:`.simulation.SIMULATION`).

Option: ``play snap --max-turns N`` sets the turn cap (default 10,000).
Undo is off (``Game.undo = False``): the game plays itself, there is no
move of the player's to take back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import cardshell
from cardshell import Command, CommandContext, CommandError, Game, Option, Outcome, parsers
from cardshell_snap import display, rules
from cardshell_snap.simulation import SIMULATION

CARDSHELL_CONTRACT = 1

GAME_ID = "snap"


def new(seed: int, options: Mapping[str, Any]) -> rules.SnapState:
    """``Game.new``: deal a game from ``seed``; ``options["max_turns"]`` is the turn cap."""
    cap = options.get("max_turns")
    return rules.new_game(seed, rules.MAX_TURNS if cap is None else cap)


def outcome(state: rules.SnapState) -> Outcome | None:
    """``Game.outcome`` from A's point of view: won (A wins), lost (B wins), draw (cap)."""
    if state.result is None:
        return None
    result = {rules.A_WINS: "won", rules.B_WINS: "lost"}.get(state.result, "draw")
    return Outcome(result, float(state.turns), state.result)


def _in_play(state: rules.SnapState, args: Any) -> None:
    if state.result is not None:
        raise CommandError(f"The game is over: {state.result}")


def _step(ctx: CommandContext, count: int) -> None:
    state = ctx.state
    for _ in range(count):
        if state.result is not None:
            break
        ctx.echo(display.describe(rules.play_turn(state)))
    if state.result is not None:
        ctx.echo(_result_line(state))


def _result_line(state: rules.SnapState) -> str:
    if state.result == rules.DRAW:
        return f"Draw: the turn cap of {state.max_turns} turns was reached"
    return f"{state.result} after {state.turns} turns"


def _run(ctx: CommandContext, args: None) -> None:
    rules.run(ctx.state)
    ctx.echo(_result_line(ctx.state))


@cardshell.hookimpl
def cardshell_games() -> list[Game]:
    """Register Snap."""
    return [
        Game(
            id=GAME_ID,
            title="Snap",
            summary="Two players throw cards until one runs out (won = A wins).",
            new=new,
            render=display.render,
            outcome=outcome,
            options=(
                Option("max-turns", "the turn cap: a longer game is a draw", int, rules.MAX_TURNS),
            ),
            undo=False,
        )
    ]


@cardshell.hookimpl
def cardshell_commands() -> list[Command]:
    """Register ``step``, ``run`` and ``simulate`` for Snap."""
    return [
        Command(
            name="step",
            summary="Play one turn (or N): show the pile and both decks",
            handler=_step,
            game=GAME_ID,
            aliases=("s",),
            usage="step [N]",
            help="Play the next turn, or the next N turns, of the game: the player to throw throws the card "
            "at the end (r > 0.5) or the front of its deck; a rank already in the pile takes the pile from "
            "that card on.",
            parse=parsers.optional_integer(1, 1_000_000, default=1),
            validators=(_in_play,),
        ),
        Command(
            name="run",
            summary="Play the game to the end",
            handler=_run,
            game=GAME_ID,
            help=f"Play turns until one player's deck is empty, or the turn cap (default "
            f"{rules.MAX_TURNS}) is reached: a draw.",
            validators=(_in_play,),
        ),
        SIMULATION.command(),
    ]
