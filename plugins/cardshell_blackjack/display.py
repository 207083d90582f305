"""Blackjack: the text display of a state.

The hand-out's problem 2, part (d), and
``plugins/cardshell_blackjack/NOTES.md``.  While the player is asked to hit or stay,
the display is the hand-out's own line ``Your current value is V with the
hand: C1, C2``, then, as at a real table, the dealer's up card with the
other card face down: ``Dealer's hand: 2-CLUB, ? (one card face down)``
(an addition; :func:`cardshell_blackjack.rules.dealer_up_line`).  Once the round is settled
(and after the last one) it is the running score, issue 3 item 3:
``Score: won W, lost L, tied T (N rounds)``.
"""

from __future__ import annotations

from cardshell_blackjack.rules import PHASE_PLAYER, BlackjackState, dealer_up_line, player_line


def render(state: BlackjackState) -> str:
    """The display of ``state``: the player's hand and the dealer's up card in play, else the score.

    Args:
        state (BlackjackState): the game.

    Returns:
        str: two lines in play (the hand-out's player line, then the
        dealer's up card), else one; no trailing spaces.
    """
    if state.phase == PHASE_PLAYER:
        return f"{player_line(state.player)}\n{dealer_up_line(state.dealer)}"
    return state.score_line()
