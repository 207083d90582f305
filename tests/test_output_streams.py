"""Output streams that fail (issue 11 item 6): stdout closed (``>&-``),
stdout full (``>/dev/full``), stderr closed, and stdout's reader leaving
(``| head -1``).  Each ends the run cleanly: no traceback, no later line
run, the autosave done, the failure and the saves reported on the other
stream, and the exit status EXIT_OUTPUT (74)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardshell import saves
from cardshell.script import EXIT_OUTPUT, run_script
from cardshell.shell import Shell
from conftest import TOY_PLUGINS

SCRIPT = b"play counter --seed 1\ninc 1\nbad\ninc 1\n"


def _cardshell(data_dir: Path, stdin: bytes = SCRIPT, **kwargs) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, PYTHONPATH=str(TOY_PLUGINS), CARDSHELL_LOAD_PLUGINS="")
    kwargs.setdefault("stdout", subprocess.PIPE)
    kwargs.setdefault("stderr", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "cardshell", "--plugin", "toy_counter", "--autosave",
                           "--data-dir", str(data_dir)], input=stdin, env=env, timeout=60, **kwargs)


def _saved_moves(data_dir: Path) -> list[str]:
    return saves.read(data_dir, saves.automatic("counter")).log


def test_stdout_closed(tmp_path):
    result = _cardshell(tmp_path, preexec_fn=lambda: os.close(1))
    assert result.returncode == EXIT_OUTPUT
    assert result.stderr.decode() == (
        "cardshell: cannot write to stdout (closed): the script stopped at <stdin>:1, after running that line\n")
    assert not saves.exists(tmp_path, saves.automatic("counter"))  # line 2 was not run: nothing to save


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_stdout_on_a_full_device(tmp_path):
    with open("/dev/full", "wb") as full:
        result = _cardshell(tmp_path, stdout=full)
    assert result.returncode == EXIT_OUTPUT
    assert result.stderr.decode() == (
        "cardshell: cannot write to stdout (No space left on device): the script stopped at <stdin>:1, "
        "after running that line\n")
    assert not saves.exists(tmp_path, saves.automatic("counter"))  # no move: nothing to save


def test_stderr_closed_stops_at_the_first_report_and_says_so_on_stdout(tmp_path):
    result = _cardshell(tmp_path, preexec_fn=lambda: os.close(2))
    assert result.returncode == EXIT_OUTPUT
    assert result.stdout.decode() == (
        "Counter, seed 1.\n[0]\ncount is now 1\n[1]\n"
        "cardshell: cannot write to stderr (closed): the script stopped at <stdin>:3, after running that line\n"
        "Saved Counter (seed 1, 1 move): 'play counter' resumes it.\n")
    assert _saved_moves(tmp_path) == ["inc 1"]  # line 4 was not run


def test_stderr_closed_is_no_failure_while_nothing_is_reported(tmp_path):
    result = _cardshell(tmp_path, stdin=b"play counter --seed 1\ninc 1\n", preexec_fn=lambda: os.close(2))
    assert result.returncode == 0
    assert result.stdout.decode().endswith("count is now 1\n[1]\nSaved Counter (seed 1, 1 move): "
                                           "'play counter' resumes it.\n")


def test_reader_of_stdout_leaves_like_head_1(tmp_path):
    # 'cardshell --autosave script | head -1' used to exit 0 and save nothing.
    script = b"play counter --seed 1\n" + b"inc 1\nundo\n" * 3000  # far more output than a pipe holds
    env = dict(os.environ, PYTHONPATH=str(TOY_PLUGINS), CARDSHELL_LOAD_PLUGINS="")
    path = tmp_path / "script.txt"
    path.write_bytes(script)
    process = subprocess.Popen([sys.executable, "-m", "cardshell", "--plugin", "toy_counter", "--autosave",
                                "--data-dir", str(tmp_path), str(path)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert process.stdout.readline() == b"Counter, seed 1.\n"
    process.stdout.close()  # head -1 leaves
    stderr = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait(timeout=60) == EXIT_OUTPUT
    report, *saved = stderr.splitlines()
    assert report.startswith(f"cardshell: cannot write to stdout (Broken pipe): the script stopped at {path}:")
    stopped_at = int(report.split(f"{path}:")[1].split(",")[0])
    assert 1 < stopped_at < 6001
    moves = (stopped_at - 1) % 2  # inc 1, undo, ... up to the line it stopped at
    if moves:
        assert len(saved) == 1 and saved[0].startswith("Saved Counter (seed 1, 1 move)")
        assert _saved_moves(tmp_path) == ["inc 1"]
    else:  # stopped after an 'undo': a game without moves is not saved, and nothing says it was
        assert saved == [] and not list((tmp_path / "saves").rglob("*.json"))


class _Failing(io.StringIO):
    """A stream that fails like a pipe whose reader left, after ``good`` writes."""

    def __init__(self, good: int) -> None:
        super().__init__()
        self.good = good

    def write(self, text: str) -> int:
        if self.good <= 0:
            raise BrokenPipeError(32, "Broken pipe")
        self.good -= 1
        return super().write(text)


def test_a_failure_while_echoing_stops_before_running_the_line(tmp_path):
    shell = Shell.create(extra_modules=["toy_counter"], autosave=True, data_dir=tmp_path)
    out, err = _Failing(good=2), io.StringIO()
    status = run_script(shell, ["play counter --seed 1", "inc 1", "inc 1"], "s", out, err, echo=True)
    assert status == EXIT_OUTPUT
    assert err.getvalue() == ("cardshell: cannot write to stdout (Broken pipe): the script stopped at s:2, "
                              "before running that line\n")
    assert not saves.exists(tmp_path, saves.automatic("counter"))  # no move: nothing to save


def test_a_failure_while_reporting_the_saves_at_the_end(tmp_path):
    shell = Shell.create(extra_modules=["toy_counter"], autosave=True, data_dir=tmp_path)
    out, err = _Failing(good=2), io.StringIO()  # the two replies; the save note fails
    status = run_script(shell, ["play counter --seed 1", "inc 1"], "s", out, err)
    assert status == EXIT_OUTPUT
    assert err.getvalue() == ("cardshell: cannot write to stdout (Broken pipe): at the end of the script\n"
                              "Saved Counter (seed 1, 1 move): 'play counter' resumes it.\n")
    assert _saved_moves(tmp_path) == ["inc 1"]


def test_both_streams_failing_still_autosaves(tmp_path):
    shell = Shell.create(extra_modules=["toy_counter"], autosave=True, data_dir=tmp_path)
    assert shell.execute("play counter --seed 1").ok and shell.execute("inc 1").ok  # a game with a move
    status = run_script(shell, ["inc 1", "inc 5"], "s", None, None)
    assert status == EXIT_OUTPUT
    # stopped after line 1 (accepted, its output with nowhere to go): the game is saved as it was then
    assert saves.read(tmp_path, saves.automatic("counter")).log == ["inc 1", "inc 1"]


def test_both_streams_failing_on_a_deal_without_moves_saves_nothing(tmp_path):
    shell = Shell.create(extra_modules=["toy_counter"], autosave=True, data_dir=tmp_path)
    status = run_script(shell, ["play counter --seed 1", "inc 1"], "s", None, None)
    assert status == EXIT_OUTPUT
    # stopped after line 1, whose output had nowhere to go: a deal without moves is not saved
    assert not saves.exists(tmp_path, saves.automatic("counter"))
