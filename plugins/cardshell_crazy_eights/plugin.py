"""Crazy Eights as a cardshell game (contract 2): the player against one computer opponent.

The rules are :mod:`cardshell_crazy_eights.rules` (RULES.md beside this
module).  The computer's turn is part of each of the player's moves, decided
by the game's own fixed policy (:func:`cardshell_crazy_eights.rules.computer_move`);
its hand and the stock are the hidden information ``determinize`` draws again,
so ``hint`` reads only what the player sees.  Undo is off: taking a move
back after seeing the computer's reply would show its choice at no cost.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import cardshell
from cardshell import Game, Move, Outcome, Search, parsers
from cardshell_crazy_eights import rules

#: The plugin contract version this plugin was written for.
CARDSHELL_CONTRACT = 2
#: The id typed after ``play``.
GAME_ID = "crazy-eights"


def new(seed: int, options: Mapping[str, Any]) -> rules.EightsState:
    """``Game.new``: a deal from ``seed`` (no options)."""
    return rules.new_game(seed)


def outcome(state: rules.EightsState) -> Outcome | None:
    """``Game.outcome``: won or lost by who empties their hand first; a blocked game by the fewer cards."""
    found = rules.result(state)
    if found is None:
        return None
    result, detail = found
    return Outcome(result, float(len(state.hand)), detail)  # type: ignore[arg-type]


def render(state: rules.EightsState) -> str:
    """``Game.render``: the top card and the suit to follow, the counts, the player's hand (never the computer's)."""
    top = rules.card_word(state.top)
    follow = "" if state.suit == state.top.suit else f", {state.suit.name.lower()} called"
    hand = " ".join(rules.card_word(card) for card in state.hand) or "(empty)"
    return (f"Top card: {top} ({state.top.text}){follow}\n"
            f"Computer: {len(state.opponent)} cards   Stock: {len(state.stock)}   Discards: {len(state.discard)}\n"
            f"Your hand: {hand}")


def prompt(state: rules.EightsState) -> str:
    """``Game.prompt``."""
    return "game over (new or quit): " if state.over else "your turn (play CARD, draw): "


def said(before: rules.EightsState, after: rules.EightsState) -> str | None:
    """``Move.message``: what the computer did in reply, and who ended the game."""
    lines = []
    drawn = [card for card in after.hand if card not in before.hand]
    if drawn and len(after.hand) > len(before.hand):
        lines.append(f"You draw {rules.card_word(drawn[0])}.")
    if after.last:
        lines.append(f"The computer {after.last}.")
    return "\n".join(lines) or None


def complete_play(state: rules.EightsState | None, index: int) -> Iterable[str]:
    """Completion of ``play``: the playable cards, then a suit letter after an eight."""
    if state is None:
        return []
    if index == 0:
        return [rules.card_word(card) for card in state.hand if rules.playable(state, card)]
    if index == 1:
        return list(rules.SUIT_LETTERS)
    return []


def _draw(state: rules.EightsState) -> rules.EightsState:
    return rules.apply_player_move(state, rules.Action("draw"))


def _pass(state: rules.EightsState) -> rules.EightsState:
    return rules.apply_player_move(state, rules.Action("pass"))


MOVES = (
    Move[rules.EightsState](
        "play", "play a card matching the suit or rank of the top card (an eight names a suit)",
        apply=rules.apply_player_move, check=rules.check, aliases=("p",), usage="play CARD [SUIT]",
        parse=rules.parse_play, message=said, complete=complete_play,
        help="A card is its rank then its suit letter: 7h, 10s, qd, as. An eight is wild: name the suit "
             "to follow after it, 'play 8s h'. The computer replies at once.",
    ),
    Move[rules.EightsState](
        "draw", "draw one card from the stock; the turn passes to the computer",
        apply=_draw, check=lambda state: rules.check(state, rules.Action("draw")),
        aliases=("d",), parse=parsers.no_args, message=said,
    ),
    Move[rules.EightsState](
        "pass", "pass, only when nothing is left to draw",
        apply=_pass, check=lambda state: rules.check(state, rules.Action("pass")),
        parse=parsers.no_args, message=said,
    ),
)

GAME = Game[rules.EightsState](
    id=GAME_ID,
    title="Crazy Eights",
    summary="match the top card by suit or rank against a computer opponent; eights are wild",
    new=new,
    render=render,
    outcome=outcome,
    prompt=prompt,
    undo=False,
    immutable=True,
    moves=MOVES,
    legal_moves=rules.legal_moves,
    determinize=rules.determinize,
    search=Search(heuristic=rules.heuristic),
)


@cardshell.hookimpl
def cardshell_games() -> list[Game[Any]]:
    """Register Crazy Eights."""
    return [GAME]
