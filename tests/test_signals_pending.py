"""A signal that plugin code swallowed is acted on at the next line, and no
exit after a signal is another signal's death: real signals sent to real
processes (``tests/plugins/hostile_shrugging.py``), under a memory limit
and a timeout with a kill.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

PLUGINS = str(Path(__file__).resolve().parent / "plugins")
#: The memory each cardshell process may map.
MEMORY_LIMIT = 1_500_000_000


def limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def start(data_dir: Path, *args: str, **extra: str) -> subprocess.Popen[str]:
    """A script-mode cardshell with the shrugging plugin, its stdin left open."""
    env = dict(os.environ, CARDSHELL_LOAD_PLUGINS="", CARDSHELL_DATA_DIR=str(data_dir), NO_COLOR="1",
               CARDSHELL_SIGNAL_GRACE="0.5",
               PYTHONPATH=os.pathsep.join([PLUGINS, os.environ.get("PYTHONPATH", "")]), **extra)
    return subprocess.Popen([sys.executable, "-m", "cardshell", "--plugin", "hostile_shrugging", *args],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, preexec_fn=limited)


def send_and_wait(process: subprocess.Popen[str], script: str, text: str) -> None:
    """Write the script (stdin stays open: the script waits for more) and read stderr up to ``text``."""
    process.stdin.write(script)
    process.stdin.flush()
    seen = []
    while True:
        line = process.stderr.readline()
        if not line:
            raise AssertionError(f"no line with {text!r}; got {seen}")
        seen.append(line)
        if text in line:
            return


def finish(process: subprocess.Popen[str], timeout: float = 30) -> tuple[int, str, str]:
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        raise AssertionError(f"still running after {timeout} s: {out} {err}") from None
    return process.returncode, out, err


def saved_log(data_dir: Path) -> list[str] | None:
    path = data_dir / "saves" / "auto" / "shrug.json"
    return json.loads(path.read_text())["log"] if path.exists() else None


@pytest.mark.parametrize("autosave", [True, False])
def test_ctrl_c_swallowed_by_a_move_that_returns_stops_the_script_with_130(tmp_path, autosave):
    process = start(tmp_path, *(["--autosave"] if autosave else []))
    send_and_wait(process, "play shrug --seed 3\nstep\nnap\nstep\n", "shrug: napping")
    process.send_signal(signal.SIGINT)
    status, out, err = finish(process)
    assert status == 130, err
    assert "shrug: shrugged" in err  # the move returned normally...
    assert "count 2" not in out  # ...and the script stopped there
    if autosave:
        assert "Saved Shrug (seed 3, 1 move): 'play shrug' resumes it." in out
        assert saved_log(tmp_path) == ["step"]
    else:
        assert saved_log(tmp_path) is None
    assert "Traceback" not in err


def test_a_second_ctrl_c_in_the_next_plugin_call_of_the_line_gives_up_on_it(tmp_path):
    """The move swallows the first Ctrl-C and returns; the board drawn next
    swallows too: the second Ctrl-C, in another call than the first's, wins."""
    process = start(tmp_path, "--autosave")
    send_and_wait(process, "play shrug --seed 3\nstep\ndoze\nstep\n", "shrug: napping")
    process.send_signal(signal.SIGINT)
    seen = []
    while "shrug: napping" not in "".join(seen[-1:]):  # the board's nap
        seen.append(process.stderr.readline())
        assert seen[-1], seen
    process.send_signal(signal.SIGINT)
    status, out, err = finish(process)
    assert status == 130, err
    assert ("cardshell: plugin 'hostile_shrugging' (hostile_shrugging.py:" in err
            and "did not stop at Ctrl-C and was interrupted again" in err)
    assert "count 2" not in out
    assert saved_log(tmp_path)[0] == "step"


def test_sigterm_swallowed_by_a_del_stops_the_script_at_the_next_line(tmp_path):
    process = start(tmp_path, "--autosave")
    send_and_wait(process, "play shrug --seed 3\nstep\nlitter\nstep\n", "shrug: cleaning up")
    process.send_signal(signal.SIGTERM)
    status, out, err = finish(process)
    assert status == 143, err
    assert "Exception ignored in" in err and "shrug: littered" in err  # Python dropped it; the move returned
    assert "count 2" not in out
    assert saved_log(tmp_path) == ["step"]


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_with_a_slow_exit_cleanup_exits_128_plus_the_signal(tmp_path, signum):
    """The plugin's module sleeps at exit (an atexit function, a ``__del__``),
    its move swallows the signal; the script's time bound ticks on."""
    process = start(tmp_path, "--autosave", CARDSHELL_PLUGIN_SECONDS="30")
    send_and_wait(process, "play shrug --seed 3\nstep\nlinger\nnap\nstep\n", "shrug: napping")
    process.send_signal(signum)
    status, out, err = finish(process)
    assert status == 128 + signum, err  # never -14 (SIGALRM) nor the signal's own death
    assert saved_log(tmp_path) == ["step"]
    assert "count 2" not in out


def test_a_slow_exit_cleanup_without_a_signal_exits_0(tmp_path):
    process = start(tmp_path, CARDSHELL_PLUGIN_SECONDS="30")
    out, err = process.communicate("play shrug\nstep\nlinger\nexit\n", timeout=60)
    status = process.returncode
    assert status == 0, err
    assert "count 1" in out and "shrug: lingering" in err


# -- at a terminal ---------------------------------------------------------------------

def test_at_a_terminal_a_swallowed_ctrl_c_ends_its_line_only(tmp_path):
    """Ctrl-C swallowed by a move that returns: the prompt comes back, and the
    next line's Ctrl-C is a first one again (not a second that gives up);
    SIGTERM swallowed the same way saves and exits 143 at the line's end."""
    pexpect = pytest.importorskip("pexpect")
    from terminal import spawn_cardshell

    child = spawn_cardshell(tmp_path, "", "--plugin", "hostile_shrugging", "--no-history",
                            env={"PYTHONPATH": os.pathsep.join([PLUGINS, os.environ.get("PYTHONPATH", "")]),
                                 "CARDSHELL_SIGNAL_GRACE": "0.5"})
    child.expect_exact("cardshell>")
    child.sendline("play shrug --seed 3")
    child.expect_exact("shrug>")
    child.sendline("step")
    child.expect_exact("count 1")
    for _ in range(2):
        child.sendline("nap")
        child.expect_exact("shrug: napping")
        child.sendintr()
        child.expect_exact("shrug: shrugged")
        child.expect_exact("shrug>")
    child.sendline("nap")
    child.expect_exact("shrug: napping")
    child.kill(signal.SIGTERM)
    child.expect_exact("Saved Shrug (seed 3, 1 move): 'play shrug' resumes it.")
    child.expect(pexpect.EOF)
    child.close()
    assert (child.exitstatus, child.signalstatus) == (143, None)
    assert saved_log(tmp_path) == ["step"]
