"""The rules of Sort, tested directly (no shell)."""

from __future__ import annotations

import pytest
from cardshell.cards import Card, Suit, new_deck

from cardshell_frozen_c1 import rules


def test_a_deal_is_size_different_cards_and_a_seed_replays_it():
    state = rules.new_game(7, size=6)
    assert len(state.row) == 6 and len(set(state.row)) == 6
    assert set(state.row) <= set(new_deck())
    assert rules.new_game(7, size=6) == state
    assert rules.new_game(8, size=6) != state


@pytest.mark.parametrize("size", [1, 11])
def test_the_size_is_checked(size):
    with pytest.raises(ValueError, match="2..10"):
        rules.new_game(1, size)


def test_a_swap_changes_the_row_in_place_and_counts():
    state = rules.SortState(row=[Card(9, Suit.CLUBS), Card(2, Suit.HEARTS), Card(5, Suit.SPADES)], limit=3)
    rules.swap(state, 1)
    assert state.row == [Card(2, Suit.HEARTS), Card(9, Suit.CLUBS), Card(5, Suit.SPADES)] and state.swaps == 1
    with pytest.raises(ValueError):
        rules.swap(state, 3)


def test_cards_of_one_rank_go_by_suit():
    state = rules.SortState(row=[Card(4, Suit.SPADES), Card(4, Suit.CLUBS)], limit=1)
    assert not state.sorted and rules.advice(state) == 1
    rules.swap(state, 1)
    assert state.sorted and state.over and rules.advice(state) is None


def test_the_limit_ends_the_game():
    state = rules.SortState(row=[Card(3, Suit.CLUBS), Card(2, Suit.CLUBS), Card(1, Suit.CLUBS)], limit=1)
    rules.swap(state, 2)
    assert state.over and not state.sorted


def test_out_of_order_counts_every_pair():
    state = rules.SortState(row=[Card(r, Suit.CLUBS) for r in (5, 4, 3, 2, 1)], limit=10)
    assert rules.out_of_order(state) == 10
