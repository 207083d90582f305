"""Aces Up's pending discards (plugins/cardshell_aces_up/raw.py, issue 14
item 3): a search over positions with pending cards finds a win exactly when
a plain exhaustive search over legal single moves does, every line of its
positions is a line of legal moves, and the loss bounds stay proofs on
positions with pending cards."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell.cards import parse_card
from cardshell_aces_up.fastsolve import real_positions
from cardshell_aces_up.raw import PENDING, RawDeal, encode, keep_cards
from cardshell_aces_up.relax import AceRelaxation, HardCards, TopCards, bounds_for
from test_aces_up_fastsolve import plain_exhaustive, raw_position, reachable, stacked


def pending(card: str, waits: int = 0) -> int:
    """The code of ``card`` marked pending, waiting for ``waits`` cards."""
    return encode(parse_card(card)) - PENDING * (waits + 1)


def plain(card: str) -> int:
    return encode(parse_card(card))


def pending_exhaustive(raw: RawDeal, dealt: int, cols: tuple) -> bool:
    """Whether the search's children (no bound, no budget) reach a win."""
    seen = {raw.key(dealt, cols)}
    stack = [(dealt, cols)]
    while stack:
        here = stack.pop()
        if raw.won(*here):
            return True
        for child in raw.children(*here):
            key = raw.key(*child)
            if key not in seen:
                seen.add(key)
                stack.append(child)
    return False


def random_line(raw: RawDeal, cols: tuple, rnd: random.Random, steps: int) -> list[tuple[int, tuple]]:
    """The start, its finished position, then up to ``steps`` random children."""
    line = [(0, cols), (0, raw.finish(0, cols))]
    for _ in range(steps):
        children = list(raw.children(*line[-1]))
        if not children:
            break
        line.append(rnd.choice(children))
    return line


def test_a_card_that_may_go_is_marked_pending_with_the_cards_it_waits_for():
    # A♠ lets 4♠ go; 3♠ lies under 4♠, so it may go once 4♠ has gone: it waits for one card.
    # 3♠ is the lowest spade left, but it waits for 4♠, so it stays (only a lone pending card goes).
    raw = RawDeal([])
    cols = ((plain("A♠"),), (plain("3♠"), plain("4♠")), (plain("9♥"),), ())
    assert raw.finish(0, cols) == ((plain("A♠"),), (pending("3♠", 1), pending("4♠")), (plain("9♥"),), ())
    # A pending bottom card with no lower card of its suit left goes at once: so 2♥ goes,
    # and then 9♥ (no heart lower than it is left) goes too.
    cols = ((plain("A♥"),), (plain("9♥"), plain("2♥")), (), ())
    assert raw.finish(0, cols) == ((plain("A♥"),), (), (), ())


def test_a_pending_card_that_leaves_its_column_frees_the_cards_waiting_for_it():
    raw = RawDeal([])
    column = (pending("3♠", 1), pending("4♠"))
    rest, moved = raw.lift(column)
    assert moved == (pending("4♠"),) and rest == (plain("3♠"),)  # 3♠ may no longer go on 4♠'s account


def test_keep_cards_drops_cards_and_what_pending_cards_wait_for():
    column = (pending("3♠", 2), pending("4♥", 1), pending("5♠"))
    floor = [0, 0, 0, 0]
    floor[plain("4♥") & 3] = plain("5♥")  # the hearts game keeps 5♥ and up: 4♥ goes
    assert keep_cards(column, floor) == (pending("3♠", 1), pending("5♠"))
    assert keep_cards((plain("3♠"), plain("4♥")), floor) == (plain("3♠"),)


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([12, 16]))
def test_the_pending_search_agrees_with_a_plain_exhaustive_search(rnd, size):
    raw, cols = raw_position(stacked(rnd, size))
    assert pending_exhaustive(raw, 0, raw.finish(0, cols)) == plain_exhaustive(raw, cols)


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([16, 20]))
def test_every_line_of_the_searchs_positions_is_a_line_of_legal_moves(rnd, size):
    raw, cols = raw_position(stacked(rnd, size))
    line = random_line(raw, cols, rnd, 30)
    real = real_positions(raw, line)
    assert real[0] == (0, cols)
    assert all(card >= 0 for _, position in real for column in position for card in column)
    for here, there in zip(real, real[1:]):
        assert there in reachable(raw, *here, there[0])
    if raw.won(*line[-1]):
        assert raw.won(*real[-1])


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([16, 20]), st.integers(0, 25))
def test_the_loss_bounds_never_call_a_winnable_pending_position_lost(rnd, size, steps):
    raw, cols = raw_position(stacked(rnd, size))
    dealt, here = random_line(raw, cols, rnd, steps)[-1]
    thresholds = [rnd.randrange(0, 52) for _ in range(4)]
    says_lost = (not AceRelaxation(raw.deals).winnable(dealt, here)
                 or not HardCards(raw, 100_000).winnable(dealt, here)
                 or not HardCards(raw, 100_000, lookahead=1).winnable(dealt, here)
                 or not all(bound.winnable(dealt, here) for bound in bounds_for(raw.deals, 100_000))
                 or not TopCards(raw.deals, thresholds, 100_000).winnable(dealt, here))
    if says_lost:
        assert not pending_exhaustive(raw, dealt, here)


def test_the_ace_bound_sees_through_pending_cards():
    # 5♠ is pending under two aces with the stock empty: it may go at any time, so the
    # position is won although no ace can be moved off it.
    cols = ((pending("5♠"), plain("A♠"), plain("A♥")), (plain("A♦"),), (plain("A♣"),), ())
    raw = RawDeal([])
    assert raw.won(0, cols)
    assert AceRelaxation([]).winnable(0, cols)
    plain_cols = ((plain("5♠"), plain("A♠"), plain("A♥")), (plain("A♦"),), (plain("A♣"),), ())
    assert not AceRelaxation([]).winnable(0, plain_cols)
