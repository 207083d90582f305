"""The test suite never writes into the user's real data directory (issue 11
item 25): conftest.py points HOME, XDG and CARDSHELL_DATA_DIR at a session
directory before any test module is imported.  It never reads the user's
real directories either (issue 28 item 8): the user may play while the
suite runs.  A cardshell run writes only where its environment points.

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

from conftest import TESTS, XDG, redirected

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


def test_the_user_playing_while_the_suite_runs_does_not_fail_it(tmp_path):
    # Issue 28 item 8: the session compared the user's real data directory
    # before and after, so a passing run exited 1 when the user played
    # meanwhile.  Here a test writes there (as the user's own cardshell
    # would): the run passes and says nothing about it.
    target = tmp_path / "fake-home" / ".local" / "share" / "cardshell"
    result, _ = run_pytest(tmp_path, WRITES_INTO_REAL_HOME, LEAK_TARGET=str(target))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout
    assert "real data directory" not in result.stdout + result.stderr
    assert (target / "stats.sqlite3").read_text() == "leaked"


def files_under(top: Path) -> set[Path]:
    """Every file below ``top``, relative to it."""
    return {path.relative_to(top) for path in top.rglob("*") if path.is_file()}


def test_a_cardshell_run_writes_only_into_the_directories_its_environment_names(tmp_path):
    # The fixture's environment (conftest.redirected) as a child process sees it:
    # the saves, the recording and the plugin index land in the data and cache
    # directories; HOME and every XDG directory stay empty.
    env = {**os.environ, **redirected(tmp_path / "home", tmp_path / "data", tmp_path / "cache")}
    for name in XDG:
        Path(env[name]).mkdir(parents=True, exist_ok=True)
    record = tmp_path / "data-record" / "session.txt"
    record.parent.mkdir()
    run = subprocess.run([sys.executable, "-m", "cardshell", "--autosave", "--record", str(record)],
                         input="play aces-up --seed 3\nD\nsave first\nplay thumb-and-pouch\nexit\n",
                         capture_output=True, text=True, cwd=tmp_path / "data-record", env=env, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    data = files_under(tmp_path / "data")
    assert Path("saves") / "first.json" in data and any(path.parts[0] == "saves" for path in data - {
        Path("saves") / "first.json"})  # the named save and the autosave of the other game
    assert files_under(tmp_path / "cache") == {Path("plugin-index.json")}
    assert files_under(tmp_path / "home") == set()
    assert files_under(tmp_path / "data-record") == {Path("session.txt")}
    assert files_under(tmp_path) == ({Path("data") / path for path in data} | {Path("cache") / "plugin-index.json"}
                                     | {Path("data-record") / "session.txt"})


def test_without_cardshell_variables_a_run_writes_only_into_the_xdg_directories(tmp_path):
    # With HOME and XDG in a temporary directory and no CARDSHELL_DATA_DIR or
    # CARDSHELL_CACHE_DIR, the files go to XDG_DATA_HOME/cardshell and
    # XDG_CACHE_HOME/cardshell (platformdirs), and nowhere else in the tree.
    env = {name: value for name, value in os.environ.items() if not name.startswith("CARDSHELL_")}
    env.update({name: value for name, value in redirected(tmp_path / "home", tmp_path / "unused-data",
                                                          tmp_path / "unused-cache").items()
                if not name.startswith("CARDSHELL_")})
    run = subprocess.run([sys.executable, "-m", "cardshell", "--autosave"],
                         input="play aces-up --seed 3\nD\nsave first\nexit\n",
                         capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    data_home = Path(env["XDG_DATA_HOME"]).relative_to(tmp_path)
    cache_home = Path(env["XDG_CACHE_HOME"]).relative_to(tmp_path)
    written = files_under(tmp_path)
    assert data_home / "cardshell" / "saves" / "first.json" in written
    assert cache_home / "cardshell" / "plugin-index.json" in written
    assert {path for path in written
            if not (path.is_relative_to(data_home / "cardshell") or path.is_relative_to(cache_home / "cardshell"))
            } == set()
