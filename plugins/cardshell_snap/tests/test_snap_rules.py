"""Snap rules (seeds/snap.txt section 4.1; specs/GAMES.md "snap")."""

from __future__ import annotations

from collections import Counter

import pytest

from cardshell import CommandError
from cardshell.rng import GameRandom
from cardshell_snap import MAX_TURNS, playgame, rules

# The hand-out's seed-305 listing (section 4.1), with its '0' read as '10'.
START_A = ['6', 'A', 'A', '7', 'Q', '8', '10', '4', '9', '9', '6', 'K', '3', '10', '3', 'Q', '7', '3', '2', '3',
           '10', '2', '5', '7', '10', '5']
START_B = ['A', '8', '8', 'J', '9', '2', '6', '4', '4', '9', 'K', '7', 'J', '5', '5', 'J', 'A', 'K', '8', '6', '4',
           '2', 'K', 'Q', 'J', 'Q']
# (pile, A's deck, B's deck) after each of the first four turns.
AFTER_TURNS = [
    (['5'], START_A[:-1], START_B),
    (['5', 'Q'], START_A[:-1], START_B[:-1]),
    (['5', 'Q', '6'], START_A[1:-1], START_B[:-1]),
    (['5', 'Q', '6', 'J'], START_A[1:-1], START_B[:-2]),
]
FINAL_305 = ('A wins', ['2', 'A', '8', '7', '8', 'A', '4', '5', 'K', '4', '6', 'Q', '8', 'K', '7', '3', 'K', '2',
                        '3', '10', '5', '2', 'J', '4', '9', '8', '6', '10', 'Q', '7', '2', '6', '5', '9', 'Q', 'J',
                        '7', '3', 'J', 'A', '10', '4', '3', '9', '9'])
FULL_DECK = Counter(rules.RANKS * 4)


def test_new_deck_is_ranks_suit_after_suit():
    deck = rules.new_deck()
    assert len(deck) == 52
    assert deck[:13] == ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']
    assert deck[13:26] == deck[:13]


def test_seed_305_split():
    state = rules.new_game(305)
    assert state.pile == ()
    assert list(state.a) == START_A
    assert list(state.b) == START_B
    assert state.turn == "A"


def test_seed_305_first_four_turns():
    state = rules.new_game(305)
    for pile, a, b in AFTER_TURNS:
        state, _ = rules.play_turn(state)
        assert (list(state.pile), list(state.a), list(state.b)) == (pile, a, b)
    assert state.turns == 4


def test_seed_305_final_result():
    assert playgame(305) == FINAL_305


def test_playgame_returns_exact_tuple_types():
    result, deck = playgame(305)
    assert isinstance(result, str) and isinstance(deck, list)


def test_snap_takes_pile_from_first_match_then_thrown_card():
    # The hand-out's worked example (section 3.1): B throws a 4 onto 7 5 4 1 8 Q.
    state = rules.SnapState(seed=0, a=["A"], b=["3", "4"], pile=["7", "5", "4", "1", "8", "Q"], turn="B")
    # Force the throw off the end: r > 0.5.
    after, throw = rules.throw_with(state, 0.9)
    assert throw == rules.Throw("B", "4", True, 5)
    assert after.pile == ("7", "5")
    assert after.b == ("3", "4", "1", "8", "Q", "4")
    assert after.turn == "A"
    assert state.pile == ("7", "5", "4", "1", "8", "Q") and state.turn == "B"  # unchanged


def test_throw_from_front_when_r_not_above_half():
    state = rules.new_game(1)
    after, _ = rules.throw_with(state, 0.5)  # exactly 0.5 is "else": the front
    assert after.pile == (state.a[0],)


@pytest.mark.parametrize("seed", range(60))
def test_52_cards_conserved_after_every_turn(seed):
    state = rules.new_game(seed)
    while state.result is None:
        state, _ = rules.play_turn(state)
        assert Counter(state.all_cards()) == FULL_DECK
        assert len(set(state.pile)) == len(state.pile)  # never two of a rank in the pile
    loser = "B" if state.result == "A wins" else "A"
    assert len(state.deck(loser)) == 0


