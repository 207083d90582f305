"""What makes Aces Up's loss bounds cheaper (plugins/cardshell_aces_up,
issue 14 item 3) without making them unsound: no bound at a position whose
only child is the deal, the top-7 game's search asking the top-5 game,
relaxed columns remembered within a cap, and a query made after the
deadline answering at once."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell import Budget
from cardshell_aces_up import fastsolve, relax
from cardshell_aces_up import rules as aces
from cardshell_aces_up.raw import keep_cards
from cardshell_aces_up.relax import AllOf, HardCards, TopCards, bounds_for, relaxed_columns, relaxed_winnable
from test_aces_up_fastsolve import raw_position, stacked
from test_aces_up_pending import pending_exhaustive, random_line

#: Per suit, the lowest code the top-5 and the top-7 games keep (ten and up, eight and up).
TOP5 = [4 * (13 - 5)] * 4
TOP7 = [4 * (13 - 7)] * 4


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([16, 20]), st.integers(0, 25))
def test_a_forced_position_has_the_deal_as_its_only_child(rnd, size, steps):
    raw, cols = raw_position(stacked(rnd, size))
    dealt, here = random_line(raw, cols, rnd, steps)[-1]
    children = list(raw.children(dealt, here))
    if raw.forced(dealt, here):
        assert children == [(dealt + 1, raw.finish(dealt + 1, raw.deal(dealt, here)))]
    else:
        # Not forced: the stock is empty, a column is empty, or a bottom card is pending.
        assert dealt == raw.last or () in here or any(column[-1] < 0 for column in here)


class Recording:
    """A bound that says winnable and remembers what it was asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, tuple]] = []

    def winnable(self, dealt: int, cols: tuple) -> bool:
        self.asked.append((dealt, cols))
        return True


def test_the_search_asks_no_bound_at_a_forced_position():
    search = fastsolve._Search(aces.init_game(3), Budget(seconds=10, nodes=100_000), time.monotonic)
    recording = Recording()
    search.aces = search.hard = recording  # type: ignore[assignment]
    search.high = [recording]  # type: ignore[list-item]
    raw = search.raw
    # Each bottom card alone in its suit among the bottoms (2♣, 3♦, 4♥, 5♠ under the aces): no card may go.
    forced = ((48, 0), (49, 5), (50, 10), (51, 15))
    assert raw.finish(1, forced) == forced and raw.forced(1, forced)
    assert search.winnable(1, forced, True) and recording.asked == []
    with_an_empty_column = ((48,), (49,), (50,), ())
    assert not raw.forced(1, with_an_empty_column)
    assert search.winnable(1, with_an_empty_column, True)
    assert recording.asked == [(1, with_an_empty_column)] * 3


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([16, 20]), st.integers(0, 25))
def test_the_nested_top7_game_answers_as_the_plain_one(rnd, size, steps):
    raw, cols = raw_position(stacked(rnd, size))
    dealt, here = random_line(raw, cols, rnd, steps)[-1]
    plain = TopCards(raw.deals, TOP7, 1_000_000, per_query=1_000_000)
    nested = TopCards(raw.deals, TOP7, 1_000_000, per_query=1_000_000)
    nested.nest(TopCards(raw.deals, TOP5, 1_000_000, per_query=1_000_000))
    answer = nested.winnable(dealt, here)
    assert answer == plain.winnable(dealt, here)  # an exact search either way: the top-5 game only prunes
    if not answer:
        assert not pending_exhaustive(raw, dealt, here)


def test_only_a_game_that_relaxes_another_is_nested_in_it():
    top5, top7 = TopCards([], TOP5, 100), TopCards([], TOP7, 100)
    assert top5.relaxes(top7) and not top7.relaxes(top5)
    with pytest.raises(ValueError, match="must keep fewer cards"):
        top5.nest(top7)
    top7.nest(top5)


def test_bounds_for_gives_the_top5_then_the_top7_game_with_the_top5_game_inside(monkeypatch):
    nested = []
    monkeypatch.setattr(TopCards, "nest", lambda self, inner: nested.append((self._floor, inner._floor)))
    bounds = bounds_for([], 100)
    assert [bound._floor for bound in bounds] == [TOP5, TOP7]
    assert nested == [(TOP7, TOP5)]


def test_relaxed_columns_are_remembered_up_to_the_cap(monkeypatch):
    cache: dict = {}
    calls = []

    def keep(column):
        calls.append(column)
        return keep_cards(column, TOP5)

    cols = ((1, 40), (44,), (), (2, 3))
    assert relaxed_columns(cols, cache, keep) == ((40,), (44,), (), ())
    assert relaxed_columns(cols, cache, keep) == ((40,), (44,), (), ())
    assert len(calls) == 4  # the second time all from the cache
    monkeypatch.setattr(relax, "COLUMN_CACHE", 3)
    for first in range(20):
        assert relaxed_columns(((first, 45), (first + 1,), (40,), ()), cache, keep)[0] == (45,)
        assert len(cache) <= 3  # emptied when full, never above the cap


def test_a_query_after_the_deadline_answers_winnable_without_searching():
    raw, cols = raw_position(aces.init_game(3))
    late = TopCards(raw.deals, TOP7, 100_000, out_of_time=lambda: True)
    assert late.winnable(0, cols)
    assert late.kept == 0


def test_a_query_after_the_deadline_still_gives_an_answer_it_settled_before():
    raw, cols = raw_position(aces.init_game(3))
    start = raw.finish(0, cols)
    for settled in (False, True):
        memo = {raw.key(0, start): settled}
        # Out of time, yet the memo holds the answer: the query gives it (it used to say winnable
        # now and, from RelaxedGame's memory of the same columns, lost the next time).
        assert relaxed_winnable(raw, AllOf([]), memo, 0, start, 100, lambda: True, 7) == (settled, 7)
    assert relaxed_winnable(raw, AllOf([]), {}, 0, start, 100, lambda: True, 7) == (True, 7)  # not settled: winnable


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([16, 20]), st.integers(0, 25))
def test_the_hard_cards_games_with_a_nested_high_card_game_answer_as_without(rnd, size, steps):
    raw, cols = raw_position(stacked(rnd, size))
    dealt, here = random_line(raw, cols, rnd, steps)[-1]
    nested = HardCards(raw, 1_000_000, nested_ranks=5)
    answer = nested.winnable(dealt, here)
    assert answer == HardCards(raw, 1_000_000).winnable(dealt, here)  # exact searches: nesting only prunes
    if not answer:
        assert not pending_exhaustive(raw, dealt, here)


def test_the_hard_cards_games_ask_their_nested_high_card_game(monkeypatch):
    raw, cols = raw_position(aces.init_game(3))
    asked = []
    original = TopCards.winnable
    monkeypatch.setattr(TopCards, "winnable",
                        lambda self, dealt, here: asked.append(dealt) or original(self, dealt, here))
    HardCards(raw, 100_000).winnable(0, cols)
    assert asked == []
    HardCards(raw, 100_000, nested_ranks=5).winnable(0, cols)
    assert asked
