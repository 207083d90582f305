"""Crazy Eights as a cardshell game (contract 2) against seeded computer opponents.

The player sits at seat ``you``; each computer seat plays by
:func:`.rules.policy` from its own view, with a generator seeded from the
deal's seed and the move number (:class:`cardshell.Players`), and the host
plays the computer's turns after each of the player's moves.  Hidden hands:
``determinize`` deals the unseen cards again, so ``hint`` reads only what
the player sees.  Undo is off: taking a move back after seeing the
computer's reply would use what the player was not meant to know.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

import cardshell
from cardshell import Game, Move, Option, Outcome, Players
from cardshell_crazy_eights import display, rules

#: The plugin contract version this plugin was written for.
CARDSHELL_CONTRACT = 2

GAME_ID = "crazy-eights"


def new(seed: int, options: Mapping[str, Any]) -> rules.EightsState:
    """``Game.new``: a deal from ``seed``; ``options["opponents"]`` computer seats (1 to 3)."""
    count = options.get("opponents")
    return rules.deal(seed, 1 if count is None else count)


def outcome(state: rules.EightsState) -> Outcome | None:
    """``Game.outcome`` from the player's seat, scored by the penalty points of the others' hands."""
    if not rules.over(state):
        return None
    names = rules.seats(state)
    first = rules.winner(state)
    if first is None:  # blocked: the fewest cards wins
        fewest = min(len(hand) for hand in state.hands)
        best = [seat for seat, hand in enumerate(state.hands) if len(hand) == fewest]
        if best == [0]:
            first = 0
        elif 0 in best:
            return Outcome("draw", 0.0, "Blocked: a tie for the fewest cards")
        else:
            first = best[0]
    points = float(sum(rules.penalty(card) for seat, hand in enumerate(state.hands) if seat != first
                       for card in hand))
    if first == 0:
        return Outcome("won", points, f"You win, scoring {points:g}")
    return Outcome("lost", None, f"{names[first].capitalize()} wins")


def _current(state: rules.EightsState) -> str:
    return rules.seats(state)[state.turn]


def _view(state: rules.EightsState, seat: str) -> Hashable:
    return rules.view(state, rules.seats(state).index(seat))


def _seed(state: rules.EightsState) -> int:
    return state.seed * 1_000_003 + state.moves


def ending(before: rules.EightsState, after: rules.EightsState) -> str | None:
    """``Move.message``: the ending's line once the game is over."""
    result = outcome(after)
    return None if result is None else result.detail


MOVES = (
    Move(
        name="play",
        summary="Play a card that follows (an eight names a suit)",
        apply=rules.play,
        check=rules.check_in_play,
        aliases=("p",),
        usage="play CARD [SUIT]",
        help="Play a card of the suit to follow or of the top card's rank, e.g. 'play 7h', 'play 10s'; "
        "an eight may be played on anything and names the suit to follow: 'play 8s c' (c, d, h, s).",
        parse=rules.parse_play,
        message=ending,
    ),
    Move(
        name="draw",
        summary="Take the top card of the stock (your turn goes on)",
        apply=rules.draw,
        check=rules.check_in_play,
        aliases=("d",),
        help="Take the top card of the stock into your hand; you may then play or draw again.",
        message=ending,
    ),
    Move(
        name="pass",
        summary="Pass: only with an empty stock and no card to play",
        apply=rules.pass_turn,
        check=rules.check_in_play,
        help="Pass the turn, when the stock is empty and no card in your hand can be played.",
        message=ending,
    ),
)

#: Every seat at a table of four; a game with fewer opponents uses the first ones.
PLAYERS = Players(
    seats=(rules.YOU, *rules.COMPUTERS),
    human=rules.YOU,
    current=_current,
    policies=dict.fromkeys(rules.COMPUTERS, rules.policy),
    view=_view,
    seed=_seed,
)

GAME = Game(
    id=GAME_ID,
    title="Crazy Eights",
    summary="Shed your hand before the computer does: follow suit or rank, eights are wild.",
    new=new,
    render=display.render,
    outcome=outcome,
    options=(Option("opponents", "how many computer opponents (1 to 3)", int, 1),),
    undo=False,
    immutable=True,
    moves=MOVES,
    legal_moves=rules.legal_moves,
    determinize=rules.determinize,
    players=PLAYERS,
)


@cardshell.hookimpl
def cardshell_games() -> list[Game]:
    """Register Crazy Eights."""
    return [GAME]
