"""cardshell.testing.check_search: a game's fast paths (key, successors,
prune, solver) against the plain search, position by position, with an
assertion message that names the position and what went wrong."""

from __future__ import annotations

import sys
import types

import pytest

import cardshell
from cardshell import Budget, Search, Verdict
from cardshell.testing import SearchCheck, check_search
from toy_pairs import check, legal, new, outcome, take

WON, LOST = (1, 1, 2, 2), (1, 2, 1, 2)


def honest_successors(state):
    for line in legal(state):
        yield line, take(state, int(line.split()[1]))


def _pairs(monkeypatch: pytest.MonkeyPatch, **fields: object) -> str:
    """A plugin module registering Pairs as game 'fast-pairs' with the Game ``fields``; its name."""
    module = types.ModuleType("fast_pairs_plugin")
    module.CARDSHELL_CONTRACT = 2  # type: ignore[attr-defined]

    @cardshell.hookimpl
    def cardshell_games():
        return [cardshell.Game(
            id="fast-pairs", title="Fast Pairs", summary="Pairs with fast paths", new=new,
            render=lambda s: " ".join(map(str, s)), outcome=outcome, immutable=True, legal_moves=legal,
            options=(cardshell.Option("row", "the numbers", str, ""),),
            moves=(cardshell.Move("take", "take a pair", apply=take, check=check, usage="take i",
                                  parse=cardshell.parsers.integers(1, 1, 99)),), **fields)]

    module.cardshell_games = cardshell_games  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    return module.__name__


def checked(module: str, **kwargs: object) -> list[SearchCheck]:
    return check_search("fast-pairs", plugins=[], modules=[module], **kwargs)  # type: ignore[arg-type]


@pytest.mark.filterwarnings("ignore:.*gives its search as the flat Game fields:DeprecationWarning")
@pytest.mark.parametrize("form", ["search", "flat"])
def test_honest_fast_paths_pass_in_either_form_and_the_verdicts_are_returned(monkeypatch, form):
    fast = {"key": lambda s: s, "successors": honest_successors, "prune": lambda s: len(set(s)) * 2 > len(s) + 4}
    module = _pairs(monkeypatch, **({"search": Search(**fast)} if form == "search" else fast))
    checks = checked(module, deals=range(3), states=[WON, LOST])
    assert [check.position for check in checks] == ["deal 0", "deal 1", "deal 2", "state 0", "state 1"]
    assert [(check.plain.result, check.fast.result) for check in checks[3:]] == [("won", "won"), ("no win", "no win")]


def test_a_prune_that_calls_a_won_position_lost_fails_naming_the_position(monkeypatch):
    module = _pairs(monkeypatch, search=Search(prune=lambda s: len(s) == 2))
    with pytest.raises(AssertionError, match=r"^check_search 'fast-pairs', state 1, plugin 'fast_pairs_plugin': "
                                             r"Search.prune calls lost a position from which a win is reachable:\n"
                                             r"2 2$"):
        checked(module, states=[LOST, WON])


def test_a_solver_that_claims_no_win_fails(monkeypatch):
    module = _pairs(monkeypatch, search=Search(solver=lambda state, budget, clock: Verdict("no win", (), 1)))
    with pytest.raises(AssertionError, match="state 0: the plain search says 'won'"):
        checked(module, states=[WON])


def test_a_solver_whose_winning_line_the_rules_reject_fails_naming_the_plugin(monkeypatch):
    module = _pairs(monkeypatch, search=Search(solver=lambda state, budget, clock: Verdict("won", ("take 3",), 1)))
    with pytest.raises(AssertionError, match=r"^check_search 'fast-pairs', state 0, the fast paths: plugin "
                                             r"'fast_pairs_plugin': solver gave a winning line with 'take 3', "
                                             r"which its rules reject$"):
        checked(module, states=[(1, 1)])


def test_successors_the_rules_contradict_fail_though_the_search_would_recover(monkeypatch):
    def lying(state):
        yield "take 9", ()
        yield from honest_successors(state)

    module = _pairs(monkeypatch, search=Search(successors=lying))
    with pytest.raises(AssertionError, match=r"state 0: plugin 'fast_pairs_plugin': successors gave 'take 9', "
                                             r"which its rules reject; searched without successors$"):
        checked(module, states=[WON])


