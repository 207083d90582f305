"""The portfolio search (restarts in nudged move orders sharing the positions
proved lost): the same verdicts as the plain depth-first search and as plain
reachability, on random graphs with cycles and on Thumb and Pouch endgames;
winning lines that replay through the rules; the Luby schedule."""

from __future__ import annotations

import random
import sys
import types

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardshell
from cardshell import search
from cardshell.cards import Card, Suit, new_deck
from cardshell.search import Budget, luby, solve
from cardshell.shell import Shell
from cardshell_thumb_and_pouch import rules as pouch
from cardshell_thumb_and_pouch.rules import Placed

BIG = Budget(seconds=600, nodes=1_000_000)


def test_the_schedule_is_the_luby_sequence_times_the_unit():
    assert [luby(number) for number in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    runs = search.schedule(10**9)
    assert [next(runs) for _ in range(7)] == [search.UNIT * term for term in (1, 1, 2, 1, 1, 2, 4)]


def graph_rules(edges: dict[int, list[int]], goal: int):
    """The rules of a game walking a directed graph from node 0 (``go N`` follows an edge), won at ``goal``."""
    name = "graph_walk_game"
    module = types.ModuleType(name)
    module.CARDSHELL_CONTRACT = 2  # type: ignore[attr-defined]

    def go(state: int, target: str) -> int:
        if int(target) not in edges[state]:
            raise cardshell.CommandError("no edge")
        return int(target)

    @cardshell.hookimpl
    def cardshell_games():
        return [cardshell.Game(
            id="walk", title="Walk", summary="walk a graph", new=lambda seed, options: 0, render=str,
            immutable=True, legal_moves=lambda s: [f"go {n}" for n in edges[s]] if s != goal else [],
            outcome=lambda s: cardshell.Outcome("won") if s == goal else None,
            moves=(cardshell.Move("go", "follow an edge", apply=go, parse=lambda text: text.strip()),))]

    module.cardshell_games = cardshell_games  # type: ignore[attr-defined]
    sys.modules[name] = module
    try:
        return Shell.create(plugins=[], extra_modules=[name], seed=0, autosave=False).rules("walk")
    finally:
        del sys.modules[name]


def reachable(edges: dict[int, list[int]], goal: int) -> bool:
    seen, todo = {0}, [0]
    while todo:
        node = todo.pop()
        if node == goal:
            return True
        for after in edges[node]:
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return False


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.integers(3, 30), st.integers(1, 4), st.integers(1, 5))
def test_on_graphs_with_cycles_the_verdict_is_reachability_at_every_slice_size(seed, size, degree, unit):
    rnd = random.Random(seed)
    edges = {node: sorted({rnd.randrange(size) for _ in range(rnd.randint(0, degree))} - {node})
             for node in range(size)}
    goal = size - 1
    rules = graph_rules(edges, goal)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "UNIT", unit)  # slices of a few positions: many restarts, many resumptions
        patch.setattr(search, "NUDGE", 0.5)
        verdict = solve(rules, 0, BIG)
    plain = solve(rules, 0, BIG, portfolio=False)
    expected = "won" if reachable(edges, goal) else "no win"
    assert verdict.result == plain.result == expected
    if expected == "won":
        state = 0
        for line in verdict.line:
            state = rules.play(state, line)
        assert state == goal


def endgame(rnd: random.Random, on_foundations: int) -> pouch.ThumbAndPouchState:
    """A Thumb and Pouch position with ranks 1..on_foundations on the foundations, the other
    cards dealt at random to the tableau (some face down), the waste and the stock."""
    suits = list(Suit)
    rnd.shuffle(suits)
    foundations = [tuple(Card(rank, suit) for rank in range(1, on_foundations + 1)) for suit in suits]
    rest = [card for card in new_deck() if card.rank > on_foundations]
    rnd.shuffle(rest)
    tableau: list[list[Placed]] = [[] for _ in range(7)]
    for card in rest[:len(rest) // 2]:
        tableau[rnd.randrange(7)].append(Placed(card, rnd.random() < 0.5))
    for pile in tableau:
        if pile:
            pile[-1] = Placed(pile[-1].card, True)
    cut = rnd.randrange(len(rest) // 2, len(rest) + 1)
    return pouch.ThumbAndPouchState(foundations, tableau, stock=rest[cut:], waste=rest[len(rest) // 2:cut])


def pouch_rules():
    return Shell.create(plugins=["thumb-and-pouch"], seed=0, autosave=False).rules("thumb-and-pouch")


@settings(max_examples=10, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(8, 10))
def test_on_thumb_and_pouch_endgames_the_portfolio_agrees_with_the_plain_search(rnd, on_foundations):
    rules = pouch_rules()
    state = endgame(rnd, on_foundations)
    plain = solve(rules, state, BIG, portfolio=False)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "UNIT", 50)
        verdict = solve(rules, state, BIG)
    assert verdict.result == plain.result != "unknown"
    if verdict.result == "won":
        for line in verdict.line:
            state = rules.play(state, line)
        outcome = rules.outcome(state)
        assert outcome is not None and outcome.result == "won"


@pytest.mark.parametrize("seed", range(5))
def test_a_deal_won_by_the_portfolio_replays_to_a_win(seed):
    rules = pouch_rules()
    state = rules.game.new(seed, {option.name: option.default for option in rules.game.options})
    verdict = solve(rules, state, Budget(seconds=600, nodes=200_000))
    assert verdict.result == "won"
    for line in verdict.line:
        state = rules.play(state, line)
    outcome = rules.outcome(state)
    assert outcome is not None and outcome.result == "won"


def test_the_budget_bounds_the_positions_over_every_run():
    rules = pouch_rules()
    state = rules.game.new(3, {option.name: option.default for option in rules.game.options})
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "UNIT", 7)
        verdict = solve(rules, state, Budget(seconds=600, nodes=100))
    assert verdict.positions <= 100
