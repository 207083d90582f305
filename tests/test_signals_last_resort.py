"""The last resort after a signal: plugin code stuck in one long C call
that holds the interpreter's lock (``sum(range(10**12))`` inside ``except
BaseException``, ``tests/plugins/hostile_cloop.py``) cannot stop SIGTERM,
SIGHUP or a second Ctrl-C, nor lose the games: the launcher's supervisor
(:mod:`cardshell_launcher.supervisor`) kills it, writes the autosaves from
the lines the games completed, and exits 128 + the signal.

Real signals to real processes under a memory limit and a timeout, with a
short grace from ``CARDSHELL_SIGNAL_GRACE``.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardshell.saves import automatic, read

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

TESTS = Path(__file__).resolve().parent
PLUGINS = str(TESTS / "plugins")
#: The memory each cardshell process may map.
MEMORY_LIMIT = 1_500_000_000
SCRIPT = "play cloop --seed 3\nstep\nstep\nchurn\nstep\n"


def limited() -> None:
    os.setsid()  # its own process group, for a Ctrl-C sent to the group
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def start(data_dir: Path, *args: str) -> subprocess.Popen[str]:
    """A script-mode cardshell stuck in ``churn`` after two moves, its stdin left open."""
    env = dict(os.environ, CARDSHELL_LOAD_PLUGINS="", CARDSHELL_DATA_DIR=str(data_dir), NO_COLOR="1",
               CARDSHELL_SIGNAL_GRACE="0.3", PYTHONPATH=os.pathsep.join([PLUGINS, os.environ.get("PYTHONPATH", "")]))
    process = subprocess.Popen([sys.executable, "-m", "cardshell", "--plugin", "hostile_cloop", *args],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=env, preexec_fn=limited)
    assert process.stdin is not None and process.stderr is not None
    process.stdin.write(SCRIPT)
    process.stdin.flush()
    line = process.stderr.readline()
    assert "cloop: churning" in line, line
    return process


def finish(process: subprocess.Popen[str], timeout: float = 30) -> tuple[int, str, str]:
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        raise AssertionError(f"still running after {timeout} s: {out} {err}") from None
    return process.returncode, out, err


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_terminating_signal_ends_a_c_loop_and_saves_the_moves_before_it(tmp_path, signum):
    data = tmp_path / "data"
    process = start(data, "--autosave")
    process.send_signal(signum)
    status, out, err = finish(process)
    assert status == 128 + signum, err
    name = signal.Signals(signum).name
    assert f"held the interpreter for 2.6 s after {name} and was killed" in err
    assert "Saved Cloop (seed 3, 2 moves): 'play cloop' resumes it." in out
    record = read(data, automatic("cloop"))
    assert (record.game, record.seed, record.log) == ("cloop", 3, ["step", "step"])
    assert "Traceback" not in err


def test_two_ctrl_c_to_the_process_group_end_a_c_loop_with_130_saved(tmp_path):
    data = tmp_path / "data"
    process = start(data, "--autosave")
    os.killpg(process.pid, signal.SIGINT)
    time.sleep(0.5)  # two signals sent at once may arrive as one
    os.killpg(process.pid, signal.SIGINT)
    status, out, err = finish(process)
    assert status == 130, err
    assert "after SIGINT and was killed" in err
    assert json.loads((data / "saves" / "auto" / "cloop.json").read_text())["log"] == ["step", "step"]
    assert "Saved Cloop (seed 3, 2 moves)" in out


def test_without_autosave_a_script_keeps_sigterm_default_action(tmp_path):
    """No supervisor in a plain script: SIGTERM ends the process at once, nothing saved."""
    data = tmp_path / "data"
    process = start(data)
    process.send_signal(signal.SIGTERM)
    status, out, err = finish(process)
    assert status == -signal.SIGTERM
    assert "was killed" not in err
    assert not (data / "saves" / "auto" / "cloop.json").exists()


def test_a_child_that_stops_itself_is_left_to_save_and_exit(tmp_path):
    """The supervisor acts only when the shell cannot: a game that never got
    stuck exits by itself on SIGTERM with its own autosave, once."""
    data = tmp_path / "data"
    env = dict(os.environ, CARDSHELL_LOAD_PLUGINS="", CARDSHELL_DATA_DIR=str(data), NO_COLOR="1",
               PYTHONPATH=os.pathsep.join([PLUGINS, os.environ.get("PYTHONPATH", "")]))
    process = subprocess.Popen([sys.executable, "-m", "cardshell", "--plugin", "hostile_cloop", "--autosave"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=env, preexec_fn=limited)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("play cloop --seed 4\nstep\n")
    process.stdin.flush()
    while "count 1" not in process.stdout.readline():
        pass
    process.send_signal(signal.SIGTERM)
    status, out, err = finish(process)
    assert status == 143, err
    assert out.count("Saved Cloop (seed 4, 1 move)") == 1
    assert "was killed" not in err
    assert read(data, automatic("cloop")).log == ["step"]


def test_at_a_terminal_two_ctrl_c_end_a_c_loop_with_130_saved(tmp_path):
    """A terminal's Ctrl-C reaches the supervisor and the shell alike (the
    process group); the shell stuck in C sees neither: the second ends it."""
    pexpect = pytest.importorskip("pexpect")
    from terminal import spawn_cardshell

    child = spawn_cardshell(tmp_path, "", "--plugin", "hostile_cloop", "--no-history",
                            env={"PYTHONPATH": os.pathsep.join([PLUGINS, os.environ.get("PYTHONPATH", "")]),
                                 "CARDSHELL_SIGNAL_GRACE": "0.3"})
    try:
        child.expect_exact("cardshell>")
        child.sendline("play cloop --seed 5")
        child.expect_exact("cloop>")
        child.sendline("step")
        child.expect_exact("count 1")
        child.sendline("churn")
        child.expect_exact("cloop: churning")
        child.sendintr()
        time.sleep(0.5)  # two signals sent at once may arrive as one
        child.sendintr()
        child.expect_exact("after SIGINT and was killed")
        child.expect_exact("Saved Cloop (seed 5, 1 move): 'play cloop' resumes it.")
        child.expect(pexpect.EOF)
        child.close()
    finally:
        if child.isalive():
            os.killpg(child.pid, signal.SIGKILL)  # the supervisor and the shell stuck in C
    assert (child.exitstatus, child.signalstatus) == (130, None)
    assert read(tmp_path, automatic("cloop")).log == ["step"]


@pytest.mark.parametrize("schema", ["--jsonl", "--jsonl=2"])
def test_under_the_porcelain_the_last_resort_writes_records_and_the_exit_record(tmp_path, schema):
    """The supervisor's words after it killed the shell are records, as the shell's are:
    the reason, the save's note, then ``exit`` with 143; every stdout line is strict JSON."""
    data = tmp_path / "data"
    env = dict(os.environ, CARDSHELL_LOAD_PLUGINS="", CARDSHELL_DATA_DIR=str(data), NO_COLOR="1",
               CARDSHELL_SIGNAL_GRACE="0.3", PYTHONPATH=os.pathsep.join([PLUGINS, os.environ.get("PYTHONPATH", "")]))
    process = subprocess.Popen([sys.executable, "-m", "cardshell", "--plugin", "hostile_cloop", "--autosave", schema],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                               preexec_fn=limited)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(SCRIPT.encode())
    process.stdin.flush()
    for raw in process.stdout:  # the records of the lines before 'churn', then churn is stuck in C
        record = json.loads(raw)
        if record.get("kind") == "result" and record["line"] == 3:
            break
    time.sleep(1.0)
    process.send_signal(signal.SIGTERM)
    try:
        rest, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        raise
    assert process.returncode == 143, err
    records = [json.loads(line.decode("utf-8", errors="strict")) for line in rest.splitlines()]
    assert [r["id"] for r in records if r["kind"] in ("note", "exit")] == ["stop.last-resort", "save.autosaved",
                                                                          None]
    assert records[-1]["kind"] == "exit" and records[-1]["status"] == 143
    assert all(r["cardshell"] == (2 if schema.endswith("2") else 1) for r in records)
    assert read(data, automatic("cloop")).log == ["step", "step"]


