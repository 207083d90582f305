"""Crazy Eights through the host: play, completion, no undo, check_game, hint and an honest sweep."""

from __future__ import annotations

import pytest

from cardshell.contractcheck import check_game
from cardshell.testing import new_shell
from cardshell_crazy_eights import rules


@pytest.fixture
def shell():
    sh = new_shell(["crazy-eights"])
    reply = sh.execute("play crazy-eights --seed 4")
    assert reply.ok, reply.error
    return sh


def test_the_board_shows_the_players_hand_and_only_the_count_of_the_computers(shell):
    state = rules.new_game(4)
    out = shell.execute("show").output
    assert f"Your hand: {' '.join(rules.card_word(c) for c in state.hand)}" in out
    assert "Computer: 7 cards" in out
    for card in state.opponent:
        assert rules.card_word(card) not in out.split("Your hand:")[0]


def test_a_move_is_answered_by_the_computer(shell):
    state = rules.new_game(4)
    move = rules.legal_moves(state)[0]
    reply = shell.execute(move)
    assert reply.ok, reply.error
    assert "The computer " in reply.output


def test_an_illegal_card_is_refused_and_changes_nothing(shell):
    state = rules.new_game(4)
    bad = next(c for c in rules.new_deck() if c not in state.hand and c.rank != 8)
    before = shell.execute("show").output
    reply = shell.execute(f"play {rules.card_word(bad)}")
    assert not reply.ok and "not in your hand" in (reply.error or "")
    assert shell.execute("show").output == before


def test_undo_is_refused(shell):
    shell.execute("draw")
    reply = shell.execute("undo")
    assert not reply.ok and "undo" in (reply.error or "").lower()


def test_hint_names_a_legal_move(shell):
    reply = shell.execute("hint --samples 4")
    assert reply.ok, reply.error
    assert any(move in reply.output for move in rules.legal_moves(rules.new_game(4)))


@pytest.mark.parametrize("seed", [0, 1])
def test_check_game(seed):
    check_game("crazy-eights", seed, plugins=["crazy-eights"], steps=30, walk_seed=seed)


def test_an_honest_sweep_playing_by_the_hint_finishes_every_deal():
    """A player who follows ``hint`` (from the player's view) on a few deals: every game ends with an outcome."""
    results = []
    for seed in range(3):
        sh = new_shell(["crazy-eights"])
        assert sh.execute(f"play crazy-eights --seed {seed}").ok
        for _ in range(200):
            reply = sh.execute("hint --samples 2 --nodes 200")
            assert reply.ok, reply.error
            move = next((m for m in rules.legal_moves(_state(sh)) if f"Hint: {m} " in reply.output
                         or f"Hint: {m}\n" in reply.output or reply.output.startswith(f"Hint: {m}")), None)
            assert move is not None, reply.output
            played = sh.execute(move)
            if "over" in played.output or _state(sh).over:
                break
        results.append(rules.result(_state(sh)))
    assert all(result is not None for result in results)


def _state(sh):
    return sh.table.current.state
