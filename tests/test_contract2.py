"""Plugin contract 2: immutable states without copies, declarative moves,
legal moves, and the host's show / moves / hint / solve for any game."""

from __future__ import annotations

import copy
import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell import Command, Move
from cardshell.contractcheck import check_game
from cardshell.records import spread
from cardshell.search import Budget, solve
from cardshell.shell import Shell


def pairs_shell(**options):
    return Shell.create(plugins=[], extra_modules=["toy_pairs"], seed=0, **options)


def test_a_move_becomes_a_command_that_spreads_its_arguments():
    seen = []
    move = Move("T", "two columns", apply=lambda s, x, y: (*s, x + y), check=lambda s, x, y: seen.append((x, y)),
                message=lambda before, after: f"{len(before)}->{len(after)}")
    command = Command.from_move(move, "g")
    assert command.game == "g" and command.move is move
    assert spread((1, 2)) == (1, 2) and spread(None) == () and spread([1]) == ([1],)
    command.validators[0]((), (1, 2))
    assert seen == [(1, 2)]


def test_an_immutable_game_is_never_copied(monkeypatch):
    shell = pairs_shell()
    shell.execute("play pairs --row 1,1,2,2")
    before = shell.current.state
    monkeypatch.setattr(copy, "deepcopy", lambda *a, **k: pytest.fail("deepcopy called"))
    assert shell.execute("take 1").ok
    assert shell.current.state == (2, 2)
    assert shell.current.undo_stack[-1][0] is before  # the old state is the undo snapshot
    assert not shell.execute("take 2").ok and shell.current.state == (2, 2)
    assert shell.execute("undo").ok and shell.current.state is before


def test_moves_lists_the_legal_moves_in_the_games_order():
    shell = pairs_shell()
    shell.execute("play pairs --row 1,1,2,2,3")
    assert shell.execute("moves").output == "Legal moves: take 1, take 3"
    shell.execute("play pairs --row 1,2,3")
    assert shell.execute("moves").output == "No legal moves."


def test_show_and_board_show_the_display_again():
    shell = pairs_shell()
    shell.execute("play pairs --row 1,1,2,2")
    assert shell.execute("show").output == shell.execute("board").output == "1 1 2 2"
    shell.execute("quit")
    reply = shell.execute("show")
    assert not reply.ok and "no game in progress" in reply.error


def test_solve_finds_a_winning_line_that_wins_when_played():
    shell = pairs_shell()
    # 1 2 2 1 3 3: only take 2 then take 1 then take 1 clears it (take 4 first also works).
    shell.execute("play pairs --row 1,2,2,1,3,3")
    reply = shell.execute("solve")
    assert reply.ok and "Winning line (3 moves" in reply.output and "sees face-down cards" in reply.output
    line = reply.output.splitlines()[1].split(", ")
    state = shell.current.state
    rules = shell.rules("pairs")
    for move in line:
        state = rules.play(state, move)
    assert rules.outcome(state).result == "won"


def test_solve_play_plays_each_move_undoably_and_records_the_moves():
    shell = pairs_shell()
    shell.execute("play pairs --row 1,2,2,1")
    reply = shell.execute("solve --play")
    assert reply.ok, reply.error
    # In a script: every move and its board, as before (plugins' golden files hold it: tests/compat/pairs2).
    assert reply.output == ("Winning line (2 moves, 3 positions searched) (the search sees face-down cards):\n"
                            "take 2, take 1\n"
                            "> take 2\n"
                            "1 1\n"
                            "> take 1\n"
                            "(empty)\n"
                            "Pairs is over: won, score 0.\n"
                            "Next: 'new', 'restart', 'undo' or 'quit'.")
    assert shell.current is None or shell.current.outcome.result == "won"
    history = shell.recorder.lines
    assert list(history)[-2:] == ["take 2", "take 1"] and not any(h.startswith("solve") for h in history)
    assert shell.execute("undo").ok and shell.current.state == (1, 1)  # each move undoable on its own


def test_solve_play_leaves_its_steps_to_a_front_end_that_paces_them():
    shell = pairs_shell()
    shell.execute("play pairs --row 1,2,2,1")
    shell.front_end.pace = True  # as the interactive front end has it
    reply = shell.execute("solve --play")
    assert reply.ok and reply.steps and reply.follow_up == ["take 2", "take 1"]
    assert shell.current.state == (1, 2, 2, 1)  # nothing played yet: the front end plays the steps


def test_solve_says_no_win_when_the_position_is_lost_everywhere():
    shell = pairs_shell()
    shell.execute("play pairs --row 1,1,2,3,2")
    reply = shell.execute("solve")
    assert reply.output.startswith("No win from here: proved lost, all ") and "positions searched" in reply.output


def test_solve_reports_unknown_when_the_budget_runs_out():
    shell = pairs_shell()
    shell.execute("play pairs --row 1,1,2,2,3,3,1,1,2,2")
    reply = shell.execute("solve --nodes 2")
    assert reply.output.startswith("Unknown after 2 positions")


@pytest.mark.parametrize("line", ["solve --nodes 0", "solve --nodes x", "solve --seconds -1",
                                  "solve --nodes 99999999999999", "hint --samples 0", "solve --bogus"])
