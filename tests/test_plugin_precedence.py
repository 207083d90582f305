"""Precedence on clashes (issue 11 item 21): built-in plugins always win over
third-party ones, the first-registered third party wins over later ones,
and only the later plugin is refused, with both names in the message.

Third-party plugins are fake distributions (a ``*.dist-info`` with entry
points, see test_plugin_isolation.py) whose entry-point names sort before
the built-in ones (``aaa-...``), so that name order alone would favour them.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from cardshell.shell import Shell
from test_plugin_isolation import write_distribution

#: entry-point name -> (distribution, version, module)
THIRD_PARTY = {
    "aaa-dup": ("cardshell-aaa-dup", "1.0", "duplicate_game"),  # registers 'aces-up' again
    "aaa-clash": ("cardshell-aaa-clash", "1.0", "clashing_command"),  # adds 'D' to Aces Up
    "stats": ("cardshell-not-stats", "0.5", "toy_counter"),  # takes the built-in statistics plugin's name
    "bbb-golf": ("cardshell-bbb-golf", "1.0", "golf_one"),  # the first third party with 'golf'
    "ccc-golf": ("cardshell-ccc-golf", "2.0", "golf_two"),  # a later one with 'golf'
    "abc-golf-addon": ("cardshell-golf-addon", "0.1", "golf_addon"),  # takes golf's word 'deal'
}

GOLF = """
import cardshell

@cardshell.hookimpl
def cardshell_games():
    return [cardshell.Game("golf", {title!r}, "a golf", new=lambda seed, options: 0, render=lambda s: {title!r})]

@cardshell.hookimpl
def cardshell_commands():
    return [cardshell.Command("deal", "deal a card", lambda ctx, args: ctx.echo({title!r}), game="golf")]
"""

GOLF_ADDON = """
import cardshell

@cardshell.hookimpl
def cardshell_commands():
    return [cardshell.Command("deal", "deal otherwise", lambda ctx, args: ctx.echo("addon"), game="golf"),
            cardshell.Command("tip", "a tip", lambda ctx, args: ctx.echo("tip"), game="golf")]
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("precedence-site")
    for name, (dist, version, module) in THIRD_PARTY.items():
        write_distribution(site, name, dist, version, module)
    (site / "golf_one.py").write_text(textwrap.dedent(GOLF.format(title="Golf One")))
    (site / "golf_two.py").write_text(textwrap.dedent(GOLF.format(title="Golf Two")))
    (site / "golf_addon.py").write_text(textwrap.dedent(GOLF_ADDON))
    return site


@pytest.fixture
def installed(site, monkeypatch) -> Path:
    monkeypatch.syspath_prepend(str(site))
    return site


def reasons(shell: Shell) -> dict[str, str]:
    return {failure.name: failure.describe() for failure in shell.failures}


def test_a_third_party_game_with_a_built_in_id_is_refused_not_the_built_in(installed):
    shell = Shell.create(plugins=["aces-up", "aaa-dup"])
    assert shell.games["aces-up"].title == "Aces Up"
    assert reasons(shell) == {"aaa-dup": "aaa-dup (from cardshell-aaa-dup 1.0): game id 'aces-up' is already "
                                         "registered by plugin 'aces-up' (from cardshell 0.1.0)"}
    assert shell.execute("play aces-up --seed 7").output.startswith("Aces Up, seed 7.\n")


def test_a_third_party_command_clashing_with_a_built_in_game_does_not_remove_the_game(installed):
    shell = Shell.create(plugins=["aces-up", "aaa-clash"])
    assert sorted(shell.games) == ["aces-up"]
    assert reasons(shell) == {"aaa-clash": "aaa-clash (from cardshell-aaa-clash 1.0): command word 'D' for game "
                                           "'aces-up' is already registered by plugin 'aces-up' (from cardshell 0.1.0)"}
    shell.execute("play aces-up --seed 7")
    assert shell.execute("D").ok


def test_a_third_party_plugin_named_like_a_built_in_one_is_refused(installed):
    shell = Shell.create(plugins=["stats"], extra_modules=["toy_counter"])
    assert reasons(shell) == {"stats": "stats (from cardshell-not-stats 0.5): the plugin name 'stats' is already "
                                       "taken by plugin 'stats' (from cardshell 0.1.0)"}
    assert [(info.name, info.dist) for info in shell.plugins if info.name == "stats"] == [("stats", "cardshell")]
    assert shell.execute("stats").output == "No finished games yet."


def test_between_third_parties_the_first_registered_wins(installed):
    shell = Shell.create(plugins=["ccc-golf", "bbb-golf"])
    assert shell.games["golf"].title == "Golf One"
    assert reasons(shell) == {"ccc-golf": "ccc-golf (from cardshell-ccc-golf 2.0): game id 'golf' is already "
                                          "registered by plugin 'bbb-golf' (from cardshell-bbb-golf 1.0)"}


def test_an_add_on_taking_a_games_word_is_refused_not_the_game(installed):
    shell = Shell.create(plugins=["bbb-golf", "abc-golf-addon"])
    assert "golf" in shell.games
    assert reasons(shell) == {"abc-golf-addon": "abc-golf-addon (from cardshell-golf-addon 0.1): command word "
                                                "'deal' for game 'golf' is already registered by plugin 'bbb-golf' "
                                                "(from cardshell-bbb-golf 1.0)"}
    shell.execute("play golf --seed 1")
    assert shell.execute("deal").output == "Golf One\nGolf One"
    assert not shell.execute("tip").ok  # nothing of the refused add-on is kept


def test_built_in_plugins_are_registered_before_third_party_ones(installed):
    shell = Shell.create()
    names = [info.name for info in shell.plugins]
    builtin = [info.name for info in shell.plugins if info.dist == "cardshell"]
    assert names[:len(builtin)] == builtin and len(builtin) >= 9  # the host and the eight built-in plugins


def test_a_plugin_module_named_like_a_loaded_plugin_is_refused_naming_both(installed):
    shell = Shell.create(plugins=["stats"], extra_modules=["stats", "toy_counter", "toy_counter"])
    assert reasons(shell) == {
        "stats": "stats: the plugin name 'stats' is already taken by plugin 'stats' (from cardshell 0.1.0)",
        "toy_counter": "toy_counter: the plugin name 'toy_counter' is already taken by plugin 'toy_counter'",
    }
    assert "counter" in shell.games