def test_a_key_that_merges_different_positions_fails(monkeypatch):
    module = _pairs(monkeypatch, search=Search(key=lambda state: 0))  # every position "the same" as the start
    with pytest.raises(AssertionError, match="state 0: the plain search says 'won'"):
        checked(module, states=[WON])


def test_a_position_the_plain_search_cannot_settle_asks_for_a_larger_budget(monkeypatch):
    module = _pairs(monkeypatch, search=Search(successors=honest_successors))
    with pytest.raises(AssertionError, match=r"state 0: the plain search gave no verdict within 3 positions and 60 s "
                                             r"\(3 positions searched\).*give check_search a larger budget"):
        checked(module, states=[(1, 2, 2, 1, 3, 3) * 3], budget=Budget(seconds=60, nodes=3))


def test_a_game_without_fast_paths_or_an_unknown_game_is_said_so(monkeypatch):
    module = _pairs(monkeypatch)
    with pytest.raises(AssertionError, match="game 'fast-pairs' has no fast path to check"):
        checked(module, deals=[0])
    with pytest.raises(AssertionError, match=r"no game 'nope' is registered \(games: fast-pairs\)"):
        check_search("nope", [0], plugins=[], modules=[module])


#: A walk on a graph from node 0, won at node 5: from 0, "go 1" leads to a dead end (3), "go 2" to the win.
EDGES = {0: [1, 2], 1: [3], 2: [4], 3: [], 4: [5], 5: []}


def _walk(monkeypatch: pytest.MonkeyPatch, search: Search) -> str:
    """A plugin module registering the walk on :data:`EDGES` as game 'fast-pairs' with ``search``; its name."""
    module = types.ModuleType("fast_pairs_plugin")
    module.CARDSHELL_CONTRACT = 2  # type: ignore[attr-defined]

    def go(state: int, target: str) -> int:
        if int(target) not in EDGES[state]:
            raise cardshell.CommandError("no edge there")
        return int(target)

    @cardshell.hookimpl
    def cardshell_games():
        return [cardshell.Game(
            id="fast-pairs", title="Walk", summary="a walk on a graph", new=lambda seed, options: 0, render=str,
            immutable=True, legal_moves=lambda s: [f"go {after}" for after in EDGES[s]],
            outcome=lambda s: cardshell.Outcome("won") if s == 5 else cardshell.Outcome("lost") if s == 3 else None,
            moves=(cardshell.Move("go", "follow an edge", apply=go, parse=lambda text: text.strip()),),
            search=search)]

    module.cardshell_games = cardshell_games  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    return module.__name__


def test_a_safe_move_that_can_hurt_fails_naming_safe_and_the_position(monkeypatch):
    module = _walk(monkeypatch, Search(safe=lambda s: "go 1" if s == 0 else None))
    with pytest.raises(AssertionError, match=r"^check_search 'fast-pairs', deal 0, plugin 'fast_pairs_plugin': "
                                             r"Search.safe gave 'go 1', which can hurt: a win is reachable before "
                                             r"it and not after it, from:\n0$"):
        checked(module, deals=[0])


def test_a_safe_move_the_rules_reject_fails_naming_safe(monkeypatch):
    module = _walk(monkeypatch, Search(safe=lambda s: "go 4" if s == 0 else None))
    with pytest.raises(AssertionError, match=r"Search.safe gave 'go 4', which the rules reject \(no edge there\)"):
        checked(module, deals=[0])


def test_a_key_that_merges_a_won_and_a_lost_position_fails_naming_key(monkeypatch):
    module = _walk(monkeypatch, Search(key=lambda s: s in (1, 2)))
    with pytest.raises(AssertionError, match=r"^check_search 'fast-pairs', deal 0, plugin 'fast_pairs_plugin': "
                                             r"Search.key gives one key to two positions, one winnable and one not"):
        checked(module, deals=[0])


def test_honest_declarations_pass(monkeypatch):
    module = _walk(monkeypatch, Search(safe=lambda s: "go 4" if s == 2 else None, key=lambda s: s,
                                       prune=lambda s: s == 1))
    checks = checked(module, deals=[0])
    assert [(check.plain.result, check.fast.result) for check in checks] == [("won", "won")]
    assert checks[0].fast.line == ("go 2", "go 4", "go 5")
