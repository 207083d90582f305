"""End to end through a subprocess: the script front end and the CLI."""

from __future__ import annotations

import re

import pytest

import toy_counter
from source_lines import where

SCRIPT = """\
# a comment, then a blank line

play aces-up --seed 7
D
F 9
help
play counter --seed 2
inc 2
play aces-up
quit
exit
"""


def _args(*extra):
    return ("--plugin", "toy_counter", *extra)


def test_piped_script_output_errors_and_status(run_cli):
    env = {"CARDSHELL_LOAD_PLUGINS": "aces-up"}
    result = run_cli(*_args(), stdin=SCRIPT, env=env)
    assert result.returncode == 1
    assert result.stderr.startswith("<stdin>:5: ")  # F 9 is line 5 of the script
    # One report for one rejected command: its further lines indented, not prefixed again.
    assert result.stderr == ("<stdin>:5: Error in option: F 9\n  Invalid option.\n"
                             "  there is no column 9: columns are 1 to 4\n")
    out = result.stdout
    assert out.startswith("Aces Up, seed 7.\nstock")
    assert "Aces Up commands:" in out  # help inside the game
    assert "Counter, seed 2.\n[0]\ncount is now 2\n[2]\n" in out
    assert "Resuming Aces Up, seed 7 (1 move so far)." in out
    assert out.endswith("Left Aces Up (seed 7): 'load aces-up.seed7' brings it back until you exit.\n")


def test_same_seed_gives_byte_identical_runs(run_cli):
    script = "play aces-up\nD\nD\nF 1\nplay counter\ninc\n"
    env = {"CARDSHELL_LOAD_PLUGINS": "aces-up"}
    first = run_cli(*_args("--seed", "99"), stdin=script, env=env)
    second = run_cli(*_args("--seed", "99"), stdin=script, env=env)
    assert first.stdout == second.stdout and first.stderr == second.stderr
    assert first.returncode == second.returncode
    assert "Aces Up, seed " in first.stdout


def test_all_accepted_exits_zero_and_eof_mid_game_is_clean(run_cli):
    result = run_cli(*_args(), stdin="play counter --seed 1\ninc 1\n", env={"CARDSHELL_LOAD_PLUGINS": ""})
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == "Counter, seed 1.\n[0]\ncount is now 1\n[1]\n"


def test_crlf_and_trailing_spaces_are_accepted(run_cli):
    result = run_cli(*_args(), stdin="play counter --seed 1   \r\ninc 1 \r\n", env={"CARDSHELL_LOAD_PLUGINS": ""})
    assert result.returncode == 0 and result.stdout.endswith("[1]\n")


def test_echo_prints_prompt_and_command(run_cli):
    result = run_cli(*_args("--echo"), stdin="play counter --seed 1\ninc 1\nexit\n",
                     env={"CARDSHELL_LOAD_PLUGINS": ""})
    assert result.stdout == (
        "cardshell> play counter --seed 1\nCounter, seed 1.\n[0]\n"
        "counter> inc 1\ncount is now 1\n[1]\n"
        "counter> exit\n"
    )


def test_stop_on_error_stops_at_first_rejection(run_cli, tmp_path):
    script = tmp_path / "moves.txt"
    script.write_text("play counter --seed 1\nfail\ninc 1\nfail\n")
    result = run_cli(*_args("--stop-on-error", str(script)), env={"CARDSHELL_LOAD_PLUGINS": ""})
    assert result.returncode == 1
    assert result.stderr == f"{script}:2: fail always fails\n"
    assert "count is now" not in result.stdout


def test_exit_stops_reading(run_cli):
    result = run_cli(*_args(), stdin="exit\nnosuch\n", env={"CARDSHELL_LOAD_PLUGINS": ""})
    assert (result.returncode, result.stderr) == (0, "")


@pytest.mark.parametrize("args", [("--bogus",), ("no-such-file.txt",), ("--seed", "x")])
def test_usage_errors_exit_two(run_cli, args):
    result = run_cli(*args)
    assert result.returncode == 2
    assert result.stderr.strip() and "Traceback" not in result.stderr


def test_version_and_help(run_cli):
    from cardshell import __version__

    assert run_cli("--version").stdout == f"cardshell {__version__}\n"
    help_text = run_cli("--help").stdout
    assert "exit status:" in help_text and "0  every command was accepted" in help_text


def test_command_from_the_command_line(run_cli):
    result = run_cli("plugins", env={"CARDSHELL_LOAD_PLUGINS": "aces-up"})
    assert result.returncode == 0
    assert re.search(r"\n  aces-up +cardshell", result.stdout) and "games: aces-up" in result.stdout


def test_a_quoted_command_line_works_like_the_unquoted_one(run_cli):
    """``cardshell 'play aces-up --seed 7'`` (one argument, as a shell user quotes it)."""
    env = {"CARDSHELL_LOAD_PLUGINS": "aces-up"}
    quoted = run_cli("play aces-up --seed 7", env=env)
    unquoted = run_cli("play", "aces-up", "--seed", "7", env=env)
    assert quoted.returncode == unquoted.returncode == 0
    assert quoted.stdout == unquoted.stdout and quoted.stdout.startswith("Aces Up, seed 7.\n")
    unknown = run_cli("nosuch thing", env=env)
    assert unknown.returncode == 2 and unknown.stderr == "cardshell: no such file or command: nosuch thing\n"


def test_plugin_exception_never_shows_a_traceback(run_cli):
    result = run_cli(*_args(), stdin="play counter --seed 1\ncrash\ninc 1\n", env={"CARDSHELL_LOAD_PLUGINS": ""})
    assert result.returncode == 1
    assert "Traceback" not in result.stderr + result.stdout
    assert ("<stdin>:2: internal error in plugin 'toy_counter': RuntimeError: boom "
            f"(game 'counter' rolled back to before the command) (raised at {where(toy_counter, 'boom')})\n"
            in result.stderr)
    assert result.stdout.endswith("count is now 1\n[1]\n")


def test_a_cardshell_option_may_be_a_unique_prefix_as_it_always_could(run_cli, tmp_path, monkeypatch):
    # What the cardshell command accepted when contracts 1 and 2 were served is never narrowed: argparse's prefixes.
    monkeypatch.chdir(tmp_path)
    full = run_cli("--seed", "5", "--plugin", "toy_counter", stdin="play counter\ninc 1\n",
                   env={"CARDSHELL_LOAD_PLUGINS": ""})
    short = run_cli("--se", "5", "--plugin", "toy_counter", stdin="play counter\ninc 1\n",
                    env={"CARDSHELL_LOAD_PLUGINS": ""})
    assert short.returncode == full.returncode == 0, short.stderr
    assert short.stdout == full.stdout and "seed" in short.stdout


def test_an_ambiguous_cardshell_option_prefix_is_refused(run_cli, tmp_path, monkeypatch):
    work = tmp_path / "cwd"
    work.mkdir()
    monkeypatch.chdir(work)
    result = run_cli("--no", stdin="games\n")
    assert result.returncode == 2 and "ambiguous option: --no could match" in result.stderr
    assert result.stdout == ""  # nothing ran
    assert list(work.iterdir()) == []  # nothing was written
