"""The text display of an Ends state."""

from __future__ import annotations

from cardshell_frozen_c2.rules import EndsState


def render(state: EndsState) -> str:
    """Two lines: the row, then the cards taken."""
    row = " ".join(card.text for card in state.row) or "(empty)"
    taken = " ".join(card.text for card in state.taken) or "none yet"
    return f"Row: {row}\nTaken: {taken}"
