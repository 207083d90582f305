"""One state path (issue 29 item 2): a contract-1 game is adapted at
registration (cardshell/contract1.py) so that the host treats every state
as a value, and a contract-1 plugin still changes its state in place."""

from __future__ import annotations

import dataclasses
import types

import cardshell
from cardshell import contract1
from cardshell.shell import Shell


def test_a_contract_1_handler_changes_its_own_copy_never_the_live_state():
    shell = Shell.create(plugins=[], extra_modules=["toy_counter"], seed=0)
    assert shell.execute("play counter --seed 1").ok
    live = shell.current.state
    assert shell.execute("inc 2").ok
    assert shell.current.state is not live and live.count == 0  # the old state is the undo snapshot, untouched
    assert shell.current.state.count == 2
    assert shell.current.undo_stack[-1][0] is live


def test_a_failed_contract_1_command_leaves_the_very_same_state_object():
    shell = Shell.create(plugins=[], extra_modules=["toy_counter"], seed=0)
    assert shell.execute("play counter --seed 1").ok and shell.execute("inc 1").ok
    live = shell.current.state
    for line in ("fail", "crash", "inc -5"):
        assert not shell.execute(line).ok
        assert shell.current.state is live and live.count == 1 and len(live.history) == 1


def test_the_games_own_functions_and_validators_get_copies():
    seen = []
    module = types.ModuleType("toy_peeker")
    module.CARDSHELL_CONTRACT = 1  # type: ignore[attr-defined]

    def render(state):
        seen.append(state)
        text = f"{len(state)} marks"
        state.append("scribbled by render")  # a misbehaving display
        return text

    def check(state, args):
        seen.append(state)
        state.clear()  # a misbehaving validator

    def mark(ctx, args):
        ctx.state.append("x")

    @cardshell.hookimpl
    def cardshell_games():
        return [cardshell.Game(id="marks", title="Marks", summary="make marks", new=lambda seed, options: [],
                               render=render)]

    @cardshell.hookimpl
    def cardshell_commands():
        return [cardshell.Command("mark", "make a mark", mark, game="marks", validators=(check,))]

    module.cardshell_games, module.cardshell_commands = cardshell_games, cardshell_commands  # type: ignore[attr-defined]
    import sys

    sys.modules["toy_peeker"] = module
    try:
        shell = Shell.create(plugins=[], extra_modules=["toy_peeker"], seed=0)
    finally:
        del sys.modules["toy_peeker"]
    assert shell.execute("play marks").output.endswith("0 marks")
    assert shell.execute("mark").output == "1 marks"
    assert shell.execute("mark").output == "2 marks"
    assert shell.current.state == ["x", "x"]  # neither render's scribble nor the validator's clear reached it
    assert all(state is not shell.current.state for state in seen)


def test_a_render_hook_of_another_plugin_reads_a_copy_of_a_contract_1_state():
    scribbler = types.SimpleNamespace()

    @cardshell.hookimpl
    def cardshell_render(game, state):
        state.count = 999  # another plugin's display hook, misbehaving
        return None

    scribbler.cardshell_render = cardshell_render
    shell = Shell.create(plugins=[], extra_modules=["toy_counter"], seed=0)
    shell.pm.register(scribbler, name="scribbler")
    assert shell.execute("play counter --seed 1").output.endswith("[0]")
    assert shell.execute("inc 1").output.endswith("[1]") and shell.current.state.count == 1


def test_a_contract_1_games_search_functions_get_copies_too():
    def key(state):
        state.append("scribbled by key")  # a misbehaving key
        return len(state)

    game = cardshell.Game(id="marks", title="Marks", summary="make marks", new=lambda seed, options: [], render=str,
                          search=cardshell.Search(key=key))
    live: list[str] = []
    adapted = contract1.adapt_game(game)
    assert adapted.search is not None and adapted.search.key is not None
    assert adapted.search.key(live) == 1 and live == []
    immutable = dataclasses.replace(game, immutable=True)
    assert contract1.adapt_game(immutable) is immutable  # a contract-2 game passes through
