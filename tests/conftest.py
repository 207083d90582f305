"""Shared fixtures: every test runs with its own data directory (never the
real home directory) and can load the toy plugins under tests/plugins."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# The suite is deterministic: hypothesis draws the same examples on every run
# (derandomize) and keeps no example database between runs.  Set
# HYPOTHESIS_PROFILE=explore to search with fresh random examples instead.
settings.register_profile("cardshell", derandomize=True, database=None, deadline=None)
settings.register_profile("explore", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "cardshell"))

TESTS = Path(__file__).resolve().parent
TOY_PLUGINS = TESTS / "plugins"
sys.path.insert(0, str(TOY_PLUGINS))


@pytest.fixture(autouse=True)
def isolated_home(tmp_path, monkeypatch):
    """Point the data directory, HOME and XDG dirs into the test's tmp_path."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("CARDSHELL_DATA_DIR", str(tmp_path / "data"))
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
