"""The porcelain output (``cardshell --jsonl``): a golden file of it, its
schema, and the promise that it tells what the plain output prints."""

from __future__ import annotations

import json
from pathlib import Path

from cardshell.messages import CATALOG
from cardshell.porcelain import SCHEMA_VERSION, STATUSES
from cardshell.reply import KINDS, ORIGINS

DATA = Path(__file__).resolve().parent / "data" / "porcelain"
SCRIPT = (DATA / "script.txt").read_text(encoding="utf-8")
FIELDS = {"cardshell", "stream", "line", "input", "status", "origin", "kind", "id", "args", "text", "inline"}


def test_the_porcelain_output_of_a_script_is_its_golden_file(run_cli, tmp_path):
    done = run_cli("--jsonl", "--seed", "0", "--data-dir", str(tmp_path), stdin=SCRIPT)
    assert done.returncode == 1 and done.stderr == ""
    assert done.stdout == (DATA / "expected.jsonl").read_text(encoding="utf-8"), (
        "regenerate with: cardshell --jsonl --seed 0 --data-dir $(mktemp -d) < tests/data/porcelain/script.txt "
        "> tests/data/porcelain/expected.jsonl, then review")


def test_every_object_follows_the_schema():
    objects = [json.loads(line) for line in (DATA / "expected.jsonl").read_text(encoding="utf-8").splitlines()]
    assert objects[-1]["kind"] == "exit" and objects[-1]["status"] == 1
    for obj in objects:
        assert set(obj) == FIELDS and obj["cardshell"] == SCHEMA_VERSION
        assert obj["origin"] in ORIGINS and obj["kind"] in (*KINDS, "result", "exit")
        if obj["kind"] not in ("exit",):
            assert obj["status"] in (None, *STATUSES)
        if obj["id"] is not None:
            assert obj["origin"] == "host" and obj["id"] in CATALOG
            _check_args(obj["args"])
    results = [obj for obj in objects if obj["kind"] == "result"]
    assert [obj["line"] for obj in results] == [3, 4, 5, 6, 7, 8, 9, 10]  # one per command line, comments skipped


def _check_args(args: dict) -> None:
    for value in args.values():
        if isinstance(value, dict):
            assert set(value) == {"id", "args", "text"} and value["id"] in CATALOG
            _check_args(value["args"])
        else:
            assert isinstance(value, str)


def test_the_porcelain_tells_what_the_plain_output_prints(run_cli, tmp_path):
    plain = run_cli("--seed", "0", "--data-dir", str(tmp_path / "plain"), stdin=SCRIPT)
    porcelain = run_cli("--jsonl", "--seed", "0", "--data-dir", str(tmp_path / "json"), stdin=SCRIPT)
    objects = [json.loads(line) for line in porcelain.stdout.splitlines()]
    out = ""
    for obj in objects:
        if obj["stream"] == "out":
            out += obj["text"] if obj["inline"] else ("\n" if out and not out.endswith("\n") else "") + obj["text"]
        elif obj["kind"] == "result" and out and not out.endswith("\n"):
            out += "\n"
    assert out == plain.stdout
    errors = {obj["line"]: "" for obj in objects if obj["stream"] == "err" and obj["kind"] == "error"}
    for obj in objects:
        if obj["stream"] == "err" and obj["kind"] == "error":
            errors[obj["line"]] += obj["text"] if obj["inline"] or not errors[obj["line"]] else "\n" + obj["text"]
    reported = [f"<stdin>:{line}: {text.splitlines()[0]}" for line, text in errors.items()]
    assert reported == [line for line in plain.stderr.splitlines() if line.startswith("<stdin>:")]
    assert plain.returncode == porcelain.returncode == 1
