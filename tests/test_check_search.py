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
    with pytest.raises(AssertionError, match=r"^check_search 'fast-pairs', state 1: the plain search says 'won' "
                                             r"\(a line of 2 moves: take \d, take 1\), the fast paths 'no win' "
                                             r"\(\d+ positions\): a fast path \(key, successors, prune or solver\) "
                                             r"left out every winning line$"):
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
