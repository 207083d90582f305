"""simulate at a real terminal: the progress line counts games, Ctrl-C stops
a parallel sweep at once and the prompt comes back on a clean line, with
nothing of the line (nor a ``^C``) left on the screen (read through pyte:
tests/terminal.py)."""

from __future__ import annotations

import sys
import time

import pyte
import pytest

from terminal import spawn_cardshell, wait_for_screen

pexpect = pytest.importorskip("pexpect")


def wait_until(condition, seconds=30.0):
    end = time.monotonic() + seconds
    while not condition() and time.monotonic() < end:
        time.sleep(0.05)
    return condition()


def settled(child, seconds=0.3):
    """Read what the child writes for ``seconds`` (what a line still drawing would draw)."""
    wait_for_screen(child, lambda: False, seconds)


def stop_with_ctrl_c(child, game, pattern):
    """``simulate 100000000`` in the game already started: wait for the
    progress line (a row matching ``pattern``), press Ctrl-C, wait for the
    prompt again."""
    child.send("simulate 100000000\r")
    assert wait_for_screen(child, lambda: any(pattern in row for row in child.screen.rows())), child.screen.text()
    child.sendcontrol("c")
    child.expect_exact("interrupted; nothing was changed")
    child.expect_exact(f"{game}")
    settled(child)  # anything the line might still draw would come now


@pytest.mark.parametrize(("rows", "columns"), [(20, 60), (24, 80)])
def test_ctrl_c_in_simulate_leaves_no_progress_text(tmp_path, rows, columns):
    child = spawn_cardshell(tmp_path, "pictures", rows=rows, columns=columns, timeout=30)
    child.expect_exact("cardshell>")
    child.send("play pictures --seed 3\r")
    child.expect_exact("pictures>")
    time.sleep(0.3)
    stop_with_ctrl_c(child, "pictures>", "ETA")
    shown = child.screen.text()
    assert "ETA" not in shown and "games/s" not in shown and "^C" not in shown, shown
    assert child.screen.rows()[-2:] == ["interrupted; nothing was changed", "pictures>"]
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
    label = "simulate 100,000,000: "
    assert wait_for_screen(child, lambda: any(row.startswith(label) and f" {unit}/s, ETA " in row
                                  and f"/100,000,000 {unit} (" in row and not row.startswith(f"{label}0/")
                                  for row in child.screen.rows())), child.screen.text()
    child.sendcontrol("c")
    child.expect_exact("interrupted; nothing was changed")
    child.expect_exact(f"{game}")
    settled(child)
    assert "ETA" not in child.screen.text()
    child.send("exit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_plugins_own_long_loop_gets_the_same_line(monkeypatch):
    """``ctx.progress`` at a terminal (a third-party plugin's loop): the same one line with its
    label, counting items, wiped at the end, instead of a bar under a title."""
    import io

    from cardshell import interactive

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    def shown():
        screen = pyte.Screen(80, 3)
        pyte.Stream(screen).feed(stream.getvalue())
        return [row.rstrip() for row in screen.display]

    stream = Terminal()
    monkeypatch.setattr(sys, "stderr", stream)
    seen = []
    for item in interactive._progress(range(3), label="count"):
        expected = f"count: {item}/3 items"
        wait_until(lambda expected=expected: shown()[0].startswith(expected), 10)
        seen.append(shown()[0])
    assert [row.split(" (")[0] for row in seen] == ["count: 0/3 items", "count: 1/3 items", "count: 2/3 items"]
    assert shown() == ["", "", ""]  # wiped at the end
