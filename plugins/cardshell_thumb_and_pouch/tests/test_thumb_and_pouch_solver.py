"""Thumb and Pouch's solver (plugins/cardshell_thumb_and_pouch/solver.py and
search_moves.py) through the host's search: every successor is the rules'
own result of its lines, the reductions (draw macros, safe foundation moves,
interchangeable piles) and the passes agree with a plain exhaustive search
on small stacked deals, and a won deal's line replays to a win (issue 14,
item 3)."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell import Budget
from cardshell.cards import Card, Suit, new_deck
from cardshell.testing import GameRules, check_search, game_rules, random_walk
from cardshell_thumb_and_pouch import rules as pouch
from cardshell_thumb_and_pouch import search_moves, solver
from cardshell_thumb_and_pouch.rules import Placed
from cardshell_thumb_and_pouch.search_moves import is_safe

BIG = Budget(seconds=120, nodes=3_000_000)


def pouch_rules() -> GameRules:
    return game_rules("thumb-and-pouch", plugins=["thumb-and-pouch"])


def lines_of(move) -> tuple[str, ...]:
    return (move,) if isinstance(move, str) else tuple(move)


def replay(rules: GameRules, state, lines):
    for line in lines:
        state = rules.play(state, line)  # raises CommandError on an illegal line
    return state


def stacked(rnd: random.Random, floor: int) -> pouch.ThumbAndPouchState:
    """A small stacked deal: each suit's foundation holds ranks up to about
    ``floor`` (one suit one lower, one one higher), the other cards dealt at
    random to the tableau (some face down), the waste and the stock."""
    suits = list(Suit)
    rnd.shuffle(suits)
    tops = dict(zip(suits, (floor - 1, floor, floor, floor + 1)))
    foundations = [tuple(Card(rank, suit) for rank in range(1, tops[suit] + 1)) for suit in suits]
    rnd.shuffle(foundations)
    rest = [card for card in new_deck() if card.rank > tops[card.suit]]
    rnd.shuffle(rest)
    cut = rnd.randrange(len(rest) // 3, len(rest) // 2 + 2)
    tableau: list[list[Placed]] = [[] for _ in range(7)]
    for card in rest[:cut]:
        tableau[rnd.randrange(7)].append(Placed(card, rnd.random() < 0.4))
    for pile in tableau:
        if pile:
            pile[-1] = Placed(pile[-1].card, True)
    pile_end = rnd.randrange(cut, len(rest) + 1)
    return pouch.ThumbAndPouchState(foundations, tableau, stock=rest[pile_end:], waste=rest[cut:pile_end])


# --- the moves are the rules' moves ------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 100_000), st.integers(0, 40), st.sampled_from(search_moves.SHIFTS))
def test_every_successor_is_the_state_its_lines_give(seed, steps, shifts):
    rules = pouch_rules()
    state = pouch.new_game(seed)
    state = random_walk(rules, state, seed, steps)
    for move, child in search_moves.moves(state, shifts):
        assert replay(rules, state, lines_of(move)) == child
        assert search_moves.codes_of(child) == search_moves.codes_of(dataclasses.replace(child))


def test_draws_are_macro_moves_ending_in_a_waste_play():
    state = pouch.new_game(7)
    found = [lines_of(move) for move, _ in search_moves.moves(state)]
    assert "sw" not in [lines[-1] for lines in found]
    assert any(lines[:-1] == ("sw",) * len(lines[:-1]) and len(lines) > 2 for lines in found)


# --- dominance ------------------------------------------------------------------------


def test_a_card_is_safe_once_every_other_suit_holds_two_ranks_below_it():
    # suits 0..3 as in card_code; a 7 of suit 0 (code 28) fits when need[0] == 7.
    assert is_safe(4 * 7, [7, 6, 6, 6])       # others hold 5: nothing can use the 7 any more
    assert not is_safe(4 * 7, [7, 6, 5, 6])   # suit 2 holds only 4: its 6 may still want the 7
    assert is_safe(4 * 2 + 3, [1, 1, 1, 2])   # a two is always safe
    assert is_safe(4 * 1 + 1, [1, 1, 1, 1])   # so is an ace


def test_a_safe_card_is_the_only_move():
    spades_to_six = tuple(Card(rank, Suit.SPADES) for rank in range(1, 7))
    others = [tuple(Card(rank, suit) for rank in range(1, 6)) for suit in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)]
    state = pouch.ThumbAndPouchState([spades_to_six, *others],
                                     [[Placed(Card(9, Suit.HEARTS), True)], [Placed(Card(7, Suit.SPADES), True)]],
                                     stock=[Card(6, Suit.HEARTS)], waste=[Card(8, Suit.CLUBS)])
    assert [move for move, _ in search_moves.moves(state)] == ["tf 2 1"]


# --- exactness: the reductions and passes never turn a won deal into "no win" --------


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(10, 11))
def test_the_solver_agrees_with_a_plain_search_on_small_stacked_deals(rnd, floor):
    check_search("thumb-and-pouch", states=[stacked(rnd, floor)], plugins=["thumb-and-pouch"], budget=BIG)


@settings(max_examples=15, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(10, 11))
def test_the_exhaustive_pass_alone_agrees_with_the_passes(rnd, floor):
    state = stacked(rnd, floor)
    rules = pouch_rules()
    with_passes = rules.solve(state, BIG).result
    saved = solver.PASSES
    solver.PASSES = (0, 0)
    try:
        alone = rules.solve(state, BIG).result
    finally:
        solver.PASSES = saved
    assert with_passes == alone


def test_the_restricted_passes_stop_after_their_count():
    state = pouch.new_game(101)  # a deal with no win: every pass runs to its end
    rules = pouch_rules()
    saved = solver.PASSES
    try:
        solver.PASSES = (0, 0)
        alone = rules.solve(state, BIG)
        solver.PASSES = (50, 50)
        capped = rules.solve(state, BIG)
    finally:
        solver.PASSES = saved
    assert alone.result == capped.result == "no win"
    # each capped pass expands 50 positions and touches the children already listed
    assert alone.positions < capped.positions < alone.positions + 2 * 50 * 60


# --- a won deal replays to a win through the rules --------------------------------------


def test_a_won_line_replays_to_a_win_through_the_rules():
    rules = pouch_rules()
    start = pouch.new_game(83)  # a deal the exhaustive order alone used to miss at 10 s
    verdict = rules.solve(start, Budget(seconds=60, nodes=1_000_000))
    assert verdict.result == "won"
    end = replay(rules, start, verdict.line)
    assert pouch.is_won(end) and rules.outcome(end).result == "won"
    assert all(line.split()[0] in ("tf", "tt", "wf", "wt", "sw") for line in verdict.line)
