"""Blackjack as a cardshell plugin: the records of :mod:`.rules`,
:mod:`.strategy` and :mod:`.simulation` under plugin contract 2 (immutable
states, declarative moves, legal moves, determinize, the game's own hint).

Hand-out ``seeds/minesweeper-blackjack.txt`` problem 2; ``specs/GAMES.md``
"blackjack"; issue 3 items 3-4.  Inside the shell the player answers the
game's questions (shown as the prompt, see :func:`rules.question`):

* ``Hit or stay? (Hit = 1, Stay = 0): `` -- ``1`` (or ``hit``), ``0`` (or ``stay``);
* ``Want to play again? (y/n): `` -- ``y`` (or ``yes``) deals a new round
  from a full deck freshly shuffled with the game's generator; ``n`` (or
  ``no``) ends the game, keeping the last result.

Each accepted answer prints the hand-out's lines (``You draw CARD``,
``Dealer draws CARD``, value lines, result line), then the display (the
player's hand in play, the running score once settled).  ``score`` shows
the running score; ``simulate N [T] [--seed S]`` plays N rounds by the
policy "hit below T" (default 17) and prints the rates; without ``--seed``
it uses the game's own seed, so a game's seed reproduces its simulations.
Undo is off: it would let the player see the next card and take it back.

Contract 2: ``1``, ``0`` and ``y`` are declarative :class:`cardshell.Move`
records over the immutable :class:`.rules.BlackjackState`; ``n`` stays a
:class:`cardshell.Command` because it also leaves the game
(``ctx.leave()``), which a move cannot ask for.  ``moves`` lists ``1, 0``
or ``y, n``; ``hint`` answers by basic strategy (:mod:`.strategy`) from the
player's hand alone; ``solve`` searches the true deck of the current round.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import cardshell
from cardshell import Command, CommandContext, Game, Move, Outcome, UsageError, parsers

from cardshell_blackjack import display, rules, strategy
from cardshell_blackjack.rules import BlackjackState
from cardshell_blackjack.simulation import DEFAULT_THRESHOLD, format_simulation, simulate

CARDSHELL_CONTRACT = 2

GAME_ID = "blackjack"

#: ``simulate`` limits: rounds 1..MAX_ROUNDS, threshold 1..22.
MAX_ROUNDS = 10_000_000
SIMULATE_USAGE = "simulate N [T] [--seed S]"

_INT = re.compile(r"[+-]?[0-9]+")

RESULT_DETAILS = {"won": "You beat the dealer", "lost": "Dealer wins", "draw": "You tied the dealer"}


# --- parsing -----------------------------------------------------------------------


def parse_simulate(text: str) -> tuple[int, int, int | None]:
    """Parse the arguments of ``simulate N [T] [--seed S]``.

    Args:
        text (str): what followed ``simulate``.

    Returns:
        tuple[int, int, int | None]: rounds N (1..10,000,000), threshold T
        (1..22, default 17), seed S or None for the game's seed.

    Raises:
        UsageError: a missing N, a word that is not an integer, a value out
            of range, or extra words.
    """
    words = text.split()
    seed: int | None = None
    if "--seed" in words:
        at = words.index("--seed")
        if at + 1 >= len(words) or not _INT.fullmatch(words[at + 1]):
            raise UsageError(f"Error, --seed needs an integer: {SIMULATE_USAGE}.")
        seed = _number(words[at + 1])
        del words[at : at + 2]
    if not 1 <= len(words) <= 2:
        raise UsageError(f"Error, simulate takes the number of rounds and an optional threshold: {SIMULATE_USAGE}.")
    for word in words:
        if not _INT.fullmatch(word):
            raise UsageError(f"Error, {word!r} is not an integer: {SIMULATE_USAGE}.")
    rounds = _number(words[0])
    threshold = _number(words[1]) if len(words) == 2 else DEFAULT_THRESHOLD
    if not 1 <= rounds <= MAX_ROUNDS:
        raise UsageError(f"Error, the number of rounds must be 1 to {MAX_ROUNDS:,}, not {rounds}.")
    if not 1 <= threshold <= 22:
        raise UsageError(f"Error, the threshold must be 1 to 22, not {threshold}.")
    return rounds, threshold, seed


def _number(word: str) -> int:
    """An integer word's value (already matched by ``_INT``); UsageError past parsers.MAX_DIGITS digits."""
    try:
        return parsers.integer(word)
    except UsageError as exc:
        raise UsageError(f"Error, {exc.message}: {SIMULATE_USAGE}.") from None


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
            parse_simulate(rest)
        except UsageError as error:
            return error.message
    return (
        f"Error, {line!r} is not an answer: type 1 (hit) or 0 (stay) during a round, "
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


def _simulate(ctx: CommandContext, args: tuple[int, int, int | None]) -> None:
    rounds, threshold, seed = args
    if seed is None:
        seed = ctx.state.seed
    counts = simulate(
        rounds,
        threshold,
        seed,
        progress=lambda items: ctx.progress(items, total=rounds, label="rounds"),
    )
    ctx.echo(format_simulation(counts, threshold, seed))


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
    return Outcome(state.result, float(rules.hand_value(state.player)), RESULT_DETAILS[state.result])


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
    Command(
        name="simulate",
        summary="Play N rounds hitting below T (default 17); print win/loss/tie rates.",
        handler=_simulate,
        game=GAME_ID,
        usage=SIMULATE_USAGE,
        help="simulate N [T] [--seed S]: play N rounds where the player hits while under T "
        "(default 17) and the dealer while under 17, and print the rates of rounds won, lost and "
        "tied. The rounds are shuffled by one generator seeded with S, or with this game's seed "
        "when --seed is not given, so the same command gives the same rates. The game is not changed.",
        parse=parse_simulate,
        show_state=False,
        changes_state=False,
    ),
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
