"""What a plain start imports (issue 29 item 4): a script start with a
current plugin index imports the host, and nothing behind its two lazy
boundaries: the deferred plugins (the games, the default plugins' modules,
entry-point metadata) and the heavy or optional libraries (prompt_toolkit's
terminal front end, multiprocessing pools, SQLite tables, sockets, Dask,
matplotlib, hypothesis).  ``games`` imports the one default plugin that
registers it and still none of the rest.  Start-up time itself is measured
by benchmarks/startup.py, never asserted here."""

from __future__ import annotations

import os
import subprocess
import sys

#: Modules (and packages, with everything under them) a plain start must not import.
NOT_AT_A_PLAIN_START = ("prompt_toolkit", "multiprocessing", "sqlite3", "socket", "importlib.metadata",
                        "importlib.resources", "distributed", "dask", "matplotlib", "hypothesis", "pytest",
                        "cardshell.interactive", "cardshell.winnability", "cardshell.sweep", "cardshell.assist",
                        "cardshell.scaffold", "cardshell.search", "cardshell.commands")

#: Standard library modules a plain start does without: pickle (a sweep's worker carries a plugin's
#: exception), datetime (written save times are read through time.strftime), uuid and platform.
STDLIB_NOT_AT_A_PLAIN_START = ("pickle", "datetime", "uuid", "platform", "hashlib", "platformdirs")

#: Every host module a plain script start imports, and nothing else of the host (the directories
#: are set, as the probe sets them).  A module added here is a cost every start pays: measure it
#: (benchmarks/startup.py) before listing it.
HOST_AT_A_PLAIN_START = frozenset("""
    cardshell cardshell.blame cardshell.cards cardshell.cli cardshell.command_records cardshell.context
    cardshell.contract1 cardshell.defaults cardshell.discovery cardshell.dispatch cardshell.endings
    cardshell.errors cardshell.flatsearch cardshell.game_options cardshell.gametable cardshell.help
    cardshell.hookcall cardshell.hookspecs cardshell.immutability cardshell.layout cardshell.messages
    cardshell.option_values
    cardshell.ownfiles cardshell.parsers cardshell.paths cardshell.persistence cardshell.pipes
    cardshell.plugin_index cardshell.plugincheck cardshell.porcelain cardshell.problems cardshell.recording
    cardshell.records cardshell.registry cardshell.render cardshell.replay cardshell.reply cardshell.ruleset
    cardshell.savefile cardshell.saves cardshell.scopes cardshell.screen cardshell.script cardshell.seeds
    cardshell.session cardshell.sessions cardshell.settings cardshell.shell cardshell.signals cardshell.statekind
    cardshell.version
    cardshell.views cardshell.watchdog""".split())

#: What a script's first move of Aces Up adds to a plain start's host modules: the default plugins'
#: commands it runs and the game's own modules (with the statistics plugin's).
HOST_FOR_A_FIRST_MOVE = HOST_AT_A_PLAIN_START | frozenset("""
    cardshell.commands cardshell.commands.base cardshell.commands.common cardshell.commands.play
    cardshell.commands.switching cardshell.gamepage cardshell.rng cardshell.timestamps""".split())

#: What ``exit`` adds to a plain start's host modules: the default plugin registering it and the base
#: of the default plugins, none of what the others share (a game's lookup, the saves' list, its page).
HOST_FOR_EXIT = HOST_AT_A_PLAIN_START | frozenset(
    "cardshell.commands cardshell.commands.base cardshell.commands.leaving".split())

#: Standard library modules ``exit`` does without (the others' close matches and saves' times).
STDLIB_NOT_FOR_EXIT = ("difflib", "datetime")

#: The front ends and terminal libraries no game plugin's module and no sweep worker imports.
FRONT_ENDS = ("prompt_toolkit", "pygments", "cardshell.interactive", "cardshell.pager",
              "cardshell.completion")

#: ``games`` is the default plugin ``cardshell.builtin``'s (cardshell.commands.menu, with what the
#: default plugins share, cardshell.commands.common): every other module above stays out.
NOT_FOR_GAMES = tuple(name for name in NOT_AT_A_PLAIN_START if name != "cardshell.commands") + (
    "cardshell.commands.play", "cardshell.commands.switching", "cardshell.commands.undoing",
    "cardshell.commands.saving", "cardshell.commands.leaving", "cardshell.commands.plugins")

