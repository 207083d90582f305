"""Start-up from the plugin index (cardshell/plugin_index.py, cardshell/registry.py):
a warm start says exactly what a start that imports every plugin says,
imports a game's plugin only when the game is needed, keeps pluggy's hook
order, and the index is rebuilt when what it describes changes."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cardshell import hookcall, plugin_index
from cardshell.shell import Shell

SCRIPTS = {
    "empty": "",
    "games": "games\n",
    "help": "help\nhelp aces-up\nhelp stats\n",
    "plugins": "plugins\n",
    "play": "play aces-up --seed 7\nD\nF 9\nundo\nplay blackjack --seed 3\nstats\n",
    "typos": "exitt\nstat\nplay aces --seed 2\nD\nquit\nexit\n",
}


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A new empty cache directory for this test (the index is written there)."""
    directory = tmp_path / "cache"
    monkeypatch.setenv(plugin_index.CACHE_DIR_ENV, str(directory))
    return directory


@pytest.mark.parametrize("words", [["plugins"], ["help", "stats"], ["winnability", "thumb", "--deals", "3:0"]])
def test_a_command_on_the_command_line_is_found_on_a_warm_start(words, cache, tmp_path):
    cold = cli("", tmp_path / "cold", *words)
    warm = cli("", tmp_path / "warm", *words)
    assert warm == cold and "no such file or command" not in warm[1]


def cli(script: str, data_dir, *args: str) -> tuple[str, str, int]:
    result = subprocess.run([sys.executable, "-m", "cardshell", "--seed", "1", "--data-dir", str(data_dir), *args],
                            input=script, capture_output=True, text=True, encoding="utf-8", timeout=60)
    return result.stdout, result.stderr, result.returncode


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_a_warm_start_says_exactly_what_a_cold_start_says(name, cache, tmp_path):
    cold = cli(SCRIPTS[name], tmp_path / "cold")
    assert (cache / "plugin-index.json").is_file()
    warm = cli(SCRIPTS[name], tmp_path / "warm")
    assert warm == cold
    if name == "play":
        assert "Aces Up, seed 7." in warm[0] and "Blackjack" in warm[0]


MODULES = ("import sys\nfrom cardshell.cli import main\nstatus = main(['--seed', '1'])\n"
           "print(sorted({m.split('.')[0] for m in sys.modules if m.startswith('cardshell_')}), file=sys.stderr)\n")


def imported_plugins(script: str, tmp_path) -> list[str]:
    result = subprocess.run([sys.executable, "-c", MODULES], input=script, capture_output=True, text=True,
                            encoding="utf-8", timeout=60, env=dict(os.environ, CARDSHELL_DATA_DIR=str(tmp_path)))
    return json.loads(result.stderr.strip().splitlines()[-1].replace("'", '"'))


def test_a_warm_start_imports_a_game_plugin_only_when_the_game_is_needed(cache, tmp_path):
    imported_plugins("", tmp_path)  # cold: imports everything, writes the index
    assert imported_plugins("", tmp_path) == []
    assert imported_plugins("games\n", tmp_path) == []
    played = imported_plugins("play aces-up --seed 7\nD\n", tmp_path)
    assert "cardshell_aces_up" in played and "cardshell_stats" in played  # the listener sees the start
    assert "cardshell_blackjack" not in played and "cardshell_minesweeper" not in played


def test_hook_order_and_precedence_are_those_of_an_eager_start(cache):
    eager = Shell.create(seed=1, deferred=True)  # no index yet: imports everything, writes it
    lazy = Shell.create(seed=1, deferred=True)
    assert eager.registry.pending() == [] and lazy.registry.pending() != []
    assert lazy.execute("play aces-up --seed 3").ok
    lazy.registry.load_all()
    for hook in ("cardshell_games", "cardshell_commands", "cardshell_game_started", "cardshell_game_over",
                 "cardshell_command_applied", "cardshell_render"):
        order = [impl.plugin_name for impl in getattr(lazy.pm.hook, hook).get_hookimpls()]
        expected = [impl.plugin_name for impl in getattr(eager.pm.hook, hook).get_hookimpls()]
        assert [n for n in order if not n.startswith("cardshell.")] == \
            [n for n in expected if not n.startswith("cardshell.")], hook
    assert [e.command.name for e in lazy.registry.global_scope.entries] == \
        [e.command.name for e in eager.registry.global_scope.entries]
    assert [(i.name, i.games, i.hooks) for i in lazy.plugins] == [(i.name, i.games, i.hooks) for i in eager.plugins]


