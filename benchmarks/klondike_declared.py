"""Klondike of :mod:`klondike` declaring what a dedicated solver exploits:
safe moves and a bound (game ``klondike-declared``).

The same rules, moves and ``key``/``successors`` as ``klondike-bench``
(benchmarks/klondike.py), whose search part declares nothing more, so
``benchmarks/bench_settle.py`` measures the declarations alone:

* ``Search.safe``: a card to its foundation that no other card can need
  (the dominance of PySolFC's and Solvitaire's solvers): an Ace or a Two,
  or a card of rank ``r`` whose two opposite-colour cards of rank ``r - 1``
  are both on their foundations already, and the other suit of its colour
  holds rank ``r - 2``.  In the tableau, only those two cards could ever
  be placed on it, and since a foundation's top card may come back to the
  tableau, they could come back onto it only to hold a card of its colour
  and rank ``r - 2``: both are home too.  It leaves nothing behind that
  cannot still be reached (the waste is drawn through at will, a card
  under it is turned up), so a win reachable before the move is reachable
  after it;
* ``Search.prune``: a position is lost when, in one tableau pile, a card
  ``Y`` that is face down or the lowest face-up card lies above a lower
  card ``X`` of its own suit and both cards ``Y`` could be placed on (the
  next rank up, opposite colour) lie below ``Y`` in the same pile: ``Y``
  can go neither to its foundation (``X`` first) nor anywhere in the
  tableau, alone or at the foot of a run, so ``X`` never reaches its
  foundation.  A face-up card higher in the pile is not ``Y``: it lies on
  one of the cards it could be placed on, and the run from the lowest
  face-up card may move away with it, uncovering ``X``.  A King can
  always go to an empty pile in principle, so a King is never ``Y``.
"""

from __future__ import annotations

import dataclasses

from klondike import GAME, PILES, KlondikeState, key, successors

import cardshell
from cardshell.cards import KING, SUITS, Card

GAME_ID = "klondike-declared"
_SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}


def _home(state: KlondikeState, card: Card) -> bool:
    """Whether ``card`` may go to its foundation now and no other card can need it."""
    foundations = state.foundations
    if len(foundations[_SUIT_INDEX[card.suit]]) != card.rank - 1:
        return False
    if card.rank <= 2:
        return True
    return all(len(pile) >= (card.rank - 1 if suit.is_red != card.is_red else card.rank - 2)
               for suit, pile in zip(SUITS, foundations, strict=True))


def safe(state: KlondikeState) -> str | None:
    """``Search.safe``: a card to its foundation that no other card can need, or None."""
    if state.waste and _home(state, state.waste[-1]):
        return "m w f"
    for pile in range(PILES):
        cards = state.tableau[pile]
        if cards and _home(state, cards[-1]):
            return f"m {pile + 1} f"
    return None


def lost(state: KlondikeState) -> bool:
    """``Search.prune``: a card that can never leave its pile sits above a lower card of its suit."""
    for cards, down in zip(state.tableau, state.down, strict=True):
        for upper in range(1, min(down + 1, len(cards))):
            card = cards[upper]
            if card.rank == KING:
                continue
            below = cards[:upper]
            holders = sum(1 for other in below if other.rank == card.rank + 1 and other.is_red != card.is_red)
            if holders == 2 and any(other.suit == card.suit and other.rank < card.rank for other in below):
                return True
    return False


DECLARED = dataclasses.replace(
    GAME, id=GAME_ID, title="Klondike (benchmark, declared)",
    search=cardshell.Search(key=key, successors=successors, safe=safe, prune=lost))


@cardshell.hookimpl
def cardshell_games() -> list[cardshell.Game[KlondikeState]]:
    return [DECLARED]


__all__ = ["DECLARED", "GAME_ID", "cardshell_games", "lost", "safe"]
