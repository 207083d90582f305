"""Blackjack as a cardshell game (contract 2): the records over :mod:`.rules`, :mod:`.strategy` and :mod:`.simulation`.

Rules, questions and messages: plugins/cardshell_blackjack/NOTES.md.  ``1``
(hit), ``0`` (stay) and ``y`` are moves; ``n`` is a command because it also
leaves the game.  ``hint`` answers by basic strategy from the player's hand;
``simulate N [T]`` is the host's sweep (:data:`.simulation.SIMULATION`).
Undo is off: it would let the player see the next card and take it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, cast

import cardshell
from cardshell import Command, CommandContext, Game, Move, Outcome, UsageError, parsers
from cardshell_blackjack import display, rules, strategy
from cardshell_blackjack.rules import BlackjackState
from cardshell_blackjack.simulation import SIMULATION

CARDSHELL_CONTRACT = 2

GAME_ID = "blackjack"

RESULT_DETAILS = {"won": "You beat the dealer", "lost": "Dealer wins", "draw": "You tied the dealer"}


# --- parsing -----------------------------------------------------------------------


def invalid_input(line: str) -> str:
    """``Game.invalid_input``: what is wrong with ``simulate``'s arguments, else a reminder of the answers."""
    word, _, rest = line.partition(" ")
    if word.lower() == "simulate":
        try:
            SIMULATION.grammar.parse(rest)
        except UsageError as error:
            return f"Error, {error.message} (usage: {SIMULATION.grammar.usage})."
    return (
        f"Error, {parsers.quoted(line)} is not an answer: type 1 (hit) or 0 (stay) during a round, "
        "y or n after it (or simulate N [T], score, help)."
    )


# --- handlers ----------------------------------------------------------------------


def _hit_message(before: BlackjackState, after: BlackjackState) -> str:
    return "\n".join(rules.hit_lines(before, after))


def _stay_message(before: BlackjackState, after: BlackjackState) -> str:
    return "\n".join(rules.stay_lines(before, after))


def _deal_again(state: BlackjackState) -> BlackjackState:
    return rules.play_again(state, True)


def _no(ctx: CommandContext, args: None) -> None:
    """``n``: no more rounds; the final score is shown and the game is left."""
    ctx.state = rules.play_again(ctx.state, False)
    ctx.leave()


def _score(ctx: CommandContext, args: None) -> None:
    ctx.echo(ctx.state.score_line())


def _round_over(state: BlackjackState, args: Any) -> None:
    rules.check_round_over(state)


# --- the game ----------------------------------------------------------------------


def new(seed: int, options: Mapping[str, Any]) -> BlackjackState:
    """``Game.new``: a game from ``seed`` with its first round dealt (no options)."""
    return rules.new_game(seed)


def outcome(state: BlackjackState) -> Outcome | None:
    """``Game.outcome``: the settled round's result, scored by the player's hand value; None in play.

    The outcome goes back to None when ``y`` deals the next round, so the host
    reports a game over once per round.
    """
    if state.result is None:
        return None
    result = cast(Literal["won", "lost", "draw"], state.result)  # as rules.settle gives it
    return Outcome(result, float(rules.hand_value(state.player)), RESULT_DETAILS[state.result])


def prompt(state: BlackjackState) -> str:
    """``Game.prompt``: the current question (:func:`.rules.question`)."""
    return rules.question(state)


MOVES = (
    Move(
        name="1",
        aliases=("hit",),
        summary="Hit: draw another card.",
        apply=rules.draw,
        check=rules.check_player_turn,
        usage="1",
        help="1 (or hit): draw one more card. Going over 21 loses the round at once.",
        message=_hit_message,
    ),
    Move(
        name="0",
        aliases=("stay",),
        summary="Stay: keep your hand; the dealer plays.",
        apply=rules.stand,
        check=rules.check_player_turn,
        usage="0",
        help="0 (or stay): keep your hand. The dealer draws while under 17, then the round is settled.",
        message=_stay_message,
    ),
    Move(
        name="y",
        aliases=("yes",),
        summary="Play another round (a freshly shuffled deck).",
        apply=_deal_again,
        check=rules.check_round_over,
        usage="y",
        help="y (or yes), after a round: deal a new round from a full, freshly shuffled deck.",
    ),
)

GAME = Game(
    id=GAME_ID,
    title="Blackjack",
    summary="Beat the dealer to 21 without going over (1 = hit, 0 = stay).",
    new=new,
    render=display.render,
    outcome=outcome,
    prompt=prompt,
    invalid_input=invalid_input,
    case_sensitive=False,
    undo=False,
    immutable=True,
    moves=MOVES,
    legal_moves=rules.legal_moves,
    determinize=rules.determinize,
    hint=strategy.hint,
)

COMMANDS = [
    Command(
        name="n",
        aliases=("no",),
        summary="Stop playing (the score stays).",
        handler=_no,
        game=GAME_ID,
        usage="n",
        help="n (or no), after a round: end the game. Type new for a new game.",
        validators=(_round_over,),
    ),
    Command(
        name="score",
        summary="Show the rounds won, lost and tied.",
        handler=_score,
        game=GAME_ID,
        usage="score",
        show_state=False,
        changes_state=False,
    ),
    SIMULATION.command(),
]


@cardshell.hookimpl
def cardshell_games() -> list[Game]:
    """Register Blackjack."""
    return [GAME]


@cardshell.hookimpl
def cardshell_commands() -> list[Command]:
    """Register ``n``, ``score`` and ``simulate``, the commands that are not moves."""
    return list(COMMANDS)
