"""Aces Up's own solver (plugins/cardshell_aces_up/fastsolve.py, raw.py,
relax.py) through the host's ``solve`` (issue 14 item 3): its raw rules
equal the game's rules, its "no win" agrees with a plain exhaustive search
without any reduction on small stacked deals, its winning lines replay to a
win, its loss bounds never call a winnable position lost, and the host
checks a game solver's winning line before believing it."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell.cards import ACE, new_deck, parse_card
from cardshell.errors import CommandError
from cardshell.ruleset import RuleSet
from cardshell.search import Budget, Verdict, solve
from cardshell.shell import Shell
from cardshell_aces_up import fastsolve
from cardshell_aces_up import rules as aces
from cardshell_aces_up.raw import RawDeal, deals_of, encode
from cardshell_aces_up.relax import AceRelaxation, HardCards
from search_helpers import random_walk, replays_to_a_win

BIG = Budget(seconds=120, nodes=5_000_000)


@pytest.fixture(scope="module")
def rules() -> RuleSet:
    return Shell.create(plugins=["aces-up"], seed=0, autosave=False).rules("aces-up")


def raw_position(state: aces.AcesUpState) -> tuple[RawDeal, tuple]:
    return RawDeal(deals_of(state.stock)), tuple(tuple(encode(card) for card in column) for column in state.tableau)


def plain_exhaustive(raw: RawDeal, cols: tuple) -> bool:
    """Whether a win is reachable: every legal single move, exact positions
    as keys, no free slots, no safe discards, no bounds."""
    seen = {(0, cols)}
    stack = [(0, cols)]
    while stack:
        dealt, here = stack.pop()
        if raw.won(dealt, here):
            return True
        for _, child_dealt, child in raw.moves(dealt, here):
            if (child_dealt, child) not in seen:
                seen.add((child_dealt, child))
                stack.append((child_dealt, child))
    return False


def stacked(rnd: random.Random, size: int) -> aces.AcesUpState:
    """A deal of ``size`` cards: the four aces and ``size - 4`` others."""
    others = [card for card in new_deck() if card.rank != ACE]
    deck = [card for card in new_deck() if card.rank == ACE] + rnd.sample(others, size - 4)
    rnd.shuffle(deck)
    return aces.start_from_deck(deck)


# --- the raw rules are the game's rules -----------------------------------------------


@settings(max_examples=30)
@given(st.integers(0, 10_000), st.integers(0, 40))
def test_raw_moves_are_the_legal_moves_with_the_same_results(rules, seed, steps):
    state = aces.init_game(seed)
    state = random_walk(rules, state, seed, steps)
    raw, cols = raw_position(aces.init_game(seed))
    dealt = raw.last - (len(state.stock) + 3) // 4
    here = tuple(tuple(encode(card) for card in column) for column in state.tableau)
    moves = {line: (child_dealt, child) for line, child_dealt, child in raw.moves(dealt, here)}
    assert set(moves) == set(rules.legal(state))
    for line, (child_dealt, child) in moves.items():
        after = rules.play(state, line)
        assert child == tuple(tuple(encode(card) for card in column) for column in after.tableau)
        assert child_dealt == raw.last - (len(after.stock) + 3) // 4
    assert raw.won(dealt, here) == aces.is_won(state)


# --- exactness: "no win" is a proof, "won" replays -------------------------------------


@settings(max_examples=20, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([12, 16]))
def test_solver_agrees_with_a_plain_exhaustive_search_on_small_stacked_deals(rules, rnd, size):
    state = stacked(rnd, size)
    verdict = solve(rules, state, BIG)
    assert verdict.result != "unknown"
    assert (verdict.result == "won") == plain_exhaustive(*raw_position(state))
    if verdict.result == "won":
        assert replays_to_a_win(rules, state, verdict.line)


@settings(max_examples=20, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([12, 16]), st.integers(0, 12))
def test_the_loss_bounds_never_call_a_winnable_position_lost(rules, rnd, size, steps):
    state = stacked(rnd, size)
    for _ in range(steps):  # somewhere into the deal, by random legal moves
        legal = rules.legal(state)
        if not legal:
            break
        state = rules.play(state, rnd.choice(legal))
    raw, cols = raw_position(state)
    bounds_say_lost = not AceRelaxation(raw.deals).winnable(0, cols) or not HardCards(raw, 100_000).winnable(0, cols)
    if bounds_say_lost:
        assert not plain_exhaustive(raw, cols)


def test_the_bounds_prove_a_buried_aces_position_lost():
    # Every column has an ace lying on other cards and the stock is empty:
    # no column can ever empty, so no ace can move and nothing under one goes.
    cols = [["5♠", "A♠", "K♥"], ["6♦", "A♥"], ["7♣", "A♦"], ["8♥", "A♣"]]
    state = aces.AcesUpState(stock=(), tableau=[[parse_card(c) for c in col] for col in cols])
    raw, cols_raw = raw_position(state)
    assert not AceRelaxation(raw.deals).winnable(0, cols_raw)
    assert not plain_exhaustive(raw, cols_raw)


@pytest.mark.parametrize("seed", [0, 11, 15, 18])
def test_won_deals_give_lines_that_win_through_the_rules(rules, seed):
    state = aces.init_game(seed)
    verdict = solve(rules, state, Budget(seconds=60, nodes=2_000_000))
    assert verdict.result == "won"
    assert replays_to_a_win(rules, state, verdict.line)
    assert verdict.line.count("D") == len(state.stock) // 4


def test_a_safe_discard_is_played_only_for_the_lowest_card_of_its_suit():
    # 2♠ (lowest spade anywhere) under K♠ goes at once; 5♥ does not (3♥ is left).
    cols = ((encode(parse_card("2♠")),), (encode(parse_card("K♠")),),
            (encode(parse_card("5♥")),), (encode(parse_card("3♥")), encode(parse_card("9♥"))))
    raw = RawDeal([])
    settled = raw.settle(0, cols)
    assert settled[0] == () and settled[2] == cols[2] and settled[3] == cols[3]


def test_the_budget_stops_the_search_with_unknown():
    verdict = fastsolve.solve(aces.init_game(1), Budget(seconds=60, nodes=50))
    assert verdict.result == "unknown" and verdict.positions <= 50 and verdict.line == ()


# --- the host's side of Game.solver ----------------------------------------------------


def test_search_uses_the_games_solver_and_rejects_a_line_that_does_not_win(rules):
    state = aces.init_game(1)
    lying = dataclasses.replace(rules.game, solver=lambda s, budget, clock: Verdict("won", ("D",), 1, 0.0))
    with pytest.raises(CommandError, match="does not win"):
        solve(RuleSet(lying, rules._scope), state, BIG)
    honest = dataclasses.replace(rules.game, solver=lambda s, budget, clock: Verdict("unknown", (), 7, 0.0))
    assert solve(RuleSet(honest, rules._scope), state, BIG) == Verdict("unknown", (), 7, 0.0)


def test_games_without_a_solver_keep_the_generic_search(rules):
    generic = RuleSet(dataclasses.replace(rules.game, solver=None), rules._scope)
    state = aces.init_game(15)
    verdict = solve(generic, state, Budget(seconds=60, nodes=200_000))
    assert verdict.result == "won" and replays_to_a_win(rules, state, verdict.line)
