"""Aces Up's own solver (plugins/cardshell_aces_up/fastsolve.py, raw.py,
relax.py) through the host's ``solve`` (issue 14 item 3): its raw rules
equal the game's rules, its "no win" agrees with a plain exhaustive search
without any reduction on small stacked deals, its winning lines replay to a
win, its loss bounds never call a winnable position lost, and the host
checks a game solver's winning line before believing it."""

from __future__ import annotations

import dataclasses
import random
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell import Budget, Verdict
from cardshell.cards import ACE, new_deck, parse_card
from cardshell.errors import CommandError
from cardshell.testing import GameRules, game_rules, random_walk, replays_to_a_win
from cardshell_aces_up import fastsolve
from cardshell_aces_up import rules as aces
from cardshell_aces_up.raw import ACE_CODE, PENDING, RawDeal, deals_of, encode
from cardshell_aces_up.relax import AceRelaxation, HardCards, TopCards, bounds_for, last_deal_blocks

BIG = Budget(seconds=120, nodes=5_000_000)


@pytest.fixture(scope="module")
def rules() -> GameRules:
    return game_rules("aces-up", plugins=["aces-up"])


def raw_position(state: aces.AcesUpState) -> tuple[RawDeal, tuple]:
    return RawDeal(deals_of(state.stock)), tuple(tuple(encode(card) for card in column) for column in state.tableau)


def plain_exhaustive(raw: RawDeal, cols: tuple) -> bool:
    """Whether a win is reachable: every legal single move, exact positions
    as keys, no free slots, no safe discards, no bounds."""
    return any(raw.won(*position) for position in reachable(raw, 0, cols, raw.last))


def reachable(raw: RawDeal, dealt: int, cols: tuple, last_dealt: int) -> set:
    """Every exact position reachable from ``(dealt, cols)`` by legal single
    moves without dealing past ``last_dealt`` deals."""
    seen = {(dealt, cols)}
    stack = [(dealt, cols)]
    while stack:
        for _, child_dealt, child in raw.moves(*stack.pop()):
            if child_dealt <= last_dealt and (child_dealt, child) not in seen:
                seen.add((child_dealt, child))
                stack.append((child_dealt, child))
    return seen


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
@given(st.randoms(use_true_random=False), st.sampled_from([12, 16]), st.booleans())
def test_solver_agrees_with_a_plain_exhaustive_search_on_small_stacked_deals(rules, rnd, size, greedy_first):
    state = stacked(rnd, size)
    # Without the greedy first search (a share of no position), wins come from the full search.
    with patch.object(fastsolve, "GREEDY_SHARE", fastsolve.GREEDY_SHARE if greedy_first else 10**12):
        verdict = rules.solve(state, BIG)
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
    high_cards_say_lost = not all(bound.winnable(0, cols) for bound in bounds_for(raw.deals, 100_000))
    if bounds_say_lost or high_cards_say_lost:
        assert not plain_exhaustive(raw, cols)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.integers(0, 52), min_size=4, max_size=4))
def test_a_high_cards_game_of_any_thresholds_never_calls_a_winnable_deal_lost(seed, thresholds):
    rnd = random.Random(seed)
    for _ in range(100):  # a winnable deal (about 3 in 4 are)
        raw, cols = raw_position(stacked(rnd, 12))
        if plain_exhaustive(raw, cols):
            break
    else:
        raise AssertionError("no winnable deal drawn")
    assert TopCards(raw.deals, thresholds, 100_000).winnable(0, cols)


def last_deal_without_a_discard(rnd: random.Random) -> aces.AcesUpState:
    """A 16-card deal whose last deal is four non-aces of four suits."""
    for _ in range(1_000):
        state = stacked(rnd, 16)
        last = deals_of(state.stock)[-1]
        if len({card & 3 for card in last}) == 4 and max(last) < ACE_CODE:
            return state
    raise AssertionError("no such deal drawn")


@pytest.mark.parametrize("seed", range(4))
def test_a_last_deal_that_cannot_discard_settles_the_deal_at_the_first_position(rules, seed):
    # NOTES.md: after the last deal no column is empty, so the first move
    # must discard one of its four cards by another: four suits, no move.
    state = last_deal_without_a_discard(random.Random(seed))
    raw, cols = raw_position(state)
    assert not plain_exhaustive(raw, cols)
    verdict = fastsolve.solve(state, BIG)
    assert verdict.result == "no win" and verdict.positions == 1
    assert last_deal_blocks(raw.deals)
    # The ace bound does not see it from the first position; the game of the last deal's
    # cards and those above them does (the solver checks the last deal before searching).
    assert AceRelaxation(raw.deals).winnable(0, cols)
    floor = [ACE_CODE] * 4
    for card in raw.deals[-1]:
        floor[card & 3] = min(floor[card & 3], card)
    assert not TopCards(raw.deals, floor, 100_000).winnable(0, cols)


@pytest.mark.parametrize(("last", "blocks"), [
    (("2♠", "3♥", "4♦", "5♣"), True),     # four suits, no discard
    (("A♠", "3♥", "4♦", "5♣"), True),     # an ace discards nothing of another suit
    (("2♠", "K♠", "4♦", "5♣"), False),    # K♠ lets 2♠ go
    (("A♠", "A♥", "A♦", "A♣"), False),    # only aces: the deal may still be won
])
def test_last_deal_blocks_reads_only_the_last_deals_four_cards(last, blocks):
    codes = tuple(encode(parse_card(card)) for card in last)
    assert last_deal_blocks([(0, 1, 2, 3), codes]) is blocks
    assert last_deal_blocks([codes[:3] + (-1,)]) is False  # a short last deal leaves a column as it was
    assert last_deal_blocks([]) is False