@pytest.mark.parametrize("seed", [0, 1, 305, 4242, -7])
def test_run_agrees_with_turn_by_turn(seed):
    stepped = rules.new_game(seed)
    while stepped.result is None:
        stepped, _ = rules.play_turn(stepped)
    assert rules.run(rules.new_game(seed)) == stepped
    assert rules.step(rules.new_game(seed), 10**6) == stepped


def test_run_from_the_middle_agrees():
    state = rules.new_game(305)
    for _ in range(10):
        state, _ = rules.play_turn(state)
    assert rules.run(state) == rules.run(rules.new_game(305))
    assert rules.run(state).rng_state == rules.run(rules.new_game(305)).rng_state


def test_turn_cap_makes_a_draw():
    state = rules.run(rules.new_game(305, max_turns=100))
    assert state.result == rules.DRAW
    assert state.turns == 100
    assert Counter(state.all_cards()) == FULL_DECK
    assert playgame(305, max_turns=100) == ("Draw", [])
    # Stepping stops at the cap too.
    stepped = rules.new_game(305, max_turns=3)
    for _ in range(3):
        stepped, _ = rules.play_turn(stepped)
    assert stepped.result == rules.DRAW
    with pytest.raises(CommandError, match="The game is over: Draw"):
        rules.play_turn(stepped)


def test_cap_equal_to_game_length_is_still_a_win():
    assert playgame(305, max_turns=376) == FINAL_305
    assert playgame(305, max_turns=375)[0] == "Draw"


def test_default_cap():
    assert MAX_TURNS == 10_000
    assert rules.new_game(1).max_turns == MAX_TURNS


def test_invalid_cap():
    with pytest.raises(CommandError, match="at least 1"):
        rules.new_game(1, max_turns=0)


def test_play_after_the_end_is_refused():
    state = rules.run(rules.new_game(305))
    before = state.turns
    with pytest.raises(CommandError, match="The game is over: A wins"):
        rules.play_turn(state)
    assert state.turns == before


def test_simulate_counts():
    stats = rules.simulate(range(300, 320))
    assert stats.games == 20
    assert stats.a_wins + stats.b_wins + stats.draws == 20
    results = [playgame(seed)[0] for seed in range(300, 320)]
    assert stats.a_wins == results.count("A wins")
    assert stats.b_wins == results.count("B wins")
    assert stats.turns == sum(rules.run(rules.new_game(s)).turns for s in range(300, 320))
    capped = rules.simulate(range(5), max_turns=10)
    assert capped.draws == 5 and capped.mean_turns == 10.0


def test_the_generator_is_kept_as_an_immutable_state_tuple():
    # The same sequence as the shared GameRandom, drawn without changing any state.
    reference = GameRandom(305)
    deck = rules.new_deck()
    reference.shuffle(deck)
    state = rules.new_game(305)
    assert list(state.a) + list(state.b) == deck
    draws = [reference.random() for _ in range(5)]
    for draw in draws:
        before = state
        state, throw = rules.play_turn(state)
        assert throw.from_end == (draw > 0.5)
        assert before == rules.new_game(305) or before.turns == state.turns - 1
    # A state rebuilt from its value alone (no cached generator) plays on the same way.
    rebuilt = rules.SnapState(state.seed, state.a, state.b, state.pile, state.turn, state.turns)
    assert rebuilt == state and rebuilt.rng_state == state.rng_state
    assert rules.play_turn(rebuilt) == rules.play_turn(state)


def test_legal_moves_are_step_and_run_while_in_play():
    state = rules.new_game(305)
    assert rules.legal_moves(state) == ["step", "run"]
    assert rules.legal_moves(rules.run(state)) == []