#: A game played in a script (its plugin, the statistics plugin's lifecycle hooks) imports none of these.
NOT_FOR_A_GAME = ("pickle", "uuid", "platform", "multiprocessing", "socket", "prompt_toolkit", "cardshell.sweep",
                  "cardshell.winnability", "cardshell.search")

_PROBE = """
import sys
import cardshell.cli
try:
    cardshell.cli.main([])
except SystemExit:
    pass
print(" ".join(sorted(sys.modules)))
"""


def _modules_of_a_start(tmp_path, script: str = "") -> set[str]:
    env = {**os.environ, "CARDSHELL_DATA_DIR": str(tmp_path / "data"), "CARDSHELL_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", _PROBE], input=script, capture_output=True, text=True,
                          env=env, timeout=120, check=True)
    return set(done.stdout.split())


def _under(modules: set[str], name: str) -> set[str]:
    return {m for m in modules if m == name or m.startswith(name + ".")}


def test_a_plain_start_imports_nothing_behind_the_lazy_boundaries(tmp_path):
    first = _modules_of_a_start(tmp_path)  # no index yet: every plugin is imported, and the index written
    assert "cardshell_aces_up" in first
    warm = _modules_of_a_start(tmp_path)
    assert "cardshell.shell" in warm and "cardshell.dispatch" in warm  # the host itself
    found = {name: sorted(_under(warm, name)) for name in NOT_AT_A_PLAIN_START + STDLIB_NOT_AT_A_PLAIN_START}
    assert {name: modules for name, modules in found.items() if modules} == {}
    assert sorted(m for m in warm if m.startswith("cardshell_")) == []  # no game plugin
    games = _modules_of_a_start(tmp_path, "games\n")
    assert "cardshell.commands.menu" in games
    found = {name: sorted(_under(games, name)) for name in NOT_FOR_GAMES}
    assert {name: modules for name, modules in found.items() if modules} == {}
    assert sorted(m for m in games if m.startswith("cardshell_")) == []  # the games are listed from the index
    played = _modules_of_a_start(tmp_path, "play aces-up --seed 7\nD\n")
    assert "cardshell_aces_up" in played and "cardshell_stats" in played
    found = {name: sorted(_under(played, name)) for name in NOT_FOR_A_GAME}
    assert {name: modules for name, modules in found.items() if modules} == {}


def test_the_host_modules_of_a_plain_start_a_first_move_and_exit_are_those_listed(tmp_path):
    _modules_of_a_start(tmp_path)  # writes the plugin index
    plain = _modules_of_a_start(tmp_path)
    assert {m for m in plain if m.split(".")[0] == "cardshell"} == HOST_AT_A_PLAIN_START
    played = _modules_of_a_start(tmp_path, "play aces-up --seed 7\nD\n")
    assert {m for m in played if m.split(".")[0] == "cardshell"} == HOST_FOR_A_FIRST_MOVE
    assert not any(_under(played, name) for name in FRONT_ENDS)
    left = _modules_of_a_start(tmp_path, "exit\n")
    assert {m for m in left if m.split(".")[0] == "cardshell"} == HOST_FOR_EXIT
    assert {name: sorted(_under(left, name)) for name in STDLIB_NOT_FOR_EXIT if _under(left, name)} == {}


_WORKER_PROBE = """
import importlib, sys
from importlib.metadata import entry_points
for entry in entry_points(group="cardshell"):
    if entry.name not in ("builtin",):
        try:
            entry.load()
        except Exception:
            pass
import cardshell.sweep.worker, cardshell_pictures, cardshell_blackjack.simulation
print(" ".join(sorted(sys.modules)))
"""


def test_game_plugins_and_a_sweep_worker_import_no_front_end(tmp_path):
    """What a simulation worker imports: every installed plugin's module, the
    sweep's worker side and the simulations (``import cardshell_pictures``)."""
    env = {**os.environ, "CARDSHELL_DATA_DIR": str(tmp_path / "data"), "CARDSHELL_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", _WORKER_PROBE], capture_output=True, text=True, env=env,
                          timeout=120, check=True)
    modules = set(done.stdout.split())
    assert "cardshell_pictures" in modules and "cardshell.sweep.worker" in modules
    assert {name: sorted(_under(modules, name)) for name in FRONT_ENDS if _under(modules, name)} == {}
