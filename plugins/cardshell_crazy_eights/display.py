"""How a Crazy Eights position looks: the player's hand, the top card, the others' hand sizes (never their cards)."""

from __future__ import annotations

from cardshell_crazy_eights import rules


def render(state: rules.EightsState) -> str:
    """The plain-text display of ``state`` from the player's seat."""
    names = rules.seats(state)
    lines = list(state.said)
    top = rules.top(state)
    follow = f" (suit to follow: {state.suit.name.lower()})" if state.suit is not top.suit else ""
    lines.append(f"Top card: {top.word}{follow}   Stock: {len(state.stock)}")
    lines.append("   ".join(f"{name.capitalize()}: {len(hand)} cards" for name, hand in
                           zip(names[1:], state.hands[1:], strict=True)))
    lines.append("Your hand: " + " ".join(card.word for card in state.hands[0]))
    return "\n".join(lines)