def test_a_signal_passed_on_that_the_shell_ended_without_acting_on_sets_the_status():
    """The shell may reach the end of its script before the signal passed on reaches it
    (status 0): the process the signal was sent to still ends 128 + the signal."""
    from cardshell_launcher.supervisor import Supervisor

    read_end, write_end = os.pipe()
    try:
        supervisor = Supervisor(os.getpid(), read_end, 0.3)
        assert supervisor._status(0) == 0 and supervisor._status(3) == 3
        supervisor.unseen = 1  # a terminal's Ctrl-C the shell's handler has not reported: no say in the status
        assert supervisor._status(0) == 0
        supervisor.passed_on = True  # a Ctrl-C sent with kill, passed on, never acted on by the shell
        assert supervisor._status(0) == 130 and supervisor._status(2) == 2
        supervisor.unseen = -1  # the shell's handler ran (after the script ended): still not acted on
        assert supervisor._status(0) == 130
        supervisor._apply(b'{"b":1}')  # the shell acted on it at a line boundary
        assert supervisor._status(0) == 0
        supervisor.passed_on = True
        supervisor.signum = signal.SIGTERM
        assert supervisor._status(0) == 143
    finally:
        os.close(write_end)
        supervisor.reader.join(1.0)
        os.close(read_end)


def test_a_report_read_before_its_ctrl_c_is_counted_still_balances_it():
    """Under load the shell's report of a terminal's Ctrl-C may be read before this process
    counts the same Ctrl-C: the count is never clamped, so no Ctrl-C stays 'unseen' and no
    later one ends a healthy shell."""
    from types import SimpleNamespace

    from cardshell_launcher.supervisor import SI_KERNEL, Supervisor

    read_end, write_end = os.pipe()
    try:
        supervisor = Supervisor(os.getpid(), read_end, 0.3)
        kernel_ctrl_c = SimpleNamespace(si_signo=signal.SIGINT, si_code=SI_KERNEL)
        for _ in range(2):  # two Ctrl-C in one line, each reported first
            supervisor._apply(b'{"i":1}')
            supervisor._received(kernel_ctrl_c)
        assert supervisor.unseen == 0 and supervisor.in_line == 2
        assert supervisor.interrupted is not None  # armed; run() disarms it while nothing is unseen
        assert supervisor._status(0) == 0
    finally:
        os.close(write_end)
        supervisor.reader.join(1.0)
        os.close(read_end)
