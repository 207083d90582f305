"""Command namespaces (issue 26 item 1): a host word added later never removes a game.

A game's own command may use any word of the shell's (global) scope; inside
that game the game's command wins and the shell's is reached as ``%WORD``.
A plugin is refused only for a real clash: the same word twice in one scope.
The toy games are tests/plugins/own_words1.py (contract 1) and
own_words2.py (contract 2), each with its own ``hint``, ``show`` and ``moves``;
the golden test tests/golden/test_own_host_words.cardshell plays them.
"""

from __future__ import annotations

import sys
import types

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardshell
from cardshell.completion import candidates
from cardshell.registry import ESCAPE
from cardshell.shell import Shell

OWN = ["own_words1", "own_words2"]


@pytest.fixture
def shell() -> Shell:
    built = Shell.create(plugins=["aces-up"], extra_modules=OWN, seed=0)
    assert built.failures == []
    return built


def test_games_using_host_words_are_accepted_and_shadow_them(shell):
    assert {"stones1", "stones2", "aces-up"} <= set(shell.games)
    assert shell.registry.shadowed("stones1") == ["show", "moves", "hint"]
    assert shell.registry.shadowed("stones2") == ["show", "moves", "hint"]
    assert shell.registry.shadowed("aces-up") == []
    assert shell.registry.shadowed(None) == []


def test_inside_the_game_its_own_word_wins_and_the_escape_reaches_the_shells(shell):
    assert shell.execute("play stones2 --seed 2").ok
    assert shell.execute("hint").output == "Stones 2 says: take 3"
    assert shell.execute("%hint").output.startswith("Hint: take 3")
    assert shell.execute("moves").output == "You may type: take 1 | take 2 | take 3"
    assert shell.execute("%moves").output == "Legal moves: take 1, take 2, take 3"
    assert shell.execute(f"{ESCAPE} show").output == "pile: 12"  # a space after the escape is allowed


def test_outside_the_game_the_word_is_the_shells(shell):
    assert shell.execute("play aces-up --seed 1").ok
    assert shell.execute("moves").output.startswith("Legal moves:")
    assert shell.execute("%moves").output == shell.execute("moves").output
    assert shell.execute("quit").ok
    assert shell.execute("%games").output == shell.execute("games").output


def test_a_rejected_escape_names_the_word_and_changes_nothing(shell):
    assert shell.execute("play stones2 --seed 2").ok
    assert shell.execute("take 3").ok
    before = shell.current.state, list(shell.current.log)
    reply = shell.execute("%hitn")
    assert not reply.ok
    assert reply.error == ("unknown shell command '%hitn' (did you mean '%hint'?); %WORD reaches the shell's "
                           "command WORD; type '%help' for the list")
    assert (shell.current.state, list(shell.current.log)) == before


def test_help_shows_both_words(shell):
    assert shell.execute("play stones1 --seed 1").ok
    short = " ".join(shell.execute("help").output.split())  # one screen: the shell's common words as a list
    assert "Shell commands: rules, %show, %moves, %hint, undo," in short
    menu = shell.execute("help all").output
    game_part, shell_part = menu.split("Shell commands:")
    assert "  hint " in game_part and "  show " in game_part and "  moves " in game_part
    assert "\n  %hint [OPTIONS] " in shell_part and "\n  %moves " in shell_part and "\n  %show " in shell_part
    flat = " ".join(menu.split())  # wrapped to the width
    assert "(also: board)" in flat
    assert "Stones has its own 'show', 'moves', 'hint': the shell's are '%show', '%moves', '%hint'." in flat
    assert "%solve" not in menu and "  solve [--play]" in shell_part
    assert shell.execute("help hint").output.endswith("The shell's own 'hint' is '%hint' in Stones ('help %hint').")
    assert shell.execute("help %hint").output.startswith("usage: hint [OPTIONS]")


