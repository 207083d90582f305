"""End to end: piped scripts through ``python -m cardshell`` play Minesweeper to
a loss and to a win on fixed seeds, compared exactly with golden files in
``tests/data/minesweeper/`` (script ``NAME.txt``, stdout ``NAME.out``, stderr
``NAME.err``).

The only line not compared byte for byte is the ``Win`` line's time, which
comes from the real monotonic clock: both sides have it replaced by
``Win (took T seconds)`` (the line must still have that exact form).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "data" / "minesweeper"
WIN_TIME = re.compile(r"^Win \(took \d+\.\d seconds\)$", re.MULTILINE)
#: The host's end-of-round line repeats the time as the score.
WIN_SCORE = re.compile(r"won, score [0-9.e-]+ \(Win \(took \d+\.\d seconds\)\)")
ENV = {"CARDSHELL_LOAD_PLUGINS": "minesweeper"}


def golden(name: str, suffix: str) -> str:
    path = DATA / f"{name}.{suffix}"
    return path.read_text(encoding="utf-8") if path.exists() else ""


def test_piped_script_to_a_loss(run_cli):
    result = run_cli(stdin=golden("loss", "txt"), env=ENV)
    assert result.stdout == golden("loss", "out")
    assert result.stderr == golden("loss", "err")
    assert result.returncode == 1  # the script has rejected lines (each message once)
    assert "Game over\n" in result.stdout
    assert result.stdout.count("X") == 9 and result.stdout.count("*") == 1  # the mine unfolded is *


def test_piped_script_to_a_win_with_echo(run_cli):
    result = run_cli("--echo", stdin=golden("win", "txt"), env=ENV)
    assert (result.returncode, result.stderr) == (0, "")
    assert len(WIN_TIME.findall(result.stdout)) == 1
    normalized = WIN_SCORE.sub("won, score S (Win (took T seconds))", result.stdout)
    assert WIN_TIME.sub("Win (took T seconds)", normalized) == golden("win", "out")
    assert "minesweeper: Play again? (y/n): y\n" in result.stdout
    assert "minesweeper: Enter the cell (0 mines left): h8\nWin (took " in result.stdout


@pytest.mark.parametrize("name", ["loss", "win"])
def test_golden_outputs_have_no_trailing_spaces(name):
    assert all(line == line.rstrip() for line in golden(name, "out").splitlines())
