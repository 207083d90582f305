"""The text display of a Sort state."""

from __future__ import annotations

from cardshell_frozen_c1.rules import SortState


def render(state: SortState) -> str:
    """Two lines: the positions and the cards, then the swaps used."""
    cells = "  ".join(f"{i}:{card.text}" for i, card in enumerate(state.row, 1))
    return f"Row: {cells}\nSwaps: {state.swaps} of {state.limit}"
