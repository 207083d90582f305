"""The rules of Ends, tested directly (no shell)."""

from __future__ import annotations

import dataclasses

import pytest
from cardshell.cards import Card, Suit
from cardshell.errors import CommandError

from cardshell_frozen_c2 import rules


def row(*ranks: int) -> rules.EndsState:
    return rules.EndsState(row=tuple(Card(rank, Suit.HEARTS) for rank in ranks))


def test_a_seed_replays_its_deal():
    assert rules.new_game(5) == rules.new_game(5) != rules.new_game(6)
    assert len(rules.new_game(5, 13).row) == 13 and len(set(rules.new_game(5, 13).row)) == 13


@pytest.mark.parametrize("size", [0, 14])
def test_the_size_is_checked(size):
    with pytest.raises(ValueError, match="1..13"):
        rules.new_game(1, size)


def test_a_state_is_a_frozen_value():
    state = row(3, 9)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.row = ()  # type: ignore[misc]
    assert hash(state) == hash(row(3, 9))


def test_taking_returns_a_new_state_and_leaves_the_old_one():
    state = row(3, 7, 9)
    after = rules.take(state, rules.RIGHT)
    assert after == rules.EndsState(row=row(3, 7).row, taken=(Card(9, Suit.HEARTS),))
    assert state == row(3, 7, 9)


def test_only_a_higher_card_may_be_taken():
    state = rules.take(row(3, 7, 5), rules.RIGHT)
    assert rules.legal_moves(state) == ["right"]
    with pytest.raises(CommandError, match="3♥ is not higher than 5♥"):
        rules.check(state, rules.LEFT)


def test_the_result():
    assert rules.result(row(4, 2)) is None
    assert rules.result(rules.take(row(2), rules.LEFT)) == "won"
    assert rules.result(rules.take(row(1, 5, 2, 9), rules.RIGHT)) == "lost"
