"""``set autoplay on``: a game's safe moves (``Search.safe``: Thumb and Pouch's cards to the
foundations that no other card needs, plugins/cardshell_thumb_and_pouch/NOTES.md "Search")
played for the player after each move, each as its own step and undone alone; ``set`` lists
and changes the session's settings; bad input changes nothing."""

from __future__ import annotations

import pytest

from cardshell.settings import AUTOPLAY_LIMIT
from cardshell.shell import Shell
from cardshell_thumb_and_pouch import rules as tp_rules
from cardshell_thumb_and_pouch.search_moves import safe_move

#: Seed 3's opening up to the move that uncovers the ace of spades, whose 2 lies under it.
OPENING = ["tt 6 3 1", "tt 5 7 1", "tt 2 1 1", "tt 4 2 1", "tt 4 2 1", "tt 7 2 2", "tt 6 4 1", "tt 3 7 2",
           "tt 3 5 1", "tt 1 4 2", "tt 7 1 3", "tt 7 1 1", "tt 7 3 1"]


def make_shell(tmp_path):
    return Shell.create(plugins=["thumb-and-pouch", "aces-up"], data_dir=tmp_path / "data", autosave=False)


def play_opening(shell):
    assert shell.execute("play thumb-and-pouch --seed 3").ok
    for line in OPENING:
        assert shell.execute(line).ok, line


def test_set_lists_and_changes_a_setting_and_bad_input_changes_nothing(tmp_path):
    shell = make_shell(tmp_path)
    listed = shell.execute("set")
    assert listed.ok and listed.output.startswith("  autoplay  off: ")
    for bad, words in (("set autoplay maybe", "autoplay is on or off, not 'maybe'"),
                       ("set colour on", "no setting 'colour'; the settings are: autoplay, samples, pace"),
                       ("set autoplay", "say on or off: 'set autoplay on'"),
                       ("set autoplay on now", "autoplay is on or off, not 'on now'")):
        reply = shell.execute(bad)
        assert not reply.ok and reply.error == words and shell.settings.autoplay is False
    assert shell.execute("set AUTOPLAY On").output == "autoplay is on for this session."
    assert shell.settings.autoplay is True and shell.execute("set").output.startswith("  autoplay  on: ")


def test_autoplay_plays_the_safe_moves_after_a_move_each_as_its_own_line(tmp_path):
    plain = make_shell(tmp_path)
    play_opening(plain)
    assert plain.current.moves == len(OPENING)  # off by default: nothing played for the player

    shell = make_shell(tmp_path)
    assert shell.execute("set autoplay on").ok
    play_opening(shell)
    assert list(shell.recorder.lines)[-3:] == ["tt 7 3 1", "tf 7 1", "tf 4 1"]  # the ace, then the 2 under it
    assert [pile[-1].word for pile in shell.current.state.foundations if pile] == ["2s"]
    assert safe_move(shell.current.state) is None  # it stops where no move is safe
    undone = shell.execute("undo")
    assert undone.ok and [pile[-1].word for pile in shell.current.state.foundations if pile] == ["as"]


def test_a_step_never_starts_autoplay_of_its_own(tmp_path):
    """``solve --play`` plays the solver's line as it is: autoplay would put its moves out of step."""
    shell = make_shell(tmp_path)
    assert shell.execute("set autoplay on").ok
    assert shell.execute("play thumb-and-pouch --seed 3").ok
    reply = shell.execute("solve --play")
    assert reply.ok and shell.current.outcome is not None and shell.current.outcome.result == "won"


def test_autoplay_only_where_a_game_declares_safe_moves(tmp_path):
    shell = make_shell(tmp_path)
    assert shell.execute("set autoplay on").ok and shell.execute("play aces-up --seed 7").ok
    assert shell.execute("D").ok and list(shell.recorder.lines)[-1] == "D"


@pytest.mark.parametrize("seed", range(6))
def test_every_safe_move_is_legal_and_takes_a_card_home(seed):
    """Along a seeded random game, whatever ``safe_move`` names the rules accept, and it fills a foundation."""
    import random

    rules = Shell.create(plugins=["thumb-and-pouch"], autosave=False).rules("thumb-and-pouch")
    state, rng, named = tp_rules.new_game(seed), random.Random(seed), 0
    for _ in range(300):
        move = safe_move(state)
        if move is not None:
            named += 1
            assert move.startswith(("tf ", "wf "))
            homes = sum(len(pile) for pile in state.foundations)
            assert sum(len(pile) for pile in rules.play(state, move).foundations) == homes + 1
        legal = list(rules.game.legal_moves(state))
        if not legal:
            break
        state = rules.play(state, rng.choice(legal))
    assert named > 0  # each walk meets safe moves: the checks above ran


def test_the_bound_is_documented():
    assert AUTOPLAY_LIMIT >= 52  # enough for every card of a deck


def test_with_autoplay_solve_shows_the_moves_to_type_and_they_win(tmp_path):
    import re

    plain = make_shell(tmp_path)
    assert plain.execute("play thumb-and-pouch --seed 3").ok
    whole = plain.execute("solve").output.splitlines()
    assert "autoplay plays" not in "\n".join(whole)  # autoplay off: the line as it is, every move
    shell = make_shell(tmp_path)
    assert shell.execute("set autoplay on").ok and shell.execute("play thumb-and-pouch --seed 3").ok
    out = shell.execute("solve").output.splitlines()
    total = int(re.search(r"Winning line \((\d+) moves", out[0]).group(1))
    typed = out[1].split(", ")
    folded = int(re.search(r"and autoplay plays the other (\d+), the safe moves", out[2]).group(1))
    assert folded > 0 and len(typed) + folded == total == len(whole[1].split(", "))
    for move in typed:  # typed as shown, autoplay on: the game is won
        assert shell.execute(move).ok, move
    assert shell.current.outcome is not None and shell.current.outcome.result == "won"


def test_play_with_autoplay_turns_it_on_where_the_game_has_safe_moves(tmp_path):
    shell = make_shell(tmp_path)
    refused = shell.execute("play aces-up --autoplay")  # no safe moves: no such option, nothing changed
    assert not refused.ok and "--autoplay" in refused.error
    assert shell.current is None and shell.settings.autoplay is False
    assert shell.execute("play thumb-and-pouch --seed 3 --autoplay").ok
    assert shell.settings.autoplay is True and shell.current.seed == 3
    for line in OPENING:
        assert shell.execute(line).ok
    assert list(shell.recorder.lines)[-2:] == ["tf 7 1", "tf 4 1"]
