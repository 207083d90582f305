"""The contributors' checks, in environments nox builds (``python3 -m nox``; README's quick start).

Sessions, run in this order by a plain ``nox``:

* ``tests``: cardshell with its test extra and the example third-party
  plugin, editable; ruff, mypy (settings in pyproject.toml), the whole
  suite on two processes (pytest-xdist's ``-n 2``) and the example
  plugin's own suite.
* ``compat``: the compatibility suite (docs/compatibility.md): cardshell and
  every third-party-style plugin under ``tests/compat/`` installed
  NON-editable, as a stranger's ``pip install`` would, each package's own
  suite run against the installed packages.  The packages are never edited
  to make a change of cardshell pass.

``nox -s tests`` runs one session; ``nox -R`` reuses the environments of an
earlier run.  Any pytest exit status but 0 fails its session (5, no test
collected, included), and a failed session fails ``nox``.
"""

from __future__ import annotations

from pathlib import Path

import nox

nox.options.sessions = ["tests", "compat"]
nox.options.error_on_missing_interpreters = True

ROOT = Path(__file__).resolve().parent
EXAMPLE = "examples/cardshell-higher-lower"


@nox.session
def tests(session: nox.Session) -> None:
    """Lint, type-check and run the suite and the example plugin's suite."""
    session.install("-e", ".[test]", "-e", EXAMPLE)
    session.run("ruff", "check")
    session.run("mypy")
    session.run("python", "-m", "pytest", "-n", "2", *session.posargs)
    session.run("python", "-m", "pytest", EXAMPLE)


@nox.session
def compat(session: nox.Session) -> None:
    """The compatibility suite: each package of tests/compat installed as a stranger installs it."""
    packages = sorted(str(path.parent.relative_to(ROOT)) for path in ROOT.glob("tests/compat/*/pyproject.toml"))
    if not packages:
        session.error("no package under tests/compat")
    for package in packages:
        if not (ROOT / package / "tests").is_dir():
            session.error(f"{package} has no tests/ folder")
    # One pip command for cardshell and the packages: an add-on that needs
    # another compat package gets it from its directory, and every package's
    # cardshell is this checkout's; then each one's test extra.
    session.install(".", *packages)
    session.install(*(f"{package}[test]" for package in packages))
    failed = []
    for package in packages:
        try:
            session.run("python", "-m", "pytest", "-q", "-p", "no:cacheprovider", f"{package}/tests")
        except nox.command.CommandFailed:
            failed.append(package)
    if failed:
        session.error(f"the compatibility suite failed for {', '.join(failed)}")
