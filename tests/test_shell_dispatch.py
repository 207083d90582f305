"""The host's dispatch promises, shown on a toy game (tests/plugins)."""

from __future__ import annotations

import copy

import pytest

import toy_addon
import toy_counter
from cardshell.shell import Shell
from source_lines import where


@pytest.fixture
def shell():
    shell = Shell.create(plugins=["aces-up"], seed=1, extra_modules=["toy_counter", "toy_addon"])
    assert not shell.failures, shell.failures
    return shell


def test_play_shows_seed_and_state(shell):
    reply = shell.execute("play counter --seed 5")
    assert reply.ok
    assert reply.output == "Counter, seed 5.\n[0]"
    assert shell.current.seed == 5


def test_accepted_command_echoes_then_renders(shell):
    shell.execute("play counter --seed 5")
    reply = shell.execute("inc 2")
    assert (reply.ok, reply.output) == (True, "count is now 2\n[2]")
    assert shell.current.log == ["inc 2"] and shell.current.moves == 1


def test_command_words_are_case_insensitive_and_aliases_work(shell):
    shell.execute("play counter --seed 5")
    assert shell.execute("  INC 1  ").ok
    assert shell.execute("+ 1").ok
    assert shell.current.state.count == 2


def test_game_option_is_passed_to_new(shell):
    shell.execute("play counter --seed 5 --start 2")
    assert shell.current.state.count == 2
    assert shell.current.options == {"start": 2}


@pytest.mark.parametrize(
    "line, message",
    [
        ("inc x", "'x' is not a number (usage: inc N)"),
        ("inc 9", "9 is out of range -5..5 (usage: inc N)"),
        ("inc -1", "the count cannot go below zero"),
        ("fail", "fail always fails"),
        ("nosuch", "unknown command 'nosuch' in Counter; type 'help' for the list of commands"),
    ],
)
def test_rejected_command_reports_and_changes_nothing(shell, line, message):
    shell.execute("play counter --seed 5")
    before = copy.deepcopy(shell.current.state)
    reply = shell.execute(line)
    assert (reply.ok, reply.error, reply.output) == (False, message, "")
    assert shell.current.state == before
    assert shell.current.log == [] and shell.current.moves == 0


def test_plugin_exception_is_reported_with_plugin_name_and_rolled_back(shell):
    shell.execute("play counter --seed 5")
    shell.execute("inc 1")
    before = copy.deepcopy(shell.current.state)
    reply = shell.execute("crash")
    assert not reply.ok
    assert reply.error.startswith("internal error in plugin 'toy_counter': RuntimeError: boom")
    assert "rolled back" in reply.error and reply.error.endswith(f"(raised at {where(toy_counter, 'boom')})")
    assert shell.current.state == before  # the generator's position too
    assert shell.execute("inc 1").ok  # the shell goes on


def test_switching_games_suspends_and_resumes_exactly(shell):
    shell2 = Shell.create(plugins=["aces-up"], seed=3, extra_modules=["toy_counter"])
    shell2.execute("play counter --seed 5")
    shell2.execute("inc 2")
    counter_state = copy.deepcopy(shell2.current.state)
    assert shell2.execute("play aces-up --seed 7").ok
    shell2.execute("D")
    aces_state = copy.deepcopy(shell2.current.state)
    reply = shell2.execute("play counter")
    assert reply.output.startswith("Resuming Counter, seed 5 (1 move so far).")
    assert shell2.current.state == counter_state
    shell2.execute("play aces-up")
    assert shell2.current.state == aces_state


def test_games_lists_available_and_in_progress(shell):
    shell.execute("play counter --seed 5")
    output = shell.execute("games").output
    assert "counter  Counter: count to three" in output
    assert "In progress:\n  counter  seed 5, 0 moves (current)" in output
    shell.execute("inc 3")  # won: listed as finished, not in progress
    output = shell.execute("games").output
    assert "In progress:" not in output
    assert "Finished ('play GAME' deals a new game):\n  counter  seed 5, 1 move, won (current)" in output


def test_host_aliases_map_game_letters_to_host_commands(shell):
    shell.execute("play counter --seed 5")
    assert "Counter commands:" in shell.execute("h").output
    first_seed = shell.current.seed
    reply = shell.execute("r")
    assert reply.output.startswith("New game: Counter, seed ")
    assert shell.current.seed != first_seed
    seed = shell.current.seed
    assert shell.execute("q").output == f"Left Counter (seed {seed})."
    assert shell.current is None and "counter" not in shell.sessions


