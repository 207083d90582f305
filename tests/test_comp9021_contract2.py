"""Pictures and Up-and-Down on plugin contract 2: immutable states, no legal
moves (the games play themselves), reports that change nothing, and the
COMP9021 output unchanged (plugins/cardshell_pictures, cardshell_up_and_down)."""

from __future__ import annotations

import copy
import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell.contractcheck import check_game
from cardshell.shell import Shell
from cardshell_pictures import rules as pictures
from cardshell_up_and_down import rules as up_and_down

#: Lines of each game's grammar that must be rejected, whatever the seed.
REJECTED = {
    "pictures": ["1", "D", "simulate 0", "simulate x"],
    "up-and-down": ["Q", "0", "-0", "+5", "1---3", "lines 0", "lines 9999", "3--2"],
}


@settings(max_examples=10)
@given(st.sampled_from(sorted(REJECTED)), st.integers(-10**6, 10**6))
def test_the_self_playing_games_keep_the_contract(game, seed):
    assert check_game(game, seed, plugins=[game], extra_lines=REJECTED[game]) == 0


@pytest.mark.parametrize("module", [pictures, up_and_down])
def test_states_are_frozen_hashable_values(module):
    state = module.play(5)
    assert hash(state) == hash(copy.deepcopy(state)) and state == module.play(5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.seed = 6  # type: ignore[misc]
    assert type(state.lines) is tuple and module.legal_moves(state) == []


@pytest.mark.parametrize(("game", "report"), [("pictures", "simulate 3"), ("up-and-down", "lines 2"),
                                              ("up-and-down", "4--6")])
def test_moves_and_reports_change_nothing(game, report):
    shell = Shell.create(plugins=[game], autosave=False)
    assert shell.execute(f"play {game} --seed 4").ok
    state = shell.current.state
    assert shell.execute("moves").output == "No legal moves."
    assert shell.execute("hint").output == "No hint: there is no legal move."
    assert shell.execute(report).ok
    assert shell.current.state is state and shell.current.moves == 0
    assert shell.execute("show").output == shell.lifecycle.render(shell.current)
