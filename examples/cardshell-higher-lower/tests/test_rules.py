"""The rules of Higher or Lower, tested directly (no shell)."""

from __future__ import annotations

import random

import pytest

from cardshell.cards import Card, Suit, new_deck
from cardshell.errors import CommandError
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
    start = rules.HigherLowerState(stock=(Card(2, Suit.SPADES), Card(9, Suit.HEARTS)), card=Card(5, Suit.CLUBS),
                                   target=5)
    right = rules.guess(start, rules.HIGHER)
    assert (right.card, right.streak, right.lost, right.over) == (Card(9, Suit.HEARTS), 1, False, False)
    wrong = rules.guess(right, rules.HIGHER)
    assert (wrong.card, wrong.streak, wrong.lost, wrong.over, wrong.stock) == (Card(2, Suit.SPADES), 1, True, True, ())
    assert (start.streak, len(start.stock), right.streak) == (0, 2, 1)  # states never change


def test_reaching_the_target_is_over_and_no_guess_is_legal_then():
    state = rules.HigherLowerState(stock=(Card(9, Suit.HEARTS),), card=Card(5, Suit.CLUBS), target=1)
    assert rules.legal_moves(state) == ["guess higher", "guess lower"]
    won = rules.guess(state, rules.HIGHER)
    assert won.over and not won.lost and rules.legal_moves(won) == []
    with pytest.raises(CommandError, match="The game is over"):
        rules.check_guess(won, rules.LOWER)


def test_determinize_redraws_only_the_stock():
    state = rules.new_game(3)
    other = rules.HigherLowerState(tuple(reversed(state.stock)), state.card, state.target)
    sample = rules.determinize(state, random.Random(1))
    assert sample == rules.determinize(other, random.Random(1))  # only the unseen cards count, not their order
    assert sorted(sample.stock) == sorted(state.stock) and sample.stock != state.stock
    assert (sample.card, sample.streak, sample.target) == (state.card, state.streak, state.target)


def test_odds_count_the_stock_around_the_face_up_card():
    state = rules.HigherLowerState(stock=tuple(Card(r, Suit.SPADES) for r in (1, 5, 9, 13)), card=Card(5, Suit.CLUBS),
                                   target=5)
    assert rules.odds(state) == (2, 1, 1)
