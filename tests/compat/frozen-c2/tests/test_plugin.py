"""Ends through cardshell (contract 2): the host's moves, hint and solve
from the game's legal moves, undo without copies, and statistics."""

from __future__ import annotations

from cardshell.testing import execute_checked, run_cardshell
from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell_frozen_c2 import display, rules

PLUGINS = ["frozen-ends", "stats"]


def test_the_game_is_listed(cardshell_script):
    result = cardshell_script("games\n")
    assert "frozen-ends  Ends: take cards from either end of a row in rising rank" in result.output


def test_play_shows_the_row(cardshell_script):
    result = cardshell_script("play frozen-ends --seed 5\n")
    assert result.status == 0 and result.errors == ""
    assert result.output == "Ends, seed 5.\n" + display.render(rules.new_game(5)) + "\n"


def test_the_host_lists_the_legal_moves(cardshell_script):
    result = cardshell_script("play frozen-ends --seed 1\nright\nmoves\n")
    assert result.lines[-1] == "Legal moves: right"


def test_a_move_makes_a_new_state_and_undo_gives_the_old_one_back(cardshell_script):
    result = cardshell_script("play frozen-ends --seed 5\n")
    shell = result.shell
    start = shell.current.state
    assert execute_checked(shell, "l").ok
    assert shell.current.state == rules.take(start, "left") and start == rules.new_game(5)
    assert execute_checked(shell, "undo").ok and shell.current.state is start


def test_a_rejected_move_is_reported_and_changes_nothing(cardshell_script):
    result = cardshell_script("play frozen-ends --seed 1\nright\nleft\nleft now\n")
    assert result.status == 1
    assert result.messages == ["8♣ is not higher than 9♣.",
                               "this command takes no arguments, got 'now' (usage: left)"]
    assert result.shell.current.state == rules.take(rules.new_game(1), "right")


def test_help_for_a_move(cardshell_script):
    result = cardshell_script("play frozen-ends --seed 1\nhelp right\n")
    assert result.lines[-5:] == ["usage: right", "aliases: r", "take the card at the right end (Ends)", "",
                                 "The card at the right end must be higher than the last card taken (Aces low)."]


def test_solve_play_wins_and_the_game_stays_current(cardshell_script):
    result = cardshell_script("play frozen-ends --seed 5\nsolve --play\n")
    assert result.status == 0, result.errors
    assert "right, left, right, left, right, left" in result.lines
    assert result.lines[-3] == "Took 10♦ from the left. The row is gone: you win."
    current = result.shell.current
    assert current.id == "frozen-ends" and current.state.row == () and len(current.state.taken) == 6
    assert current.outcome.result == "won" and current.moves == 6


def test_a_deal_with_no_win(cardshell_script):
    result = cardshell_script("play frozen-ends --seed 1\nsolve\n")
    assert result.lines[-1].startswith("No win from here")
    assert result.shell.current.moves == 0


def test_a_win_is_counted_by_stats(cardshell_script):
    result = cardshell_script("play frozen-ends --seed 5\nr\nl\nr\nl\nr\nl\nstats frozen-ends\n")
    assert result.status == 0, result.errors
    assert result.lines[-9] == "Ends statistics:"
    figures = dict(line.split(":", 1) for line in result.lines[-8:])
    assert {name.strip(): value.strip() for name, value in figures.items()} | {"Best time": "-"} == {
        "Played": "1", "Won": "1", "Lost": "0", "Win rate": "100%", "Current win streak": "1",
        "Best win streak": "1", "Perfect wins": "1", "Best time": "-"}


def test_a_lost_game_is_counted_by_stats(cardshell_script):
    result = cardshell_script("play frozen-ends --seed 1\nleft\nright\nright\nstats\n")
    assert result.shell.current.outcome.result == "lost"
    assert result.lines[-2].split() == ["game", "played", "won", "lost", "win", "rate", "streak", "best", "streak",
                                        "perfect", "best", "time"]
    assert result.lines[-1].split()[:6] == ["frozen-ends", "1", "0", "1", "0%", "0"]


@settings(deadline=None, derandomize=True, database=None)
@given(st.integers(), st.lists(st.sampled_from(["left", "right", "l", "r", "left 1", "undo", "moves"]),
                               max_size=8))
def test_any_seed_deals_the_rules_row_and_keeps_the_hosts_promises(tmp_path_factory, seed, lines):
    shell = run_cardshell(f"play frozen-ends --seed {seed}\n", plugins=PLUGINS,
                          data_dir=tmp_path_factory.mktemp("cardshell-data")).shell
    assert shell.current.state == rules.new_game(seed)
    for line in lines:
        before = shell.current.state
        reply = execute_checked(shell, line)
        if line in ("left", "right", "l", "r"):
            end = "left" if line.startswith("l") else "right"
            assert reply.ok == rules.can_take(before, end)
            if reply.ok:
                assert shell.current.state == rules.take(before, end)
