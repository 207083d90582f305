"""The text display of a Snap game (plugins/cardshell_snap/NOTES.md)::

    Turn 4, A to throw
    Pile (4): 5 Q 6 J
    A (24): A A 7 Q 8 10 4 9 9 6 K 3 10 3 Q 7 3 2 3 10 2 5 7 10
    B (24): A 8 8 J 9 2 6 4 4 9 K 7 J 5 5 J A K 8 6 4 2 K Q

Sizes in brackets; cards front first, the pile oldest first.  A finished
game's first line is ``Turn N, A wins``, ``Turn N, B wins`` or
``Turn N, Draw (turn cap N)``.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardshell_snap.rules import DRAW, SnapState, Throw


def _cards(label: str, cards: Iterable[str]) -> str:
    cards = list(cards)
    return f"{label} ({len(cards)}):" + "".join(f" {card}" for card in cards)


def render(state: SnapState) -> str:
    """The four lines of the module docstring, no trailing newline."""
    if state.result is None:
        head = f"Turn {state.turns}, {state.turn} to throw"
    elif state.result == DRAW:
        head = f"Turn {state.turns}, {DRAW} (turn cap {state.max_turns})"
    else:
        head = f"Turn {state.turns}, {state.result}"
    return "\n".join([head, _cards("Pile", state.pile), _cards("A", state.a), _cards("B", state.b)])


def describe(throw: Throw) -> str:
    """One line of commentary for a turn, e.g. ``B throws 4 from the front: snap! B takes 5 cards``."""
    text = f"{throw.player} throws {throw.card} from the {'end' if throw.from_end else 'front'}"
    if throw.taken:
        text += f": snap! {throw.player} takes {throw.taken} cards"
    return text
