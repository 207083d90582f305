"""Snap on plugin contract 2: immutable states, declarative ``step``/``run``,
legal moves and the contract check; outputs unchanged."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell.contractcheck import check_game
from cardshell.testing import new_shell
from cardshell_snap import playgame, rules


@settings(max_examples=15)
@given(st.integers(-10**6, 10**6), st.integers(0, 5))
def test_snap_keeps_the_contract(seed, walk_seed):
    check_game("snap", seed, plugins=["snap"], steps=40, walk_seed=walk_seed, extra_lines=["step", "run"])


def test_step_n_prints_the_same_throws_as_n_single_steps():
    one, many = new_shell(["snap"]), new_shell(["snap"])
    for shell in (one, many):
        shell.execute("play snap --seed 42")
    singles = [one.execute("step").output.splitlines()[0] for _ in range(30)]
    assert many.execute("step 30").output.splitlines()[:30] == singles
    assert many.current.state == one.current.state


def test_moves_lists_step_and_run_then_nothing():
    shell = new_shell(["snap"])
    shell.execute("play snap --seed 305")
    assert shell.execute("moves").output == "Legal moves: step, run"
    assert shell.execute("run").output.splitlines()[0] == "A wins after 376 turns"
    assert shell.current.state.result == "A wins"
    assert shell.execute("moves").output == "No legal moves."


def test_a_rejected_move_keeps_the_very_same_state():
    shell = new_shell(["snap"])
    shell.execute("play snap --seed 305")
    shell.execute("run")
    state = shell.current.state
    assert not shell.execute("step").ok and shell.current.state is state


def test_playgame_and_simulate_results_are_unchanged():
    # Figures given by the mutable implementation this one replaced (seeds 0..199, and
    # seed 21892, the longest game of seeds 1..100,000 in the rules' docstring).
    assert rules.simulate(range(200)) == rules.Statistics(200, 105, 95, 0, 101957)
    assert [playgame(seed)[0] for seed in range(200)].count("A wins") == 105
    assert rules.run(rules.new_game(21892)).turns == 4722
    assert playgame(305)[1][:5] == ["2", "A", "8", "7", "8"]
