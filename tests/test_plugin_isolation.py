"""Plugin isolation and reporting (issue 6): broken plugins installed as real
distributions (a ``*.dist-info`` with entry points, found by
``importlib.metadata`` on ``sys.path``) are each refused alone and reported
once with their distribution, while the built-in games still play.

The broken plugin modules are in tests/plugins/: broken_import (fails to
import), broken_registration (raises in cardshell_games), duplicate_game
(registers the taken id aces-up), future_contract (CARDSHELL_CONTRACT = 99),
clashing_command (adds a command D to Aces Up, which has one).
"""

from __future__ import annotations

import copy
import re
import subprocess
import sys
from pathlib import Path

import pytest

import broken_registration
import duplicate_game
from cardshell import hookspecs
from cardshell.defaults import DEFAULT_PLUGINS
from cardshell.discovery import check_contract
from cardshell.shell import Shell
from source_lines import where

TOY_PLUGINS = Path(__file__).resolve().parent / "plugins"

#: entry-point name -> (distribution, version, module)
BROKEN = {
    "broken-import": ("cardshell-broken-import", "0.3.1", "broken_import"),
    "broken-registration": ("cardshell-broken-registration", "1.0", "broken_registration"),
    "duplicate-game": ("cardshell-duplicate-game", "2.0b1", "duplicate_game"),
    "future-contract": ("cardshell-future-contract", "9.0", "future_contract"),
    "clashing-command": ("cardshell-clashing-command", "0.1", "clashing_command"),
}

#: entry-point name -> the exact reason it is refused.
REASONS = {
    "broken-import": "failed to import: ModuleNotFoundError: No module named 'cardshell_no_such_dependency' (at "
                     f"{TOY_PLUGINS / 'broken_import.py'}:3)",
    "broken-registration": f"raised in cardshell_games ({where(broken_registration, 'the deck is missing')}): "
                           "RuntimeError: the deck is missing",
    "duplicate-game": "game id 'aces-up' is already registered by plugin 'aces-up' (from cardshell 0.1.0)",
    "future-contract": "needs plugin contract version 99, but this cardshell provides plugin contract versions 1 to 2",
    "clashing-command": "command word 'D' for game 'aces-up' is already registered by plugin 'aces-up' "
                        "(from cardshell 0.1.0)",
}


def write_distribution(site: Path, name: str, dist: str, version: str, module: str) -> None:
    """Install a fake distribution: a dist-info with METADATA and entry_points.txt."""
    info = site / f"{dist.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n")
    (info / "entry_points.txt").write_text(f"[cardshell]\n{name} = {module}\n")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """A directory holding the broken distributions' metadata."""
    site = tmp_path_factory.mktemp("site")
    for name, (dist, version, module) in BROKEN.items():
        write_distribution(site, name, dist, version, module)
    return site


@pytest.fixture
def installed(site, monkeypatch) -> Path:
    """The broken distributions installed (on sys.path) for this test."""
    monkeypatch.syspath_prepend(str(site))
    broken_registration.EVENTS.clear()
    duplicate_game.EVENTS.clear()
    return site


def broken_shell(**kwargs) -> Shell:
    return Shell.create(plugins=["aces-up", *BROKEN], seed=1, **kwargs)


def test_each_broken_plugin_is_refused_once_with_its_distribution(installed):
    shell = broken_shell()
    reported = {failure.name: failure for failure in shell.failures}
    assert len(shell.failures) == len(BROKEN) == len(reported)  # once each
    for name, (dist, version, _) in BROKEN.items():
        failure = reported[name]
        assert (failure.dist, failure.version, failure.reason) == (dist, version, REASONS[name])
        assert failure.describe() == f"{name} (from {dist} {version}): {REASONS[name]}"
    assert [info.name for info in shell.plugins] == [*(name for name, _ in DEFAULT_PLUGINS), "aces-up"]


