"""The line browser of Up-and-Down (Section 4.2): grammar, standalone program."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardshell.testing import new_shell
from cardshell_up_and_down import browser, play
from cardshell_up_and_down.browser import LineRequest, lines_for, parse_request

LINES = [f"line {k}" for k in range(1, 21)]  # N = 20
PROMPT = "Please enter an integer to feed the seed() function: "


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("5", (1, 5)),
        ("1", (1, 1)),
        ("20", (1, 20)),
        ("  7   ", (1, 7)),
        ("05", (1, 5)),
        ("-3", (18, 20)),
        ("-20", (1, 20)),
        ("   -1  ", (20, 20)),
        ("-007", (14, 20)),
        ("3--8", (3, 8)),
        ("3  --8", (3, 8)),
        ("3--   8", (3, 8)),
        ("  3 -- 8  ", (3, 8)),
        ("8--8", (8, 8)),
        ("1--20", (1, 20)),
        ("01--020", (1, 20)),
    ],
)
def test_correct_answers(text, wanted):
    first, last = wanted
    assert lines_for(text, LINES) == LINES[first - 1 : last]


@pytest.mark.parametrize(
    "text",
    [
        "", " ", "0", "-0", "21", "-21", "00", "+5", "+ 5", "- 5", "-+5", "--5", "5-", "3-8", "3---8", "1---3",
        "3 - - 8", "3- -8", "3 -- +8", "+3--8", "8--3", "0--5", "5--21", "3--", "--8", "\t5", "5\t", "3\t--8",
        "Q", "q ", " q", "quit", "3.0", "1e2", "five", "٣", "５", "3 4", "3--8--9", "-3--8",
    ],
)
def test_incorrect_answers_do_nothing(text):
    assert lines_for(text, LINES) is None


def test_q_is_not_a_line_request():
    assert parse_request("q") is None and browser.QUIT == "q"


def test_parse_request_kinds():
    assert parse_request(" 12 ") == LineRequest("first", 12, 12)
    assert parse_request("-4") == LineRequest("last", 4, 4)
    assert parse_request("2 --9") == LineRequest("range", 2, 9)
    assert LineRequest("range", 9, 2).span(20) is None
    assert LineRequest("last", 21, 21).span(20) is None


def test_a_number_too_long_for_any_line_is_named_not_read_as_zero():
    digits = "123456789012345678901"  # 21 digits
    assert parse_request(digits).span(10**6) is None
    shell = new_shell(["up-and-down"], seed=1, autosave=False)
    shell.execute("play up-and-down --seed 1")
    assert shell.execute(digits).error == ("there are 388 lines: a last line number is between 1 and 388, "
                                           "not a number of more than 18 digits")
    assert shell.execute("-" + digits).error.endswith("not minus a number of more than 18 digits")
    assert shell.execute("1--" + digits).error.endswith("and a number of more than 18 digits is no line number")
    assert shell.execute("0").error.endswith("not 0")  # a real 0 is still named as typed
    assert shell.execute("0" * 30 + "7").ok  # leading zeros do not count


def test_menu_text_exact():
    assert browser.menu(779) == (
        "Enter: q to quit\n"
        "       a last line number (between 1 and 779)\n"
        "       a first line number (between -1 and -779)\n"
        "       a range of line numbers (of the form m--n with 1 <= m <= n <= 779)"
    )
    assert browser.question(779) == "There are 779 lines of output; what do you want me to do?"


def run_module(stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardshell_up_and_down"],
        input=stdin, capture_output=True, text=True, encoding="utf-8", timeout=60,
    )


def test_standalone_session_exact():
    game = play(46)
    n = len(game.lines)
    assert n == 94
    menu = "\n" + browser.menu(n) + "\n" + browser.PROMPT
    answers = ["3", "+5", "- 5", "3 - - 8", "0", "95", "-2", " 2 -- 4 ", "Q", "q"]
    result = run_module("46\n" + "\n".join(answers) + "\n")
    expected = (
        PROMPT + "\n"
        + "52 cards could not be placed, you lost!\n\n"
        + "There are 94 lines of output; what do you want me to do?\n"
        + menu + "\n" + "\n".join(game.lines[:3]) + "\n"  # 3
        + menu + menu + menu + menu + menu  # +5, - 5, 3 - - 8, 0, 95: nothing
        + menu + "\n" + "\n".join(game.lines[-2:]) + "\n"  # -2
        + menu + "\n" + "\n".join(game.lines[1:4]) + "\n"  # 2--4
        + menu + menu  # Q: nothing; q: quit, nothing more
    )
    assert result.stdout == expected
    assert result.returncode == 0 and result.stderr == ""


def test_standalone_won_game_header():
    result = run_module("2\nq\n")
    n = len(play(2).lines)
    assert result.stdout.startswith(
        PROMPT + "\nAll cards have been placed, you won!\n\n"
        f"There are {n} lines of output; what do you want me to do?\n\nEnter: q to quit\n"
    )


def test_standalone_eof_without_traceback():
    for stdin in ("", "46\n", "46\n5\n"):
        result = run_module(stdin)
        assert "Traceback" not in result.stderr
    assert run_module("46\n").returncode == 0
    result = run_module("x\n")
    assert result.returncode == 1 and "Traceback" not in result.stderr
