"""The text display of a Higher or Lower state."""

from __future__ import annotations

from cardshell_higher_lower.rules import HigherLowerState


def render(state: HigherLowerState) -> str:
    """One line: the card to beat, the streak and the cards left.

    Args:
        state (HigherLowerState): the state to show.

    Returns:
        str: e.g. ``Card: 7♥   Streak: 2 of 5   Stock: 49 cards``.
    """
    return f"Card: {state.card.text}   Streak: {state.streak} of {state.target}   Stock: {len(state.stock)} cards"
