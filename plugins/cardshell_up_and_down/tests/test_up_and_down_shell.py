"""Up-and-Down inside the shell: the display, browsing, simulate, outcome."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell.testing import new_shell
from cardshell_up_and_down import browser, play


@pytest.fixture
def shell():
    shell = new_shell(["up-and-down"])
    assert shell.execute("play up-and-down --seed 46").ok
    return shell


def test_play_shows_result_and_menu():
    shell = new_shell(["up-and-down"])
    reply = shell.execute("play up-and-down --seed 2")
    assert reply.ok
    n = len(play(2).lines)
    assert (
        f"All cards have been placed, you won!\n\n{browser.question(n)}\n\n{browser.menu(n)}" in reply.output
    )
    outcome = shell.current.game.outcome(shell.current.state)
    assert outcome.result == "won" and outcome.score == 0


def test_lost_outcome_scores_cards_left(shell):
    outcome = shell.current.game.outcome(shell.current.state)
    assert outcome.result == "lost" and outcome.score == 52
    assert outcome.detail == "52 cards could not be placed, you lost!"


@pytest.mark.parametrize(
    ("line", "first", "last"),
    [
        ("lines 3", 1, 3),
        ("lines -2", 93, 94),
        ("lines 2--4", 2, 4),
        ("lines  2 --  4", 2, 4),
        ("browse 05", 1, 5),
        ("3", 1, 3),
        ("-2", 93, 94),
        ("2--4", 2, 4),
        ("2 -- 4", 2, 4),
        ("lines", 1, 94),
    ],
)
def test_browsing(shell, line, first, last):
    lines = play(46).lines
    reply = shell.execute(line)
    assert reply.ok, reply.error
    assert reply.output == "\n".join(lines[first - 1 : last])
    assert shell.current.moves == 0


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("lines +5", "incorrect line request"),
        ("lines - 5", "incorrect line request"),
        ("lines 3 - - 8", "incorrect line request"),
        ("lines 1---3", "incorrect line request"),
        ("lines 3.5", "incorrect line request"),
        ("+5", "incorrect line request"),
        ("- 5", "incorrect line request"),
        ("3 - - 8", "incorrect line request"),
        ("lines 0", "between 1 and 94"),
        ("lines 95", "between 1 and 94"),
        ("lines -0", "between -1 and -94"),
        ("-95", "between -1 and -94"),
        ("8--3", "1 <= m <= n <= 94"),
        ("lines 90--95", "1 <= m <= n <= 94"),
    ],
)
def test_incorrect_requests_are_rejected_clearly(shell, line, message):
    before = shell.current.state
    reply = shell.execute(line)
    assert not reply.ok and message in reply.error
    assert shell.current.state == before


def test_q_leaves_the_game(shell):
    reply = shell.execute("q")
    assert reply.ok and shell.current is None


@pytest.mark.parametrize("line", ["Q", "LINES 5", "Lines 5"])
def test_the_browser_is_case_sensitive(shell, line):
    """GAMES.md "up-and-down": only ``q`` exactly quits, ``Q`` is an incorrect
    answer that does nothing (the COMP9021 hand-out never makes its input
    case-insensitive)."""
    before = shell.current.state
    reply = shell.execute(line)
    assert not reply.ok
    assert shell.current is not None and shell.current.state == before


def test_simulate_in_the_shell(shell):
    reply = shell.execute("simulate 20 0")
    assert reply.ok
    lines = reply.output.split("\n")
    assert lines[:2] == ["Number of cards left | Frequency", "-" * 32]
    assert all(len(line) == 32 for line in lines)
    assert shell.execute("simulate 20 0 -j 2").output == reply.output
    assert shell.execute("simulate 20").output == shell.execute("simulate 20 46").output
    assert not shell.execute("simulate -3").ok

_LINE = st.one_of(
    st.text(alphabet=" -+0123456789q", max_size=12),
    st.builds(lambda word, rest: f"{word} {rest}", st.sampled_from(["lines", "browse", "simulate"]),
              st.text(alphabet=" -+0123456789j", max_size=10)),
    st.text(max_size=15),
)


@settings(max_examples=60, deadline=None)
@given(line=_LINE)
def test_random_lines_never_raise_and_rejections_change_nothing(line):
    shell = new_shell(["up-and-down"])
    shell.execute("play up-and-down --seed 46")
    words = line.lower().split()
    if words[:1] == ["simulate"] and any(w.isdigit() and int(w) > 2000 for w in words):
        return  # keep the suite fast
    if words[:1] in (["new"], ["play"], ["load"]):
        return  # host commands that start another game
    before = shell.current.state
    reply = shell.execute(line)
    assert isinstance(reply.ok, bool)
    if not reply.ok:
        assert reply.error and shell.current.state == before
    if shell.current is not None:
        assert shell.current.state == before  # no command of this game changes the state


def test_game_and_command_summaries_are_one_short_line():
    """``games`` and ``help`` print summaries in a table: one line of at most 70 characters."""
    from cardshell_up_and_down import plugin as game_plugin

    (game,) = game_plugin.cardshell_games()
    assert "\n" not in game.summary and len(game.summary) <= 70, game.summary
    for command in game_plugin.cardshell_commands():
        assert "\n" not in command.summary and len(command.summary) <= 70, command.summary
