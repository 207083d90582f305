"""Work of several seconds never looks hung (issue 27 item 5): the spinner of
``solve`` and ``hint`` at a terminal, and ``solve --play`` paced at a
terminal, any key stopping it (the script side is in tests/test_contract2.py;
winnability's per-deal progress in tests/test_winnability.py)."""

from __future__ import annotations

import contextlib
import io
import sys
import time

import pyte
import pytest

from cardshell import interactive
from cardshell.shell import Shell
from cardshell.statusline import spinner
from terminal import spawn_cardshell

pexpect = pytest.importorskip("pexpect")


class Terminal(io.StringIO):
    """A fake stderr on a terminal."""

    def isatty(self):
        return True


def shown(stream, columns):
    """The rows a terminal of ``columns`` shows after what was written to ``stream``."""
    screen = pyte.Screen(columns, 3)
    pyte.Stream(screen).feed(stream.getvalue())
    return [row.rstrip() for row in screen.display]


def wait_for(condition, seconds=10.0):
    end = time.monotonic() + seconds
    while not condition() and time.monotonic() < end:
        time.sleep(0.01)
    return condition()


def test_the_spinner_shows_at_once_counts_seconds_and_is_wiped():
    stream = Terminal()
    now = [100.0]
    with spinner("solve: searching", stream, clock=lambda: now[0], columns=80, interval=0.01):
        assert wait_for(lambda: shown(stream, 80)[0] == "| solve: searching, 0 s (Ctrl-C stops)")
        now[0] = 103.2
        assert wait_for(lambda: shown(stream, 80)[0].endswith("solve: searching, 3 s (Ctrl-C stops)"))
    assert shown(stream, 80) == ["", "", ""]  # wiped: the reply starts on a clean line


def test_the_spinner_fits_a_narrow_terminal_and_is_wiped_by_ctrl_c():
    stream = Terminal()
    now = [100.0]
    line = spinner("hint: thinking", stream, clock=lambda: now[0], columns=20, interval=0.01)
    with pytest.raises(KeyboardInterrupt), line:
        now[0] = 103.2
        assert wait_for(lambda: shown(stream, 20)[0] == "| hint: thinking")  # what fits in 19, no word cut
        raise KeyboardInterrupt
    assert shown(stream, 20) == ["", "", ""]


class Recorded:
    """Stands in for the front end's spinner: records the labels shown."""

    def __init__(self):
        self.labels = []

    def __call__(self, label):
        self.labels.append(label)
        return contextlib.nullcontext()


@pytest.mark.parametrize(("interactive_shell", "expected"), [(True, ["solve: searching", "hint: thinking"]),
                                                            (False, [])])
def test_solve_and_hint_show_the_spinner_only_to_a_person_at_a_terminal(tmp_path, interactive_shell, expected):
    shell = Shell.create(["aces-up"], interactive=interactive_shell, data_dir=tmp_path)
    shell.front_end.working = recorded = Recorded()
    assert shell.execute("play aces-up --seed 4").ok
    assert shell.execute("solve").ok and shell.execute("hint --nodes 200 --samples 2").ok
    assert recorded.labels == expected


def test_the_front_end_gives_no_spinner_where_stderr_is_no_terminal(monkeypatch):
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert isinstance(interactive._spinner("solve: searching"), contextlib.nullcontext)


def pairs_at_a_terminal():
    shell = Shell.create(plugins=[], extra_modules=["toy_pairs"], seed=0, interactive=True)
    shell.front_end.pace = True
    shell.execute("play pairs --row 1,2,2,1,3,3")
    reply = shell.execute("solve --play")
    assert reply.ok and reply.steps
    return shell, reply.follow_up


def test_paced_steps_show_each_board_after_a_pause():
    shell, steps = pairs_at_a_terminal()
    shown, pauses = [], []
    end = interactive.play_steps(shell, steps, shown.append, lambda seconds: pauses.append(seconds) or "")
    assert end == ""  # the game is over: its ending, with the 'Next:' line, was the last thing shown
    assert shown[-1].splitlines()[-1].startswith("Next: ")
    assert pauses == [interactive.STEP_SECONDS] * len(steps)
    assert [text.splitlines()[0] for text in shown] == [f"> {step}" for step in steps]
    typed = Shell.create(plugins=[], extra_modules=["toy_pairs"], seed=0)
    typed.execute("play pairs --row 1,2,2,1,3,3")
    assert shown[0] == f"> {steps[0]}\n{typed.execute(steps[0]).output}"  # the board, as if typed
    assert shell.current is None or shell.current.outcome is not None


def test_a_key_stops_the_paced_steps_and_what_was_played_stays():
    shell, steps = pairs_at_a_terminal()
    shown = []
    keys = iter(["", "x"])  # no key before the first move, a key before the second
    end = interactive.play_steps(shell, steps, shown.append, lambda seconds: next(keys))
    assert end == f"Stopped after 1 of {len(steps)} moves ('solve --play' plays on from here)."
    assert len(shown) == 1 and shown[0].startswith(f"> {steps[0]}\n")
    assert list(shell.recorder.lines)[-1] == steps[0]  # the move played is recorded (and undoable)


def test_plus_and_minus_change_the_pace_and_solve_play_pace_sets_it():
    shell, steps = pairs_at_a_terminal()
    pauses = []
    keys = iter(["+", "-", "-"] + [""] * len(steps))

    def key_within(seconds):
        pauses.append(seconds)
        return next(keys)

    assert len(steps) == 3
    assert interactive.play_steps(shell, steps, [].append, key_within, pause=1.0) == ""
    assert pauses == [1.0, 0.5, 1.0]  # '+' halves the next pauses, '-' doubles them; no key stopped it
    paced = Shell.create(plugins=[], extra_modules=["toy_pairs"], seed=0, interactive=True)
    paced.front_end.pace = True
    paced.execute("play pairs --row 1,2,2,1,3,3")
    assert paced.execute("solve --play --pace 2").pace == 2.0
    assert "--pace must be" in paced.execute("solve --play --pace 0").error


def test_ctrl_c_during_a_pause_stops_the_paced_steps_like_a_key():
    shell, steps = pairs_at_a_terminal()

    def ctrl_c(seconds):
        raise KeyboardInterrupt

    assert str(interactive.play_steps(shell, steps, [].append, ctrl_c)).startswith(f"Stopped after 0 of {len(steps)}")
    assert shell.current.state == (1, 2, 2, 1, 3, 3)


def test_solve_play_at_a_terminal_is_paced_and_a_key_stops_it(tmp_path):
    child = spawn_cardshell(tmp_path, "aces-up")
    child.expect_exact("cardshell>")
    child.send("play aces-up --seed 4\r")
    child.expect_exact("aces-up:")
    time.sleep(0.3)
    child.send("solve --play\r")
    child.expect_exact("Playing it, one move every 0.5 s ('+' faster, '-' slower, any other key stops).")
    child.expect_exact("> F 1")  # the first move of the line, with its board
    child.send("x")
    child.expect(r"Stopped after (\d+) of 83 moves")
    played = int(child.match.group(1))
    assert 1 <= played < 83  # stopped well before the end (83 moves take 40 s at this pace)
    child.expect_exact("aces-up:")
    time.sleep(0.3)
    child.send("exit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