def test_restart_replays_the_same_deal(shell):
    shell.execute("play counter --seed 5")
    shell.execute("inc 2")
    reply = shell.execute("restart")
    assert reply.output == ("Abandoned Counter (seed 5, 1 move): 'load counter.seed5' brings it back until you exit.\n"
                            "Restarted: Counter, seed 5.\n[0]")
    assert shell.current.state.count == 0


def test_quit_outside_a_game_and_exit_leave_the_shell(shell):
    assert shell.execute("quit").ok and shell.exiting


def test_help_menu_and_command_help_come_from_metadata(shell):
    menu = shell.execute("help").output
    assert "play GAME [--seed N] [--OPTION VALUE ...]" in menu
    shell.execute("play counter --seed 1")
    menu = shell.execute("help").output
    assert menu.startswith("Counter commands:\n")
    assert "inc N" in menu and "add N to the count (also: +)" in menu
    assert "Game letters: h = help, q = quit, r = new" in menu
    detail = shell.execute("help inc").output
    assert detail.splitlines()[:3] == ["usage: inc N", "aliases: +", "add N to the count (Counter)"]
    assert shell.execute("help nosuch").error == ("no command or game 'nosuch'; type 'help' for the list of commands "
                                                 "and 'games' for the games")


def test_blank_lines_and_comments_are_accepted_without_output(shell):
    for line in ["", "   ", "# a comment", "\r\n"]:
        assert shell.execute(line) == type(shell.execute(""))()


def test_second_plugin_adds_commands_to_a_game_it_did_not_define():
    shell = Shell.create(plugins=["aces-up"], seed=1, extra_modules=["toy_counter", "toy_addon"])
    assert not shell.failures
    shell.execute("play aces-up --seed 7")
    reply = shell.execute("peek")
    assert reply.ok and reply.output == "48 cards in the stock"
    assert shell.current.log == []  # report-only commands are not moves


def test_lifecycle_hooks_fire_in_order(shell):
    toy_addon.EVENTS.clear()
    shell.execute("play counter --seed 5")
    shell.execute("inc 2")
    shell.execute("fail")
    shell.execute("double")
    shell.execute("inc 1")
    assert toy_addon.EVENTS == [
        ("started", "counter", 5),
        ("applied", "counter", "inc 2"),
        ("applied", "counter", "double"),
        ("over", "counter", "won"),
        ("applied", "counter", "inc 1"),
    ]


def test_session_seed_makes_host_chosen_seeds_reproducible():
    seeds = []
    for _ in range(2):
        shell = Shell.create(plugins=[], seed=42, extra_modules=["toy_counter"])
        shell.execute("play counter")
        seeds.append(shell.current.seed)
    assert seeds[0] == seeds[1]


def test_bad_play_options_are_usage_errors(shell):
    assert shell.execute("play counter --start x").error.startswith("argument --start: invalid int value")
    assert shell.execute("play counter --bogus 1").error.startswith("unknown option '--bogus' (usage: ")
    assert shell.execute("play").error.startswith("which game?")
    assert shell.current is None


def test_a_game_command_can_ask_the_host_to_leave_the_game():
    shell = Shell.create(plugins=[], extra_modules=["toy_counter", "toy_leaver"])
    shell.execute("play counter --seed 1")
    assert shell.execute("stop").ok
    assert shell.current is None and "counter" not in shell.sessions


def test_a_pattern_commands_name_is_not_a_typed_word_but_help_knows_it(tmp_path):
    """docs/plugins.md, section 8 "Pattern commands": the line is matched as a whole."""
    plugin = tmp_path / "toy_columns.py"
    plugin.write_text(
        "import cardshell\n\n"
        "@cardshell.hookimpl\ndef cardshell_games():\n"
        "    return [cardshell.Game('columns', 'Columns', 'a toy', new=lambda seed, options: 0, render=str)]\n\n"
        "@cardshell.hookimpl\ndef cardshell_commands():\n"
        "    def pick(ctx, args):\n        ctx.state = int(args[1:])\n"
        "    return [cardshell.Command('column', 'pick a column', pick, game='columns', usage='cN',\n"
        "                              help='c3 picks column 3', parse=str, pattern=r'c[0-9]')]\n"
    )
    shell = Shell.create(plugins=[], extra_modules=[str(plugin)])
    assert shell.failures == [] and shell.execute("play columns").ok
    assert shell.execute("c3").ok and shell.current.state == 3
    typed_name = shell.execute("column 4")
    assert not typed_name.ok and typed_name.error.startswith("unknown command 'column'")
    assert shell.current.state == 3
    helped = shell.execute("help column")
    assert helped.ok and "c3 picks column 3" in helped.output
