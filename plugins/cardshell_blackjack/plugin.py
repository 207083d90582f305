"""Blackjack as a cardshell plugin: the records of :mod:`.rules`,
:mod:`.strategy` and :mod:`.simulation` under plugin contract 2 (immutable
states, declarative moves, legal moves, determinize, the game's own hint).

Source: the hand-out's problem 2, as recorded in
``plugins/cardshell_blackjack/NOTES.md``; issue 3 items 3-4.  Inside the
shell the player answers the game's questions (shown as the prompt, see :func:`rules.question`):

* ``Hit or stay? (Hit = 1, Stay = 0): `` -- ``1`` (or ``hit``), ``0`` (or ``stay``);
* ``Want to play again? (y/n): `` -- ``y`` (or ``yes``) deals a new round
  from a full deck freshly shuffled with the game's generator; ``n`` (or
  ``no``) ends the game, keeping the last result.

Each accepted answer prints the hand-out's lines (``You draw CARD``,
``Dealer draws CARD``, value lines, result line), then the display (the
player's hand in play, the running score once settled).  ``score`` shows
the running score; ``simulate N [T]`` plays N rounds by the policy "hit
below T" (default 17), round k dealt from seed SEED+k (``--first SEED`` or
``--seed SEED``, default the game's seed), and prints the rates: the
command is the host's sweep engine's (:data:`.simulation.SIMULATION`).
Undo is off: it would let the player see the next card and take it back.

Contract 2: ``1``, ``0`` and ``y`` are declarative :class:`cardshell.Move`
records over the immutable :class:`.rules.BlackjackState`; ``n`` stays a
:class:`cardshell.Command` because it also leaves the game
(``ctx.leave()``), which a move cannot ask for.  ``moves`` lists ``1, 0``
or ``y, n``; ``hint`` answers by basic strategy (:mod:`.strategy`) from the
player's hand alone; ``solve`` searches the true deck of the current round.
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
    """The message for a line Blackjack cannot parse (Game.invalid_input).

    Args:
        line (str): the whole line as typed, stripped.

    Returns:
        str: for ``simulate``, what is wrong with its arguments; otherwise a
        reminder of the answers, quoting the line.
    """
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
    """``Move.message`` of ``1``: the hand-out's lines (:func:`.rules.hit_lines`)."""
    return "\n".join(rules.hit_lines(before, after))


def _stay_message(before: BlackjackState, after: BlackjackState) -> str:
    """``Move.message`` of ``0``: the hand-out's lines (:func:`.rules.stay_lines`)."""
    return "\n".join(rules.stay_lines(before, after))


def _deal_again(state: BlackjackState) -> BlackjackState:
    """``Move.apply`` of ``y``: a new round (:func:`.rules.play_again`)."""
    return rules.play_again(state, True)


def _no(ctx: CommandContext, args: None) -> None:
    """``n``: no more rounds; the final score is shown and the game is left
    (hand-out part (f): "quit the Blackjack game")."""
    ctx.state = rules.play_again(ctx.state, False)
    ctx.leave()


def _score(ctx: CommandContext, args: None) -> None:
    ctx.echo(ctx.state.score_line())


def _round_over(state: BlackjackState, args: Any) -> None:
    """Validator of ``n``: the round must be settled (:func:`.rules.check_round_over`)."""
    rules.check_round_over(state)


# --- the game ----------------------------------------------------------------------


def new(seed: int, options: Mapping[str, Any]) -> BlackjackState:
    """Game.new: a game from ``seed`` with its first round dealt; no options."""
    return rules.new_game(seed)


def outcome(state: BlackjackState) -> Outcome | None:
    """Game.outcome: the current round's result once settled, None while in play.

    The score is the player's final hand value.  The host fires
    ``cardshell_game_over`` once per round (the outcome goes back to None
    when ``y`` deals the next round; ``n`` keeps it).
    """
    if state.result is None:
        return None
    result = cast(Literal["won", "lost", "draw"], state.result)  # as rules.settle gives it
    return Outcome(result, float(rules.hand_value(state.player)), RESULT_DETAILS[state.result])


def prompt(state: BlackjackState) -> str:
    """Game.prompt: the hand-out's current question (see :func:`rules.question`)."""
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
    """Register the commands of Blackjack that are not moves: ``n`` (it
    leaves the game), ``score`` and ``simulate``."""
    return list(COMMANDS)
