"""Signals always win over plugin code, and plugin code never hangs a script
(issue 37, items 1 and 3): real signals sent to real processes.

The hostile plugin ``tests/plugins/hostile_stubborn.py`` swallows every
exception in a loop (around Python code, ``time.sleep``, a regular
expression and a C call), loops in a move, a render, a hook, ``new`` and a
deep copy, reads standard input and leaves a thread running.  Every
process runs under a memory limit and a timeout, with short bounds from the
environment: ``CARDSHELL_SIGNAL_GRACE`` (how long plugin code has to stop
after SIGTERM or SIGHUP) and ``CARDSHELL_PLUGIN_SECONDS`` (the bound of
each call into plugin code in a script).
"""

from __future__ import annotations

import json
import os
import resource
import signal
import site
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
PLUGINS = str(TESTS / "plugins")
#: The memory each cardshell process may map.
MEMORY_LIMIT = 1_500_000_000


def limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def environment(data_dir: Path, **extra: str) -> dict[str, str]:
    return dict(os.environ, CARDSHELL_LOAD_PLUGINS="", CARDSHELL_DATA_DIR=str(data_dir), NO_COLOR="1",
                PYTHONPATH=os.pathsep.join([PLUGINS, os.environ.get("PYTHONPATH", "")]), **extra)


def start(data_dir: Path, *args: str, **extra: str) -> subprocess.Popen[str]:
    """A script-mode cardshell with the stubborn plugin, its stdin left open."""
    return subprocess.Popen([sys.executable, "-m", "cardshell", "--plugin", "hostile_stubborn", *args],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=environment(data_dir, **extra), preexec_fn=limited)


def wait_for(stream, text: str) -> list[str]:
    seen = []
    while True:
        line = stream.readline()
        if not line:
            raise AssertionError(f"no line with {text!r}; got {seen}")
        seen.append(line)
        if text in line:
            return seen


def finish(process: subprocess.Popen[str], timeout: float = 30) -> tuple[int, str, str]:
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        raise AssertionError(f"still running after {timeout} s: {out} {err}") from None
    return process.returncode, out, err


def saved_log(data_dir: Path) -> list[str]:
    return json.loads((data_dir / "saves" / "auto" / "stubborn.json").read_text())["log"]


def swallowing(tmp_path: Path, kind: str, *args: str, **extra: str) -> tuple[subprocess.Popen[str], Path]:
    """A script that made one move and is now inside ``swallow KIND``."""
    data = tmp_path / "data"
    process = start(data, "--autosave", *args, CARDSHELL_SIGNAL_GRACE="0.3", **extra)
    process.stdin.write(f"play stubborn --seed 3\nstep\nswallow {kind}\nstep\n")
    process.stdin.flush()
    wait_for(process.stderr, f"stubborn: swallowing ({kind})")
    return process, data


@pytest.mark.parametrize(("signum", "kind"), [(signal.SIGTERM, "python"), (signal.SIGTERM, "sleep"),
                                              (signal.SIGTERM, "regex"), (signal.SIGTERM, "sum"),
                                              (signal.SIGHUP, "python")])
def test_a_terminating_signal_saves_and_exits_whatever_the_plugin_swallows(tmp_path, signum, kind):
    process, data = swallowing(tmp_path, kind)
    process.send_signal(signum)
    status, out, err = finish(process)
    assert status == 128 + signum, err
    name = signal.Signals(signum).name
    assert "cardshell: plugin 'hostile_stubborn' (hostile_stubborn.py:" in err
    assert f"did not stop within 0.3 s of {name}" in err
    assert "Saved Stubborn (seed 3, 1 move): 'play stubborn' resumes it." in out
    assert saved_log(data) == ["step"]  # the move before the stubborn command, not the line after it
    assert "Traceback" not in err


def test_a_signal_inside_a_host_command_saves_the_games_as_before_it(tmp_path):
    """``play`` (the host's command) is replacing the game when the plugin's
    ``new`` swallows SIGTERM: what ``play`` did so far is put back."""
    data = tmp_path / "data"
    process = start(data, "--autosave", CARDSHELL_SIGNAL_GRACE="0.3")
    process.stdin.write("play stubborn --seed 3\nstep\nplay stubborn --seed 5 --jam swallow\n")
    process.stdin.flush()
    wait_for(process.stderr, "stubborn: swallowing (new)")
    process.send_signal(signal.SIGTERM)
    status, out, err = finish(process)
    assert status == 143, err
    assert "Saved Stubborn (seed 3, 1 move): 'play stubborn' resumes it." in out
    assert saved_log(data) == ["step"]


