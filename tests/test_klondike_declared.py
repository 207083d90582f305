"""The declarations of benchmarks/klondike_declared.py keep their promises.

``klondike-declared`` is the worked example of docs/howto/search.md: its
``safe`` and ``prune`` are checked with ``check_search`` on an endgame where
the only win moves a run off a card's two possible holders, which an earlier
bound (any card above both its holders and a lower card of its suit) called
lost.
"""

from __future__ import annotations

import dataclasses
import sys
import types
from pathlib import Path

import pytest

import cardshell
from cardshell.cards import KING, SUITS, Card
from cardshell.testing import check_search

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
CLUBS, DIAMONDS, HEARTS, SPADES = SUITS


@pytest.fixture
def declared(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """The module benchmarks/klondike_declared.py, importable as a plugin module."""
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import klondike_declared

    return klondike_declared


def _run(suit: object, low: int, high: int) -> tuple[Card, ...]:
    return tuple(Card(rank, suit) for rank in range(low, high + 1))  # type: ignore[arg-type]


def _endgame(declared: types.ModuleType) -> object:
    """Pile 1 holds 3♠ and 5♦ face down under the run 5♥ 4♠; pile 2 holds 6♣.
    4♠ lies above both cards it could go on and a lower spade, but the run
    5♥ 4♠ can go onto 6♣, which turns up 5♦ and then 3♠: the deal is won."""
    from klondike import KlondikeState

    tableau = ((Card(3, SPADES), Card(5, DIAMONDS), Card(5, HEARTS), Card(4, SPADES)), (Card(6, CLUBS),),
               _run(SPADES, 5, KING)[::-1], _run(HEARTS, 6, KING)[::-1], _run(DIAMONDS, 6, KING)[::-1],
               _run(CLUBS, 7, KING)[::-1], ())
    foundations = (_run(CLUBS, 1, 5), _run(DIAMONDS, 1, 4), _run(HEARTS, 1, 4), _run(SPADES, 1, 2))
    return KlondikeState((), (), foundations, tableau, (2, 0, 8, 7, 7, 6, 0))


def _old_bound(state: object) -> bool:
    """The earlier bound, which let a face-up card on a run be the card that can never move."""
    for cards in state.tableau:  # type: ignore[attr-defined]
        for upper in range(1, len(cards)):
            card, below = cards[upper], cards[:upper]
            holders = sum(1 for other in below if other.rank == card.rank + 1 and other.is_red != card.is_red)
            if (card.rank != KING and holders == 2
                    and any(other.suit == card.suit and other.rank < card.rank for other in below)):
                return True
    return False


def test_the_bound_keeps_a_card_that_can_leave_on_a_run(declared):
    state = _endgame(declared)
    assert not declared.lost(state)
    [check] = check_search("klondike-declared", states=[state], plugins=[], modules=["klondike_declared"])
    assert (check.plain.result, check.fast.result) == ("won", "won")


def test_check_search_names_the_earlier_bound_that_called_the_endgame_lost(declared, monkeypatch):
    module = types.ModuleType("klondike_old_bound")
    game = dataclasses.replace(declared.DECLARED, id="klondike-old-bound",
                               search=dataclasses.replace(declared.DECLARED.search, prune=_old_bound))
    module.cardshell_games = cardshell.hookimpl(lambda: [game])  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    with pytest.raises(AssertionError, match=r"the plain search says 'won' .*, the fast paths 'no win' \(1 "):
        check_search("klondike-old-bound", states=[_endgame(declared)], plugins=[], modules=[module.__name__])


def test_a_card_goes_home_safely_only_when_no_card_can_need_it(declared):
    from klondike import KlondikeState

    tableau = ((Card(5, HEARTS),), (), (), (), (), (), ())
    down = (0,) * 7
    # Both black 4s home, but the 3 of the other red suit is not: a black 4 might come back onto 5♥ to hold it.
    needed = (_run(CLUBS, 1, 4), _run(DIAMONDS, 1, 2), _run(HEARTS, 1, 4), _run(SPADES, 1, 4))
    assert declared.safe(KlondikeState((), (), needed, tableau, down)) is None
    free = (_run(CLUBS, 1, 4), _run(DIAMONDS, 1, 3), _run(HEARTS, 1, 4), _run(SPADES, 1, 4))
    assert declared.safe(KlondikeState((), (), free, tableau, down)) == "m 1 f"
    # A Two always may: only an Ace, which goes home at once, could be placed on it.
    two = (_run(CLUBS, 1, 4), _run(DIAMONDS, 1, 1), _run(HEARTS, 1, 4), _run(SPADES, 1, 4))
    assert declared.safe(KlondikeState((), (), two, ((Card(2, DIAMONDS),), *tableau[1:]), down)) == "m 1 f"


def test_safe_moves_in_a_row_are_one_child_and_the_line_replays(declared):
    from klondike import KlondikeState

    from cardshell import Budget
    from cardshell.testing import game_rules

    rules = game_rules("klondike-declared", plugins=[], modules=["klondike_declared"])
    foundations = (_run(CLUBS, 1, KING), _run(DIAMONDS, 1, KING), _run(HEARTS, 1, KING), _run(SPADES, 1, 10))
    tableau = ((Card(11, SPADES),), (Card(KING, SPADES), Card(12, SPADES)), (), (), (), (), ())
    state = KlondikeState((), (), foundations, tableau, (0,) * 7)
    verdict = rules.solve(state, Budget(seconds=60.0, nodes=1_000))
    assert (verdict.result, verdict.line, verdict.positions) == ("won", ("m 1 f", "m 2 f", "m 2 f"), 2)
    for line in verdict.line:
        state = rules.play(state, line)
    assert rules.outcome(state).result == "won"
