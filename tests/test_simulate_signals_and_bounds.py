"""simulate under signals and huge input, through real processes
(issue 11, items 10, 11 and 18)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from cardshell.shell import Shell
from cardshell.sweep import backends

TESTS = Path(__file__).resolve().parent


def children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(word) for word in text.split()]


def running(pid: int) -> bool:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] != "Z"  # a zombie has ended; only its exit status is left


def blocked(pid: int) -> int | None:
    """The process's blocked-signal mask (``SigBlk`` in /proc/PID/status), None if it has ended."""
    try:
        for row in Path(f"/proc/{pid}/status").read_text().splitlines():
            if row.startswith("SigBlk:"):
                return int(row.split()[1], 16)
    except OSError:
        return None
    return None


@contextlib.contextmanager
def reaped(process: subprocess.Popen):
    """Kill ``process`` and its descendants if the block leaves it running
    (a failed assertion must not leave a 100,000-deal sweep behind)."""
    try:
        yield process
    finally:
        if process.poll() is None:
            family = children(process.pid)
            family += [pid for helper in family for pid in children(helper)]
            for pid in [process.pid, *family]:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            process.wait(timeout=30)


def wait_for(condition, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


needs_proc = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")


def start_simulating(tmp_path, **options) -> subprocess.Popen[str]:
    """A script-mode cardshell running a very long simulate on 2 processes."""
    env = dict(os.environ, CARDSHELL_DATA_DIR=str(tmp_path / "data"), CARDSHELL_LOAD_PLUGINS="pictures")
    process = subprocess.Popen(
        [sys.executable, "-m", "cardshell"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, env=env, **options,
    )
    process.stdin.write("play pictures --seed 1\nsimulate 100000000 --jobs 2\n")
    process.stdin.flush()
    assert wait_for(lambda: len(children(process.pid)) >= 2), "the pool never started"
    return process


@needs_proc
@pytest.mark.skipif(os.cpu_count() == 1, reason="a pool needs 2 usable cores")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_workers_end_quietly_when_the_parent_is_terminated(tmp_path, signum):
    # Issue 11 item 18: the workers printed BrokenPipeError tracebacks.
    process = start_simulating(tmp_path)
    workers = children(process.pid)
    time.sleep(0.3)  # let the workers be in the middle of their chunks
    process.send_signal(signum)
    _, err = process.communicate(timeout=60)
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert process.returncode in (-signum, 128 + signum)  # ended by the signal, as without a sweep
    assert wait_for(lambda: not any(running(pid) for pid in workers), 10)


@needs_proc
@pytest.mark.skipif(os.cpu_count() == 1, reason="a pool needs 2 usable cores")
def test_ctrl_c_stops_a_parallel_simulate_at_once(tmp_path):
    # Ctrl-C at a terminal reaches the whole process group, workers included.
    process = start_simulating(tmp_path, start_new_session=True)
    workers = children(process.pid)
    time.sleep(0.3)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert "Traceback" not in err, err
    assert process.returncode == 130  # a script stopped by Ctrl-C
    assert wait_for(lambda: not any(running(pid) for pid in workers), 10)


SCRIPT = textwrap.dedent(
    """
    import io, os, resource, signal, sys
    resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))
    from cardshell.shell import Shell
    from cardshell.sweep.progress import ProgressLine

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    counted = ProgressLine.advance
    def advance(line, deals):
        counted(line, deals)
        if line.done and not getattr(line, "stopped", False):  # Ctrl-C once the first deals are counted
            line.stopped = True
            os.kill(os.getpid(), signal.SIGINT)
    ProgressLine.advance = advance

    shell = Shell.create(plugins=["pictures"])
    shell.execute("play pictures --seed 1")
    shell.interactive = True
    sys.stderr = Terminal()
    reply = shell.execute("simulate 1000000000000 " + sys.argv[1])
    print(reply.ok, reply.error)
    """
)


@pytest.mark.parametrize("jobs", ["--jobs 1", "--jobs 2"])
def test_a_trillion_games_start_at_once_in_bounded_memory(tmp_path, jobs):
    # Issue 11 item 10: simulate 1000000000000 built a list of 500 million
    # chunks (24 GB) before playing; under a 1.5 GB address-space limit that
    # is a MemoryError.  Now the first chunks are played at once, and Ctrl-C
    # (here once the progress line has counted the first deals) stops it.
    env = dict(os.environ, CARDSHELL_DATA_DIR=str(tmp_path / "data"))
    result = subprocess.run([sys.executable, "-c", SCRIPT, jobs], capture_output=True, text=True,
                            env=env, timeout=120)
    assert result.stdout.strip() == "False interrupted; nothing was changed", result.stdout + result.stderr


def test_jobs_above_the_usable_cores_are_capped_with_a_note(monkeypatch):
    # Issue 11 item 11: --jobs 100 started 101 processes on 2 cores.
    monkeypatch.setattr(backends, "usable_cores", lambda: 2)
    backend, notes = backends.choose_backend(100, None, environ={})
    assert backend.workers == 2
    assert notes == ["note: --jobs 100 is more than the 2 usable cores; using 2"]
    shell = Shell.create(plugins=["pictures"])
    shell.execute("play pictures --seed 1")
    reply = shell.execute("simulate 30 --jobs 100")
    assert reply.ok
    assert reply.output.split("\n")[0] == "note: --jobs 100 is more than the 2 usable cores; using 2"
    assert reply.output.split("\n", 1)[1] == shell.execute("simulate 30 --jobs 1").output


def test_usable_cores_follow_the_cpu_affinity():
    assert backends.usable_cores() == len(os.sched_getaffinity(0))
    assert backends.resolve_jobs(None, cores=3) == (3, None)
    assert backends.resolve_jobs(0, cores=3) == (3, None)
    assert backends.resolve_jobs(2, cores=3) == (2, None)
    assert backends.resolve_jobs(4, cores=1) == (1, "note: --jobs 4 is more than the 1 usable core; using 1")
    with pytest.raises(ValueError):
        backends.resolve_jobs(-1, cores=3)


@needs_proc
@pytest.mark.skipif(os.cpu_count() == 1, reason="a pool needs 2 usable cores")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_command_line_winnability_ended_by_a_signal_says_what_remains(tmp_path, signum):
    # Issue 28 item 5: it died of the signal (-15, -1) with no note, and the
    # resource tracker reported "leaked semaphore objects".
    env = dict(os.environ, CARDSHELL_DATA_DIR=str(tmp_path / "data"))
    process = subprocess.Popen(
        [sys.executable, "-m", "cardshell", "winnability", "thumb-and-pouch", "--deals", "0:100000",
         "--jobs", "2", "--seconds", "0.2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    with reaped(process):
        assert wait_for(lambda: len(children(process.pid)) >= 2), "the pool never started"
        assert wait_for(lambda: sum(len(children(pid)) for pid in children(process.pid)) >= 2), "no workers"
        time.sleep(1.0)  # let the workers be in the middle of their chunks
        helpers = children(process.pid)  # the forkserver (its children: the workers) and the resource tracker
        workers = [pid for helper in helpers for pid in children(helper)]
        # Signals held back while the pool started are not held back in its workers.
        assert workers and [blocked(pid) for pid in workers] == [0] * len(workers)
        process.send_signal(signum)
        out, err = process.communicate(timeout=60)
    assert process.returncode == 128 + signum, err
    note = err.strip().splitlines()
    assert len(note) == 1, err  # one line: no traceback, no resource-tracker warning
    assert note[0].startswith("<command line>:1: interrupted; the ")
    settled = int(note[0].split("interrupted; the ")[1].split(" deal")[0].replace(",", ""))
    assert note[0].endswith(f"; {100_000 - settled:,} deals remain (the same command resumes)")
    assert "leaked semaphore" not in err and "Traceback" not in err
    assert wait_for(lambda: not any(running(pid) for pid in workers), 10)


@needs_proc
@pytest.mark.skipif(os.cpu_count() == 1, reason="a pool needs 2 usable cores")
def test_after_kill_9_no_worker_or_helper_of_the_pool_stays(tmp_path):
    # The workers are the forkserver's children: killed outright, the sweeping
    # process left them blocked for ever, with the forkserver and the resource
    # tracker (found in the 20-run signal benchmark, benchmarks/signal_sweeps.py).
    env = dict(os.environ, CARDSHELL_DATA_DIR=str(tmp_path / "data"))
    process = subprocess.Popen(
        [sys.executable, "-m", "cardshell", "winnability", "thumb-and-pouch", "--deals", "0:100000",
         "--jobs", "2", "--seconds", "0.2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    with reaped(process):
        assert wait_for(lambda: sum(len(children(pid)) for pid in children(process.pid)) >= 2), "no workers"
        time.sleep(1.0)
        helpers = children(process.pid)
        left = helpers + [pid for helper in helpers for pid in children(helper)]
        process.kill()
        process.wait(timeout=30)
    assert wait_for(lambda: not any(running(pid) for pid in left), 30), [pid for pid in left if running(pid)]
