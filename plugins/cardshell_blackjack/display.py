"""Blackjack: the text display of a state.

Hand-out ``seeds/minesweeper-blackjack.txt`` problem 2, part (d), and
``specs/GAMES.md`` "blackjack".  While the player is asked to hit or stay,
the display is the hand-out's own line ``Your current value is V with the
hand: C1, C2`` (the dealer's cards stay hidden).  Once the round is settled
(and after the last one) it is the running score, issue 3 item 3:
``Score: won W, lost L, tied T (N rounds)``.
"""

from __future__ import annotations

from cardshell_blackjack.rules import PHASE_PLAYER, BlackjackState, player_line


def render(state: BlackjackState) -> str:
    """The display of ``state``: the player's hand in play, else the score.

    Args:
        state (BlackjackState): the game.

    Returns:
        str: one line, no trailing spaces.
    """
    if state.phase == PHASE_PLAYER:
        return player_line(state.player)
    return state.score_line()
