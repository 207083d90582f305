"""Crazy Eights' rules as pure functions: the deal, following, eights, drawing, passing, the policy."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cardshell.cards import Suit, new_deck, parse_card
from cardshell.errors import CommandError
from cardshell_crazy_eights import rules


def cards(words: str) -> tuple:
    return tuple(parse_card(w) for w in words.split())


def state_with(hand: str, top: str, stock: str = "2c 3c", other: str = "4s 5s", suit: Suit | None = None):
    start = rules.deal(0)
    pile = cards(top)
    hands = (tuple(sorted(cards(hand))), tuple(sorted(cards(other))))
    return replace(start, hands=hands, stock=cards(stock), discard=pile, suit=suit or pile[-1].suit, turn=0, passes=0)


@pytest.mark.parametrize("opponents, size", [(1, 7), (2, 5), (3, 5)])
def test_deal_sizes_and_every_card_once(opponents, size):
    state = rules.deal(11, opponents)
    assert [len(h) for h in state.hands] == [size] * (opponents + 1)
    everything = [c for h in state.hands for c in h] + list(state.stock) + list(state.discard)
    assert sorted(everything) == sorted(new_deck())
    assert rules.top(state).rank != rules.EIGHT


def test_same_seed_same_deal_and_bad_opponent_count():
    assert rules.deal(5, 2) == rules.deal(5, 2)
    with pytest.raises(CommandError):
        rules.deal(5, 4)


def test_legal_moves_follow_suit_or_rank_and_eights_name_each_suit():
    state = state_with("7h 7s 9d 8c", "7d")
    assert rules.legal_moves(state) == ["play 7h", "play 7s", "play 8c c", "play 8c d", "play 8c h", "play 8c s",
                                        "play 9d", "draw"]


def test_play_moves_card_and_passes_turn():
    state = state_with("7h 9d", "7d")
    after = rules.play(state, parse_card("7h"))
    assert after.hands[0] == cards("9d") and rules.top(after) == parse_card("7h")
    assert after.suit is Suit.HEARTS and after.turn == 1 and after.moves == 1


def test_eight_names_the_suit_to_follow():
    after = rules.play(state_with("8s 9d", "7d"), parse_card("8s"), Suit.CLUBS)
    assert after.suit is Suit.CLUBS


def test_play_that_does_not_follow_is_rejected():
    with pytest.raises(CommandError, match="follows neither"):
        rules.play(state_with("9c", "7d"), parse_card("9c"))
    with pytest.raises(CommandError, match="not in the hand"):
        rules.play(state_with("9c", "7d"), parse_card("7c"))


def test_parse_play_grammar():
    assert rules.parse_play("7h") == (parse_card("7h"), None)
    assert rules.parse_play("8S c") == (parse_card("8s"), Suit.CLUBS)
    for bad in ("8s", "7h c", "8s x", "zz", "", "7h c d"):
        with pytest.raises(CommandError):
            rules.parse_play(bad)


def test_draw_keeps_the_turn_and_pass_needs_empty_stock():
    state = state_with("9c", "7d", stock="2c 3c")
    after = rules.draw(state)
    assert after.hands[0] == cards("3c 9c") and after.stock == cards("2c") and after.turn == 0
    with pytest.raises(CommandError):
        rules.pass_turn(state)
    empty = state_with("9c", "7d", stock="")
    assert rules.legal_moves(empty) == ["pass"]
    assert rules.pass_turn(empty).turn == 1


def test_a_round_of_passes_blocks_the_game():
    state = replace(state_with("9c", "7d", stock=""), passes=2)
    assert rules.blocked(state) and rules.over(state) and rules.legal_moves(state) == []


def test_determinize_keeps_the_players_view_and_the_cards():
    state = rules.deal(3)
    drawn = rules.determinize(state, random.Random(4))
    assert rules.view(drawn, 0) == rules.view(state, 0)
    assert drawn.hands[1] != state.hands[1]
    assert sorted(drawn.hands[1] + drawn.stock) == sorted(state.hands[1] + state.stock)


def test_policy_reads_its_view_follows_before_eights_and_names_its_long_suit():
    state = replace(state_with("2c", "7d", other="8s 9d 3h 4h"), turn=1)
    rng = random.Random(0)
    assert rules.policy(rules.view(state, 1), rng) == "play 9d"
    state = replace(state_with("2c", "7d", other="8s 3h 4h"), turn=1)
    assert rules.policy(rules.view(state, 1), rng) == "play 8s h"
    state = replace(state_with("2c", "7d", other="3h 4h"), turn=1)
    assert rules.policy(rules.view(state, 1), rng) == "draw"


def test_penalty_points():
    assert [rules.penalty(c) for c in cards("8s kd ah 7c")] == [50, 10, 1, 7]
