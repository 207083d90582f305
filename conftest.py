"""Shared fixtures: every test runs with its own data directory (never the
real home directory) and can load the toy plugins under tests/plugins.

This file is at the root of the repository so that it applies to the host's
tests (``tests/``) and to each built-in game's tests beside its plugin
(``plugins/cardshell_<game>/tests/``) alike; both import the shared test
helpers of ``tests/`` (``search_helpers``, ``comp9021_helpers``, ...).

Two layers keep the suite out of the user's files:

* at import of this file, before pytest imports any test module (and so
  before any module- or session-scoped fixture can build a shell),
  ``HOME``, the XDG directories, ``CARDSHELL_DATA_DIR`` and
  ``CARDSHELL_CACHE_DIR`` (the plugin index) point into a
  temporary directory of this test session;
* every test then gets its own ``HOME``, data directory and cache directory
  (:func:`isolated_home`).

At the end of the session :func:`pytest_sessionfinish` compares the user's
real cardshell data and cache directories (as the environment named them before this
file changed it) with a snapshot taken at import, and fails the run, naming
the files, if anything there was created, changed or removed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

from cardshell.paths import DATA_DIR_ENV
from cardshell.plugin_index import CACHE_DIR_ENV


def real_data_dirs() -> list[Path]:
    """Every directory cardshell would keep the user's files in, for the current environment.

    Called before this file redirects the environment.

    Returns:
        list[Path]: ``CARDSHELL_DATA_DIR`` if set, and always the per-user
        data directory that a shell built without the variable uses
        (cardshell/paths.py: platformdirs' ``user_data_dir``).
    """
    import platformdirs

    dirs = []
    if os.environ.get(DATA_DIR_ENV):
        dirs.append(Path(os.environ[DATA_DIR_ENV]).expanduser())
    dirs.append(Path(platformdirs.user_data_dir("cardshell", appauthor=False)))
    # and where the plugin index is cached (cardshell/plugin_index.py: CARDSHELL_CACHE_DIR, else user_cache_dir)
    if os.environ.get(CACHE_DIR_ENV):
        dirs.append(Path(os.environ[CACHE_DIR_ENV]).expanduser())
    dirs.append(Path(platformdirs.user_cache_dir("cardshell", appauthor=False)))
    return dirs


def snapshot(dirs: list[Path]) -> dict[str, tuple[int, int] | None]:
    """What each directory holds: every file's (size, mtime in ns), or None if absent.

    Args:
        dirs (list[Path]): the directories to look at (recursively).

    Returns:
        dict[str, tuple[int, int] | None]: by path; a directory that does
        not exist is one entry ``None``.
    """
    found: dict[str, tuple[int, int] | None] = {}
    for top in dirs:
        if not top.exists():
            found[str(top)] = None
            continue
        for path in [top, *top.rglob("*")]:
            try:
                info = path.lstat()
            except OSError:
                continue
            found[str(path)] = (info.st_size, info.st_mtime_ns) if path.is_file() else (0, 0)
    return found


def changes(before: dict[str, tuple[int, int] | None], after: dict[str, tuple[int, int] | None]) -> list[str]:
    """What differs between two :func:`snapshot` results: ``created: PATH``, ``removed: PATH``, ``changed: PATH``."""
    lines = []
    for path in sorted(set(before) | set(after)):
        old, new = before.get(path), after.get(path)
        if old is None and new is not None:
            lines.append(f"created: {path}")
        elif old is not None and new is None:
            lines.append(f"removed: {path}")
        elif old != new:
            lines.append(f"changed: {path}")
    return lines


_USER_DATA_DIRS = real_data_dirs()
_USER_SNAPSHOT = snapshot(_USER_DATA_DIRS)
_SESSION_HOME = Path(tempfile.mkdtemp(prefix="cardshell-tests-"))
os.environ["HOME"] = str(_SESSION_HOME / "home")
os.environ["XDG_DATA_HOME"] = str(_SESSION_HOME / "home" / ".local" / "share")
os.environ["XDG_CONFIG_HOME"] = str(_SESSION_HOME / "home" / ".config")
os.environ["XDG_CACHE_HOME"] = str(_SESSION_HOME / "home" / ".cache")
os.environ["XDG_STATE_HOME"] = str(_SESSION_HOME / "home" / ".local" / "state")
os.environ[DATA_DIR_ENV] = str(_SESSION_HOME / "data")
os.environ[CACHE_DIR_ENV] = str(_SESSION_HOME / "cache")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run if the user's real data directories changed; remove the session's home."""
    touched = changes(_USER_SNAPSHOT, snapshot(_USER_DATA_DIRS))
    shutil.rmtree(_SESSION_HOME, ignore_errors=True)
    if touched:
        report = "\n".join(["", "the test session wrote into the user's real data directory:",
                             *(f"  {line}" for line in touched)])
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(report, red=True)
        else:  # pragma: no cover - without the terminal reporter (-p no:terminal)
            print(report, file=sys.stderr)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


# The suite is deterministic: hypothesis draws the same examples on every run
# (derandomize) and keeps no example database between runs.  Set
# HYPOTHESIS_PROFILE=explore to search with fresh random examples instead.
settings.register_profile("cardshell", derandomize=True, database=None, deadline=None)
settings.register_profile("explore", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "cardshell"))

TESTS = Path(__file__).resolve().parent / "tests"
TOY_PLUGINS = TESTS / "plugins"
sys.path.insert(0, str(TOY_PLUGINS))
sys.path.insert(0, str(TESTS))  # the shared helper modules, for the plugins' tests too


@pytest.fixture(autouse=True)
def isolated_home(tmp_path, monkeypatch):
    """Point the data directory, the cache directory, HOME and XDG dirs into the test's tmp_path."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("CARDSHELL_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path / "cache"))  # each test starts without a plugin index
    monkeypatch.delenv("CARDSHELL_LOAD_PLUGINS", raising=False)
    monkeypatch.delenv("CARDSHELL_DISABLE_PLUGINS", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    return home


@pytest.fixture
def run_cli():
    """Run ``python -m cardshell ARGS`` with ``stdin`` text; returns the CompletedProcess."""

    def run(*args: str, stdin: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        full_env = dict(os.environ)
        full_env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(TOY_PLUGINS), full_env.get("PYTHONPATH")]))
        full_env.update(env or {})
        return subprocess.run(
            [sys.executable, "-m", "cardshell", *args],
            input=stdin, capture_output=True, text=True, encoding="utf-8", env=full_env, timeout=60,
        )

    return run
