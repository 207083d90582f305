"""The test suite never writes into the user's real data directory (issue 11
item 25): conftest.py points HOME, XDG and CARDSHELL_DATA_DIR at a session
directory before any test module is imported, and fails the run if the
user's data directory changed anyway.

Each test runs pytest in a subprocess on a small test directory holding a
copy of this suite's conftest.py, with HOME set to a fake home directory
(and no CARDSHELL_DATA_DIR), as ``env -u CARDSHELL_DATA_DIR HOME=/tmp/h
pytest`` would run the real suite.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import TESTS

MODULE_SCOPED_SHELL = '''
import pytest
from cardshell.shell import Shell


@pytest.fixture(scope="module")
def shell():
    return Shell.create(plugins=["aces-up", "stats"], seed=3)


def test_a_finished_game_is_recorded(shell):
    assert shell.execute("play aces-up --seed 1").ok
    for _ in range(12):
        shell.execute("D")
    assert shell.current.outcome is not None  # the statistics plugin recorded it
'''

WRITES_INTO_REAL_HOME = '''
import os
from pathlib import Path


def test_leaks():
    target = Path(os.environ["LEAK_TARGET"])
    target.mkdir(parents=True)
    (target / "stats.sqlite3").write_text("leaked")
'''


def run_pytest(tmp_path: Path, test_source: str, **extra_env: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    """Run pytest on one test file beside a copy of conftest.py; returns (result, fake home)."""
    suite = tmp_path / "suite"
    suite.mkdir()
    shutil.copy(TESTS.parent / "conftest.py", suite / "conftest.py")
    (suite / "test_it.py").write_text(test_source)
    home = tmp_path / "fake-home"
    home.mkdir()
    env = {name: value for name, value in os.environ.items()
           if name not in ("CARDSHELL_DATA_DIR", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME",
                           "XDG_STATE_HOME")}
    env.update(HOME=str(home), PYTHONDONTWRITEBYTECODE="1", **extra_env)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(suite),
         "--basetemp", str(tmp_path / "basetemp"), str(suite)],
        cwd=suite, env=env, capture_output=True, text=True, timeout=120,
    )
    return result, home


def test_a_module_scoped_shell_writes_into_the_session_directory_not_home(tmp_path):
    # The bug: a module-scoped fixture ran before the per-test data directory
    # was set, so its finished games went into ~/.local/share/cardshell.
    result, home = run_pytest(tmp_path, MODULE_SCOPED_SHELL)
    assert result.returncode == 0, result.stdout + result.stderr
    assert not (home / ".local" / "share" / "cardshell").exists()
    assert list(home.iterdir()) == []


def test_the_session_fails_when_the_real_data_directory_was_touched(tmp_path):
    target = tmp_path / "fake-home" / ".local" / "share" / "cardshell"
    result, _ = run_pytest(tmp_path, WRITES_INTO_REAL_HOME, LEAK_TARGET=str(target))
    assert result.returncode == 1
    assert "1 passed" in result.stdout  # the test itself passed: the session check failed the run
    assert "the test session wrote into the user's real data directory" in result.stdout
    assert f"created: {target / 'stats.sqlite3'}" in result.stdout