def test_the_ending_and_the_solver_name_the_escape_where_a_word_is_shadowed():
    module = types.ModuleType("own_undo")
    module.CARDSHELL_CONTRACT = 2  # type: ignore[attr-defined]

    @cardshell.hookimpl
    def cardshell_commands():
        return [cardshell.Command("undo", "the game's own undo", lambda ctx, args: ctx.echo("no"), game="stones2"),
                cardshell.Command("solve", "the game's own solve", lambda ctx, args: ctx.echo("no"), game="stones2")]

    module.cardshell_commands = cardshell_commands  # type: ignore[attr-defined]
    sys.modules["own_undo"] = module
    try:
        shell = Shell.create(plugins=[], extra_modules=["own_words2", "own_undo"], seed=0)
    finally:
        del sys.modules["own_undo"]
    assert shell.failures == []
    assert shell.execute("play stones2 --seed 0").ok  # a pile of 10
    assert shell.execute("%solve").output.endswith("'%solve --play' plays it.")
    for line in ("take 3", "take 3", "take 3"):
        assert shell.execute(line).ok
    assert shell.execute("take 1").output.endswith("Next: 'new', 'restart', '%undo' or 'quit'.")
    assert shell.execute("undo").output == "no\npile: 0"  # the game's own undo, then its board


def test_plugins_lists_the_shadowed_words(shell):
    output = shell.execute("plugins").output
    assert "Shell words games use for their own commands (%WORD reaches the shell's there):" in output
    assert "stones1  show (%show), moves (%moves), hint (%hint)" in output
    assert "aces-up  " not in output.split("Shell words")[1]


def test_completion_offers_the_escaped_form_of_shadowed_words(shell):
    assert shell.execute("play stones2 --seed 2").ok
    words, _ = candidates(shell, "")
    assert "hint" in words and "%hint" in words and "%moves" in words and "%show" in words
    assert "solve" in words and "%solve" not in words
    assert candidates(shell, "%h")[0] == ["%help", "%hint", "%history"]
    assert candidates(shell, "%hint --s")[0] == ["--samples", "--seconds"]


def test_a_word_taken_twice_in_one_game_is_still_a_clash():
    module = types.ModuleType("own_clash")

    @cardshell.hookimpl
    def cardshell_commands():
        return [cardshell.Command("hint", "a second hint", lambda ctx, args: None, game="stones2")]

    module.cardshell_commands = cardshell_commands  # type: ignore[attr-defined]
    sys.modules["own_clash"] = module
    try:
        shell = Shell.create(plugins=[], extra_modules=["own_words2", "own_clash"])
    finally:
        del sys.modules["own_clash"]
    assert [(f.name, f.reason) for f in shell.failures] == [
        ("own_clash", "command word 'hint' for game 'stones2' is already registered by plugin 'own_words2'")]
    assert "stones2" in shell.games


#: Every word a built-in game or the toy games use, plus a few new ones.
def _game_words() -> list[str]:
    shell = Shell.create(plugins=None, extra_modules=OWN)
    return sorted({word for gid in shell.games for entry in shell.registry.commands(gid)
                   for word in entry.command.words} | {"deal", "peek", "score"})


GAME_WORDS = _game_words()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.lists(st.sampled_from(GAME_WORDS), min_size=1, max_size=6, unique=True))
def test_adding_shell_commands_never_removes_a_game(words):
    """Growth of the shell's words (here: global commands of a new plugin,
    which live in the same global scope as the host's own) refuses no game."""
    module = types.ModuleType("host_growth")

    @cardshell.hookimpl
    def cardshell_commands():
        return [cardshell.Command(word, "a new shell word", lambda ctx, args: ctx.echo("grown")) for word in words]

    module.cardshell_commands = cardshell_commands  # type: ignore[attr-defined]
    sys.modules["host_growth"] = module
    try:
        before = Shell.create(plugins=None, extra_modules=OWN)
        after = Shell.create(plugins=None, extra_modules=[*OWN, "host_growth"])
    finally:
        del sys.modules["host_growth"]
    assert set(after.games) == set(before.games)
    refused = {failure.name for failure in after.failures}
    assert refused <= {"host_growth"}  # only the newcomer, and only for a clash with another global word
    for gid in after.games:
        assert [e.command.words for e in after.registry.commands(gid)] == \
               [e.command.words for e in before.registry.commands(gid)]
