"""The search part of the contract as its own record:
``Game(search=Search(...))``; the flat contract-2 fields still served, read
once at registration into ``Game.search`` and deprecated (a note at start and
under ``plugins``, a DeprecationWarning at the plugin's hook); the
precedence stated and checked at registration."""

from __future__ import annotations

import sys
import types
import warnings

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


def test_the_built_in_games_give_their_search_as_one_record():
    from cardshell_aces_up import fastsolve, solver

    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)  # no built-in uses the deprecated flat fields
        shell = Shell.create(plugins=["aces-up", "thumb-and-pouch", "minesweeper"])
    aces = shell.games["aces-up"]
    assert aces.search is not None and aces.search.solver is fastsolve.solve and aces.search.key is solver.search_key
    assert all(getattr(game, name) is None for game in shell.games.values()
               for name in ("key", "heuristic", "successors", "prune", "solver"))
    assert shell.notes == []  # no built-in declares what the host will not read, or anything deprecated


def test_the_flat_fields_are_still_served_read_once_into_the_record():
    key = lambda s: ("k", s)  # noqa: E731
    with pytest.warns(DeprecationWarning):
        shell = _plugin("flat_count", solver=_own_solver, key=key)
    game = shell.games["count"]
    assert game.search == Search(key=key, solver=_own_solver)
    assert game.solver is None and game.key is None  # read once: the host reads Game.search alone
    assert shell.execute("play count").ok
    assert shell.execute("solve").output.startswith("Winning line (3 moves, 1 position searched)")


def test_the_flat_fields_are_deprecated_naming_the_plugin_the_fields_the_release_and_the_record():
    with pytest.warns(DeprecationWarning) as caught:
        shell = _plugin("flat_count", solver=_own_solver, key=str)
    note = ("plugin 'flat_count': game 'count' gives its search as the flat Game fields key, solver, deprecated: "
            "they are served to contracts 1 and 2 and go with contract 2 (cardshell 0.2.0 at the earliest); "
            "use Game(search=cardshell.Search(key=..., solver=...))")
    assert shell.notes == [note]
    assert [str(warning.message) for warning in caught if warning.category is DeprecationWarning] == [note]
    assert caught[0].filename == __file__  # the plugin's cardshell_games, so its own suite shows it
    assert f"Notes:\n  {note}" in shell.execute("plugins").output


def test_a_game_without_a_search_part_gets_an_empty_one_and_no_note():
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        shell = _plugin("plain_count")
    assert shell.games["count"].search == Search() and shell.notes == []
    assert shell.execute("play count").ok and shell.execute("solve").ok


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
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_prune_beside_a_solver_is_accepted_with_one_note_naming_the_plugin(fields):
    shell = _plugin("pruned_count", **fields)
    assert "count" in shell.games and shell.failures == []
    assert shell.notes[-1] == ("plugin 'pruned_count': game 'count' has a solver, so its prune is never read "
                               "(the solver replaces the generic search)")
    assert len(shell.notes) == (1 if "search" in fields else 2)  # and the flat fields' deprecation
    assert "Notes:\n" + "".join(f"  {note.text}\n" for note in shell.notes) in shell.execute("plugins").output + "\n"


def test_what_a_solver_leaves_unread():
    assert Search(solver=_own_solver, prune=bool).unread() == ("prune",)
    assert Search(solver=_own_solver, key=str, heuristic=float).unread() == ()  # honest play still reads them
    assert Search(prune=bool).unread() == ()