def test_a_high_cards_query_that_runs_out_of_budget_answers_winnable():
    # Out of time at once: the query gives up, and giving up never proves a loss.
    raw, cols = raw_position(last_deal_without_a_discard(random.Random(0)))
    assert not TopCards(raw.deals, [0] * 4, 100_000).winnable(0, cols)
    assert TopCards(raw.deals, [0] * 4, 100_000, per_query=0).winnable(0, cols)
    assert TopCards(raw.deals, [0] * 4, 0).winnable(0, cols)


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
    verdict = rules.solve(state, Budget(seconds=60, nodes=2_000_000))
    assert verdict.result == "won"
    assert replays_to_a_win(rules, state, verdict.line)
    assert verdict.line.count("D") == len(state.stock) // 4


def test_a_safe_discard_is_played_only_for_the_lowest_card_of_its_suit():
    # 2♠ (lowest spade anywhere) under K♠ goes at once; 5♥ is only marked pending (3♥ is left).
    cols = ((encode(parse_card("2♠")),), (encode(parse_card("K♠")),),
            (encode(parse_card("5♥")),), (encode(parse_card("3♥")), encode(parse_card("9♥"))))
    raw = RawDeal([])
    settled = raw.finish(0, cols)
    assert settled[0] == () and settled[1] == cols[1] and settled[3] == cols[3]
    assert settled[2] == (encode(parse_card("5♥")) - PENDING,)


def test_the_budget_stops_the_search_with_unknown():
    verdict = fastsolve.solve(aces.init_game(2), Budget(seconds=60, nodes=50))  # deal 1's last deal blocks
    assert verdict.result == "unknown" and verdict.positions <= 50 and verdict.line == ()


# --- the host's side of Game.solver ----------------------------------------------------


def test_search_uses_the_games_solver_and_rejects_a_line_that_does_not_win(rules):
    state = aces.init_game(1)
    lying = dataclasses.replace(rules.search, solver=lambda s, budget, clock: Verdict("won", ("D",), 1, 0.0))
    with pytest.raises(CommandError, match="does not win"):
        rules.with_search(lying).solve(state, BIG)
    honest = dataclasses.replace(rules.search, solver=lambda s, budget, clock: Verdict("unknown", (), 7, 0.0))
    assert rules.with_search(honest).solve(state, BIG) == Verdict("unknown", (), 7, 0.0)


def test_games_without_a_solver_keep_the_generic_search(rules):
    generic = rules.with_search(dataclasses.replace(rules.search, solver=None))
    state = aces.init_game(15)
    verdict = generic.solve(state, Budget(seconds=60, nodes=200_000))
    assert verdict.result == "won" and replays_to_a_win(rules, state, verdict.line)


def test_only_a_search_of_at_least_high_bounds_from_positions_asks_the_high_card_bounds(monkeypatch):
    built: list[int] = []

    def counting(deals, cap, per_query=2_000, out_of_time=lambda: False):
        built.append(cap)
        return bounds_for(deals, cap, per_query, out_of_time)

    monkeypatch.setattr(fastsolve, "bounds_for", counting)
    small = fastsolve.solve(aces.init_game(3), Budget(seconds=60, nodes=200))  # a hint's re-drawn deal
    assert built == [] and small.positions <= 200
    fastsolve.solve(aces.init_game(3), Budget(seconds=60, nodes=fastsolve.HIGH_BOUNDS_FROM))
    assert built == [fastsolve.HIGH_BOUNDS_FROM]


# --- the greedy first search --------------------------------------------------------------


def walked(rules: GameRules, seed: int, steps: int) -> tuple[RawDeal, int, tuple]:
    """Deal ``seed`` after ``steps`` random legal moves, as the raw rules,
    the deals made and the raw columns."""
    state = random_walk(rules, aces.init_game(seed), seed, steps)
    raw, _ = raw_position(aces.init_game(seed))
    return raw, raw.last - (len(state.stock) + 3) // 4, tuple(tuple(encode(card) for card in column)
                                                           for column in state.tableau)


def discard_in_any_order(raw: RawDeal, dealt: int, cols: tuple, rnd: random.Random) -> tuple:
    while True:
        discards = [child for line, _, child in raw.moves(dealt, cols) if line[0] == "F"]
        if not discards:
            return cols
        cols = rnd.choice(discards)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40))
def test_closure_discards_until_none_is_left_in_any_order(rules, seed, steps):
    raw, dealt, here = walked(rules, seed, steps)
    closed = raw.closure(dealt, here)
    assert not [line for line, _, _ in raw.moves(dealt, closed) if line[0] == "F"]
    for order in range(3):  # the same cards go whatever the order
        assert discard_in_any_order(raw, dealt, here, random.Random(order)) == closed


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40))
def test_greedy_children_are_positions_reachable_by_legal_moves(rules, seed, steps):
    raw, dealt, here = walked(rules, seed, steps)
    children = list(raw.greedy_children(dealt, here))
    if dealt < raw.last:
        assert any(child_dealt == dealt + 1 for child_dealt, _ in children)  # a deal is always among them
    if children:
        legal = reachable(raw, dealt, here, dealt + 1)
        assert all(child in legal for child in children)


def test_the_greedy_first_search_finds_a_win_the_full_search_reaches_too_late(rules):
    state = aces.init_game(1093)  # a greedy player wins it in 77 positions
    budget = Budget(seconds=60, nodes=20_000)
    with patch.object(fastsolve, "GREEDY_SHARE", 10**12):
        assert fastsolve.solve(state, budget).result == "unknown"
    verdict = rules.solve(state, budget)
    assert verdict.result == "won" and verdict.positions < budget.nodes // fastsolve.GREEDY_SHARE
    assert replays_to_a_win(rules, state, verdict.line)