def test_bad_search_budgets_are_usage_errors_that_change_nothing(line):
    shell = pairs_shell()
    shell.execute("play pairs --row 1,1")
    reply = shell.execute(line)
    assert not reply.ok and shell.current.state == (1, 1) and "internal error" not in reply.error


def test_search_with_a_fake_clock_stops_at_the_time_budget():
    shell = pairs_shell()
    shell.execute("play pairs --row " + ",".join(["1", "2"] * 30))
    ticks = iter(range(10**6))
    verdict = solve(shell.rules("pairs"), (1, 1, 2, 2) * 20, Budget(seconds=5, nodes=10**6),
                    clock=lambda: next(ticks))
    assert verdict.result in ("won", "unknown")  # won early, or stopped by the fake clock


def test_hint_names_the_first_move_of_a_winning_line_for_a_game_that_hides_nothing():
    shell = pairs_shell()
    shell.execute("play pairs --row 1,2,2,1,3,3")
    reply = shell.execute("hint")
    assert reply.output in ("Hint: take 2 (starts a winning line of 3 moves)",
                            "Hint: take 5 (starts a winning line of 3 moves)")


@settings(max_examples=25)
@given(st.integers(0, 10_000))
def test_the_toy_game_keeps_the_contract(seed):
    check_game("pairs", seed, plugins=[], extra_modules=["toy_pairs"], extra_lines=["take 9", "take 1"])


@settings(max_examples=15)
@given(st.integers(0, 10_000))
def test_aces_up_keeps_the_contract(seed):
    check_game("aces-up", seed, plugins=["aces-up"], steps=60, extra_lines=["F 1", "T 1 1", "T 4 1", "D"])


def test_the_contract_check_catches_a_game_listing_an_illegal_move(monkeypatch):
    import toy_pairs

    monkeypatch.setattr(toy_pairs, "legal", lambda state: ["take 1", "take 2"] if len(state) > 2 else [])
    with pytest.raises(AssertionError, match="plugin 'toy_pairs': legal_moves listed '.*', which its rules "
                                             "reject|does not change"):
        check_game("pairs", 3, plugins=[], extra_modules=["toy_pairs"])


def test_the_contract_check_catches_an_unlisted_move_that_is_accepted(monkeypatch):
    import toy_pairs

    real = toy_pairs.legal
    monkeypatch.setattr(toy_pairs, "legal", lambda state: real(state)[:1])
    with pytest.raises(AssertionError, match="not listed as legal but was accepted"):
        for seed in range(20):
            check_game("pairs", seed, plugins=[], extra_modules=["toy_pairs"])


def test_a_contract_1_game_still_plays_undoes_saves_and_resumes(tmp_path):
    shell = Shell.create(plugins=[], extra_modules=["toy_counter"], seed=0, data_dir=tmp_path)
    assert shell.execute("play counter --seed 4").ok
    assert shell.execute("inc 1").output.startswith("count is now 1")
    state = shell.current.state
    assert not shell.execute("fail").ok and shell.current.state is state and state.count == 1
    assert shell.execute("inc 1").ok and shell.execute("undo").ok and shell.current.state.count == 1
    assert shell.execute("save mine").ok
    other = Shell.create(plugins=[], extra_modules=["toy_counter"], seed=0, data_dir=tmp_path)
    assert other.execute("load mine").ok
    assert other.current.state == shell.current.state
    assert not other.execute("moves").ok and "does not list its legal moves" in other.execute("moves").error
    assert not other.execute("solve").ok


def test_a_game_without_undo_keeps_no_snapshots():
    shell = pairs_shell()
    shell.execute("play pairs --row 1,1,2,2")
    session = shell.current
    session.game = dataclasses.replace(session.game, undo=False)
    shell.execute("take 1")
    assert session.undo_stack == [] and session.log == ["take 1"]


def test_a_listed_line_that_the_game_rejects_is_left_out_of_search_with_a_warning(monkeypatch):
    # Issue 26 item 3: the plugin's lie is its own, not an error of the player's.
    import toy_pairs

    monkeypatch.setattr(toy_pairs, "legal", lambda state: ["take 1"])
    shell = pairs_shell()
    shell.execute("play pairs --row 1,2")
    rules = shell.rules("pairs")
    assert solve(rules, (1, 2)).result == "no win"
    assert rules.warnings == ["plugin 'toy_pairs': legal_moves listed 'take 1', which its rules reject; left out"]


def test_history_memory_is_bounded_and_says_what_it_dropped():
    from cardshell.recording import Recorder

    recorder = Recorder(keep=3)
    for n in range(5):
        recorder.add(f"inc {n}")
    assert list(recorder.lines) == ["inc 2", "inc 3", "inc 4"] and recorder.dropped == 2
    assert "# 2 earlier lines are not kept" in recorder.text()


@settings(max_examples=10)
@given(st.integers(0, 10_000))
def test_thumb_and_pouch_keeps_the_contract(seed):
    check_game("thumb-and-pouch", seed, plugins=["thumb-and-pouch"], steps=40,
               extra_lines=["tf 1 1", "tt 1 1 1", "tt 2 1 9", "wt 1", "wf 4", "sw", "tt 7 1 1"])
