"""Crazy Eights' rules as pure functions (plugins/cardshell_crazy_eights/RULES.md)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cardshell.cards import Suit, new_deck, parse_card
from cardshell.errors import CommandError
from cardshell_crazy_eights import rules


def cards(text: str) -> tuple[rules.Card, ...]:
    return tuple(parse_card(word) for word in text.split())


def test_a_deal_gives_seven_cards_each_and_a_starter_that_is_not_an_eight():
    for seed in range(200):
        state = rules.new_game(seed)
        assert len(state.hand) == len(state.opponent) == rules.HAND_SIZE
        assert len(state.discard) == 1 and state.top.rank != 8 and state.suit == state.top.suit
        every = state.hand + state.opponent + state.stock + state.discard
        assert sorted(every, key=lambda c: (c.suit, c.rank)) == sorted(new_deck(), key=lambda c: (c.suit, c.rank))
    assert rules.new_game(5) == rules.new_game(5) and rules.new_game(5) != rules.new_game(6)


def _state(hand: str, opponent: str, top: str, stock: str = "2c 3c", suit: Suit | None = None) -> rules.EightsState:
    starter = parse_card(top)
    return rules.EightsState(cards(hand), cards(opponent), cards(stock), (starter,), suit or starter.suit, seed=1)


def test_legal_moves_are_the_matching_cards_eights_with_each_suit_and_draw():
    state = _state("7h 9s 8d kc", "2d 3d", "7c")
    assert sorted(rules.legal_moves(state)) == sorted(
        ["play 7h", "play kc", "play 8d c", "play 8d d", "play 8d h", "play 8d s", "draw"])
    assert "play 9s" not in rules.legal_moves(state)


def test_an_eight_calls_the_suit_to_follow():
    state = _state("8d 9s 4c", "2d 3d 5d", "7c")
    after = rules.apply_player_move(state, rules.parse_play("8d s"))
    assert after.discard[1] == parse_card("8d")
    # the computer (no spade, no eight) had to draw: the suit called stands
    assert after.last == "draws a card" and after.suit == Suit.SPADES and len(after.opponent) == 4


def test_a_card_that_does_not_match_is_refused_and_changes_nothing():
    state = _state("9s 4c", "2d", "7h")
    with pytest.raises(CommandError, match="matches neither"):
        rules.check(state, rules.parse_play("9s"))
    with pytest.raises(CommandError, match="not in your hand"):
        rules.check(state, rules.parse_play("7d"))
    with pytest.raises(CommandError, match="names the suit"):
        rules.parse_play("8s")
    with pytest.raises(CommandError, match="not a card"):
        rules.parse_play("zz")


def test_pass_only_when_nothing_is_left_to_draw():
    state = _state("9s", "2d 4d", "7h", stock="")
    assert rules.legal_moves(state) == ["pass"]
    with pytest.raises(CommandError):
        rules.check(_state("9s", "2d", "7h"), rules.Action("pass"))


def test_an_empty_stock_is_the_discards_reshuffled_except_the_top():
    state = replace(_state("9s", "2d 3s", "7h", stock=""), discard=cards("2h 3h 4h 7h"))
    after = rules.apply_player_move(state, rules.Action("draw"))
    assert after.reshuffles == 1 and after.discard[0] == parse_card("7h")
    # three cards below the top became the stock; the player drew one, the computer (no heart, no eight) one
    assert (len(after.hand), len(after.opponent), len(after.stock), after.last) == (2, 3, 1, "draws a card")
    def key(card: rules.Card) -> tuple[Suit, int]:
        return card.suit, card.rank

    assert sorted(after.hand + after.opponent + after.stock + after.discard, key=key) == \
        sorted(cards("9s 2d 3s 2h 3h 4h 7h"), key=key)


def test_the_computer_replies_by_its_policy_and_the_first_empty_hand_wins():
    state = _state("7h 9h", "9c 2h 5h", "4h")
    assert rules.computer_move(replace(state, discard=cards("7h"))) == rules.Action("play", parse_card("5h"))
    won = rules.apply_player_move(_state("7h", "2d", "4h"), rules.parse_play("7h"))
    assert won.over and rules.result(won) == ("won", "you played your last card") and won.last == ""
    lost = rules.apply_player_move(_state("7c 9d", "2h", "4h"), rules.Action("draw"))
    assert lost.over and rules.result(lost)[0] == "lost"


def test_the_computer_reads_only_its_own_hand_and_the_table():
    state = _state("7h 9h", "9c 2h 5h", "4h")
    other_player_hand = replace(state, hand=cards("ks qs js"), stock=cards("ad kd"))
    assert rules.computer_move(state) == rules.computer_move(other_player_hand)


def test_determinize_keeps_the_players_view_and_depends_only_on_it():
    state = rules.new_game(11)
    sample = rules.determinize(state, random.Random(3))
    assert (sample.hand, sample.discard, sample.suit) == (state.hand, state.discard, state.suit)
    assert len(sample.opponent) == len(state.opponent) and len(sample.stock) == len(state.stock)
    assert sample.opponent != state.opponent
    pool = list(state.opponent + state.stock)
    random.Random(9).shuffle(pool)
    same_view = replace(state, opponent=tuple(sorted(pool[:7], key=lambda c: (c.suit, c.rank))),
                        stock=tuple(pool[7:]), seed=99)
    assert rules.determinize(same_view, random.Random(3)) == sample


def test_a_game_always_ends_within_the_turn_bound():
    for seed in range(30):
        state = rules.new_game(seed)
        rng = random.Random(seed)
        while not state.over:
            state = rules.apply_player_move(state, _action(rng.choice(rules.legal_moves(state))))
        assert rules.result(state) is not None and state.turns <= rules.MAX_TURNS


def _action(line: str) -> rules.Action:
    word, _, rest = line.partition(" ")
    return rules.parse_play(rest) if word == "play" else rules.Action(word)
