"""Pairs' rules, directly (no shell)."""

from __future__ import annotations

import pytest
from cardshell.cards import Card, Suit
from cardshell.errors import CommandError

from cardshell_compat_pairs import rules

C, D, H, S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES


def row(*cards: tuple[int, Suit]) -> rules.PairsState:
    return rules.PairsState(tuple(Card(rank, suit) for rank, suit in cards))


@pytest.mark.parametrize("size", rules.SIZES)
def test_a_deal_has_four_suits_of_the_lowest_ranks_and_a_seed_replays_it(size):
    state = rules.new_game(9, size)
    assert sorted(state.row) == sorted(Card(rank, suit) for rank in range(1, size // 4 + 1) for suit in Suit)
    assert rules.new_game(9, size) == state and rules.new_game(10, size) != state


def test_other_sizes_are_refused():
    with pytest.raises(ValueError, match="one of 8, 12, 16, 20"):
        rules.new_game(1, 10)


def test_pairs_are_one_or_three_apart_and_of_one_rank():
    state = row((1, C), (1, D), (2, C), (3, H), (1, H), (2, S))
    assert list(rules.pairs(state)) == [(1, 2), (2, 5), (3, 6)]
    assert rules.legal_moves(state) == ["pair 1 2", "pair 2 5", "pair 3 6"]
    for i, j, message in [(1, 3, "next to each other"), (3, 4, "are not a pair"), (1, 9, "has 6 cards")]:
        with pytest.raises(CommandError, match=message):
            rules.check_pair(state, i, j)


def test_removing_a_pair_closes_the_row_and_never_changes_the_state():
    state = row((1, C), (2, D), (3, C), (1, H), (2, S))
    after = rules.remove(state, 1, 4)
    assert after.row == row((2, D), (3, C), (2, S)).row
    assert after.removed == (Card(1, C), Card(1, H))
    assert state.row[0] == Card(1, C) and len(state.row) == 5  # frozen: the old state is intact
    with pytest.raises(AttributeError):
        state.row = ()  # type: ignore[misc]


def test_the_result_won_lost_and_in_play():
    assert rules.result(rules.PairsState(())) == "won"
    assert rules.result(row((1, C), (2, D))) == "lost" and rules.prune(row((1, C), (2, D)))
    assert rules.result(row((1, C), (1, D))) is None and not rules.prune(row((1, C), (1, D)))


def test_the_key_ignores_suits_only():
    assert rules.key(row((1, C), (2, D))) == rules.key(row((1, H), (2, S))) != rules.key(row((2, S), (1, H)))


def test_successors_are_every_legal_pair_most_promising_first():
    state = row((1, C), (1, D), (2, C), (3, H), (1, H), (2, S), (3, C))
    children = list(rules.successors(state))
    assert sorted(line for line, _ in children) == sorted(rules.legal_moves(state))
    for line, child in children:
        i, j = map(int, line.split()[1:])
        assert child == rules.remove(state, i, j)
    counts = [len(list(rules.pairs(child))) for _, child in children]
    assert counts == sorted(counts, reverse=True)
    assert rules.advice(state) == (children[0][0], counts[0])
    assert rules.advice(row((1, C), (2, D))) == ("", 0)
