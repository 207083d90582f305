"""Minesweeper through the host: grammar, messages, prompt, play again, help,
completion, and the property that rejected lines never change the board."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardshell.testing import completions, execute_checked, new_shell
from cardshell_minesweeper import plugin, rules
from test_minesweeper_rules import SEED_3_AFTER_A5

HELP = "Enter the column followed by the row (ex: a5). To add or remove a flag, add 'f' to the cell (ex: a5f)."


def started(line="play minesweeper --seed 3"):
    shell = new_shell(["minesweeper"])
    reply = shell.execute(line)
    assert reply.ok, reply.error
    return shell


@pytest.fixture
def shell():
    return started()


def board(shell):
    return shell.current.state


def test_play_shows_empty_board_and_prompt(shell):
    assert shell.prompt_text() == "minesweeper: Enter the cell (10 mines left): "
    out = started().execute("restart").output
    assert out.splitlines()[0] == "Restarted: Minesweeper, seed 3."
    assert out.splitlines()[1] == "    a   b   c   d   e   f   g   h   i"


def test_unfold_shows_exact_board(shell):
    reply = shell.execute("a5")
    assert reply.ok and reply.output == SEED_3_AFTER_A5


@pytest.mark.parametrize("line", ["A5", " a5 ", "open a5", "unfold A5"])
def test_unfold_spellings(line):
    sh = started()
    assert sh.execute(line).output == SEED_3_AFTER_A5


def test_flags_and_prompt(shell):
    shell.execute("a5")
    assert shell.execute("e4f").ok
    assert shell.execute("i1F").ok
    assert board(shell).flags == {(3, 4), (0, 8)}
    assert shell.prompt_text() == "minesweeper: Enter the cell (8 mines left): "
    assert shell.execute("E4F").ok and shell.execute("flag i1").ok
    assert board(shell).flags == set()
    assert shell.prompt_text() == "minesweeper: Enter the cell (10 mines left): "


def test_flag_is_drawn(shell):
    shell.execute("a5")
    out = shell.execute("e4f").output
    assert "4 | 0 | 0 | 0 | 1 | F |   |   |   |   |" in out.splitlines()


@pytest.mark.parametrize("setup, line, message", [
    ([], "j1", "Invalid Cell"),
    ([], "a10", "Invalid Cell"),
    ([], "a0", "Invalid Cell"),
    ([], "hello world", "Invalid Cell"),
    ([], "5a", "Invalid Cell"),
    ([], "a5ff", "Invalid Cell"),
    ([], "open", "A cell is missing: type open and a cell, e.g. open a5"),
    ([], "FLAG", "A cell is missing: type flag and a cell, e.g. flag a5"),
    ([], "open j1", "Invalid Cell"),
    ([], "flag a5 a6", "Invalid Cell"),
    (["a5"], "a5", "That cell is already shown"),
    (["a5"], "a5f", "Cannot put a flag there"),
    (["e4f"], "e4", "There is a flag there"),
    ([], "y", "The game is not over yet: enter a cell"),
    ([], "n", "The game is not over yet: enter a cell"),
])
def test_messages_leave_the_board_unchanged(shell, setup, line, message):
    for move in setup:
        assert shell.execute(move).ok
    before = copy.deepcopy(board(shell))
    reply = shell.execute(line)
    assert (reply.ok, reply.error, reply.output) == (False, message, "")
    assert board(shell) == before


def test_game_over_reveals_mines_and_offers_again(shell):
    shell.execute("a5")
    mine = sorted(board(shell).mines)[0]
    reply = shell.execute(rules.label(mine))
    lines = reply.output.splitlines()
    assert lines[0] == "Game over"
    assert "\n".join(lines[1:]).count("X") == 9  # the other mines
    assert [line for line in lines if "*" in line] == [lines[3 + 2 * mine[0]]]  # the mine unfolded
    assert lines[3 + 2 * mine[0]][4 + 4 * mine[1]] == "*"
    assert lines[-1] == "Next: 'y', 'n', 'new', 'restart' or 'quit'."  # both answers named
    assert f"lost (Game over: the mine at {rules.label(mine)})" in lines[-2]
    assert shell.prompt_text() == "minesweeper: Play again? (y/n): "
    assert shell.current.outcome.result == "lost"
    assert shell.execute("a1").error == "The game is over: type y to play again"
    # y plays a new board from the generator (n, which leaves, is tested below).
    before = copy.deepcopy(board(shell))
    reply = shell.execute("y")
    assert reply.ok
    assert reply.output.splitlines()[2] == "1 |   |   |   |   |   |   |   |   |   |"
    assert board(shell).number == 2 and not board(shell).placed
    assert shell.current.outcome is None
    assert shell.prompt_text() == "minesweeper: Enter the cell (10 mines left): "
    old_mines = before.mines
    shell.execute("a5")
    assert board(shell).mines != old_mines  # the generator went on: a new layout


def win(shell, first="a5"):
    shell.execute(first)
    state = board(shell)
    safe = [c for c in state.cells() if c not in state.mines and c not in state.shown]
    replies = [shell.execute(rules.label(c)) for c in safe]
    assert all(r.ok for r in replies)
    return replies[-1]


def test_win_with_time(shell, monkeypatch):
    times = iter([1000.0, 1012.345])
    monkeypatch.setattr(rules, "clock", lambda: next(times))
    reply = win(shell)
    lines = reply.output.splitlines()
    assert lines[0] == "Win (took 12.3 seconds)"
    board = lines[1:-2]  # the two last lines are the host's announcement of the end
    assert lines[-2].startswith("Minesweeper") and lines[-1].startswith("Next: ")
    assert "X" not in "\n".join(board) and "12.3" not in "\n".join(board)
    assert shell.current.outcome.result == "won"
    assert shell.current.outcome.score == 12.3  # as Win printed it
    assert shell.current.outcome.duration == pytest.approx(12.345)  # the statistics keep the exact time
    assert lines[-2] == "Minesweeper: the round is over: won, score 12.3 (the time in seconds)."  # said once
    assert shell.prompt_text() == "minesweeper: Play again? (y/n): "
    assert shell.execute("yes").ok and shell.current.outcome is None


def test_help_shows_the_hand_out_text(shell):
    out = shell.execute("help").output
    assert HELP in " ".join(out.split())  # wrapped to the width, word for word
    assert "After Game over or Win: play a new board" in out


def test_completion_offers_hidden_cells(shell):
    command = next(c for c in shell.game_commands("minesweeper") if c.name == "cell")
    assert command.complete(board(shell), 0) == [f"{c}{r}" for r in range(1, 10) for c in "abcdefghi"]
    shell.execute("a5")
    labels = command.complete(board(shell), 0)
    assert "a5" not in labels and "d8" in labels and "a1" in labels
    assert len(labels) == 81 - len(board(shell).shown)
    assert command.complete(board(shell), 1) == []


@pytest.mark.parametrize("line, error", [
    ("play minesweeper --mines 80", "Mines must be between 1 and 72 on a 9x9 board"),
    ("play minesweeper --cols 31", "Columns must be between 1 and 30 (a to ad)"),
    ("play minesweeper --level hard", "Unknown level 'hard'"),
    ("play minesweeper --rows 0", "Rows must be between 1 and 99"),
])
def test_invalid_options_through_play(line, error):
    sh = new_shell(["minesweeper"])
    reply = sh.execute(line)
    assert not reply.ok and reply.error.startswith(error)
    assert sh.current is None


def test_level_options_through_play():
    sh = started("play minesweeper --seed 1 --level intermediate")
    assert (board(sh).rows, board(sh).cols, board(sh).mine_count) == (16, 16, 40)
    assert sh.prompt_text().endswith("(40 mines left): ")
    assert sh.execute("p16").ok and not sh.execute("q1").ok
    sh = started("play minesweeper --seed 1 --rows 5 --cols 26 --mines 7")
    assert sh.execute("z5").ok and sh.execute("z6").error == "Invalid Cell"
    assert sh.execute("aa1").error == "Invalid Cell"  # no 27th column on this board


def test_expert_board_through_play_takes_two_letter_columns():
    sh = started("play minesweeper --seed 2 --level expert")
    assert (board(sh).rows, board(sh).cols, board(sh).mine_count) == (16, 30, 99)
    reply = sh.execute("AB7")
    assert reply.ok and (6, 27) in board(sh).shown
    lines = reply.output.splitlines()
    assert max(map(len, lines)) <= 80 and len(lines) == 20
    hidden = next(rules.label(c) for c in board(sh).cells() if c not in board(sh).shown and c[1] >= 26)
    assert sh.execute(hidden + "f").ok and rules.parse_cell(hidden, board(sh)) in board(sh).flags
    assert sh.execute(f"flag {hidden}").ok and not board(sh).flags
    assert sh.execute("ae1").error == "Invalid Cell" and sh.execute("a17").error == "Invalid Cell"


def test_undo_is_off():
    assert new_shell(["minesweeper"]).games["minesweeper"].undo is False


# -- property: random lines never escape and never change the board when rejected ----

LEAVING = {"quit", "exit", "new", "restart", "play", "n", "no"}
cell_like = st.builds(
    lambda c, r, f, pre: f"{pre}{c}{r}{f}",
    st.sampled_from("abcdefghijkzAEI"),
    st.sampled_from(["0", "1", "5", "9", "10", "99", ""]),
    st.sampled_from(["", "f", "F", "ff", "x"]),
    st.sampled_from(["", "", "open ", "flag ", "unfold "]),
)
any_line = st.one_of(
    cell_like,
    st.sampled_from(["y", "n", "help", "help open", "a5", "e5", "i1", "games", "yes", "no"]),
    st.text(alphabet="abcfyn019 \t-?#é", max_size=8),
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(any_line, min_size=1, max_size=25), st.integers(0, 50))
def test_random_lines_never_escape_or_change_a_rejected_board(lines, seed):
    sh = started(f"play minesweeper --seed {seed}")
    for line in lines:
        if line.strip().split(" ")[0].lower() in LEAVING:
            continue
        reply = execute_checked(sh, line)
        assert sh.current is not None
        state = board(sh)
        assert state.flags.isdisjoint(state.shown)
        if state.status != rules.LOST:
            assert state.shown.isdisjoint(state.mines)
        assert all(ln == ln.rstrip() for ln in reply.output.splitlines())


def test_host_completion_offers_cell_labels(shell):
    shell.execute("a5")
    found, partial = completions(shell, "a")
    assert partial == "a"
    assert found == ["a1"]  # a2..a9 are shown after a5 on seed 3
    found, _ = completions(shell, "open d")
    assert found == ["d8", "d9"]
    found, _ = completions(shell, "h")
    assert "i9" not in found and "h1" in found
    found, _ = completions(shell, "")  # an empty line: the commands valid now, no cells
    assert "flag" in found and "h1" not in found and "y" not in found


def test_n_after_game_over_leaves_the_game():
    shell = new_shell(["minesweeper"])
    shell.execute("play minesweeper --seed 3")
    assert shell.execute("n").error is not None  # only once the board is finished
    for line in ("a5", "e4f", "j1", "e4", "a5", "a5f", "d8", "d9"):
        shell.execute(line)
    assert shell.current.outcome.result == "lost"
    reply = shell.execute("n")
    assert reply.ok and reply.output == "Left Minesweeper."
    assert shell.current is None and "minesweeper" not in shell.sessions


def test_game_and_command_summaries_are_one_short_line():
    """``games`` and ``help`` print summaries in a table: one line of at most 70
    characters (the cell command's summary is the hand-out's help text, verbatim)."""
    from cardshell_minesweeper import plugin as game_plugin

    (game,) = game_plugin.cardshell_games()
    assert "\n" not in game.summary and len(game.summary) <= 70, game.summary
    for command in game_plugin.cardshell_commands():
        if command.name == "cell":
            assert command.summary == plugin.HELP
            continue
        assert "\n" not in command.summary and len(command.summary) <= 70, command.summary
