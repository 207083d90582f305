"""Blackjack rules and simulation (plugins/cardshell_blackjack), tested directly.

Hand-out ``seeds/minesweeper-blackjack.txt`` problem 2 and GAMES.md
"blackjack": ace valuation, the dealer's rule, each settlement rule, the
lines printed, the phases of a round, and the simulation of issue 3 item 4.
"""

from __future__ import annotations

import copy

import pytest

from cardshell.cards import new_deck, parse_card
from cardshell.errors import CommandError
from cardshell_blackjack import rules, simulation
from cardshell_blackjack.rules import BlackjackState


def hand(text: str) -> tuple:
    """``"A♠ K♥"`` -> cards."""
    return tuple(parse_card(word) for word in text.split())


def constructed(player: str, dealer: str, top: str = "") -> BlackjackState:
    """A round in play: the given hands, the rest of the deck below ``top``
    (``top`` listed in drawing order: its first card is drawn first)."""
    used = hand(player) + hand(dealer) + hand(top)
    rest = [card for card in new_deck() if card not in used]
    deck = rest + list(reversed(hand(top)))
    return BlackjackState(seed=0, generator=rules.generator_state(0), deck=deck, player=hand(player),
                          dealer=hand(dealer), rounds=1)


# --- values -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "value"),
    [
        ("A♠ A♥ 9♥", 21),  # hand-out example 4: ACE-SPADE, ACE-HEART, 9-HEART is Blackjack
        ("10♠ 8♥ A♣", 19),  # 18 + A = 19 (hand-out rules list)
        ("A♣ K♥", 21),  # hand-out: JACK and ACE count 21
        ("A♠ A♥", 12),
        ("A♠ A♥ A♦ A♣", 14),
        ("A♠ 6♥", 17),
        ("Q♠ J♥", 20),
        ("5♦ 6♥ 10♥", 21),
        ("K♥ 5♠ K♣", 25),
        ("", 0),
    ],
)
def test_hand_value(cards, value):
    assert rules.hand_value(hand(cards)) == value


def test_card_value():
    assert [rules.card_value(c) for c in hand("A♠ 2♠ 9♠ 10♠ J♠ Q♠ K♠")] == [11, 2, 9, 10, 10, 10, 10]


def test_value_lines_use_the_hand_out_text():
    assert rules.player_line(hand("10♥ 9♥")) == "Your current value is 19 with the hand: 10-HEART, 9-HEART"
    assert rules.player_line(hand("A♣ J♥")) == (
        "Your current value is Blackjack! (21) with the hand: ACE-CLUB, JACK-HEART")
    assert rules.dealer_line(hand("9♥ 4♠ Q♦")) == (
        "Dealer's current value is Bust! (>21) with the hand: 9-HEART, 4-SPADE, QUEEN-DIAMOND"
    )


# --- the dealer ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "top", "drawn"),
    [
        ("10♠ 7♥", "5♣", []),  # stands on 17
        ("A♠ 6♥", "5♣", []),  # a soft 17 is 17 too
        ("10♠ 8♥", "5♣", []),
        ("10♠ 6♥", "5♣", ["5♣"]),  # 16 hits, 21 stands
        ("2♣ 6♣", "4♣ 2♦ 2♠ 3♥", ["4♣", "2♦", "2♠", "3♥"]),  # hand-out example 4: 8 -> 19
        ("10♠ 6♥", "K♣ 5♣", ["K♣"]),  # bust stops
    ],
)
def test_dealer_hits_below_17(dealer, top, drawn):
    state = constructed("9♦ 9♣", dealer, top)
    deck, cards = list(state.deck), list(state.dealer)
    assert rules.dealer_play(deck, cards) == list(hand(" ".join(drawn)))
    assert cards == list(hand(dealer) + hand(" ".join(drawn)))
    assert rules.hand_value(cards) >= 17


