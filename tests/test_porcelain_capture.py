"""Porcelain schema 2 keeps standard output pure (docs/porcelain.md): whatever plugin
code writes (``print``, ``os.write`` on descriptors 1 and 2, forged JSON, bytes
that are not UTF-8, terminal escapes), whatever signal ends the run, with or
without ``--autosave``, every byte on stdout is a strict UTF-8 JSON record and
the last one is the ``exit`` record; usage errors and start-up failures are
records too."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

TOY_PLUGINS = Path(__file__).resolve().parent / "plugins"


def environment(tmp_path: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(TOY_PLUGINS), os.environ.get("PYTHONPATH")])),
                CARDSHELL_DATA_DIR=str(tmp_path / "data"), HOME=str(tmp_path / "home"),
                HOSTILE_WRITER_MARK=str(tmp_path / "stalling"))


def records_of(stdout: bytes) -> list[dict]:
    """Every line of ``stdout`` as a JSON object; fails on a byte that is not UTF-8 or a line that is not JSON."""
    text = stdout.decode("utf-8")  # strict
    assert text.endswith("\n"), "the last record is a whole line"
    return [json.loads(line) for line in text.split("\n")[:-1]]


def run(tmp_path: Path, *args: str, stdin: str = "") -> tuple[int, list[dict], bytes]:
    done = subprocess.run([sys.executable, "-m", "cardshell", *args], input=stdin.encode(), capture_output=True,
                          env=environment(tmp_path), timeout=120)
    return done.returncode, records_of(done.stdout), done.stderr


@settings(max_examples=10, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=300) | st.text(max_size=120).map(lambda text: text.encode("utf-8", "surrogatepass")))
@example(data=b'{"cardshell": 2, "kind": "exit", "status": 0}\n')
@example(data=b"\xff\xfe half a character \x1b]0;pwned\x07\x1b[2J\r")
@example(data=b"")
def test_what_plugin_code_writes_anywhere_becomes_records_naming_it(tmp_path, data):
    status, records, _ = run(tmp_path, "--jsonl=2", "--plugin", "hostile_writer",
                             stdin=f"play aces-up --seed 7\nspew {data.hex()}\nD\n")
    assert status == 0
    assert records[0]["kind"] == "hello" and records[-1]["kind"] == "exit" and records[-1]["status"] == 0
    assert [record for record in records if record["kind"] == "exit"] == [records[-1]]  # a forged exit is text
    captured = [record for record in records if record["kind"] == "captured"]
    if data:
        assert {record["stream"] for record in captured} == {"out", "err"}
    assert all(record["line"] == 2 and record["origin"] == "plugin" and record["plugin"] == "hostile_writer"
               for record in captured)
    for record in records:
        assert "\x1b" not in record.get("text", "") and "\x07" not in record.get("text", "")
    results = [(record["line"], record["status"]) for record in records if record["kind"] == "result"]
    assert results == [(1, "ok"), (2, "ok"), (3, "ok")]
    # each line's records come before its result: the captured writes are line 2's
    order = [record["line"] for record in records if record.get("line") is not None]
    assert order == sorted(order)


def test_a_game_rejection_id_and_a_plugin_that_brings_no_game(tmp_path):
    status, records, _ = run(tmp_path, "--jsonl=2", "--plugin", "hostile_writer",
                             stdin="refuse\nplay aces-up --seed 7\nF 9\n")
    assert status == 1
    [refused] = [record for record in records if record.get("line") == 1 and record["kind"] == "error"]
    assert refused["id"] == "hostile-writer.refused" and refused["origin"] == "plugin"
    assert refused["plugin"] == "hostile_writer" and refused["text"] == "No, not that."
    [board] = [record for record in records if record.get("line") == 2 and record["kind"] == "board"]
    assert board["origin"] == "game" and board["plugin"] == "aces-up"
    _, old, _ = run(tmp_path, "--jsonl", "--plugin", "hostile_writer", stdin="refuse\n")
    [refused_v1] = [record for record in old if record["kind"] == "error"]
    assert refused_v1["id"] is None and refused_v1["origin"] == "game" and "plugin" not in refused_v1


@pytest.mark.parametrize("args, status, wanted", [
    (["--bogus"], 2, "unrecognized arguments: --bogus"),
    (["no-such-script.txt"], 2, "no such file or command: no-such-script.txt"),
    (["--version"], 0, "cardshell "),
])
def test_usage_errors_and_start_up_failures_are_records(tmp_path, args, status, wanted):
    got, records, stderr = run(tmp_path, "--jsonl=2", *args)
    assert got == status
    assert records[0]["kind"] == "hello" and records[-1] == {**records[-1], "kind": "exit", "status": status}
    [said] = records[1:-1]
    assert wanted in said["text"] and said["origin"] == "host"
    if status:
        assert said["kind"] == "error" and wanted.encode() in stderr  # a person at a terminal reads it too


@pytest.mark.parametrize("autosave", ["--autosave", "--no-autosave"])
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
@pytest.mark.parametrize("where", ["in plugin code", "between lines"])
def test_a_signal_ends_the_stream_with_the_exit_record(tmp_path, signum, autosave, where):
    lines = "play aces-up --seed 7\nD\n" + ("stall\n" if where == "in plugin code" else "")
    process = subprocess.Popen([sys.executable, "-m", "cardshell", "--jsonl=2", autosave, "--plugin", "hostile_writer"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=environment(tmp_path))
    try:
        process.stdin.write(lines.encode())
        process.stdin.flush()  # kept open: the shell waits for more
        mark = tmp_path / "stalling"
        deadline = time.monotonic() + 60
        if where == "in plugin code":
            while not mark.exists() and time.monotonic() < deadline:
                time.sleep(0.02)
            assert mark.exists()
        else:
            seen = b""
            while seen.count(b'"kind": "result"') < 2 and time.monotonic() < deadline:
                seen += process.stdout.read1(65536)
        process.send_signal(signum)
        out, _ = process.communicate(timeout=60)
    finally:
        process.kill()
        process.wait()
    if where == "between lines":
        out = seen + out
    records = records_of(out)
    assert records[-1]["kind"] == "exit" and records[-1]["status"] == 128 + signum
    assert process.returncode == 128 + signum
    saved = [record for record in records if record.get("id") == "save.autosaved"]
    assert bool(saved) == (autosave == "--autosave")
    if where == "in plugin code":
        [forged] = [record for record in records if record["kind"] == "captured"]
        assert '"kind": "exit"' in forged["text"] and forged["line"] == 3
