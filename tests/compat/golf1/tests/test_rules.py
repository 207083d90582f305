"""Golf's rules, directly (no shell)."""

from __future__ import annotations

import pytest
from cardshell.cards import Card, Suit, new_deck
from cardshell.errors import CommandError

from cardshell_compat_golf import rules


def cards(state: rules.GolfState) -> list[Card]:
    return [card for column in state.columns for card in column] + state.stock + state.waste


def test_a_deal_uses_the_whole_deck_and_a_seed_replays_it():
    state = rules.new_game(4)
    assert sorted(cards(state)) == sorted(new_deck())
    assert [len(column) for column in state.columns] == [5] * 7
    assert (len(state.stock), len(state.waste)) == (16, 1)
    assert rules.new_game(4) == state and rules.new_game(5) != state


@pytest.mark.parametrize(("rank", "on", "fits"), [(5, 6, True), (5, 4, True), (5, 5, False), (1, 13, False),
                                                   (13, 1, False), (13, 12, True), (5, 7, False)])
def test_ranks_must_be_one_apart_without_wrapping(rank, on, fits):
    assert rules.fits(Card(rank, Suit.CLUBS), Card(on, Suit.HEARTS)) is fits


def small(columns, stock, waste):
    return rules.GolfState(columns=[list(column) for column in columns], stock=list(stock), waste=list(waste))


def test_play_moves_the_top_card_in_place_and_a_bad_play_changes_nothing():
    state = small([[Card(9, Suit.SPADES), Card(4, Suit.CLUBS)], [Card(8, Suit.HEARTS)]] + [[]] * 5,
                  [Card(2, Suit.HEARTS)], [Card(5, Suit.DIAMONDS)])
    assert rules.playable(state) == [1]
    with pytest.raises(CommandError, match="does not go on 5♦"):
        rules.play(state, 2)
    with pytest.raises(CommandError, match="Column 3 is empty"):
        rules.play(state, 3)
    assert state.left == 3
    rules.play(state, 1)
    assert (state.waste[-1], state.columns[0], state.left) == (Card(4, Suit.CLUBS), [Card(9, Suit.SPADES)], 2)


def test_draw_turns_the_stock_and_refuses_when_empty():
    state = small([[Card(9, Suit.SPADES)]] + [[]] * 6, [Card(2, Suit.HEARTS)], [Card(5, Suit.DIAMONDS)])
    rules.draw(state)
    assert (state.waste[-1], state.stock, state.drawn) == (Card(2, Suit.HEARTS), [], 1)
    with pytest.raises(CommandError, match="stock is empty"):
        rules.draw(state)
    assert rules.result(state) == "lost"


def test_an_empty_tableau_wins():
    state = small([[Card(6, Suit.SPADES)]] + [[]] * 6, [], [Card(5, Suit.DIAMONDS)])
    assert rules.result(state) is None and rules.advice(state) == "play 1"
    rules.play(state, 1)
    assert rules.result(state) == "won" and rules.advice(state) == ""


def test_advice_prefers_the_deepest_playable_column_then_draws():
    state = small([[Card(4, Suit.CLUBS)], [Card(1, Suit.SPADES), Card(6, Suit.CLUBS)], [Card(9, Suit.HEARTS)]]
                  + [[]] * 4, [Card(2, Suit.HEARTS)], [Card(5, Suit.DIAMONDS)])
    assert rules.advice(state) == "play 2"
    rules.play(state, 2)
    assert rules.advice(state) == "draw"