def test_a_second_ctrl_c_gives_up_on_a_plugin_that_swallowed_the_first(tmp_path):
    process, data = swallowing(tmp_path, "python")
    process.send_signal(signal.SIGINT)
    time.sleep(0.3)  # the first one is raised in the plugin, which swallows it
    process.send_signal(signal.SIGINT)
    status, out, err = finish(process)
    assert status == 130, err
    assert ("cardshell: plugin 'hostile_stubborn' (hostile_stubborn.py:" in err
            and "did not stop at Ctrl-C and was interrupted again" in err)
    assert saved_log(data) == ["step"]
    assert "Traceback" not in err


def test_the_time_bound_gives_up_on_a_plugin_that_swallows_its_alarms(tmp_path):
    process, data = swallowing(tmp_path, "python", CARDSHELL_PLUGIN_SECONDS="0.2")
    status, out, err = finish(process)
    assert status == 70, err
    assert ("cardshell: plugin 'hostile_stubborn': move 'swallow python' did not return within 0.2 s and "
            "ignored 3 requests to stop (hostile_stubborn.py:") in err
    assert saved_log(data) == ["step"]


def test_ctrl_c_after_an_accepted_move_exits_130_and_saves_under_autosave(tmp_path):
    data = tmp_path / "data"
    process = start(data, "--autosave")
    process.stdin.write("play stubborn --seed 3 --jam render\nstep\nstep\n")
    process.stdin.flush()
    wait_for(process.stderr, "stubborn: looping (render)")  # 'step' was accepted; its board loops
    process.send_signal(signal.SIGINT)
    status, out, err = finish(process)
    assert status == 130, err
    assert "<stdin>:2: warning: interrupted after 'step' was accepted: the move stands" in err
    assert saved_log(data) == ["step"]  # and not the line after it


def test_ctrl_c_between_two_commands_saves_under_autosave(tmp_path):
    data = tmp_path / "data"
    process = start(data, "--autosave")
    process.stdin.write("play stubborn --seed 3\nstep\nask\n")  # 'ask' says what it read: the script waits
    process.stdin.flush()
    wait_for(process.stdout, "read ''")
    time.sleep(0.2)  # reading the next line
    process.send_signal(signal.SIGINT)
    status, out, err = finish(process)
    assert status == 130, err
    assert "Saved Stubborn (seed 3, 1 move): 'play stubborn' resumes it." in out
    assert saved_log(data) == ["step"]
    assert "Traceback" not in err


def test_plugin_code_that_loops_in_a_script_is_stopped_naming_the_plugin(tmp_path):
    """A move, a render, a hook, a deep copy, ``new`` and an import that loop;
    a plugin reading stdin; a thread left running: the script goes on and ends."""
    script = ("play stubborn --seed 1 --jam render\nstep\n"
              "play stubborn --seed 2 --jam hook\nstep\n"
              "play stubborn --seed 3 --jam copy\nstep\nstep\n"
              "play stubborn --seed 4\nloop\nask\nstep\n"
              "play stubborn --jam new\n"
              "tick\n")
    process = subprocess.run([sys.executable, "-m", "cardshell", "--plugin", "hostile_stubborn",
                              "--plugin", "endless_import"], input=script, capture_output=True, text=True,
                             env=environment(tmp_path, CARDSHELL_PLUGIN_SECONDS="0.2"), preexec_fn=limited,
                             timeout=60)
    err = process.stderr
    assert process.returncode == 1, err
    bound = "did not return within 0.2 s; stopped at"
    assert (f"cardshell: warning: plugin endless_import: failed to import: import {bound} endless_import.py:3"
            in err)
    assert f"<stdin>:2: warning: plugin 'hostile_stubborn': render of game 'stubborn' {bound} hostile" in err
    assert f"<stdin>:4: warning: plugin 'hostile_stubborn': cardshell_command_applied {bound} hostile" in err
    assert (f"<stdin>:6: warning: plugin 'hostile_stubborn': deep copy of the state of game 'stubborn' {bound} "
            "hostile") in err
    assert f"<stdin>:7: plugin 'hostile_stubborn': move 'step' {bound} hostile" in err  # its handler's copy
    assert f"<stdin>:9: plugin 'hostile_stubborn': move 'loop' {bound} hostile" in err
    assert f"<stdin>:12: plugin 'hostile_stubborn': new of game 'stubborn' {bound} hostile" in err
    out = process.stdout.splitlines()
    assert "read ''" in out  # not the script's next line, which ran:
    assert out[out.index("read ''") + 1:out.index("read ''") + 3] == ["count 0", "count 1"]
    assert "cardshell: warning: not waiting for the thread 'stubborn-forever' that plugin code left running" in err
    assert "Traceback" not in err


