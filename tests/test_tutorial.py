"""docs/tutorial.md cannot drift from what ``new-plugin`` writes (issue 29
item 5): every code block marked ``file=PATH`` is that file of
``new-plugin mygame``, the transcript is what the command prints, and the
first hook comes early."""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

from cardshell.scaffold import write_plugin
from cardshell.shell import Shell

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "docs" / "tutorial.md"
_BLOCK = re.compile(r"^```\w+ file=(\S+)\n(.*?)^```$", re.M | re.S)
_TRANSCRIPT = re.compile(r"^```text\n\$ python -m cardshell new-plugin mygame\n(.*?)^```$", re.M | re.S)


def test_every_file_block_is_the_file_new_plugin_writes(tmp_path):
    target = write_plugin("mygame", tmp_path)
    blocks: dict[str, str] = {}
    for path, body in _BLOCK.findall(TUTORIAL.read_text(encoding="utf-8")):
        assert path not in blocks, f"{path} is shown twice"
        blocks[path] = body
    written = {path.relative_to(target).as_posix() for path in target.rglob("*") if path.is_file()}
    # Shown in full: everything but the README, the empty package marker and the status file.
    assert set(blocks) == written - {"README.md", "cardshell_mygame/__init__.py", "tests/test_play.cardshell.status"}
    for path, body in blocks.items():
        assert body == (target / path).read_text(encoding="utf-8"), path
    for path in written:  # the layout names every file
        assert Path(path).name in TUTORIAL.read_text(encoding="utf-8"), path


def test_the_transcript_is_what_new_plugin_prints(tmp_path, monkeypatch):
    home = tmp_path / "me"
    home.mkdir()
    monkeypatch.chdir(home)
    reply = Shell.create(plugins=[]).execute("new-plugin mygame")
    assert reply.ok, reply.error
    printed = reply.output.replace(shlex.quote(sys.executable), "/home/me/.venv/bin/python")
    printed = printed.replace(str(home), "/home/me")
    (shown,) = _TRANSCRIPT.findall(TUTORIAL.read_text(encoding="utf-8"))
    assert shown == printed + "\n"


def test_the_first_hook_comes_within_the_first_200_lines():
    lines = TUTORIAL.read_text(encoding="utf-8").splitlines()
    first = next(number for number, line in enumerate(lines, 1) if line.startswith("@cardshell.hookimpl"))
    assert first <= 200
    assert lines[0].startswith("# Tutorial") and "new-plugin" in lines[0]
