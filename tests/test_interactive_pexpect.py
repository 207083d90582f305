"""A real terminal: Tab completion, a move, leaving, and history across runs."""

from __future__ import annotations

import time

import pytest

from terminal import spawn_cardshell

pexpect = pytest.importorskip("pexpect")


def spawn(data_dir):
    child = spawn_cardshell(data_dir, "aces-up")
    child.expect_exact("cardshell>")
    return child


def test_completion_move_leave_and_history(tmp_path):
    child = spawn(tmp_path)
    child.send("pla\t")  # Tab completes the command word
    child.expect_exact("y")  # the completed rest of "play" (drawn alone or with "pla")
    child.send(" aces-up --seed 7\r")
    child.expect_exact("Aces Up, seed 7.")
    child.expect_exact("aces-up:")  # the prompt names the game
    child.send("D\r")
    child.expect_exact("4♣")  # the second tableau row appears only after the deal
    child.expect_exact("aces-up:")
    time.sleep(0.3)  # let the prompt finish drawing before the next key
    child.sendcontrol("d")  # leaves the game, which stays in progress
    child.expect_exact("still in progress")
    child.expect_exact("cardshell>")
    time.sleep(0.3)
    child.sendcontrol("d")  # leaves the shell
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert (tmp_path / "history").exists()

    child = spawn(tmp_path)
    child.send("\x1b[A")  # Up: the last command of the previous run
    child.send("\r")
    child.expect_exact("unknown command 'D'")  # "D" came back from history
    child.sendcontrol("c")  # Ctrl-C cancels the line, the shell goes on
    child.expect_exact("cardshell>")
    child.send("exit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
