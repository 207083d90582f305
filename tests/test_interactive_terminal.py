"""A real terminal of 80 x 24 (issue 12 items 4 and 5, "Tests that must exist"):
completion of a game's options without repeats, Tab Tab Enter on an empty
line never leaving, the question before a game with moves is abandoned,
and ``help`` and ``games`` wrapped at word boundaries.

Each test runs ``python -m cardshell`` under pexpect in a pseudo-terminal,
with its own data directory under ``tmp_path`` (the suite's conftest points
HOME and the XDG directories at a temporary directory too).  Waits are
``expect`` calls with generous timeouts, so a loaded machine only makes
them slower; nothing is timed.
"""

from __future__ import annotations

import os
import re
import sys
import time

import pytest

pexpect = pytest.importorskip("pexpect")

ROWS, COLS = 24, 80
MINES_PROMPT = "minesweeper: Enter the cell (10 mines left):"
#: A prompt_toolkit screen is drawn with escape sequences even with NO_COLOR.
_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][0-9A-Za-z]|\x1b[=>]")


def spawn(data_dir, plugins="aces-up,minesweeper,snap,stats"):
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm", NO_COLOR="1",
               CARDSHELL_LOAD_PLUGINS=plugins, HOME=str(data_dir), XDG_DATA_HOME=str(data_dir / "xdg"))
    env.pop("CARDSHELL_DATA_DIR", None)
    child = pexpect.spawn(sys.executable, ["-m", "cardshell", "--data-dir", str(data_dir / "data")], env=env,
                          encoding="utf-8", timeout=60, dimensions=(ROWS, COLS))
    child.expect_exact("cardshell>")
    settle()
    return child


def settle():
    """Let prompt_toolkit finish drawing the prompt before the next keys (not a timing assertion)."""
    time.sleep(0.3)


def leave(child):
    child.send("exit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def plain(text):
    """The text without escape sequences and carriage returns."""
    return _ESCAPE.sub("", text).replace("\r", "")


def test_tab_completes_a_games_own_options_and_never_repeats_one(tmp_path):
    child = spawn(tmp_path)
    # Snap's only option besides --seed is --max-turns: with --seed already given,
    # Tab has one candidate and inserts it (were --seed offered again, nothing would be).
    child.send("play snap --seed 3 --\t")
    child.expect_exact("max-turns")
    child.send(" 40\r")
    child.expect_exact("Snap, seed 3.")
    child.expect_exact("snap>")
    settle()
    # Minesweeper's --level and its values complete: --l<Tab> ex<Tab>.
    child.send("play minesweeper --seed 3 --l\t")
    child.expect_exact("evel")
    child.send(" ex\t")
    child.expect_exact("pert")
    child.send("\r")
    child.expect_exact("Minesweeper, seed 3.")
    child.expect_exact("a a a a")  # the expert board, 30 columns: aa .. ad
    child.expect_exact("mines left)")
    settle()
    child.send("ab\t")  # ab1 .. ab16 share "ab": the menu opens; the typed cell goes on
    settle()
    child.send("7\r")
    child.expect(r"\n 7 \|[ .0-9F]+\|")  # row 7 drawn again after the unfold
    child.expect_exact("mines left)")
    settle()
    leave(child)


def test_tab_tab_enter_on_an_empty_line_never_leaves(tmp_path):
    child = spawn(tmp_path)
    child.send("\t")
    child.expect_exact("exit")  # the commands are listed above the prompt ...
    child.expect_exact("cardshell>")
    settle()
    child.send("\t")
    child.expect_exact("cardshell>")
    settle()
    assert command_output(child, "", "cardshell>") == []  # ... nothing was inserted: Enter ran an empty line
    assert command_output(child, "games", "cardshell>")[0] == "Games:"  # and the shell is still there
    # In a game: Tab Tab Enter neither leaves nor plays a move (no cell is offered).
    child.send("play minesweeper --seed 3\r")
    child.expect_exact("mines left)")
    settle()
    child.send("\t")
    child.expect_exact("unfold")
    child.expect_exact("mines left)")
    settle()
    child.send("\t")
    child.expect_exact("mines left)")
    settle()
    assert command_output(child, "", MINES_PROMPT) == []
    shown = command_output(child, "show", MINES_PROMPT)
    assert shown[2] == "1 |   |   |   |   |   |   |   |   |   |" and len(shown) == 20  # every cell still hidden
    leave(child)


def test_abandoning_a_game_with_moves_asks_first(tmp_path):
    child = spawn(tmp_path)
    child.send("play aces-up --seed 7\r")
    child.expect_exact("aces-up:")
    settle()
    child.send("D\r")
    child.expect_exact("aces-up:")
    settle()
    child.send("new --seed 8\r")
    child.expect_exact("This abandons Aces Up (seed 7, 1 move). Go on? [y/N]")
    settle()
    child.send("n\r")
    child.expect_exact("Nothing was changed")
    child.expect_exact("aces-up:")
    settle()
    child.send("history\r")
    child.expect_exact("play aces-up --seed 7\r\nD")  # the game and its move are still there
    child.expect_exact("aces-up:")
    settle()
    child.send("restart\r")
    child.expect_exact("Go on? [y/N]")
    settle()
    child.send("y\r")
    child.expect_exact("Abandoned Aces Up (seed 7, 1 move): 'load ")
    child.expect_exact("aces-up:")
    settle()
    leave(child)


def command_output(child, line, prompt):
    """Run one line; its output as plain lines (between the echoed line and the next prompt)."""
    child.send(line + "\r")
    child.expect(r"\n(?:\x1b\[[0-9;?]*[A-Za-z])*" + re.escape(prompt))  # the next prompt, on a line of its own
    text = plain(child.before)
    settle()
    return [text for text in text.split("\n")[1:] if text.strip()]  # the first line is the echoed command


@pytest.mark.parametrize("line", ["help", "games"])
def test_help_and_games_wrap_at_word_boundaries_at_80_columns(tmp_path, line):
    child = spawn(tmp_path)
    lines = command_output(child, line, "cardshell>")
    assert max(len(text) for text in lines) <= COLS
    flowing = " ".join(" ".join(lines).split())
    if line == "help":
        # The menu's longest summary at cardshell>, never broken inside a word.
        assert "show statistics: played, won, win rate, streaks, perfect wins, best time" in flowing
        assert "list the games and the games in progress" in flowing and "winnability" in flowing
        assert "start a new deal of the current game" not in flowing  # at cardshell>: what can be done there
    else:
        assert "Solitaire, aces high: discard every card but the four aces." in flowing
        assert "Sweep a 9x9 board of 10 mines: a5 unfolds, a5f flags (--level)." in flowing
    assert not re.search(r"[a-z]-\n", "\n".join(lines))  # no word split with a hyphen either
    leave(child)
