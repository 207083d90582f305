"""Saves are checked when read: hostile or broken files are reported, never
crash, hang or run for minutes (issue 11 items 15, 16 and 20).

Files that could hang a process (FIFOs) are tested in subprocesses with a
timeout, so that a regression fails instead of hanging the suite.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardshell import saves
from cardshell.shell import Shell

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def make_shell(tmp_path, **kwargs):
    kwargs.setdefault("autosave", True)
    return Shell.create(plugins=["aces-up", "pictures"], seed=3, extra_modules=["toy_counter", "toy_addon"],
                        data_dir=tmp_path / "data", **kwargs)


def saves_dir(tmp_path):
    directory = tmp_path / "data" / "saves"
    directory.mkdir(parents=True, exist_ok=True)
    return directory


def good_record(**changes):
    data = {"format": "cardshell-save", "version": 1, "game": "aces-up", "seed": 7, "options": {},
            "log": ["D"], "undo_used": False, "elapsed": 12.5, "uid": "u1", "saved": "2026-01-01T00:00:00+00:00"}
    return data | changes


# -- item 15: a log holds moves only ---------------------------------------------------

@pytest.mark.parametrize("log, bad", [
    (["D", "peek", "D"], "line 2 of its log ('peek') is not a move of Aces Up"),  # report-only game command
    (["D", "exit"], "line 2 of its log ('exit') is not a move of Aces Up"),  # a host command
    (["save x"], "line 1 of its log ('save x') is not a move of Aces Up"),
    (["D", "no such thing"], "line 2 of its log ('no such thing') is not a move of Aces Up"),
    (["D", "inc 1"], "line 2 of its log ('inc 1') is not a move of Aces Up"),  # another game's move
])
def test_a_log_line_that_is_not_a_move_makes_the_save_unusable_before_any_replay(tmp_path, log, bad):
    (saves_dir(tmp_path) / "odd.json").write_text(json.dumps(good_record(log=log)))
    shell = make_shell(tmp_path)
    replayed = []
    original = shell.replayer.replay
    shell.replayer.replay = lambda *args: replayed.append(args) or original(*args)
    reply = shell.execute("load odd")
    assert (reply.ok, reply.error) == (False, f"save 'odd' cannot be resumed: {bad}")
    assert replayed == []  # refused before dealing or replaying anything
    assert shell.current is None and shell.sessions == {}


def test_a_long_simulation_in_a_log_is_refused_at_once(tmp_path):
    record = good_record(game="pictures", log=["simulate 3000000"])
    (saves_dir(tmp_path) / "pictures.json").write_text(json.dumps(record))
    shell = make_shell(tmp_path)
    started = time.monotonic()
    reply = shell.execute("play pictures")  # resuming the automatic save
    assert time.monotonic() - started < 10  # (replaying it took minutes)
    assert reply.ok and reply.output.startswith(
        "warning: save 'pictures' cannot be resumed: line 1 of its log ('simulate 3000000') is not a move "
        "of Pictures; starting a new game instead.")


def test_moves_added_to_a_game_by_another_plugin_are_moves(tmp_path):
    shell = make_shell(tmp_path)
    shell.execute("play counter --seed 1")
    shell.execute("inc 1")
    shell.execute("double")  # toy_addon's command on the counter
    shell.execute("save both")
    again = make_shell(tmp_path)
    reply = again.execute("load both")
    assert reply.ok, reply.error
    assert again.current.state.count == 2


# -- item 16: validate on read -------------------------------------------------------

def test_deeply_nested_json_is_a_damaged_save_not_a_recursion_error(tmp_path):
    (saves_dir(tmp_path) / "deep.json").write_text("[" * 100_000)
    (saves_dir(tmp_path) / "counter.json").write_text('{"format": ' + "[" * 100_000)
    shell = make_shell(tmp_path)
    assert shell.execute("load deep").error == "save 'deep' is damaged (nested too deeply)"
    assert "  deep     cannot be used: save 'deep' is damaged (nested too deeply)" in shell.execute("games").output
    reply = shell.execute("play counter")
    assert reply.ok and reply.output.startswith("warning: save 'counter' is damaged (nested too deeply); "
                                                "starting a new game instead.")


@pytest.mark.parametrize("text, message", [
    ('"elapsed": Infinity', "save 'bad' is damaged (Infinity is not a JSON number)"),
    ('"elapsed": -Infinity', "save 'bad' is damaged (-Infinity is not a JSON number)"),
    ('"elapsed": NaN', "save 'bad' is damaged (NaN is not a JSON number)"),
    ('"elapsed": 1e308', "save 'bad' is damaged (field 'elapsed' is not a number of seconds in 0..1000000000)"),
    ('"elapsed": -5', "save 'bad' is damaged (field 'elapsed' is not a number of seconds in 0..1000000000)"),
    ('"elapsed": true', "save 'bad' is damaged (field 'elapsed' is missing or wrong)"),
])
def test_elapsed_must_be_a_finite_number_of_seconds(tmp_path, text, message):
    body = json.dumps(good_record(), indent=1).replace('"elapsed": 12.5', text)
    (saves_dir(tmp_path) / "bad.json").write_text(body)
    shell = make_shell(tmp_path)
    assert shell.execute("load bad").error == message


def test_a_save_larger_than_the_bound_is_refused_unread(tmp_path, monkeypatch):
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 1000)
    (saves_dir(tmp_path) / "huge.json").write_text(json.dumps(good_record(log=["D"] * 500)))
    shell = make_shell(tmp_path)
    assert shell.execute("load huge").error.startswith("save 'huge' is too large (")


def test_a_directory_named_like_a_save_is_reported(tmp_path):
    (saves_dir(tmp_path) / "dir.json").mkdir()
    shell = make_shell(tmp_path)
    assert shell.execute("load dir").error == "save 'dir' is not a regular file"
    assert "dir  cannot be used: save 'dir' is not a regular file" in shell.execute("load").output


def _run_python(code: str, timeout: float = 20) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout)


@needs_fifo
def test_a_fifo_in_the_saves_folder_never_blocks_the_shell(tmp_path, run_cli):
    os.mkfifo(saves_dir(tmp_path) / "pipe.json")
    os.mkfifo(saves_dir(tmp_path) / "counter.json")
    env = {"CARDSHELL_DATA_DIR": str(tmp_path / "data"), "CARDSHELL_LOAD_PLUGINS": ""}
    try:
        result = run_cli("--plugin", "toy_counter", "--autosave",
                         stdin="games\nload\nload pipe\nplay counter --seed 2\ninc 1\n", env=env)
    except subprocess.TimeoutExpired:
        pytest.fail("the shell blocked on a FIFO in the saves folder")
    assert "pipe     cannot be used: save 'pipe' is not a regular file" in result.stdout
    assert "<stdin>:3: save 'pipe' is not a regular file" in result.stderr
    # The FIFO in the automatic save's place is moved aside, never written into.
    assert "warning: save 'counter' is not a regular file; this cardshell does not overwrite it" in result.stdout
    assert "Saved Counter (seed 2, 1 move): 'play counter' resumes it." in result.stdout
    assert json.loads((saves_dir(tmp_path) / "auto" / "counter.json").read_text())["log"] == ["inc 1"]


@needs_fifo
def test_a_fifo_as_the_history_file_is_not_opened(tmp_path):
    fifo = tmp_path / "history"
    os.mkfifo(fifo)
    code = ("from pathlib import Path; from cardshell.interactive import open_history; "
            f"history, problem = open_history(Path({str(fifo)!r})); print(type(history).__name__, problem)")
    try:
        result = _run_python(code)
    except subprocess.TimeoutExpired:
        pytest.fail("open_history blocked on a FIFO")
    assert result.stdout.strip() == f"InMemoryHistory history is not kept ({fifo}: not a regular file)"


@pytest.mark.skipif(sys.platform == "win32", reason="pexpect needs a pty")
def test_one_bad_file_never_stops_interactive_start_up(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    directory = saves_dir(tmp_path)
    (directory / "deep.json").write_text("[" * 100_000)
    (directory / "inf.json").write_text(json.dumps(good_record(), indent=1).replace("12.5", "Infinity"))
    (directory / "dir.json").mkdir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(directory / "fifo.json")
        os.mkfifo(tmp_path / "data" / "history")
    (directory / "counter.json").write_text(json.dumps(good_record(game="counter", log=["inc 1"], seed=4)))
    env = dict(os.environ, CARDSHELL_LOAD_PLUGINS="", CARDSHELL_DATA_DIR=str(tmp_path / "data"), NO_COLOR="1",
               TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1",
               PYTHONPATH=os.pathsep.join([os.path.join(os.path.dirname(__file__), "plugins"),
                                           os.environ.get("PYTHONPATH", "")]))
    child = pexpect.spawn(sys.executable, ["-m", "cardshell", "--plugin", "toy_counter"], env=env,
                          encoding="utf-8", timeout=20, dimensions=(40, 200))
    child.expect_exact("warning: save 'deep' is damaged (nested too deeply); it is skipped")
    child.expect_exact("Saved games in progress: counter (seed 4, 1 move)")
    child.expect_exact("cardshell>")
    child.sendline("play counter")
    child.expect_exact("Resuming saved Counter, seed 4 (1 move so far).")
    child.sendline("exit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in child.before


@given(st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_any_bytes_in_a_save_file_give_a_record_or_a_save_error(tmp_path_factory, data):
    directory = tmp_path_factory.mktemp("fuzz")
    path = saves.save_path(directory, "x")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    snapshot = saves.inspect(directory, "x")
    assert snapshot.digest == saves.digest_of(data)
    assert (snapshot.record is None) != (snapshot.error is None)


# -- item 20: stale temporary files --------------------------------------------------

def test_stale_temporary_files_of_interrupted_saves_are_removed_by_the_next_save(tmp_path):
    directory = saves_dir(tmp_path)
    stale = [directory / ".counter.abc123.tmp", directory / ".other.def456.tmp"]
    for path in stale:
        path.write_text("half a save")
        old = time.time() - 3600
        os.utime(path, (old, old))
    fresh = directory / ".counter.inprogress.tmp"  # another process may be writing it right now
    fresh.write_text("being written")
    unrelated = directory / "notes.tmp"
    unrelated.write_text("not ours")
    shell = make_shell(tmp_path)
    shell.execute("play counter --seed 2")
    assert shell.execute("save").ok
    assert not any(path.exists() for path in stale)
    assert fresh.exists() and unrelated.exists()


def test_a_key_given_twice_and_a_seed_of_thousands_of_digits_are_refused_by_name():
    import json as _json

    from cardshell.savefile import SaveError, SaveRecord

    good = SaveRecord(game="aces-up", seed=7, options={}, log=["D"]).to_json()
    doubled = good.replace('"seed": 7,', '"seed": 7,\n "seed": 8,', 1)
    assert doubled != good
    with pytest.raises(SaveError, match="gives the key seed twice"):
        SaveRecord.from_json(doubled, "twice")
    huge = _json.loads(good)
    text = _json.dumps(huge).replace('"seed": 7', '"seed": ' + "9" * 5000)
    with pytest.raises(SaveError, match="a number of 5000 digits, more than the 4000"):
        SaveRecord.from_json(text, "huge")
    assert SaveRecord.from_json(good, "fine").seed == 7
