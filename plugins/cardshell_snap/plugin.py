"""Snap as a cardshell game (contract 2): watch a game turn by turn, or simulate many.

Rules, commands and messages: plugins/cardshell_snap/NOTES.md.  Snap has no
player, so the outcome is A's: won (A wins), lost (B wins) or draw (the turn
cap), scored by the number of turns.  ``step [N]`` and ``run`` are moves;
``simulate N`` is the host's sweep (:data:`.simulation.SIMULATION`) and
changes nothing.  Undo is off: no move is the player's to take back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import cardshell
from cardshell import Command, Game, Move, Option, Outcome, parsers
from cardshell_snap import display, rules
from cardshell_snap.simulation import SIMULATION

#: The plugin contract version this plugin was written for.
CARDSHELL_CONTRACT = 2

GAME_ID = "snap"


def new(seed: int, options: Mapping[str, Any]) -> rules.SnapState:
    """``Game.new``: a deal from ``seed``; ``options["max_turns"]`` is the turn cap."""
    cap = options.get("max_turns")
    return rules.new_game(seed, rules.MAX_TURNS if cap is None else cap)


def outcome(state: rules.SnapState) -> Outcome | None:
    """``Game.outcome`` from A's point of view: won (A wins), lost (B wins), draw (cap)."""
    if state.result is None:
        return None
    turns = float(state.turns)
    if state.result == rules.A_WINS:
        return Outcome("won", turns, state.result)
    if state.result == rules.B_WINS:
        return Outcome("lost", turns, state.result)
    return Outcome("draw", turns, state.result)


def _result_line(state: rules.SnapState) -> str:
    if state.result == rules.DRAW:
        return f"Draw: the turn cap of {state.max_turns} turns was reached"
    return f"{state.result} after {state.turns} turns"


def step_message(before: rules.SnapState, after: rules.SnapState) -> str:
    """``Move.message`` of ``step``: one line per throw, then the result line if the game ended."""
    lines = [display.describe(throw) for throw in rules.throws_between(before, after)]
    if after.result is not None:
        lines.append(_result_line(after))
    return "\n".join(lines)


def run_message(before: rules.SnapState, after: rules.SnapState) -> str:
    """``Move.message`` of ``run``: ``A wins after 376 turns`` (or the draw line)."""
    return _result_line(after)


MOVES = (
    Move(
        name=rules.STEP,
        summary="Play one turn (or N): show the pile and both decks",
        apply=rules.step,
        check=rules.check_in_play,
        aliases=("s",),
        usage="step [N]",
        help="Play the next turn, or the next N turns, of the game: the player to throw throws the card "
        "at the end (r > 0.5) or the front of its deck; a rank already in the pile takes the pile from "
        "that card on.",
        parse=parsers.optional_integer(1, 1_000_000, default=1),
        message=step_message,
    ),
    Move(
        name=rules.RUN,
        summary="Play the game to the end",
        apply=rules.run,
        check=rules.check_in_play,
        help=f"Play turns until one player's deck is empty, or the turn cap (default "
        f"{rules.MAX_TURNS}) is reached: a draw.",
        message=run_message,
    ),
)

GAME = Game(
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
    immutable=True,
    moves=MOVES,
    legal_moves=rules.legal_moves,
    side="A",  # no decisions: the statistics read "A won", "A lost"
)


@cardshell.hookimpl
def cardshell_games() -> list[Game]:
    """Register Snap."""
    return [GAME]


@cardshell.hookimpl
def cardshell_commands() -> list[Command]:
    """Register Snap's ``simulate``."""
    return [SIMULATION.command()]
