"""Every example of README.md works as written: the quick start is two commands,
the tour's lines run as a script, and each script example exits with the status
its text gives (0, or 1 for the example refused on purpose)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
TEXT = README.read_text(encoding="utf-8")


def _section(title: str) -> str:
    start = TEXT.index(f"\n## {title}\n")
    end = TEXT.find("\n## ", start + 1)
    return TEXT[start:end if end != -1 else None]


def _blocks(section: str, kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", section, re.S)


def _run(command: str, home: Path, **kwargs) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HOME": str(home), "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("CARDSHELL_DATA_DIR", None)
    return subprocess.run(["bash", "-c", command], capture_output=True, text=True, env=env, timeout=120, **kwargs)


def test_the_quick_start_is_two_commands_the_second_the_contributors():
    [block] = _blocks(_section("Quick start"), "sh")
    commands = [line for line in block.splitlines() if line.strip()]
    assert len(commands) == 2
    assert commands[0].endswith("cardshell") and "nox" in commands[1]
    assert "for contributors" in _section("Quick start")


def test_the_tour_runs_as_a_script(tmp_path):
    [block] = _blocks(_section("A short tour"), "text")
    lines = []
    for line in block.splitlines()[1:]:  # after '$ cardshell'
        typed = re.sub(r"^([a-z-]+> |[a-z-]+: .*?\): )", "", line, count=1).split("  #")[0].strip()
        lines.append(typed)
    assert lines[0] == "games" and lines[-1] == "exit"
    done = _run("cardshell --seed 1", tmp_path, input="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    assert "Winning line" in done.stdout or "No win" in done.stdout or "Unknown" in done.stdout


@pytest.mark.parametrize("command", [line for block in _blocks(_section("Scripts and programs"), "sh")
                                     for line in block.splitlines() if line.strip()])
def test_each_script_example_exits_as_its_text_says(command, tmp_path):
    refused_on_purpose = "F 9" in command
    assert not refused_on_purpose or "refused on purpose" in _section("Scripts and programs")
    done = _run(command, tmp_path)
    assert done.returncode == (1 if refused_on_purpose else 0), done.stderr
    if refused_on_purpose:
        assert "<stdin>:2:" in done.stderr and "column 9" in done.stderr
