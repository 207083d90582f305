"""Completion comes from the registered metadata."""

from __future__ import annotations

import pytest

from cardshell.completion import candidates
from cardshell.shell import Shell


@pytest.fixture
def shell():
    return Shell.create(plugins=["aces-up"], seed=1, extra_modules=["toy_counter"])


def test_top_level_completes_global_commands(shell):
    assert candidates(shell, "pl") == (["play", "plugins"], "pl")
    assert candidates(shell, "")[0] == sorted(["help", "games", "play", "new", "restart", "quit", "exit", "plugins",
                                                "undo", "redo", "save", "load", "history",
                                                "show", "board", "moves", "hint", "solve", "new-plugin", "rules",
                                                "winnability"])


def test_play_completes_game_ids(shell):
    assert candidates(shell, "play ") == (["aces-up", "counter"], "")
    assert candidates(shell, "play c") == (["counter"], "c")
    assert candidates(shell, "play counter -")[0] == ["--seed"]


def test_in_game_completes_game_and_shell_commands_and_arguments(shell):
    shell.execute("play counter --seed 1")
    words, _ = candidates(shell, "")
    assert {"inc", "+", "fail", "crash", "play", "help"} <= set(words)
    assert candidates(shell, "INC ") == (["1", "2"], "")
    assert candidates(shell, "help i") == (["inc"], "i")


def test_unknown_command_completes_nothing(shell):
    assert candidates(shell, "nosuch ") == ([], "")


def test_aces_up_completes_columns_from_its_state(shell):
    shell.execute("play aces-up --seed 7")
    columns, _ = candidates(shell, "F ")
    assert columns and set(columns) <= {"1", "2", "3", "4"}
