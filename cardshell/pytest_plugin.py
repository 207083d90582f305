"""The pytest plugin of cardshell (``pytest11`` entry point ``cardshell``).

Built on :mod:`cardshell.testing`: the ``cardshell_script`` and
``cardshell_shell`` fixtures, golden scripts (``test_*.cardshell``)
collected as :class:`GoldenItem` tests, the ``--cardshell-update-golden``
option and the ``cardshell_plugins`` ini option.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

# The records are imported with the plugin, before any test runs: pytester's
# in-process runs drop the modules a run imported, and a records module
# imported anew would define a second Game class, while ``cardshell.Game``
# (cached by the package, PEP 562) would still be the first one.
import cardshell.records  # noqa: F401
from cardshell.golden import (
    COMPARED,
    GOLDEN_SUFFIX,
    LEGEND,
    STRICT_OPTION,
    UPDATE_OPTION,
    GoldenError,
    GoldenMismatch,
    GoldenOptions,
    _read,
)
from cardshell.testing import ScriptResult, check_golden, new_shell, run_cardshell, run_golden

if TYPE_CHECKING:  # pragma: no cover
    from cardshell.shell import Shell

_UPDATED_KEY = pytest.StashKey[list[str]]()
_HOST_WORDING_KEY = pytest.StashKey[list[str]]()


def _strict(config: pytest.Config) -> bool:
    """Whether golden tests compare every byte (``--cardshell-strict-golden``, or ini ``cardshell_golden = strict``)."""
    return bool(config.getoption(STRICT_OPTION.lstrip("-").replace("-", "_"), False)) or (
        str(config.getini("cardshell_golden") or "").strip() == "strict")


def _ini_plugins(config: pytest.Config) -> list[str] | None:
    value = config.getini("cardshell_plugins")
    if value is None or value == "":
        return None
    text = value if isinstance(value, str) else ",".join(value)
    if text.strip() in ('""', "''"):
        return []
    return [name.strip() for name in text.split(",") if name.strip()]


@pytest.fixture(scope="session")
def cardshell_script(request: pytest.FixtureRequest) -> Callable[..., ScriptResult]:
    r"""Run a script of commands against a fresh shell (:func:`run_cardshell`).

    ``plugins`` defaults to the ini option ``cardshell_plugins`` (all installed
    plugins when unset).  Session-scoped, a new empty data directory per call,
    so it works under hypothesis' ``@given``.  Example::

        def test_a_wrong_guess_ends_the_game(cardshell_script):
            result = cardshell_script("play higher-lower --seed 3\nguess lower\n")
            assert result.status == 0
            assert result.shell.current.state.lost
    """
    default_plugins = _ini_plugins(request.config)
    factory = request.getfixturevalue("tmp_path_factory")

    def run(script: str | Path | Iterable[str], *, plugins: Iterable[str] | None | object = ...,
            **kwargs: Any) -> ScriptResult:
        chosen = default_plugins if plugins is ... else plugins
        kwargs.setdefault("data_dir", factory.mktemp("cardshell-data"))
        return run_cardshell(script, plugins=chosen, **kwargs)  # type: ignore[arg-type]

    return run


@pytest.fixture(scope="session")
def cardshell_shell(request: pytest.FixtureRequest) -> Callable[..., Shell]:
    """Build a fresh shell per call (:func:`new_shell`).

    ``plugins`` defaults to the ini option ``cardshell_plugins``; session-scoped,
    a new empty data directory per call, so it works under ``@given``.  Example::

        @given(st.lists(st.sampled_from(["guess higher", "g l", "undo", "new"])))
        def test_any_lines_keep_the_promises(cardshell_shell, lines):
            shell = cardshell_shell()
            execute_checked(shell, "play higher-lower --seed 2")
            for line in lines:
                execute_checked(shell, line)
    """
    default_plugins = _ini_plugins(request.config)
    factory = request.getfixturevalue("tmp_path_factory")

    def build(*, plugins: Iterable[str] | None | object = ..., **kwargs: Any) -> Shell:
        chosen = default_plugins if plugins is ... else plugins
        kwargs.setdefault("data_dir", factory.mktemp("cardshell-data"))
        return new_shell(plugins=chosen, **kwargs)  # type: ignore[arg-type]

    return build



class GoldenFile(pytest.File):
    """A ``test_*.cardshell`` script: one golden test."""

    def collect(self) -> Iterable[GoldenItem]:
        yield GoldenItem.from_parent(self, name=self.path.name)


class GoldenItem(pytest.Item):
    """Runs a golden script and compares its results with the expected files."""

    def expected_path(self, kind: str) -> Path:
        """The expected file of ``kind`` (``out``, ``err`` or ``status``)."""
        return self.path.with_name(f"{self.path.name}.{kind}")

    def reproduce_command(self, options: GoldenOptions) -> str:
        """The shell command that prints what this test compares."""
        parts = [f"cd {shlex.quote(str(self.path.parent))} &&"]
        if options.plugins is not None:
            parts.append(f"CARDSHELL_LOAD_PLUGINS={shlex.quote(','.join(options.plugins))}")
        parts += ["cardshell", "--data-dir", '"$(mktemp -d)"', "--seed", str(options.seed)]
        parts += ["--echo"] * options.echo + ["--stop-on-error"] * options.stop_on_error
        for module in options.modules or ():
            parts += ["--plugin", shlex.quote(module)]
        for name in options.disabled or ():
            parts += ["--disable-plugin", shlex.quote(name)]
        parts.append(shlex.quote(self.path.name))
        return " ".join(parts)

    def runtest(self) -> None:
        plugins = _ini_plugins(self.config)
        if self.config.getoption("cardshell_update_golden"):
            result, _ = run_golden(self.path, plugins=plugins)
            self._update(result)
            return
        check = check_golden(self.path, plugins=plugins, strict=_strict(self.config))
        if check.problems:
            report = [f"golden test {self.path.name} failed:", *check.problems]
            if any("differs" in p for p in check.problems):
                report.append(LEGEND)
                if not _strict(self.config):
                    report.append(COMPARED)
            report.append(f"reproduce: {self.reproduce_command(check.options)}")
            if check.regressed:  # a plugin's failure: never advise recording it
                named = ", ".join(repr(name) for name in dict.fromkeys(check.regressed))
                report.append(f"plugin {named} regressed: fix the plugin; rewriting the expected files with "
                              f"{UPDATE_OPTION} would record its failure as the expected result")
            else:
                report.append(f"update (then review): pytest {UPDATE_OPTION} {self.path}")
            raise GoldenMismatch("\n".join(report))
        if check.host_lines:
            self.config.stash.setdefault(_HOST_WORDING_KEY, []).append(f"{self.path} ({check.host_lines} host "
                                                                       f"line(s))")

    def _update(self, result: ScriptResult) -> None:
        written = []
        named = [item.plugin for item in result.err_items if item.plugin is not None]
        if named:  # recorded only when the author means it: said beside the files written
            written.append(f"note: {self.path.name} records a warning or error naming plugin "
                           f"{', '.join(repr(name) for name in dict.fromkeys(named))}: check that the failure "
                           f"is meant")
        contents = {"out": result.output, "err": result.errors or None,
                    "status": f"{result.status}\n" if result.status else None}
        for kind, text in contents.items():
            path = self.expected_path(kind)
            if text is None:
                if path.exists():
                    path.unlink()
                    written.append(f"removed {path}")
            elif _read(path) != text:
                path.write_bytes(text.encode("utf-8"))
                written.append(f"wrote {path}")
        self.config.stash.setdefault(_UPDATED_KEY, []).extend(written)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        """The mismatch report itself, without a Python traceback."""
        if isinstance(excinfo.value, (GoldenMismatch, GoldenError)):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"golden {self.path.name}"


# -- pytest hooks ---------------------------------------------------------------
def pytest_addoption(parser: pytest.Parser) -> None:
    """Register ``--cardshell-update-golden`` and the ``cardshell_plugins`` ini option."""
    group = parser.getgroup("cardshell", "cardshell plugin testing")
    group.addoption(UPDATE_OPTION, action="store_true", dest="cardshell_update_golden", default=False,
                    help="rewrite the expected files of the golden tests (test_*.cardshell) from their "
                         "actual results instead of comparing")
    group.addoption(STRICT_OPTION, action="store_true", dest=STRICT_OPTION.lstrip("-").replace("-", "_"),
                    default=False,
                    help="compare golden files byte for byte, the host's wording included (by default the "
                         "host's lines compare by message id and arguments)")
    parser.addini("cardshell_plugins", "plugins (comma list) loaded by cardshell_script and golden tests; "
                  "unset: all installed", default=None)
    parser.addini("cardshell_golden", "'strict': golden tests compare every byte (as --cardshell-strict-golden)",
                  default="")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> GoldenFile | None:
    """Collect ``test_*.cardshell`` scripts as golden tests."""
    name = file_path.name
    if name.startswith("test_") and name.endswith(GOLDEN_SUFFIX):
        return GoldenFile.from_parent(parent, path=file_path)
    return None


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """List the expected files that ``--cardshell-update-golden`` wrote."""
    older = config.stash.get(_HOST_WORDING_KEY, [])
    if older and not config.getoption("cardshell_update_golden", False):
        terminalreporter.write_sep("-", f"cardshell: {len(older)} golden file(s) hold host lines of another "
                                        f"release (they passed: host lines compare by message, in any wording)")
        for line in older:
            terminalreporter.write_line(line)
        terminalreporter.write_line(f"'pytest {UPDATE_OPTION}' refreshes the host's wording in them")
    written = config.stash.get(_UPDATED_KEY, [])
    if config.getoption("cardshell_update_golden", False):
        changed = [line for line in written if not line.startswith("note: ")]
        terminalreporter.write_sep("-", f"cardshell: {len(changed)} golden file(s) changed")
        for line in written:
            terminalreporter.write_line(line)
