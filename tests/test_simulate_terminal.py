"""simulate at a real terminal: the progress line counts games, Ctrl-C stops
a parallel sweep at once and the prompt comes back on a clean line."""

from __future__ import annotations

import sys
import time

import pytest

from terminal import spawn_cardshell

pexpect = pytest.importorskip("pexpect")


def test_progress_line_and_ctrl_c(tmp_path):
    child = spawn_cardshell(tmp_path, "pictures", rows=24, columns=100, timeout=30)
    child.expect_exact("cardshell>")
    child.send("play pictures --seed 3\r")
    child.expect_exact("pictures>")
    time.sleep(0.3)
    child.send("simulate 100000000 --jobs 2\r")
    child.expect(r"simulate 100,000,000: [0-9,]+/100,000,000 games \([0-9.]+%\), [0-9,]+ games/s, ETA ")
    child.expect(r"\r")  # redrawn in place
    child.sendcontrol("c")
    child.expect(r"\r +\r")  # the line is wiped with spaces before anything else is written
    child.expect_exact("interrupted; nothing was changed")
    child.expect_exact("pictures>")
    time.sleep(0.3)
    child.send("exit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("game, unit", [("up-and-down", "games"), ("blackjack", "rounds"), ("snap", "games")])
def test_every_simulate_has_the_one_line_progress_and_wipes_it_on_ctrl_c(tmp_path, game, unit):
    """Up-and-Down, Blackjack and Snap as Pictures above: the label on the bar's line, deals
    counted (not chunks), rate and ETA, and after Ctrl-C nothing of the line left (one core)."""
    child = spawn_cardshell(tmp_path, game, rows=24, columns=100, timeout=30)
    child.expect_exact("cardshell>")
    child.send(f"play {game} --seed 3\r")
    child.expect_exact(f"{game}")
    time.sleep(0.3)
    child.send("simulate 100000000\r")
    child.expect(rf"\rsimulate 100,000,000: [0-9,]+/100,000,000 {unit} \([0-9.]+%\), [0-9,]+ {unit}/s, ETA ")
    child.expect(rf"\rsimulate 100,000,000: [1-9][0-9,]*/100,000,000 {unit}")  # redrawn in place, counting
    child.sendcontrol("c")
    child.expect(r"\r +\r")  # wiped with spaces before anything else is written
    child.expect_exact("interrupted; nothing was changed")
    assert "ETA" not in child.before  # nothing of the line is written after the wipe
    child.expect_exact(f"{game}")
    time.sleep(0.3)
    child.send("exit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_plugins_own_long_loop_gets_the_same_line(tmp_path, monkeypatch):
    """``ctx.progress`` at a terminal (a third-party plugin's loop): the same one line with its
    label, counting items, wiped at the end, instead of a bar under a title."""
    import io

    from cardshell import interactive

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    stream = Terminal()
    monkeypatch.setattr(sys, "stderr", stream)
    assert list(interactive._progress(range(5), label="count")) == [0, 1, 2, 3, 4]
    drawn = stream.getvalue()
    assert drawn.startswith("\rcount: 0/5 items (0.0%), ")
    *_, last, wipe, after = drawn.split("\r")  # the last line drawn, then spaces over it
    assert last.startswith("count: ") and wipe == " " * len(last) and after == ""
