"""A game's life is told truly: in progress, finished, abandoned (issue 27 item 3).

A finished game is never resumed as in progress; a game without undo is
never replayed from a save taken before its ending; statistics count each
deal or round once; every way of leaving a game with moves asks the same
question at a terminal and the game left is listed under "Abandoned".
"""

from __future__ import annotations

import pytest

from cardshell import endings
from cardshell.interactive import left_line
from cardshell.shell import Shell
from cardshell_stats import store


def make_shell(data, *, autosave=True, answers=None, seed=3):
    shell = Shell.create(plugins=["blackjack", "aces-up", "stats"], seed=seed, extra_modules=["toy_counter"],
                         data_dir=data, autosave=autosave)
    if answers is not None:
        shell.asked = []

        def confirm(question):
            shell.asked.append(question)
            return answers.pop(0)

        shell.front_end.confirm = confirm
    return shell


def transcript(shell, *lines):
    """Run lines; return what a player reads (prompt, line, reply or error)."""
    out = []
    for line in lines:
        prompt = shell.prompt_text()
        reply = shell.execute(line)
        out.append(f"{prompt}{line}")
        if reply.output:
            out.append(reply.output)
        if not reply.ok:
            out.append(reply.error)
    return "\n".join(out)


def results(data, game):
    return [r for r in store.results(data) if r.game == game]


# -- the Blackjack sequence of the issue -------------------------------------------------

def test_a_blackjack_hand_lost_after_resuming_is_never_brought_back(tmp_path):
    data = tmp_path / "data"
    first = make_shell(data)
    first.execute("play blackjack --seed 5")
    assert first.execute("save").ok  # a game without moves is saved only when asked
    assert first.close() == []
    second = make_shell(data)
    seen = transcript(second, "play blackjack", "0", "quit", "play blackjack")
    assert seen.startswith("cardshell> play blackjack\nResuming saved Blackjack, seed 5 (0 moves so far).\n"
                           "Your current value is 15 with the hand: ACE-SPADE, 4-DIAMOND\n")
    assert "*** Dealer wins! ***" in seen
    # 'quit', then 'play blackjack': not the hand before the stay, a new deal, and it says so
    tail = seen.split("cardshell> play blackjack\n")[-1]
    assert tail.startswith("Blackjack (seed 5) is over: lost (Dealer wins). A new deal:\nBlackjack, seed ")
    assert "seed 5." not in tail
    assert "ACE-SPADE, 4-DIAMOND" not in tail
    # the automatic save behind the ending is gone: the next session cannot resume it either
    assert not (data / "saves" / "auto" / "blackjack.json").exists()
    third = make_shell(data)
    assert not third.execute("play blackjack").output.startswith("Resuming")
    assert len(results(data, "blackjack")) == 1  # the round counted once


def test_a_named_save_of_a_game_without_undo_is_refused_after_its_ending(tmp_path):
    data = tmp_path / "data"
    shell = make_shell(data, autosave=False)
    shell.execute("play blackjack --seed 5")
    assert shell.execute("save hand").ok
    shell.execute("0")  # the dealer wins
    shell.execute("quit")
    reply = shell.execute("load hand")
    assert not reply.ok
    assert reply.error == ("save 'hand' cannot be resumed: this Blackjack deal (seed 5) was played on from it "
                           "to an ending, and Blackjack has no undo; 'play blackjack --seed 5' deals it again "
                           "as a new game")
    listing = " ".join(shell.execute("load").output.split())
    assert "hand Blackjack, seed 5: cannot be resumed (played on from it to an ending; Blackjack has no undo)" \
        in listing
    # another session, the same data directory: the ledger refuses it too
    later = make_shell(data, autosave=False)
    assert not later.execute("load hand").ok
    assert len(results(data, "blackjack")) == 1


def test_the_ledger_is_bounded_and_keeps_the_newest(tmp_path, monkeypatch):
    monkeypatch.setattr(endings, "MAX_ENDINGS", 3)
    for number in range(5):
        endings.record(tmp_path, f"uid{number}", number)
    assert endings.read(tmp_path) == {"uid2": 2, "uid3": 3, "uid4": 4}


def test_a_damaged_ledger_refuses_nothing_and_is_rewritten(tmp_path):
    endings.ledger_path(tmp_path).parent.mkdir(parents=True)
    endings.ledger_path(tmp_path).write_text("{not json")
    assert endings.read(tmp_path) == {}
    endings.record(tmp_path, "abc", 7)
    assert endings.read(tmp_path) == {"abc": 7}


def test_a_game_with_undo_resumed_before_its_ending_does_not_count_it_again(tmp_path):
    data = tmp_path / "data"
    shell = make_shell(data, autosave=False)
    shell.execute("play counter --seed 4")
    shell.execute("inc 1")
    shell.execute("save early")
    shell.execute("inc 2")  # won
    assert shell.sessions["counter"].outcome.result == "won"
    shell.execute("quit")
    assert shell.execute("load early").ok  # an undo, in effect: allowed
    shell.execute("inc 2")  # the same deal won again
    assert len(results(data, "counter")) == 1


# -- a finished game is finished everywhere ----------------------------------------------

