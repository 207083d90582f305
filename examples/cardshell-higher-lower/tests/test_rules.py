"""The rules of Higher or Lower, tested directly (no shell)."""

from __future__ import annotations

import pytest

from cardshell.cards import Card, Suit, new_deck
from cardshell_higher_lower import rules


def test_a_deal_uses_the_whole_deck_and_a_seed_replays_it():
    state = rules.new_game(7)
    assert sorted([*state.stock, state.card]) == sorted(new_deck())
    assert rules.new_game(7) == state
    assert rules.new_game(8) != state


@pytest.mark.parametrize("target", [0, 52])
def test_the_target_must_be_reachable(target):
    with pytest.raises(ValueError, match="1..51"):
        rules.new_game(1, target)


@pytest.mark.parametrize(
    "card, following, direction, right",
    [(5, 9, "higher", True), (5, 2, "higher", False), (5, 2, "lower", True), (5, 9, "lower", False),
     (5, 5, "higher", False), (5, 5, "lower", False), (1, 13, "higher", True)],
)
def test_is_right_compares_ranks_aces_low_ties_lose(card, following, direction, right):
    assert rules.is_right(Card(card, Suit.CLUBS), Card(following, Suit.HEARTS), direction) is right


def test_a_right_guess_counts_and_a_wrong_one_ends_the_game():
    state = rules.HigherLowerState(stock=[Card(2, Suit.SPADES), Card(9, Suit.HEARTS)], card=Card(5, Suit.CLUBS),
                                   target=5)
    assert rules.guess(state, rules.HIGHER) == (Card(9, Suit.HEARTS), True)
    assert (state.card, state.streak, state.lost, state.over) == (Card(9, Suit.HEARTS), 1, False, False)
    assert rules.guess(state, rules.HIGHER) == (Card(2, Suit.SPADES), False)
    assert (state.streak, state.lost, state.over, state.stock) == (1, True, True, [])


def test_reaching_the_target_is_over():
    state = rules.HigherLowerState(stock=[Card(9, Suit.HEARTS)], card=Card(5, Suit.CLUBS), target=1)
    rules.guess(state, rules.HIGHER)
    assert state.over and not state.lost


def test_odds_count_the_stock_around_the_face_up_card():
    state = rules.HigherLowerState(stock=[Card(r, Suit.SPADES) for r in (1, 5, 9, 13)], card=Card(5, Suit.CLUBS),
                                   target=5)
    assert rules.odds(state) == (2, 1, 1)