def test_the_index_is_ignored_when_a_plugin_file_changes(cache):
    """A plugin file whose time differs from the one the index recorded voids the index.

    The file itself is never touched (another test running beside this one reads it):
    the index's record of it is made older instead, as after an edit of the file.
    """
    import json

    Shell.create(deferred=True)
    index = plugin_index.load()
    assert index is not None and any(p.name == "aces-up" for p in index)
    stored = cache / plugin_index._FILE
    data = json.loads(stored.read_text(encoding="utf-8"))
    entry = next(p for p in data["plugins"] if p["name"] == "aces-up")
    entry["files"][0][1] -= 1_000_000_000
    stored.write_text(json.dumps(data), encoding="utf-8")
    assert plugin_index.load() is None
    assert Shell.create(deferred=True).registry.pending() == []  # rebuilt by importing everything
    assert plugin_index.load() is not None


def test_the_index_is_ignored_when_the_environment_switches_change(cache, monkeypatch):
    Shell.create(deferred=True)
    assert plugin_index.load() is not None
    monkeypatch.setenv("CARDSHELL_LOAD_PLUGINS", "aces-up")
    assert plugin_index.load() is None
    shell = Shell.create(deferred=True)
    assert sorted(shell.games) == ["aces-up"]


def test_a_damaged_or_oversized_index_is_rebuilt(cache):
    Shell.create(deferred=True)
    path = cache / "plugin-index.json"
    path.write_text("{not json", encoding="utf-8")
    assert plugin_index.load() is None
    path.write_bytes(b" " * (plugin_index.MAX_INDEX_BYTES + 1))
    assert plugin_index.load() is None
    assert Shell.create(deferred=True).registry.pending() == []
    assert plugin_index.load() is not None


def test_no_index_is_made_from_a_shell_with_a_failed_plugin(cache):
    shell = Shell.create(extra_modules=["no_such_plugin_module"])
    assert [failure.name for failure in shell.failures] == ["no_such_plugin_module"]
    assert plugin_index.from_shell(shell) is None  # so a broken plugin is imported, and reported, at every start


def test_explicit_plugin_lists_and_extra_modules_do_not_use_the_index(cache):
    Shell.create(deferred=True)
    assert Shell.create(deferred=True).registry.pending() != []
    assert Shell.create(["aces-up"], deferred=True).registry.pending() == []
    assert Shell.create(extra_modules=["toy_counter"], deferred=True).registry.pending() == []
    assert Shell.create(disabled=["stats"], deferred=True).registry.pending() == []


def test_each_registration_hook_is_called_once_per_plugin_when_plugins_load_on_demand(cache):
    Shell.create(seed=1, deferred=True)
    shell = Shell.create(seed=1, deferred=True)
    calls: list[tuple[str, str]] = []
    # hookcall.monitor: the host's guarded calls run on private managers that
    # pm.add_hookcall_monitoring alone does not see (issue 26 item 6).
    hookcall.monitor(shell.pm, lambda name, impls, kwargs: calls.extend((name, i.plugin_name) for i in impls
                                                                        if name in ("cardshell_games",
                                                                                    "cardshell_commands")),
                     lambda outcome, name, impls, kwargs: None)
    for line in ("games", "play aces-up --seed 1", "help", "play blackjack --seed 2", "play aces-up"):
        assert shell.execute(line).ok, line
    assert len(calls) == len(set(calls)) and ("cardshell_games", "aces-up") in calls
    assert shell.current is not None and shell.current.game is shell.games["aces-up"]


def test_plugins_stay_registered_in_the_order_of_an_eager_start(cache):
    eager = Shell.create(seed=1, deferred=True)  # no index yet: imports everything, writes it
    order = [name for name, _ in eager.pm.list_name_plugin()]
    lazy = Shell.create(seed=1, deferred=True)
    assert lazy.pm.list_name_plugin() == []  # the host's own plugins are deferred too
    for line in ("games", "play aces-up --seed 3", "hint", "play blackjack --seed 2"):
        assert lazy.execute(line).ok, line
        now = [name for name, _ in lazy.pm.list_name_plugin()]
        assert now == [name for name in order if name in now], line
    assert "cardshell.winnability" not in now and "minesweeper" not in now
    lazy.registry.load_all()
    assert [name for name, _ in lazy.pm.list_name_plugin()] == order


def test_a_global_word_imports_only_the_plugin_that_registers_it(cache):
    Shell.create(seed=1, deferred=True)
    shell = Shell.create(seed=1, deferred=True)
    entry = shell.registry.command("new-plugin")
    assert entry is not None and entry.plugin == "cardshell.scaffold"
    assert [name for name, _ in shell.pm.list_name_plugin()] == ["cardshell.scaffold"]
    assert shell.registry.command("no-such-word") is None  # no plugin says it has it: nothing imported
    assert [name for name, _ in shell.pm.list_name_plugin()] == ["cardshell.scaffold"]
    assert "aces-up" in shell.games and shell.registry.pending()[:1] == ["aces-up"]  # listed, not imported
