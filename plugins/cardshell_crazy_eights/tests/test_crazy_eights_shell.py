"""Crazy Eights through the host: the display, the computer's turns, typed moves, completion,
the contract check, the player's view kept by ``determinize`` and ``hint``, and an honest sweep."""

from __future__ import annotations

import re

import pytest

from cardshell.contractcheck import check_game
from cardshell.testing import assert_determinize_keeps_view, assert_hint_reads_only_view, completions, new_shell
from cardshell_crazy_eights import rules


@pytest.fixture
def shell():
    sh = new_shell(["crazy-eights"])
    reply = sh.execute("play crazy-eights --seed 3 --opponents 2")
    assert reply.ok, reply.error
    return sh


def test_play_shows_hand_top_card_and_hand_sizes_never_the_opponents_cards(shell):
    out = shell.execute("show").output
    assert out.splitlines() == [
        "Top card: 2d   Stock: 36",
        "West: 5 cards   North: 5 cards",
        "Your hand: 3d 9c 9h jd qh",
    ]
    state = shell.current.state
    for card in state.hands[1] + state.hands[2]:
        assert not re.search(rf"\b{card.word}\b", out.split("Your hand")[0])


def test_the_computer_replies_by_its_seeded_policy_after_each_move(shell):
    reply = shell.execute("play 3d")
    assert reply.ok, reply.error
    assert reply.output.splitlines()[:6] == ["West draws"] * 4 + ["West plays kd", "North plays 4d"]
    state = shell.current.state
    assert state.turn == 0 and [len(h) for h in state.hands] == [4, 8, 4]
    again = new_shell(["crazy-eights"])
    again.execute("play crazy-eights --seed 3 --opponents 2")
    again.execute("play 3d")
    assert again.current.state == state


def test_illegal_play_changes_nothing(shell):
    before = shell.current.state
    reply = shell.execute("play 9h")
    assert not reply.ok and "follows neither" in reply.error
    reply = shell.execute("play 5h")
    assert not reply.ok and "not in the hand" in reply.error
    assert shell.current.state is before


def test_completion_offers_the_legal_cards(shell):
    words, _ = completions(shell, "play ")
    assert set(words) == {"3d", "jd"}


def test_undo_is_refused(shell):
    shell.execute("play 3d")
    assert not shell.execute("undo").ok


def test_a_game_played_by_the_first_legal_move_ends_with_an_outcome():
    sh = new_shell(["crazy-eights"])
    sh.execute("play crazy-eights --seed 8")
    for _ in range(300):
        if sh.current is None or sh.current.outcome is not None:
            break
        legal = rules.legal_moves(sh.current.state)
        assert sh.execute(legal[0]).ok
    state = sh.current.state if sh.current is not None else None
    assert state is None or rules.over(state)


@pytest.mark.parametrize("seed", [0, 5, 9])
def test_crazy_eights_keeps_the_contract(seed):
    check_game("crazy-eights", seed, plugins=["crazy-eights"], steps=60,
               extra_lines=["play 8s", "play 7h c", "pass", "draw"])


def test_determinize_keeps_the_players_view():
    assert assert_determinize_keeps_view("crazy-eights", range(4), plugins=["crazy-eights"]) > 20
    assert assert_determinize_keeps_view("crazy-eights", [2], plugins=["crazy-eights"], options={"opponents": 3}) > 5


def test_hint_reads_only_the_players_view():
    assert assert_hint_reads_only_view("crazy-eights", [0, 1], plugins=["crazy-eights"], steps=8) >= 2


def test_honest_sweep_plays_a_few_deals_by_the_hint():
    sh = new_shell(["crazy-eights"])
    reply = sh.execute("winnability crazy-eights --deals 0:3 --honest --samples 4 --nodes 200 --seconds 60")
    assert reply.ok, reply.error
    counts = {m.group(1): int(m.group(2)) for m in re.finditer(r"^\s+(won|no win|unknown)\s+(\d+)", reply.output,
                                                                re.MULTILINE)}
    assert counts["won"] + counts["no win"] + counts["unknown"] == 3
    assert counts["unknown"] == 0
