"""The text display of a Pairs state."""

from __future__ import annotations

from cardshell_compat_pairs.rules import PairsState


def render(state: PairsState) -> str:
    """The row on one line, e.g. ``Row: 2♠ A♥ 2♦   (12 cards)``."""
    return f"Row: {' '.join(card.text for card in state.row) or '(empty)'}   ({len(state.row)} cards)"


def positions(state: PairsState) -> str:
    """The row with each card's position: ``1:2♠ 2:A♥ 3:2♦``."""
    return " ".join(f"{number}:{card.text}" for number, card in enumerate(state.row, 1)) or "(empty row)"
