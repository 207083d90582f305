"""The host's search and Python's garbage collector: automatic collections
are paused while a search keeps its positions, reference cycles that plugin
code drops are still freed during the search, and the collector is left as
it was found however the search ends (cardshell/search.py, "Garbage
collection")."""

from __future__ import annotations

import dataclasses
import gc
import weakref

import pytest

from cardshell import Budget
from cardshell.ruleset import RuleSet
from cardshell.search import solve
from cardshell.shell import Shell

#: A row with many pairs to take in many orders: far more than 256 positions.
ROW = tuple([1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 4, 4, 5, 5, 6, 6, 1, 1, 2, 2, 3, 7])


class _Cycle:
    """An object that refers to itself: only the cycle collector frees it."""

    def __init__(self, freed: list[int]) -> None:
        self.me = self
        weakref.finalize(self, freed.append, 1)


@pytest.fixture
def pairs() -> RuleSet:
    shell = Shell.create(plugins=[], extra_modules=["toy_pairs"], seed=0, autosave=False)
    return shell.rules("pairs")


def test_cycles_plugin_code_drops_are_freed_while_the_search_runs(pairs):
    freed: list[int] = []
    seen_freed: list[int] = []
    legal = pairs.game.legal_moves

    def leaky_legal(state):
        _Cycle(freed)  # garbage at once, and a cycle
        seen_freed.append(len(freed))
        return legal(state)

    rules = RuleSet(dataclasses.replace(pairs.game, legal_moves=leaky_legal), pairs._scope)
    verdict = solve(rules, ROW, Budget(seconds=60, nodes=3000))
    assert verdict.positions > 1024
    assert seen_freed[-1] > 0, "no cycle was freed before the search ended"
    assert gc.isenabled()


@pytest.mark.parametrize("enabled", [True, False])
@pytest.mark.parametrize("ending", ["no win", "unknown", "error"])
def test_the_collector_is_left_as_it_was_found(pairs, enabled, ending):
    rules = pairs
    if ending == "error":
        def broken(state):
            raise ZeroDivisionError
        rules = pairs.searched_with(dataclasses.replace(pairs.search, heuristic=broken))
    budget = Budget(seconds=60, nodes=10 if ending == "unknown" else 10**6)
    (gc.enable if enabled else gc.disable)()
    try:
        if ending == "error":
            with pytest.raises(ZeroDivisionError):
                solve(rules, ROW, budget)
        else:
            assert solve(rules, (1, 2, 2, 3, 3, 4) if ending == "no win" else ROW, budget).result == ending
        assert gc.isenabled() is enabled
    finally:
        gc.enable()
