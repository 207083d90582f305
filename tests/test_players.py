"""Players in the contract: the host plays the computer seats' turns by their own policies,
and a policy's fault is the plugin's, leaving the game as it was."""

from __future__ import annotations

import dataclasses

from cardshell.testing import game_rules, new_shell
from cardshell_crazy_eights import plugin, rules


def test_a_search_sees_the_state_after_the_computers_reply():
    ruleset = game_rules("crazy-eights", plugins=["crazy-eights"])
    start = rules.deal(3, 2)
    after = ruleset.play(start, "play 3d")
    assert after.turn == 0 and after.moves > 1
    alone = rules.play(start, rules.parse_play("3d")[0])
    assert alone.turn == 1  # the rules alone leave West to move: the host played West and North


def test_a_policy_that_names_an_unlisted_line_is_the_plugins_fault(monkeypatch):
    players = dataclasses.replace(plugin.PLAYERS, policies=dict.fromkeys(rules.COMPUTERS, lambda view, rng: "play zz"))
    monkeypatch.setattr(plugin, "GAME", dataclasses.replace(plugin.GAME, players=players))
    shell = new_shell(["crazy-eights"])
    shell.execute("play crazy-eights --seed 3 --opponents 2")
    before = shell.current.state
    reply = shell.execute("play 3d")
    assert not reply.ok
    assert "Players.policies" in reply.error and "crazy-eights" in reply.error
    assert shell.current.state == before


def test_the_policy_receives_its_seats_view_and_a_generator_seeded_by_the_game(monkeypatch):
    seen = []

    def spy(view, rng):
        seen.append((view, rng.random()))
        return rules.policy(view, rng)

    players = dataclasses.replace(plugin.PLAYERS, policies=dict.fromkeys(rules.COMPUTERS, spy))
    monkeypatch.setattr(plugin, "GAME", dataclasses.replace(plugin.GAME, players=players))
    for _ in range(2):
        shell = new_shell(["crazy-eights"])
        shell.execute("play crazy-eights --seed 3 --opponents 2")
        assert shell.execute("play 3d").ok
    half = len(seen) // 2
    assert half and seen[:half] == seen[half:]  # the same seed, the same views and draws
    view = seen[0][0]
    assert view[1] == rules.deal(3, 2).hands[1]  # West's own hand, never the player's
