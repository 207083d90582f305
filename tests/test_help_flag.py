"""``--help`` and ``-h`` after a host command show its help page, as every
argparse program does, and run nothing (``winnability --help`` used to be
rejected as an unknown option)."""

from __future__ import annotations

import pytest

from cardshell.shell import Shell


@pytest.fixture
def shell(tmp_path):
    return Shell.create(["aces-up", "thumb-and-pouch"], data_dir=tmp_path / "data")


@pytest.mark.parametrize("line", ["winnability --help", "winnability aces-up -h --deals 0:5",
                                  "save --help", "play aces-up --help", "new -h"])
def test_help_flag_shows_the_commands_help_and_runs_nothing(shell, tmp_path, line):
    name = line.split()[0]
    expected = shell.execute(f"help {name}")
    assert expected.ok and expected.output.startswith("usage: ")
    reply = shell.execute(line)
    assert reply.ok and reply.output == expected.output
    assert shell.current is None  # 'play ... --help' started no game
    assert not (tmp_path / "data").exists() or not any((tmp_path / "data").rglob("*.sqlite3"))


def test_a_games_own_words_are_not_taken_for_help(shell):
    shell.execute("play aces-up --seed 7")
    reply = shell.execute("F -h")
    assert not reply.ok and "Error in option: F -h" in reply.error


def test_the_command_line_shows_the_page_and_exits_0(run_cli, tmp_path):
    done = run_cli("--data-dir", str(tmp_path / "data"), "winnability", "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: winnability GAME [OPTIONS]")
    assert "--deals A:B" in done.stdout
    assert not (tmp_path / "data" / "winnability.sqlite3").exists()
