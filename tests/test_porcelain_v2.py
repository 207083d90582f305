"""Porcelain schema 2 (``cardshell --jsonl=2``, docs/porcelain.md): pinned, announced by a
first ``hello`` record, a ``result`` for every line read (blank and comment lines
``skipped``), typed arguments, text escaped as the plain output escapes it, strict
UTF-8 whatever plugin code writes; schema 1 still served by a bare ``--jsonl``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from cardshell.porcelain import SCHEMAS
from cardshell.version import __version__

TOY_PLUGINS = Path(__file__).resolve().parent / "plugins"


def run(*args: str, stdin: str, tmp_path: Path) -> tuple[int, list[dict], bytes]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(TOY_PLUGINS), os.environ.get("PYTHONPATH")])),
               CARDSHELL_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, "-m", "cardshell", *args], input=stdin.encode(), capture_output=True,
                          env=env, timeout=60)
    text = done.stdout.decode("utf-8")  # strict: a byte that is not UTF-8 fails here
    return done.returncode, [json.loads(line) for line in text.splitlines()], done.stderr


def test_schema_2_says_hello_first_and_answers_every_line_read(tmp_path):
    status, records, _ = run("--jsonl=2", stdin="play aces-up --seed 7\n\n   \n# a comment\nD\nF 9\n",
                             tmp_path=tmp_path)
    assert status == 1
    assert records[0] == {"cardshell": 2, "kind": "hello", "version": __version__, "schemas": list(SCHEMAS)}
    assert records[-1]["kind"] == "exit" and records[-1]["status"] == 1
    assert all(record["cardshell"] == 2 for record in records)
    results = {record["line"]: record["status"] for record in records if record["kind"] == "result"}
    assert results == {1: "ok", 2: "skipped", 3: "skipped", 4: "skipped", 5: "ok", 6: "rejected"}


def test_schema_2_types_the_arguments(tmp_path):
    _, records, _ = run("--jsonl=2", stdin="play aces-up --seed 7\n", tmp_path=tmp_path)
    [started] = [record for record in records if record.get("id") == "game.started"]
    assert started["args"] == {"title": "Aces Up", "seed": 7}  # a number, not "7"
    _, old, _ = run("--jsonl", stdin="play aces-up --seed 7\n", tmp_path=tmp_path)
    [started_v1] = [record for record in old if record.get("id") == "game.started"]
    assert started_v1["cardshell"] == 1 and started_v1["args"]["seed"] == "7"  # schema 1 as released


def test_text_is_escaped_as_the_plain_output_and_always_strict_utf8(tmp_path):
    for schema in ("--jsonl", "--jsonl=2"):
        status, records, _ = run(schema, "--plugin", "surrogate_words", stdin="mumble\n", tmp_path=tmp_path)
        assert status == 0
        [said] = [record for record in records if record["kind"] == "output"]
        assert "\\udcff" in said["text"]
        if schema == "--jsonl=2":
            assert "\x1b" not in said["text"] and "\x07" not in said["text"] and "\\x1b]0;pwned\\x07" in said["text"]


def test_a_schema_not_served_is_a_usage_error_and_a_bare_flag_still_reads_a_file(tmp_path):
    env_run = run("--jsonl=9", stdin="", tmp_path=tmp_path)
    assert env_run[0] == 2 and b"no porcelain schema 9: the schemas served are 1, 2" in env_run[2]
    script = tmp_path / "moves.txt"
    script.write_text("play aces-up --seed 7\n")
    status, records, _ = run("--jsonl", str(script), stdin="", tmp_path=tmp_path)
    assert status == 0 and records[0]["id"] == "game.started" and records[0]["cardshell"] == 1


@pytest.mark.parametrize("line_end", ["\n", "\r\n", "\r"])
def test_a_client_on_pipes_gets_each_lines_result_before_writing_the_next(tmp_path, line_end):
    """A program driving one process a line at a time, as docs/porcelain.md's client does."""
    env = dict(os.environ, CARDSHELL_DATA_DIR=str(tmp_path / "data"))
    process = subprocess.Popen([sys.executable, "-m", "cardshell", "--jsonl=2"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, env=env, text=True, encoding="utf-8", bufsize=1)
    watchdog = threading.Timer(30, process.kill)  # an answer that never comes fails the test, never hangs it
    watchdog.start()
    try:
        assert json.loads(process.stdout.readline())["kind"] == "hello"
        for number, line in enumerate(["play aces-up --seed 7", "", "# note", "D", "moves"], start=1):
            process.stdin.write(line + line_end)
            process.stdin.flush()
            while True:
                record = json.loads(process.stdout.readline())
                if record["kind"] == "result":
                    break
            assert record["line"] == number
        process.stdin.close()
        assert json.loads(process.stdout.readline())["kind"] == "exit"
        assert process.wait(timeout=30) == 0
    finally:
        watchdog.cancel()
        process.kill()
        process.wait()


@pytest.mark.parametrize("schema", SCHEMAS)
@pytest.mark.parametrize("line", ["D", 'say "hi" \\ there', "é ♠ 10♣", "bell \x07 esc \x1b[2J", ""])
def test_a_result_record_made_from_its_template_is_the_record(schema, line):
    """The writer writes a line's result from a template (its cost per line): the same object, the same bytes."""
    from cardshell.porcelain import JsonWriter, result, result_line

    out = io.StringIO()
    writer = JsonWriter(out, None, schema)
    writer._greeted = True
    writer._write(result(3, line, "ok"))
    assert out.getvalue() == result_line(schema, 3, line, "ok")


def test_a_lines_records_made_from_templates_are_the_encoders_bytes():
    """Schema 2 writes a line's part records from a template (its cost per line): each is exactly
    what ``json.dumps(record, ensure_ascii=False)`` writes of the same object."""
    from cardshell.messages import say
    from cardshell.porcelain import JsonWriter
    from cardshell.reply import GAME, HOST, Reply, part
    from cardshell.screen import Exact

    out = io.StringIO()
    writer = JsonWriter(out, None, 2, plugin=lambda: "toy", games=lambda: frozenset({"toy"}))
    parts = [part(say("game.started", title='Aces "Up" ♠', seed=7), HOST),
             part(Exact("stock \x1b[31m♥\x1b[0m\n10♣ \udcff", "board"), GAME),
             part("No, not that.", GAME, "error", plugin="other", code="other.refused"),
             part(say("command.usage", usage="spew HEX"), HOST, "error", inline=True)]
    writer.reply(4, 'say "hi"\ttab', Reply(ok=False, parts=parts[:2], error_parts=parts[2:], plugin="other"))
    lines = out.getvalue().split("\n")[1:-2]  # the hello first; the result (a template tested above) last
    assert len(lines) == 4
    for line in lines:
        assert json.dumps(json.loads(line), ensure_ascii=False) == line
    records = [json.loads(line) for line in lines]
    assert [record["kind"] for record in records] == ["output", "board", "error", "error"]
    assert records[2]["origin"] == "plugin" and records[2]["id"] == "other.refused" and records[3]["inline"]
    assert records[0]["args"] == {"title": 'Aces "Up" ♠', "seed": 7} and "\\udcff" in records[1]["text"]


def test_schema_1s_records_made_from_templates_are_the_released_records():
    """Schema 1's line records, written from a template, are byte for byte what :func:`record` gives."""
    from cardshell.messages import say
    from cardshell.porcelain import JsonWriter, record
    from cardshell.reply import GAME, HOST, Reply, part
    from cardshell.screen import Exact

    out = io.StringIO()
    parts = [part(say("game.started", title='Aces "Up" ♠', seed=7), HOST),
             part(Exact("stock \x1b[31m♥\x1b[0m\n10♣ \udcff", "board"), GAME),
             part("No, not that.", GAME, "error", plugin="other", code="other.refused"),
             part(say("command.usage", usage="spew HEX"), HOST, "error", inline=True)]
    JsonWriter(out, None, 1).reply(4, 'say "hi"', Reply(ok=False, parts=parts[:2], error_parts=parts[2:]))
    lines = out.getvalue().split("\n")[:-2]
    expected = []
    for stream, piece in [("out", parts[0]), ("out", parts[1]), ("err", parts[2]), ("err", parts[3])]:
        made = record(piece, stream, 4, 'say "hi"', "rejected")
        made.pop("_message", None)
        made.pop("_game", None)
        made["text"] = made["text"].replace("\udcff", "\\udcff")
        expected.append(json.dumps(made, ensure_ascii=False))
    assert lines == expected