def test_play_after_an_ending_deals_again_and_says_so(tmp_path):
    shell = make_shell(tmp_path / "data", autosave=False)
    shell.execute("play counter --seed 4")
    shell.execute("inc 3")
    reply = shell.execute("play counter")
    assert reply.output.startswith("Counter (seed 4) is over: won. A new deal:\nCounter, seed ")
    assert shell.current.outcome is None and shell.current.moves == 0


@pytest.mark.parametrize("command, verb", [("new", "New game: Counter, seed "),
                                           ("restart", "Restarted: Counter, seed 4.")])
def test_new_and_restart_at_the_top_level_act_on_the_last_finished_game(tmp_path, command, verb):
    shell = make_shell(tmp_path / "data", autosave=False)
    shell.execute("play aces-up --seed 7")
    shell.execute("play counter --seed 4")
    shell.execute("inc 3")
    shell.execute("quit")
    assert shell.current is None
    reply = shell.execute(command)
    assert reply.ok, reply.error
    assert reply.output.startswith(verb)
    assert shell.current.id == "counter"


def test_new_at_the_top_level_with_nothing_finished_says_so(tmp_path):
    shell = make_shell(tmp_path / "data", autosave=False)
    reply = shell.execute("new")
    assert reply.error == "no game in progress or finished; type 'play GAME' to start one"


def test_ctrl_d_and_games_name_the_true_state(tmp_path):
    shell = make_shell(tmp_path / "data", autosave=False)
    shell.execute("play counter --seed 4")
    shell.execute("inc 3")
    left = shell.lifecycle.leave(abandon=False)
    assert left_line(left) == "Left Counter (over: won; 'play counter' deals a new game)."
    shell.execute("play aces-up --seed 7")
    assert left_line(shell.lifecycle.leave(abandon=False)) == \
        "Left Aces Up (still in progress: 'play aces-up' resumes it)."
    output = shell.execute("games").output
    assert "In progress:\n  aces-up  seed 7, 0 moves" in output
    assert "Finished ('play GAME' deals a new game):\n  counter  seed 4, 1 move, won" in output


def test_a_finished_game_left_by_quit_is_still_listed_as_finished(tmp_path):
    shell = make_shell(tmp_path / "data", autosave=False)
    shell.execute("play counter --seed 4")
    shell.execute("inc 3")
    assert shell.execute("quit").output == "Left Counter (seed 4, over: won)."
    assert "Finished ('play GAME' deals a new game):\n  counter  seed 4, 1 move, won" in shell.execute("games").output


# -- leaving a game with moves: one question, and the game is listed as abandoned ---------

@pytest.mark.parametrize("line", ["quit", "q"])
def test_leaving_aces_up_with_moves_asks_and_declining_changes_nothing(tmp_path, line):
    shell = make_shell(tmp_path / "data", autosave=False, answers=[False])
    shell.execute("play aces-up --seed 7")
    shell.execute("D")
    reply = shell.execute(line)
    assert shell.asked == ["This abandons Aces Up (seed 7, 1 move). Go on?"]
    assert reply.error == "Nothing was changed: Aces Up (seed 7, 1 move) is kept."
    assert shell.current is not None and shell.current.moves == 1


@pytest.mark.parametrize("line", ["quit", "q"])
def test_a_game_left_with_moves_is_listed_under_abandoned(tmp_path, line):
    shell = make_shell(tmp_path / "data", autosave=False, answers=[True])
    shell.execute("play aces-up --seed 7")
    shell.execute("D")
    reply = shell.execute(line)
    assert reply.output == "Left Aces Up (seed 7): 'load aces-up.seed7' brings it back until you exit."
    assert shell.execute("load").output == (
        "Abandoned in this session (kept until exit):\n"
        "  aces-up.seed7  Aces Up, seed 7, 1 move ('load aces-up.seed7')")
    assert shell.execute("load aces-up.seed7").ok
    assert shell.current.moves == 1


def test_leaving_without_moves_asks_nothing(tmp_path):
    shell = make_shell(tmp_path / "data", autosave=False, answers=[])
    shell.execute("play aces-up --seed 7")
    assert shell.execute("q").output == "Left Aces Up (seed 7)."
    assert shell.asked == []


def test_a_game_that_leaves_itself_with_moves_is_listed_under_abandoned(tmp_path):
    shell = Shell.create(plugins=[], seed=1, extra_modules=["toy_counter", "toy_leaver"], data_dir=tmp_path / "d",
                         autosave=False)
    shell.execute("play counter --seed 4")
    shell.execute("inc 1")
    assert shell.execute("walk").ok  # the game's own command leaves it, not over
    assert shell.current is None
    assert "counter.seed4  Counter, seed 4, 1 move ('load counter.seed4')" in shell.execute("load").output


def test_a_finished_saved_game_is_never_resumed(tmp_path):
    shell = make_shell(tmp_path / "data", autosave=False)
    shell.execute("play counter --seed 4")
    shell.execute("inc 3")  # won
    assert shell.execute("save done").ok
    other = make_shell(tmp_path / "data", autosave=False)
    shown = other.execute("load done").output.splitlines()
    assert shown[0] == "Loaded 'done': Counter, seed 4 (over: won; shown, not resumed)."
    assert shown[-2].startswith("Counter is over: won") and shown[-1].startswith("Next: ")  # its ending, last
    assert other.current.outcome is not None
    reply = other.execute("play counter")
    assert reply.output.startswith("Counter (seed 4) is over: won. A new deal:\nCounter, seed ")
