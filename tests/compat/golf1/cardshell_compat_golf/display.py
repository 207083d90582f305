"""The text display of a Golf state."""

from __future__ import annotations

from cardshell_compat_golf.rules import GolfState


def render(state: GolfState) -> str:
    """The columns, one line each (the last card is the top), then the waste
    and the stock, e.g. ``Waste: 8♣   Stock: 15 cards``."""
    lines = [f"{number}: {' '.join(card.text for card in column) or '(empty)'}"
             for number, column in enumerate(state.columns, 1)]
    lines.append(f"Waste: {state.waste[-1].text}   Stock: {len(state.stock)} cards")
    return "\n".join(lines)


def tops(state: GolfState) -> str:
    """One line: each column's top card, the waste and the stock."""
    cells = " ".join(f"{number}:{column[-1].text if column else '--'}"
                     for number, column in enumerate(state.columns, 1))
    return f"Tops {cells} | waste {state.waste[-1].text} | stock {len(state.stock)}"