# --- settlement ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("player", "dealer", "result"),
    [
        ("K♠ 5♠ Q♥", "K♥ 6♠ 9♣", "lost"),  # player bust loses even if the dealer busts too
        ("A♣ K♥", "A♦ J♣", "draw"),  # both 21: tie
        ("5♦ 6♥ 10♥", "10♠ Q♦", "won"),  # player 21 (3 cards) beats 20
        ("A♣ K♥", "2♠ 4♠ 5♠ K♠", "draw"),  # dealer 21 with 4 cards: tie
        ("10♥ 8♥", "A♦ J♣", "lost"),  # hand-out example 4: 18 against dealer's 21
        ("10♥ 9♥", "9♣ 4♠ Q♦", "won"),  # dealer bust
        ("Q♠ 10♠", "8♠ 2♦ J♦", "draw"),  # 20 = 20
        ("10♥ 9♥", "3♣ 8♦ Q♥", "lost"),  # 19 < 21
        ("10♥ 9♥", "J♥ 6♣ 2♥", "won"),  # 19 > 18
    ],
)
def test_settle(player, dealer, result):
    assert rules.settle(hand(player), hand(dealer)) == result


# --- a round --------------------------------------------------------------------------


def test_new_game_deals_two_and_two_from_a_fresh_deck():
    state = rules.new_game(42)
    assert len(state.player) == 2 and len(state.dealer) == 2 and len(state.deck) == 48
    assert sorted(state.cards()) == sorted(new_deck())
    assert state.phase == rules.PHASE_PLAYER and state.result is None and state.rounds == 1
    assert rules.new_game(42) == state
    assert rules.new_game(43) != state
    assert rules.question(state) == "Hit or stay? (Hit = 1, Stay = 0): "


def test_hit_draws_the_top_card():
    state = constructed("5♦ 6♥", "9♥ 4♠", "10♥")
    before = copy.deepcopy(state)
    after, lines = rules.hit(state)
    assert lines == ["You draw 10-HEART"]
    assert after.player == hand("5♦ 6♥ 10♥")
    assert after.phase == rules.PHASE_PLAYER  # may hit again on 21
    assert state == before


def test_player_bust_loses_and_the_dealer_does_not_draw():
    state = constructed("8♠ A♥ 4♠", "2♣ 6♣", "Q♥")
    after, lines = rules.hit(state)
    assert lines == [
        "You draw QUEEN-HEART",
        "Your current value is Bust! (>21) with the hand: 8-SPADE, ACE-HEART, 4-SPADE, QUEEN-HEART",
        "*** Dealer wins! ***",
    ]
    assert after.dealer == hand("2♣ 6♣")  # 8, yet no draw
    assert len(after.deck) == len(state.deck) - 1
    assert (after.phase, after.result, after.lost, after.won, after.tied) == (rules.PHASE_AGAIN, "lost", 1, 0, 0)
    assert rules.question(after) == "Want to play again? (y/n): "


def test_stay_dealer_draws_then_settles():
    state = constructed("5♦ 6♥ 10♥", "9♥ 4♠", "Q♦")
    after, lines = rules.stay(state)
    assert lines == [
        "Dealer's current value is 13 with the hand: 9-HEART, 4-SPADE",
        "Dealer draws QUEEN-DIAMOND",
        "Dealer's current value is Bust! (>21) with the hand: 9-HEART, 4-SPADE, QUEEN-DIAMOND",
        "*** You beat the dealer! ***",
    ]
    assert (after.result, after.won) == ("won", 1)


def test_stay_dealer_who_stands_is_shown_once():
    state = constructed("J♦ Q♥", "Q♦ K♦")
    after, lines = rules.stay(state)
    assert lines == [
        "Dealer's current value is 20 with the hand: QUEEN-DIAMOND, KING-DIAMOND",
        "*** You tied the dealer, nobody wins. ***",
    ]
    assert (after.result, after.tied) == ("draw", 1)
    assert after.deck == state.deck


def test_play_again_yes_shuffles_a_full_fresh_deck():
    state, _ = rules.stay(rules.new_game(5))
    again = rules.play_again(state, True)
    assert again.rounds == 2 and again.phase == rules.PHASE_PLAYER and again.result is None
    assert sorted(again.cards()) == sorted(new_deck())
    assert len(again.deck) == 48
    assert (again.won, again.lost, again.tied) == (state.won, state.lost, state.tied)
    assert again.generator != state.generator  # the game's generator moved on
    assert rules.play_again(state, True) == again  # and replays exactly


