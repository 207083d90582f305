"""Pictures standalone (``python -m cardshell_pictures``) and inside the shell."""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pyte
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell.errors import UsageError
from cardshell.sweep import ProgressLine, SweepArgs
from cardshell.testing import new_shell
from cardshell_pictures import play
from cardshell_pictures.simulation import SIMULATION

DATA = Path(__file__).parent / "data" / "pictures"
PROMPT = "Please enter an integer to feed the seed() function: "


def run_module(stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardshell_pictures"],
        input=stdin, capture_output=True, text=True, encoding="utf-8", timeout=60,
    )


def test_standalone_prints_prompt_then_game():
    result = run_module("477\n")
    expected = (DATA / "seed_477.txt").read_text(encoding="utf-8")
    # The prompt ends in a single space; the output starts with an empty line
    # (its newline ends the prompt's line when stdin is not a terminal).
    assert result.stdout == PROMPT + "\n" + expected
    assert result.returncode == 0 and result.stderr == ""


def test_standalone_eof_and_bad_input_without_traceback():
    result = run_module("")
    assert result.stdout == PROMPT + "\n" and result.returncode == 1
    assert "Traceback" not in result.stderr
    result = run_module("seven\n")
    assert result.returncode == 1 and "Traceback" not in result.stderr and "seven" in result.stderr


@pytest.fixture
def shell():
    return new_shell(["pictures"])


def test_play_shows_the_game_and_its_outcome(shell):
    reply = shell.execute("play pictures --seed 477")
    assert reply.ok
    assert play(477).text in reply.output
    session = shell.current
    assert session.seed == 477
    assert session.game.outcome(session.state).result == "won"
    assert session.game.outcome(session.state).score == 12


def test_lost_game_outcome_scores_pictures_uncovered(shell):
    shell.execute("play pictures --seed 84")
    outcome = shell.current.game.outcome(shell.current.state)
    assert outcome.result == "lost" and outcome.score == 7
    assert outcome.detail == "You uncovered only 7 pictures, you lost!"


def test_simulate_prints_the_table_and_changes_nothing(shell):
    shell.execute("play pictures --seed 84")
    before = shell.current.state
    reply = shell.execute("simulate 20 0")
    assert reply.ok
    lines = reply.output.split("\n")
    assert lines[0] == "Number of uncovered pictures | Frequency"
    assert all(len(line) == 40 for line in lines)
    assert shell.current.state == before and shell.current.moves == 0
    assert shell.execute("simulate 20 0 --jobs 2").output == reply.output


def test_simulate_defaults_to_the_current_seed(shell):
    shell.execute("play pictures --seed 84")
    assert shell.execute("simulate 20").output == shell.execute("simulate 20 84").output
    assert shell.execute("simulate 20").output != shell.execute("simulate 20 0").output


@pytest.mark.parametrize("line", ["simulate", "simulate 0", "simulate x", "simulate 5 1 2", "simulate 5 -j",
                                  "simulate 5 --jobs -1", "simulate +5"])
def test_simulate_rejects_bad_arguments(shell, line):
    shell.execute("play pictures --seed 84")
    reply = shell.execute(line)
    assert not reply.ok and reply.error and "simulate N [I] [--first SEED] [--jobs J]" in reply.error


def test_parse_simulate_forms():
    parse = SIMULATION.grammar.parse
    assert parse("100 -5") == SweepArgs(100, first=-5)
    assert parse("100") == SweepArgs(100)
    assert parse("--jobs 0 100 3") == SweepArgs(100, first=3, jobs=0)
    assert parse("100 3 -j 2") == SweepArgs(100, first=3, jobs=2)
    assert parse("100 --jobs=4") == SweepArgs(100, jobs=4)
    assert parse("100 --first 7 --plot") == SweepArgs(100, first=7, plot=True)
    with pytest.raises(UsageError):
        parse("100 ３")


@settings(max_examples=50, deadline=None)
@given(line=st.one_of(st.text(max_size=15),
                      st.builds("simulate {}".format, st.text(alphabet=" -+0123456789j", max_size=8))))
def test_random_lines_never_raise_and_leave_the_game_alone(line):
    shell = new_shell(["pictures"])
    shell.execute("play pictures --seed 84")
    before = shell.current.state
    words = line.lower().split()
    if words[:1] == ["simulate"] and any(w.isdigit() and int(w) > 2000 for w in words):
        return  # keep the suite fast
    if words[:1] in (["new"], ["play"], ["load"]):
        return  # host commands that start another game
    reply = shell.execute(line)
    assert isinstance(reply.ok, bool)
    if not reply.ok:
        assert reply.error
    if shell.current is not None:
        assert shell.current.state == before


class Terminal(io.StringIO):
    """stderr as a terminal."""

    def isatty(self):
        return True


def blank(drawn: str) -> bool:
    """Whether a terminal shows nothing after ``drawn`` was written to it (pyte emulates one)."""
    screen = pyte.Screen(80, 4)
    pyte.Stream(screen).feed(drawn)
    return all(not row.strip() for row in screen.display)


def test_simulate_shows_a_progress_line_on_a_terminal_and_wipes_it(shell, monkeypatch):
    shell.execute("play pictures --seed 84")
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    shell.interactive = True
    reply = shell.execute("simulate 50 0")
    assert reply.ok and reply.output.startswith("Number of uncovered pictures | Frequency")
    assert re.search(r"simulate 50: \d+/50 games \(", terminal.getvalue())  # drawn while it ran
    assert blank(terminal.getvalue())  # wiped: the reply starts on a clean line


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_interrupts_simulate_and_keeps_the_game(shell, monkeypatch, jobs):
    shell.execute("play pictures --seed 84")
    before = shell.current.state
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    counted = ProgressLine.advance

    sent = []

    def advance(line, deals):  # one Ctrl-C arrives in the middle of the sweep
        counted(line, deals)
        if not sent:  # a second, from a later count while the sweep stops, would hit pytest itself
            sent.append(deals)
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(ProgressLine, "advance", advance)
    shell.interactive = True
    reply = shell.execute(f"simulate 50000 0 --jobs {jobs}")
    assert not reply.ok and "interrupted" in reply.error
    assert shell.current.state == before
    assert blank(terminal.getvalue())  # the line was wiped
    monkeypatch.setattr(ProgressLine, "advance", counted)
    assert shell.execute("simulate 10 0").ok


def test_game_and_command_summaries_are_one_short_line():
    """``games`` and ``help`` print summaries in a table: one line of at most 70 characters."""
    from cardshell_pictures import plugin as game_plugin

    (game,) = game_plugin.cardshell_games()
    assert "\n" not in game.summary and len(game.summary) <= 70, game.summary
    for command in game_plugin.cardshell_commands():
        assert "\n" not in command.summary and len(command.summary) <= 70, command.summary


def test_q_quits_pictures_as_it_quits_every_game():
    from cardshell.testing import new_shell

    shell = new_shell(["pictures"])
    assert shell.execute("play pictures --seed 1").ok
    reply = shell.execute("q")
    assert reply.ok, reply.error
    assert shell.table.current is None  # left the game: back at cardshell>
