"""Shared fixtures: every test runs with its own data directory (never the
real home directory) and can load the toy plugins under tests/plugins.

This file is at the root of the repository so that it applies to the host's
tests (``tests/``) and to each built-in game's tests beside its plugin
(``plugins/cardshell_<game>/tests/``) alike.  Only the host's tests import
the helper modules and toy plugins of ``tests/``; a game's tests use only
what docs/compatibility.md makes public (``cardshell.testing``), as a
stranger's would (tests/test_module_layout.py checks it).

Two layers keep the suite out of the user's files:

* at import of this file, before pytest imports any test module (and so
  before any module- or session-scoped fixture can build a shell),
  ``HOME``, the XDG directories (:data:`XDG`), ``CARDSHELL_DATA_DIR`` and
  ``CARDSHELL_CACHE_DIR`` (the plugin index) point into a temporary
  directory of this test session, and every other ``CARDSHELL_*`` variable
  of the user's environment is removed;
* every test then gets its own ``HOME``, XDG directories, data directory
  and cache directory (:func:`isolated_home`).

The suite never reads, snapshots or compares the user's real directories
(issue 28, item 8: a snapshot compared at the end failed a passing run
whenever the user played cardshell meanwhile).  That a cardshell run
writes only where its environment points is a test of its own
(tests/test_suite_isolation.py).
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

_SESSION_HOME = Path(tempfile.mkdtemp(prefix="cardshell-tests-"))
#: The XDG base directories, each under HOME as the XDG specification places them by default.
XDG = {"XDG_DATA_HOME": (".local", "share"), "XDG_CONFIG_HOME": (".config",), "XDG_CACHE_HOME": (".cache",),
       "XDG_STATE_HOME": (".local", "state")}


def redirected(home: Path, data: Path, cache: Path) -> dict[str, str]:
    """The environment variables that keep cardshell inside temporary directories.

    Args:
        home (Path): the HOME to use; the XDG directories go under it (:data:`XDG`).
        data (Path): ``CARDSHELL_DATA_DIR``.
        cache (Path): ``CARDSHELL_CACHE_DIR`` (the plugin index).

    Returns:
        dict[str, str]: by variable name.
    """
    return {"HOME": str(home), **{name: str(home.joinpath(*parts)) for name, parts in XDG.items()},
            DATA_DIR_ENV: str(data), CACHE_DIR_ENV: str(cache)}


#: What every test's environment holds besides :func:`redirected`: no pager
#: in a test's terminal (a pty spawned by pexpect) unless the test asks for
#: one (tests/test_pager.py), since a reply taller than its screen would
#: otherwise wait in 'less' for a key.
QUIET = {"CARDSHELL_PAGER": ""}

for _name in [name for name in os.environ if name.startswith("CARDSHELL_")]:
    del os.environ[_name]
os.environ.update(redirected(_SESSION_HOME / "home", _SESSION_HOME / "data", _SESSION_HOME / "cache"))
os.environ.update(QUIET)
# The screen's size is the default one (80 x 24: cardshell/screen.py) in every
# run, whatever terminal the suite is started from; a test that wants another
# sets COLUMNS itself (or a pty's size).
# pytest imports readline before this file (_pytest/capture.py), and GNU
# readline, with TERM set, exports the terminal's COLUMNS and LINES (80 x 24
# when there is no terminal) into the process's C environment, which
# os.environ never sees but a subprocess started without env= inherits:
# unsetenv removes them there too.
for _name in ("COLUMNS", "LINES", "PAGER"):
    os.environ.pop(_name, None)
    os.unsetenv(_name)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Remove the session's home directory."""
    shutil.rmtree(_SESSION_HOME, ignore_errors=True)


# The suite is deterministic: hypothesis draws the same examples on every run
# (derandomize) and keeps no example database between runs.  Set
# HYPOTHESIS_PROFILE=explore to search with fresh random examples instead.
settings.register_profile("cardshell", derandomize=True, database=None, deadline=None)
settings.register_profile("explore", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "cardshell"))

TESTS = Path(__file__).resolve().parent / "tests"
TOY_PLUGINS = TESTS / "plugins"
sys.path.insert(0, str(TOY_PLUGINS))
sys.path.insert(0, str(TESTS))  # the host's test helper modules


@pytest.fixture(autouse=True)
def isolated_home(tmp_path, monkeypatch):
    """Point the data directory, the cache directory, HOME and the XDG dirs
    into the test's tmp_path (:func:`redirected`); no other ``CARDSHELL_*``
    variable is set but :data:`QUIET`'s.  Each test starts without a plugin index."""
    home = tmp_path / "home"
    home.mkdir()
    for name in [name for name in os.environ if name.startswith("CARDSHELL_")]:
        monkeypatch.delenv(name)
    for name, value in {**redirected(home, tmp_path / "data", tmp_path / "cache"), **QUIET}.items():
        monkeypatch.setenv(name, value)
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
