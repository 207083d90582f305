"""The search part of the contract as its own record (issue 29 item 3):
``Game(search=Search(...))``, the flat contract-2 fields still served, the
precedence stated and checked at registration."""

from __future__ import annotations

import sys
import types

import pytest

import cardshell
from cardshell import Budget, Search, Verdict
from cardshell.search import solve
from cardshell.shell import Shell


def _plugin(name: str, **fields: object) -> Shell:
    """A shell with one toy game "count" (contract 2: an int to 3, 'up' adds one) built with ``fields``."""
    module = types.ModuleType(name)
    module.CARDSHELL_CONTRACT = 2  # type: ignore[attr-defined]

    @cardshell.hookimpl
    def cardshell_games():
        return [cardshell.Game(
            id="count", title="Count", summary="count to 3", new=lambda seed, options: 0, render=str,
            immutable=True, legal_moves=lambda s: ["up"] if s < 3 else [],
            outcome=lambda s: cardshell.Outcome("won") if s == 3 else None,
            moves=(cardshell.Move("up", "one more", apply=lambda s: s + 1),), **fields)]

    module.cardshell_games = cardshell_games  # type: ignore[attr-defined]
    sys.modules[name] = module
    try:
        return Shell.create(plugins=[], extra_modules=[name], seed=0)
    finally:
        del sys.modules[name]


def _own_solver(state, budget, clock):
    return Verdict("won", ("up",) * (3 - state), positions=1)


def test_the_built_in_games_flat_search_fields_are_read_as_one_record():
    shell = Shell.create(plugins=["aces-up", "thumb-and-pouch", "minesweeper"])
    aces = shell.games["aces-up"]
    assert aces.search is None and aces.search_part.solver is aces.solver and aces.search_part.key is aces.key
    assert shell.games["thumb-and-pouch"].search_part.successors is shell.games["thumb-and-pouch"].successors
    assert shell.notes == []  # no built-in declares what the host will not read


def test_the_flat_fields_are_still_served_as_one_record():
    shell = _plugin("flat_count", solver=_own_solver, key=lambda s: ("k", s))
    game = shell.games["count"]
    assert game.search is None and game.search_part.solver is _own_solver
    assert game.search_part.key(2) == ("k", 2)
    assert shell.execute("play count").ok
    assert shell.execute("solve").output.startswith("Winning line (3 moves, 1 position searched)")


def test_a_search_record_is_what_solve_uses():
    shell = _plugin("record_count", search=Search(solver=_own_solver))
    verdict = solve(shell.rules("count"), 1, Budget(1.0, 10))
    assert verdict == Verdict("won", ("up", "up"), positions=1, seconds=verdict.seconds)


def test_search_and_flat_fields_together_refuse_the_plugin_naming_them():
    shell = _plugin("both_count", search=Search(solver=_own_solver), key=str, prune=bool)
    assert [(f.name, f.reason) for f in shell.failures] == [
        ("both_count", "game 'count' gives its search both as Game.search and as the flat fields key, prune: "
                       "give each once, in Game.search")]
    assert "count" not in shell.games


@pytest.mark.parametrize("fields", [{"search": Search(solver=_own_solver, prune=lambda s: False)},
                                    {"solver": _own_solver, "prune": lambda s: False}])
def test_a_prune_beside_a_solver_is_accepted_with_one_note_naming_the_plugin(fields):
    shell = _plugin("pruned_count", **fields)
    assert "count" in shell.games and shell.failures == []
    assert shell.notes == ["plugin 'pruned_count': game 'count' has a solver, so its prune is never read "
                           "(the solver replaces the generic search)"]
    assert "Notes:\n  plugin 'pruned_count': game 'count' has a solver" in shell.execute("plugins").output


def test_what_a_solver_leaves_unread():
    assert Search(solver=_own_solver, prune=bool).unread() == ("prune",)
    assert Search(solver=_own_solver, key=str, heuristic=float).unread() == ()  # honest play still reads them
    assert Search(prune=bool).unread() == ()