def test_play_again_no_ends_the_game_and_keeps_the_result():
    state, _ = rules.stay(rules.new_game(5))
    done = rules.play_again(state, False)
    assert done.phase == rules.PHASE_DONE and done.result == state.result
    assert rules.question(done) == ""


def test_answers_out_of_phase_are_refused():
    in_play = rules.new_game(1)
    with pytest.raises(CommandError, match="^Error, the round is still in play: answer 1 to hit or 0 to stay.$"):
        rules.play_again(in_play, True)
    settled, _ = rules.stay(in_play)
    for move in (rules.hit, rules.stay):
        with pytest.raises(CommandError, match=r"^Error, the round is over: answer y to play again or n to stop.$"):
            move(settled)
    done = rules.play_again(settled, False)
    for move in (rules.hit, rules.stay, lambda s: rules.play_again(s, True)):
        with pytest.raises(CommandError, match=r"^Error, the game is over: type new for a new game or quit to leave.$"):
            move(done)


def test_score_line():
    state = constructed("J♦ Q♥", "Q♦ K♦")
    assert state.score_line() == "Score: won 0, lost 0, tied 0 (0 rounds)"
    after, _ = rules.stay(state)
    assert after.score_line() == "Score: won 0, lost 0, tied 1 (1 round)"


# --- simulation -----------------------------------------------------------------------


def test_simulate_is_reproducible_under_a_seed():
    first = simulation.simulate(2000, 17, seed=3)
    assert simulation.simulate(2000, 17, seed=3) == first
    assert simulation.simulate(2000, 17, seed=4) != first
    assert first.won + first.lost + first.tied == first.rounds == 2000


def played_by_the_game(seed, threshold):
    """The result of ``play blackjack --seed SEED`` played by the policy, through the game's rules."""
    state = rules.new_game(seed)
    while rules.hand_value(state.player) < threshold:
        state, _ = rules.hit(state)
    if state.result is None:
        state, _ = rules.stay(state)
    return {"won": "won", "lost": "lost", "draw": "tied"}[state.result]


def test_simulate_first_round_is_the_games_first_round():
    for seed in range(30):
        counts = simulation.simulate(1, 17, seed)
        assert getattr(counts, played_by_the_game(seed, 17)) == 1


@pytest.mark.parametrize(("threshold", "first"), [(17, 0), (12, -150), (20, 10**12)])
def test_round_k_is_the_first_round_of_seed_first_plus_k(threshold, first):
    expected = {"won": 0, "lost": 0, "tied": 0}
    for seed in range(first, first + 150):
        expected[played_by_the_game(seed, threshold)] += 1
    counts = simulation.simulate(150, threshold, first)
    assert (counts.won, counts.lost, counts.tied) == (expected["won"], expected["lost"], expected["tied"])


def test_threshold_changes_the_policy():
    never_hit = simulation.simulate(3000, 1, seed=1)
    always_bust = simulation.simulate(3000, 22, seed=1)
    assert always_bust.won == 0 and always_bust.tied == 0  # hitting on 21 always ends in a bust
    assert never_hit != simulation.simulate(3000, 17, seed=1)


def test_simulate_counts_do_not_depend_on_the_processes():
    one = simulation.simulate(5000, 16, seed=9, jobs=1)
    assert simulation.simulate(5000, 16, seed=9, jobs=2) == one
    assert one.rounds == one.won + one.lost + one.tied == 5000


def test_simulate_rejects_negative_n():
    with pytest.raises(ValueError):
        simulation.simulate(-1)


def test_format_simulation():
    counts = simulation.SimulationCounts(1000, 413, 488, 99)
    assert simulation.format_simulation(counts, 17, 0) == (
        "Blackjack simulation: 1000 rounds (seeds 0 to 999), player hits below 17, dealer hits below 17\n"
        "  won     41.30%  (413)\n"
        "  lost    48.80%  (488)\n"
        "  tied     9.90%  (99)"
    )


def test_format_simulation_of_one_round_names_its_seed():
    counts = simulation.SimulationCounts(1, 0, 1, 0)
    assert simulation.format_simulation(counts, 15, -4).split("\n")[0] == (
        "Blackjack simulation: 1 round (seed -4), player hits below 15, dealer hits below 17"
    )