def test_exit_is_not_held_by_a_thread_plugin_code_left(tmp_path):
    process = subprocess.run([sys.executable, "-m", "cardshell", "--plugin", "hostile_stubborn"],
                             input="play stubborn\ntick\nexit\n", capture_output=True, text=True,
                             env=environment(tmp_path), preexec_fn=limited, timeout=60)
    assert process.returncode == 0, process.stderr
    assert "ticking" in process.stdout
    assert "not waiting for the thread 'stubborn-forever'" in process.stderr


#: What the ``cardshell`` console script that pip writes runs, after the
#: modules that ``site`` (here off) and the launcher would import: the test
#: times Ctrl-C against cardshell's own start, not Python's.
CONSOLE_SCRIPT = ("import atexit, os, re, signal, sys, threading, time; sys.stderr.write('started\\n'); "
                  "sys.stderr.flush(); from cardshell_launcher import main; sys.exit(main())")


def test_ctrl_c_at_any_moment_of_the_start_prints_no_traceback(tmp_path):
    """The console script under ``python -S`` (no site: its .pth files run
    before any cardshell code, out of cardshell's reach), with cardshell and
    its dependencies on PYTHONPATH."""
    path = os.pathsep.join([str(ROOT), str(ROOT / "plugins"), *site.getsitepackages()])
    # No plugin: Ctrl-C during a plugin's import skips that plugin, by design (tests/test_plugin_loading.py).
    env = dict(os.environ, PYTHONPATH=path, CARDSHELL_DATA_DIR=str(tmp_path), CARDSHELL_LOAD_PLUGINS="")
    statuses = []
    for delay in (0.05, 0.1, 0.2, 0.4):  # from when the console script imports the launcher
        process = subprocess.Popen([sys.executable, "-S", "-c", CONSOLE_SCRIPT, "--no-history"],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True, env=env, preexec_fn=limited)
        assert process.stderr.readline() == "started\n"
        time.sleep(delay)
        process.send_signal(signal.SIGINT)
        status, out, err = finish(process)
        assert "Traceback" not in err, (delay, err)
        statuses.append(status)
    assert set(statuses) == {130}


# -- at a terminal ---------------------------------------------------------------------

def terminal(tmp_path: Path):
    from terminal import spawn_cardshell

    child = spawn_cardshell(tmp_path, "", "--plugin", "hostile_stubborn", "--no-history",
                            env={"PYTHONPATH": os.pathsep.join([PLUGINS, os.environ.get("PYTHONPATH", "")]),
                                 "CARDSHELL_SIGNAL_GRACE": "0.3"})
    child.expect_exact("cardshell>")
    child.sendline("play stubborn --seed 3")
    child.expect_exact("stubborn>")
    child.sendline("step")
    child.expect_exact("count 1")
    child.expect_exact("stubborn>")
    child.sendline("swallow")
    child.expect_exact("stubborn: swallowing (python)")
    return child


def test_at_a_terminal_a_second_ctrl_c_gives_up_on_a_swallowing_plugin(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    child = terminal(tmp_path)
    child.sendintr()
    time.sleep(0.3)
    child.sendintr()
    child.expect_exact("cardshell: plugin 'hostile_stubborn' (hostile_stubborn.py:")
    child.expect_exact("did not stop at Ctrl-C and was interrupted again")
    child.expect_exact("Saved Stubborn (seed 3, 1 move): 'play stubborn' resumes it.")
    child.expect(pexpect.EOF)
    child.close()
    assert (child.exitstatus, child.signalstatus) == (130, None)
    assert saved_log(tmp_path) == ["step"]


def test_at_a_terminal_sigterm_saves_whatever_the_plugin_swallows(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    child = terminal(tmp_path)
    child.kill(signal.SIGTERM)
    child.expect_exact("cardshell: plugin 'hostile_stubborn' (hostile_stubborn.py:")
    child.expect_exact("Saved Stubborn (seed 3, 1 move): 'play stubborn' resumes it.")
    child.expect(pexpect.EOF)
    child.close()
    assert (child.exitstatus, child.signalstatus) == (143, None)
    assert saved_log(tmp_path) == ["step"]
