"""Blackjack: the text display of a state (plugins/cardshell_blackjack/NOTES.md)."""

from __future__ import annotations

from cardshell_blackjack.rules import PHASE_PLAYER, BlackjackState, dealer_up_line, player_line


def render(state: BlackjackState) -> str:
    """In play, the hand-out's player line and the dealer's up card (two lines); else the running score."""
    if state.phase == PHASE_PLAYER:
        return f"{player_line(state.player)}\n{dealer_up_line(state.dealer)}"
    return state.score_line()
