"""Blackjack on plugin contract 2: the contract check, immutable states, legal
moves as typed, determinization, and the basic-strategy hint
(plugins/cardshell_blackjack/rules.py and strategy.py)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell.cards import new_deck, parse_card
from cardshell.contractcheck import check_game
from cardshell.testing import new_shell
from cardshell_blackjack import rules, strategy
from cardshell_blackjack.rules import BlackjackState

DECK = new_deck()


def hand(text: str) -> tuple:
    return tuple(parse_card(word) for word in text.split())


def in_play(player: str, dealer: str = "9♥ 4♠", seed: int = 0) -> BlackjackState:
    """A round waiting for hit or stay: the given hands, the rest shuffled."""
    used = hand(player) + hand(dealer)
    rest = [card for card in DECK if card not in used]
    random.Random(seed).shuffle(rest)
    return BlackjackState(seed=0, generator=rules.generator_state(seed), deck=rest, player=hand(player),
                          dealer=hand(dealer), rounds=1)


def start(seed: int):
    shell = new_shell(["blackjack"], autosave=False)
    assert shell.execute(f"play blackjack --seed {seed}").ok
    return shell


# --- the contract --------------------------------------------------------------------


@settings(max_examples=15)
@given(st.integers(-10**6, 10**6), st.integers(0, 100))
def test_blackjack_keeps_the_contract(seed, walk):
    check_game("blackjack", seed, plugins=["blackjack"], steps=40, walk_seed=walk,
               extra_lines=["1", "0", "y"])


def test_states_are_hashable_values_and_moves_never_change_them():
    state = in_play("2♠ 3♥")
    frozen, copy = hash(state), dataclasses.replace(state)
    after = rules.draw(state)
    settled = rules.stand(after)
    rules.play_again(settled, True)
    rules.play_again(settled, False)
    assert hash(state) == frozen and state == copy and state is not copy
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.phase = rules.PHASE_DONE  # type: ignore[misc]
    assert {type(part) for part in (state.deck, state.player, state.dealer, state.generator)} == {tuple}


def test_legal_moves_are_the_answers_as_typed_in_each_phase():
    shell = start(42)
    assert shell.execute("moves").output == "Legal moves: 1, 0"
    shell.execute("0")
    assert shell.execute("moves").output == "Legal moves: y, n"
    assert shell.execute("n").ok and shell.current is None
    assert rules.legal_moves(rules.play_again(rules.stand(rules.new_game(1)), False)) == []


def test_moves_keep_no_undo_snapshots():
    shell = start(3)
    for line in ("0", "y", "1"):
        assert shell.execute(line).ok
    assert shell.current.undo_stack == [] and shell.current.log[-3:] == ["0", "y", "1"]


# --- determinization -----------------------------------------------------------------


@settings(max_examples=30)
@given(st.integers(0, 10**6), st.integers(0, 10**6), st.integers(0, 2))
def test_determinize_depends_only_on_what_the_player_sees(seed, other, hits):
    state = rules.new_game(seed)
    for _ in range(hits):
        if state.phase == rules.PHASE_PLAYER:
            state = rules.draw(state)
    # The same player's hand over other hidden cards and another generator.
    # (The dealer's up card is seen: the twin keeps it.)
    up = state.dealer[rules.UP_CARD]
    hidden = [card for card in DECK if card not in state.player and card != up]
    random.Random(other).shuffle(hidden)
    twin = dataclasses.replace(state, dealer=(up, hidden[0]), deck=tuple(hidden[1:len(state.deck) + 1]),
                               generator=rules.generator_state(other))
    first, second = rules.determinize(state, random.Random(5)), rules.determinize(twin, random.Random(5))
    assert first == second
    assert first.player == state.player and len(first.dealer) == 2 and len(first.deck) == len(state.deck)
    assert sorted(first.cards()) == sorted(DECK)


def test_determinize_keeps_a_dealer_hand_once_shown():
    settled = rules.stand(in_play("10♠ 8♥", "9♥ 4♠"))
    sample = rules.determinize(settled, random.Random(1))
    assert sample.dealer == settled.dealer and sample.player == settled.player
    assert sorted(sample.cards()) == sorted(DECK) and sample.deck != settled.deck
    bust = rules.draw(in_play("10♠ 8♥ 3♣", "9♥ 4♠"))
    assert bust.result == "lost" and not rules.dealer_shown(bust)  # a busted player never sees the hole card
    redrawn = rules.determinize(bust, random.Random(1)).dealer
    assert redrawn[0] == bust.dealer[0] and redrawn[1] != bust.dealer[1]  # the up card was seen


@settings(max_examples=30)
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_determinize_keeps_the_dealers_up_card_and_redraws_the_hole_card(seed, sample):
    state = rules.new_game(seed)
    assert state.phase == rules.PHASE_PLAYER and not rules.dealer_shown(state)
    drawn = rules.determinize(state, random.Random(sample))
    assert drawn.dealer[rules.UP_CARD] == state.dealer[rules.UP_CARD]
    assert drawn.dealer[1] not in state.player and sorted(drawn.cards()) == sorted(DECK)
    up_card = rules.card_name(state.dealer[0])
    assert rules.dealer_up_line(state.dealer) == f"Dealer's hand: {up_card}, ? (one card face down)"


# --- the basic-strategy hint ---------------------------------------------------------


@pytest.mark.parametrize(
    ("player", "answer", "why"),
    [
        ("2♠ 3♥", "1", "hit: basic strategy for hard 5"),
        ("8♠ 3♥", "1", "hit: basic strategy for hard 11"),
        ("10♠ 2♥", "1", "hit: basic strategy for hard 12"),
        ("10♠ 4♥", "1", "hit: basic strategy for hard 14"),
        ("10♠ 5♥", "1", "hit: basic strategy for hard 15"),
        ("9♠ 6♥", "1", "hit: basic strategy for hard 15"),
        ("10♠ 7♥", "0", "stay: basic strategy for hard 17"),
        ("K♠ Q♥", "0", "stay: basic strategy for hard 20"),
        ("A♠ A♥", "1", "hit: basic strategy for soft 12"),
        ("A♠ 6♥", "1", "hit: basic strategy for soft 17"),
        ("A♠ 7♥", "0", "stay: basic strategy for soft 18"),
        ("A♠ K♥", "0", "stay: basic strategy for soft 21"),
        ("A♠ 6♥ 9♣", "1", "hit: basic strategy for hard 16"),  # the ace now counts 1
        ("2♠ 3♥ A♦", "1", "hit: basic strategy for soft 16"),
        ("5♠ 4♥ 2♣ A♦", "1", "hit: basic strategy for hard 12"),  # an ace as 11 would make 22
        ("7♠ 7♥ 7♣", "0", "stay: basic strategy for hard 21"),
    ],
)
def test_hint_is_basic_strategy_for_the_hand_shown(player, answer, why):
    hint = strategy.hint(in_play(player, "7♥ 4♠"), random.Random(0))  # the dealer's up card: a 7
    assert hint.move == answer
    assert hint.why == why + " against the dealer's 7-HEART"  # the card the player sees (issue 27 item 8)


@pytest.mark.parametrize(("player", "dealer", "answer"), [
    ("10♠ 2♥", "6♥ 4♠", "0"),  # hard 12 against a 6: stay (the dealer busts often)
    ("10♠ 2♥", "10♥ 4♠", "1"),  # ... against a 10: hit
    ("10♠ 6♥", "7♥ 4♠", "1"),  # hard 16 against a 7: hit
    ("10♠ 6♥", "5♥ 4♠", "0"),  # ... against a 5: stay
])
def test_the_hint_plays_against_the_up_card(player, dealer, answer):
    assert strategy.hint(in_play(player, dealer), random.Random(0)).move == answer


def test_the_shell_hint_prints_basic_strategy():
    shell = start(42)  # 2-SPADE, 8-CLUB: hard 10
    up = rules.card_name(shell.current.state.dealer[rules.UP_CARD])
    assert shell.execute("hint").output == (
        f"Hint: 1 (hit: basic strategy for hard 10 against the dealer's {up})")
    shell.execute("0")
    assert shell.execute("hint").output == "Hint: y (the round is over; y deals another, n stops)"


@settings(max_examples=40)
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_the_hint_never_reads_hidden_cards_and_is_always_legal(seed, other):
    state = rules.new_game(seed)
    up = state.dealer[rules.UP_CARD]  # face up: the player sees it
    hidden = [card for card in DECK if card not in state.player and card != up]
    random.Random(other).shuffle(hidden)
    twin = dataclasses.replace(state, dealer=(up, hidden[0]), deck=tuple(hidden[1:]))
    assert strategy.hint(state, random.Random(0)) == strategy.hint(twin, random.Random(1))
    assert strategy.hint(state, random.Random(0)).move in rules.legal_moves(state)


@settings(max_examples=60)
@given(st.lists(st.sampled_from(DECK), min_size=2, max_size=6, unique=True),
       st.lists(st.sampled_from(DECK), min_size=2, max_size=6, unique=True))
def test_the_strategy_settles_as_the_rules_do(player, dealer):
    expected = {"won": 1, "draw": 0, "lost": -1}[rules.settle(player, dealer)]
    assert strategy.result_value(rules.hand_value(player), rules.hand_value(dealer)) == expected


def test_the_dealer_model_is_a_distribution_with_the_known_bust_rate():
    finals = dict(strategy._dealer_finals())
    assert set(finals) == {17, 18, 19, 20, 21, 22}
    assert sum(finals.values()) == pytest.approx(1.0)
    assert finals[22] == pytest.approx(0.28, abs=0.01)  # a dealer standing on all 17s busts ~28 %


def test_basic_strategy_beats_hitting_below_17_over_many_rounds():
    """Both policies on the same 4,000 shuffled rounds (hand-out rules): the
    table's net result (won - lost) must be better."""
    rng = random.Random(11)
    net = {"table": 0, "below 17": 0}
    for _ in range(4000):
        deck = list(DECK)
        rng.shuffle(deck)
        for name in net:
            cards = list(deck)
            player = [cards.pop(), cards.pop()]
            dealer = [cards.pop(), cards.pop()]
            while rules.hand_value(player) <= 21 and (
                strategy.basic_strategy(tuple(player)) == "1" if name == "table" else rules.hand_value(player) < 17
            ):
                player.append(cards.pop())
            if rules.hand_value(player) <= 21:
                rules.dealer_play(cards, dealer)
            net[name] += {"won": 1, "draw": 0, "lost": -1}[rules.settle(player, dealer)]
    assert net["table"] > net["below 17"]


def test_the_table_is_the_documented_one():
    table = strategy.basic_strategy_table()
    assert [value for value in range(4, 22) if table[False, value] == "1"] == list(range(4, 15))
    assert [value for value in range(12, 22) if table[True, value] == "1"] == list(range(12, 18))