def test_built_in_games_still_play_and_nothing_of_a_refused_plugin_is_kept(installed):
    shell = broken_shell()
    assert sorted(shell.games) == ["aces-up"]  # not duplicate-extra, future-game
    assert shell.games["aces-up"].title == "Aces Up"
    reply = shell.execute("play aces-up --seed 7")
    assert reply.ok and reply.output.startswith("Aces Up, seed 7.\n")
    assert "fake" not in reply.output  # duplicate_game's render hook is unregistered
    before = copy.deepcopy(shell.current.state)
    assert shell.execute("D").ok and shell.current.state != before
    commands = [command.name for command in shell.game_commands("aces-up")]
    assert "cheat" not in commands  # duplicate_game's command for the real Aces Up
    assert "peek2" not in commands  # clashing_command's other, unclashing command
    assert not shell.execute("cheat").ok
    assert broken_registration.EVENTS == [] and duplicate_game.EVENTS == []  # no lifecycle hook ran


def test_plugins_command_lists_loaded_plugins_and_each_failure_once(installed):
    shell = broken_shell(extra_modules=["toy_counter"])
    output = shell.execute("plugins").output
    loaded, _, failed = output.partition("Failed plugins:\n")
    assert loaded.startswith("Plugins:\n")
    assert "aces-up" in loaded and "cardshell 0.1.0; games: aces-up; hooks: cardshell_games" \
        in loaded
    assert "toy_counter" in loaded and "(no distribution); games: counter; hooks:" in loaded
    for name in BROKEN:
        assert name not in loaded
    lines = failed.splitlines()
    assert sorted(lines) == sorted(f"  {name} (from {d} {v}): {REASONS[name]}" for name, (d, v, _) in BROKEN.items())


def test_the_cli_warns_once_per_broken_plugin_and_plays_on(site, run_cli):
    env = {"PYTHONPATH": f"{site}:{TOY_PLUGINS}", "CARDSHELL_LOAD_PLUGINS": ",".join(["aces-up", *BROKEN])}
    result = run_cli("--seed", "1", stdin="play aces-up --seed 7\nD\n", env=env)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    warnings = result.stderr.splitlines()
    assert sorted(warnings) == sorted(
        f"cardshell: warning: plugin {name} (from {d} {v}): {REASONS[name]}" for name, (d, v, _) in BROKEN.items()
    )
    assert result.stdout.startswith("Aces Up, seed 7.\n")


def test_plugins_from_the_command_line_shows_distribution_version_games_hooks(site, run_cli):
    env = {"PYTHONPATH": f"{site}:{TOY_PLUGINS}", "CARDSHELL_LOAD_PLUGINS": "aces-up,cardshell-future-contract"}
    result = run_cli("plugins", env=env)
    assert result.returncode == 0
    assert re.search(r"\n  aces-up +cardshell 0\.1\.0; games: aces-up; hooks: cardshell_games\n", result.stdout)
    assert result.stdout.endswith(
        f"Failed plugins:\n  future-contract (from cardshell-future-contract 9.0): {REASONS['future-contract']}\n"
    )


def test_load_plugins_by_entry_point_or_distribution_name_and_disable(installed, monkeypatch):
    monkeypatch.setenv("CARDSHELL_LOAD_PLUGINS", "aces-up, cardshell-future-contract")
    shell = Shell.create()
    assert sorted(shell.games) == ["aces-up"] and [f.name for f in shell.failures] == ["future-contract"]
    shell = Shell.create(disabled=["future-contract"])
    assert shell.failures == []
    monkeypatch.setenv("CARDSHELL_DISABLE_PLUGINS", "cardshell-future-contract")
    assert Shell.create().failures == []
    monkeypatch.setenv("CARDSHELL_LOAD_PLUGINS", "")
    shell = Shell.create()
    assert shell.games == {} and shell.failures == []
    assert shell.execute("help").ok  # the host's commands remain


def test_a_plugin_not_loaded_is_not_imported(installed):
    shell = Shell.create(plugins=["aces-up"], disabled=["broken-import"])
    assert shell.failures == []


def test_contract_refusal_names_both_versions(monkeypatch):
    import toy_counter  # declares CARDSHELL_CONTRACT = 1

    assert check_contract(toy_counter) is None  # contract 1 is still served
    monkeypatch.setattr(hookspecs, "OLDEST_CONTRACT_VERSION", 2)
    monkeypatch.setattr(hookspecs, "CONTRACT_VERSION", 3)
    assert check_contract(toy_counter) == (
        "needs plugin contract version 1, but this cardshell provides plugin contract versions 2 to 3"
    )
    shell = Shell.create(plugins=[], extra_modules=["toy_counter"])
    assert [(f.name, f.reason) for f in shell.failures] == [("toy_counter", check_contract(toy_counter))]
    assert "counter" not in shell.games


