"""Every built-in game with hidden cards: ``determinize`` keeps what the player sees, and
``hint`` reads only that (two states with the same view get the same hint)."""

from __future__ import annotations

import pytest

from cardshell.testing import assert_determinize_keeps_view, assert_hint_reads_only_view, game_rules

HIDDEN = ["aces-up", "blackjack", "crazy-eights", "minesweeper", "thumb-and-pouch"]


def test_the_list_is_every_built_in_game_that_hides_cards():
    import tomllib
    from pathlib import Path

    from cardshell.testing import new_shell

    project = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text())
    built_in = list(project["project"]["entry-points"]["cardshell"])  # the plugins this repository ships
    shell = new_shell(built_in)
    hiding = sorted(gid for gid, game in shell.games.items() if game.determinize is not None)
    assert hiding == HIDDEN


@pytest.mark.parametrize("game_id", HIDDEN)
def test_determinize_keeps_the_players_view(game_id):
    assert game_rules(game_id, plugins=[game_id]).game.determinize is not None
    assert assert_determinize_keeps_view(game_id, range(3), plugins=[game_id], steps=20) >= 3


@pytest.mark.parametrize("game_id", HIDDEN)
def test_two_states_with_the_same_view_get_the_same_hint(game_id):
    assert assert_hint_reads_only_view(game_id, [0, 1], plugins=[game_id], steps=8, every=4) >= 2


def test_the_helpers_catch_a_determinize_that_changes_the_view_and_a_hint_that_peeks(monkeypatch):
    import dataclasses

    from cardshell import Hint
    from cardshell_crazy_eights import plugin

    original = plugin.GAME
    def shows_another_top(state, rng):
        return dataclasses.replace(state, discard=state.discard[:-1] + (state.stock[0],))

    monkeypatch.setattr(plugin, "GAME", dataclasses.replace(original, determinize=shows_another_top))
    with pytest.raises(AssertionError, match="changed the player's view"):
        assert_determinize_keeps_view("crazy-eights", [0], plugins=["crazy-eights"])

    def peeks(state, rng):
        legal = plugin.rules.legal_moves(state)
        return Hint(legal[0] if state.hands[1][0].rank % 2 else legal[-1])

    monkeypatch.setattr(plugin, "GAME", dataclasses.replace(original, hint=peeks))
    with pytest.raises(AssertionError, match="got different hints"):
        assert_hint_reads_only_view("crazy-eights", range(4), plugins=["crazy-eights"], steps=8, every=1)
