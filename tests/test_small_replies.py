"""The small replies of issue 27 item 8, each as a player reads it."""

from __future__ import annotations

import re

import pytest

from cardshell.shell import Shell


@pytest.fixture
def shell():
    return Shell.create(seed=1, autosave=False)


@pytest.mark.parametrize("line, error", [
    ("play aces-up --sed 3", "unknown option '--sed' (did you mean '--seed'?)"),
    ("play minesweeper --levl easy", "unknown option '--levl' (did you mean '--level'?)"),
    ("play aces-up --bogus", "unknown option '--bogus'"),
    ("play aces-up --seed 3 extra", "unexpected argument 'extra'"),
])
def test_a_mistyped_play_option_gets_a_did_you_mean(shell, line, error):
    reply = shell.execute(line)
    assert reply.error == f"{error} (usage: play GAME [--seed N] [--OPTION VALUE ...])"
    assert shell.current is None  # nothing started


def test_a_mistyped_new_option_gets_a_did_you_mean(shell):
    shell.execute("play aces-up --seed 3")
    assert shell.execute("new --sed 4").error == (
        "unknown option '--sed' (did you mean '--seed'?) (usage: new [--seed N])")
    assert shell.current.seed == 3


def test_help_for_a_command_of_some_games_names_them(shell):
    reply = shell.execute("help simulate")
    assert reply.ok
    assert " ".join(reply.output.split()) == (
        "'simulate' is a command inside Blackjack, Pictures, Snap and Up-and-Down: 'play GAME', then "
        "'help simulate' there.")
    assert shell.execute("help nonsense").error.startswith("no command or game 'nonsense'")


def test_snaps_hint_says_there_is_nothing_to_choose(shell):
    shell.execute("play snap --seed 1")  # B wins this deal after 301 turns
    reply = shell.execute("hint")
    # not a search's verdict on A's chances: the player has nothing to choose
    assert reply.output == "Hint: step (Snap has no decisions: every move plays the same game on)"


def test_simulate_writes_every_count_the_same_way(shell):
    shell.execute("play blackjack --seed 1")
    output = shell.execute("simulate 2000 --plot").output
    assert "2,000 rounds (seeds 1 to 2,000)" in output and "(2,000 rounds)" in output
    assert not re.search(r"\d{4}", output)  # no number of 4 digits or more without its comma


def test_up_and_downs_ending_stands_apart_from_its_menu(shell):
    output = shell.execute("play up-and-down --seed 3").output.splitlines()
    assert output[-4].startswith("       a range of line numbers")
    assert output[-3:] == [
        "",
        "Up-and-Down is over: lost, score 27 (27 cards could not be placed, you lost!).",
        "Next: an answer to the menu above, or 'new', 'restart' or 'quit'.",  # it played itself: no undo
    ]
