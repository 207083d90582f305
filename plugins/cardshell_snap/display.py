"""The text display of a Snap game (``plugins/cardshell_snap/NOTES.md``).

The hand-out prints Python lists; in the shell a state
is shown as four lines, with no trailing spaces::

    Turn 4, A to throw
    Pile (4): 5 Q 6 J
    A (24): A A 7 Q 8 10 4 9 9 6 K 3 10 3 Q 7 3 2 3 10 2 5 7 10
    B (24): A 8 8 J 9 2 6 4 4 9 K 7 J 5 5 J A K 8 6 4 2 K Q

The number in brackets is the size of the pile or deck; cards are listed
front first (the pile oldest first).  A finished game's first line is
``Turn N, A wins`` (or ``B wins``, or ``Draw (turn cap N)``).
"""

from __future__ import annotations

from collections.abc import Iterable

from cardshell_snap.rules import DRAW, SnapState, Throw


def _cards(label: str, cards: Iterable[str]) -> str:
    cards = list(cards)
    return f"{label} ({len(cards)}):" + "".join(f" {card}" for card in cards)


def render(state: SnapState) -> str:
    """Show a state: the turn, then the pile and both decks with their sizes.

    Args:
        state (SnapState): the game.

    Returns:
        str: four lines, no trailing newline, no trailing spaces.
    """
    if state.result is None:
        head = f"Turn {state.turns}, {state.turn} to throw"
    elif state.result == DRAW:
        head = f"Turn {state.turns}, {DRAW} (turn cap {state.max_turns})"
    else:
        head = f"Turn {state.turns}, {state.result}"
    return "\n".join([head, _cards("Pile", state.pile), _cards("A", state.a), _cards("B", state.b)])


def describe(throw: Throw) -> str:
    """One line of commentary for a turn.

    Args:
        throw (Throw): what :func:`cardshell_snap.rules.play_turn` returned.

    Returns:
        str: e.g. ``A throws 5 from the end`` or
        ``B throws 4 from the front: snap! B takes 5 cards``.
    """
    text = f"{throw.player} throws {throw.card} from the {'end' if throw.from_end else 'front'}"
    if throw.taken:
        text += f": snap! {throw.player} takes {throw.taken} cards"
    return text
