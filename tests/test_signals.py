"""SIGHUP and SIGTERM save the games in progress like ``exit`` (issue 11 item 1).

Real processes only: a terminal under pexpect, and scripts run with
``--autosave`` on a pipe that stays open (so that the script is still
running when the signal comes).  The exit status is 128 + the signal.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

PLUGINS = str(Path(__file__).resolve().parent / "plugins")


def environment(data_dir, plugins=""):
    return dict(os.environ, CARDSHELL_LOAD_PLUGINS=plugins, CARDSHELL_DATA_DIR=str(data_dir), NO_COLOR="1",
                TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1",
                PYTHONPATH=os.pathsep.join([PLUGINS, os.environ.get("PYTHONPATH", "")]))


def saved_log(data_dir, name="counter"):
    return json.loads((Path(data_dir) / "saves" / "auto" / f"{name}.json").read_text())["log"]  # the automatic save


def start_script(data_dir, *args, python=("-m", "cardshell")):
    return subprocess.Popen([sys.executable, *python, "--plugin", "toy_counter", "--plugin", "toy_napper",
                             "--autosave", *args],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=environment(data_dir))


def send(process, text):
    process.stdin.write(text)
    process.stdin.flush()


def wait_for_line(stream, prefix):
    seen = []
    while True:
        line = stream.readline()
        if not line:
            raise AssertionError(f"no line starting with {prefix!r}; got {seen}")
        seen.append(line)
        if line.startswith(prefix):
            return seen


def finish(process, timeout=30):
    out, err = process.communicate(timeout=timeout)
    return process.returncode, out, err


# -- scripts with --autosave --------------------------------------------------------------

@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_between_commands_saves_then_exits_with_128_plus_the_signal(tmp_path, signum):
    process = start_script(tmp_path)
    send(process, "play counter --seed 4\ninc 1\n")
    wait_for_line(process.stdout, "count is now 1")
    process.send_signal(signum)
    status, out, err = finish(process)
    assert status == 128 + signum, err
    assert "Saved Counter (seed 4, 1 move): 'play counter' resumes it." in out
    assert "Traceback" not in err
    assert saved_log(tmp_path) == ["inc 1"]


def test_a_signal_during_a_command_stops_it_like_ctrl_c_then_saves(tmp_path):
    process = start_script(tmp_path)
    send(process, "play counter --seed 4\ninc 1\nnap 60\ninc 1\n")
    wait_for_line(process.stderr, "napping")
    process.send_signal(signal.SIGTERM)
    status, out, err = finish(process)
    assert status == 143
    assert "<stdin>:3: interrupted; nothing was changed" in err
    assert saved_log(tmp_path) == ["inc 1"]  # neither the nap nor the line after it


SLOW_SAVE = """\
import os, sys, time
marker = sys.argv.pop(1)
real_fsync = os.fsync
def slow_fsync(fd):
    if not os.path.exists(marker):
        open(marker, "w").close()  # tells the test the save is being written
        time.sleep(1.5)
    real_fsync(fd)
os.fsync = slow_fsync
from cardshell.cli import main
sys.exit(main())
"""


@pytest.mark.parametrize("begin", ["sigterm", "eof"])
def test_signals_during_the_save_neither_stop_nor_corrupt_it(tmp_path, begin):
    """The save starts on SIGTERM, or at the script's end (EOF); then more
    signals (and Ctrl-C) arrive while it is being written."""
    marker = tmp_path / "saving"
    data = tmp_path / "data"
    process = start_script(data, python=("-c", SLOW_SAVE, str(marker)))
    send(process, "play counter --seed 4\ninc 2\n")
    wait_for_line(process.stdout, "count is now 2")
    if begin == "sigterm":
        process.send_signal(signal.SIGTERM)
    else:
        process.stdin.close()
    deadline = time.monotonic() + 20
    while not marker.exists():
        assert time.monotonic() < deadline, "the save never started"
        time.sleep(0.01)
    process.send_signal(signal.SIGTERM)
    time.sleep(0.2)  # (signals arriving together are handled by number: SIGHUP first)
    for signum in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
        process.send_signal(signum)
    out, err = process.stdout.read(), process.stderr.read()
    assert process.wait(timeout=30) == 143, err
    assert "Saved Counter (seed 4, 1 move): 'play counter' resumes it." in out
    assert "Traceback" not in err and "ignored" not in err
    assert saved_log(data) == ["inc 2"]
    assert [p.name for p in (data / "saves").iterdir() if p.name.endswith(".tmp")] == []


def test_without_autosave_a_script_keeps_the_default_signal_behaviour(tmp_path):
    process = subprocess.Popen([sys.executable, "-m", "cardshell", "--plugin", "toy_counter"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=environment(tmp_path))
    send(process, "play counter --seed 4\ninc 1\n")
    wait_for_line(process.stdout, "count is now 1")
    process.send_signal(signal.SIGTERM)
    status, out, err = finish(process)
    assert status == -signal.SIGTERM
    assert not (tmp_path / "saves").exists()


def test_simulate_workers_still_end_quietly_under_the_handlers(tmp_path):
    process = subprocess.run(
        [sys.executable, "-m", "cardshell", "--autosave"], input="play pictures --seed 1\nsimulate 400 --jobs 2\n",
        capture_output=True, text=True, env=environment(tmp_path, plugins="pictures"), timeout=120)
    assert process.returncode == 0, process.stderr
    assert process.stderr == ""
    assert "12 |    20.75%" in process.stdout


# -- at a terminal ---------------------------------------------------------------------

def spawn(data_dir):
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "cardshell", "--plugin", "toy_counter", "--no-history"],
                          env=environment(data_dir), encoding="utf-8", timeout=20, dimensions=(40, 200))
    child.expect_exact("cardshell>")
    child.sendline("play counter --seed 4")
    child.expect_exact("counter>")
    child.sendline("inc 1")
    child.expect_exact("[1]")
    child.expect_exact("counter>")
    time.sleep(0.2)  # the prompt is reading
    return child


def test_sigterm_at_the_prompt_saves_and_exits_143(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    child = spawn(tmp_path)
    child.kill(signal.SIGTERM)
    child.expect_exact("Saved Counter (seed 4, 1 move): 'play counter' resumes it.")
    child.expect(pexpect.EOF)
    child.close()
    assert (child.exitstatus, child.signalstatus) == (143, None)
    assert saved_log(tmp_path) == ["inc 1"]


def test_closing_the_terminal_saves_the_game(tmp_path):
    child = spawn(tmp_path)
    child.close(force=False)  # the terminal goes away: the shell gets SIGHUP and can no longer print
    deadline = time.monotonic() + 20
    while not (tmp_path / "saves" / "auto" / "counter.json").exists():
        assert time.monotonic() < deadline, "the game was not saved"
        time.sleep(0.05)
    assert saved_log(tmp_path) == ["inc 1"]


def test_sighup_at_the_prompt_exits_129_without_a_traceback(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    child = spawn(tmp_path)
    child.kill(signal.SIGHUP)
    child.expect(pexpect.EOF)
    child.close()
    assert (child.exitstatus, child.signalstatus) == (129, None)
    assert "Traceback" not in child.before
    assert saved_log(tmp_path) == ["inc 1"]