@pytest.mark.parametrize("declared", ["1", 1.0, True])
def test_a_contract_that_is_not_an_int_is_refused(declared):
    class Module:
        CARDSHELL_CONTRACT = declared

    reason = check_contract(Module)
    assert reason == f"CARDSHELL_CONTRACT must be an int (this cardshell provides plugin contract versions 1 to 2), " \
                     f"got {declared!r}"


def test_a_plugin_without_a_declared_contract_is_loaded():
    class Module:
        pass

    assert check_contract(Module) is None


def test_a_plugin_cannot_take_a_host_command_word():
    shell = Shell.create(plugins=[], extra_modules=["steals_help"])
    assert [(f.name, f.reason) for f in shell.failures] == [
        ("steals_help", "command word 'help' for the shell is already registered by plugin 'cardshell.builtin' "
                        "(from cardshell 0.1.0)")
    ]
    assert "Type 'help COMMAND' for details" in shell.execute("help").output  # the shell's own help answers


def test_extra_plugin_from_a_file_path(tmp_path):
    plugin = tmp_path / "my_dev_game.py"
    plugin.write_text((TOY_PLUGINS / "toy_counter.py").read_text())
    shell = Shell.create(plugins=[], extra_modules=[str(plugin)])
    assert shell.failures == [] and "counter" in shell.games
    assert shell.execute("play counter --seed 1").ok and shell.execute("inc 2").output == "count is now 2\n[2]"
    missing = Shell.create(plugins=[], extra_modules=[str(tmp_path / "nope.py")])
    assert [f.reason for f in missing.failures] == [f"failed to import: FileNotFoundError: no such file: "
                                                    f"{tmp_path / 'nope.py'}"]


def test_a_plugin_file_is_named_by_its_module_stem_wherever_it_lives(tmp_path):
    """Golden files that load --plugin path/to/file.py are the same in every checkout."""
    reports = []
    for where_to in ("one", "two/deeper"):
        folder = tmp_path / where_to
        folder.mkdir(parents=True)
        plugin = folder / "dev_counter.py"
        plugin.write_text((TOY_PLUGINS / "toy_counter.py").read_text() + "\n\n@cardshell.hookimpl\n"
                          "def cardshell_game_ended(session):\n    pass\n")
        shell = Shell.create(plugins=[], extra_modules=[str(plugin)])
        reports.append([(f.name, f.reason) for f in shell.failures])
        sys.modules.pop("dev_counter", None)
    assert reports[0] == reports[1]
    assert [name for name, _ in reports[0]] == ["dev_counter"]
    assert "unknown hook 'cardshell_game_ended'" in str(reports[0][0][1])


def test_extra_plugin_module_from_the_current_directory(tmp_path):
    """The console script does not put the current directory on sys.path; --plugin searches it."""
    (tmp_path / "cwd_game.py").write_text((TOY_PLUGINS / "toy_counter.py").read_text())
    result = subprocess.run([str(Path(sys.executable).with_name("cardshell")), "--plugin", "cwd_game", "plugins"],
                            cwd=tmp_path, capture_output=True, text=True, env={"CARDSHELL_LOAD_PLUGINS": "",
                                                                               "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    assert "cwd_game" in result.stdout and "games: counter" in result.stdout


def test_extra_plugin_file_inside_a_package_imports_its_siblings(tmp_path):
    package = tmp_path / "pkg_dev_game"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "rules.py").write_text("TITLE = 'Dev Game'\n")
    (package / "plugin.py").write_text(
        "import cardshell\nfrom pkg_dev_game import rules\n\n"
        "@cardshell.hookimpl\ndef cardshell_games():\n"
        "    return [cardshell.Game('dev-game', rules.TITLE, 'in development', new=lambda seed, options: 0,\n"
        "                           render=lambda state: 'dev')]\n"
    )
    shell = Shell.create(plugins=[], extra_modules=[str(package / "plugin.py")])
    assert shell.failures == []
    assert shell.games["dev-game"].title == "Dev Game"
    assert [info.module for info in shell.plugins][-1] == "pkg_dev_game.plugin"
