"""No game with moves is dropped without a word (issue 11 items 3 and 23).

``new``, ``restart`` (and its ``R`` alias), ``play GAME --seed N`` and
``load NAME`` put a new game in place of one that may have moves.  At a
terminal the player is asked first; in a script the command goes on and
says what it abandoned.  Either way the abandoned game can be loaded again
until the shell exits.
"""

from __future__ import annotations

import os
import sys
import time

import pytest

from cardshell.shell import Shell


def make_shell(tmp_path, autosave=False, seed=3, answers=None):
    shell = Shell.create(plugins=["aces-up", "minesweeper"], seed=seed, extra_modules=["toy_counter"],
                         data_dir=tmp_path / "data", autosave=autosave)
    if answers is not None:
        asked = []

        def confirm(question):
            asked.append(question)
            return answers.pop(0)

        shell.front_end.confirm = confirm
        shell.asked = asked
    return shell


def save_file(tmp_path, name):
    """A save's file: a game's id names its automatic save, in its own directory."""
    if name in ("counter", "aces-up", "blackjack", "pictures", "thumb-and-pouch"):
        return tmp_path / "data" / "saves" / "auto" / f"{name}.json"
    return tmp_path / "data" / "saves" / f"{name}.json"


# -- in a script: go on, say what was abandoned, keep it loadable ----------------------

@pytest.mark.parametrize("line, then", [
    ("new --seed 9", "New game: Counter, seed 9."),
    ("r", "New game: Counter, seed "),  # the counter's host alias for new, as R is in Aces Up
    ("restart", "Restarted: Counter, seed 4."),
    ("play counter --seed 9", "Counter, seed 9."),
    ("play counter --start 1", "Counter, seed "),
])
def test_a_script_goes_on_and_names_the_game_it_abandoned(tmp_path, line, then):
    shell = make_shell(tmp_path)
    shell.execute("play counter --seed 4")
    shell.execute("inc 2")
    reply = shell.execute(line)
    assert reply.ok, reply.error
    first, second = reply.output.splitlines()[:2]
    assert first == "Abandoned Counter (seed 4, 1 move): 'load counter.seed4' brings it back until you exit."
    assert second.startswith(then)
    assert shell.execute("load").output == (
        "Abandoned in this session (kept until exit):\n"
        "  counter.seed4  Counter, seed 4, 1 move ('load counter.seed4')")
    reply = shell.execute("load counter.seed4")
    assert reply.ok, reply.error
    assert shell.current.state.count == 2 and shell.current.seed == 4
    assert shell.execute("undo").output.startswith("Undid 'inc 2'.")  # its undo history came back too
    assert not (tmp_path / "data" / "saves").exists()  # kept in memory: a script writes no file for it


def test_the_abandonment_note_names_the_game_in_aces_up_too(tmp_path):
    shell = make_shell(tmp_path)
    shell.execute("play aces-up --seed 7")
    shell.execute("D")
    reply = shell.execute("R")
    assert reply.output.startswith(
        "Abandoned Aces Up (seed 7, 1 move): 'load aces-up.seed7' brings it back until you exit.\n"
        "New game: Aces Up, seed ")


def test_games_without_moves_or_finished_are_replaced_without_a_note(tmp_path):
    shell = make_shell(tmp_path)
    shell.execute("play counter --seed 4")
    assert shell.execute("new --seed 5").output == "New game: Counter, seed 5.\n[0]"
    shell.execute("inc 3")  # won
    assert shell.execute("restart").output == "Restarted: Counter, seed 5.\n[0]"
    assert shell.persistence.abandoned == {}


def test_load_replacing_a_game_in_progress_names_it(tmp_path):
    shell = make_shell(tmp_path)
    shell.execute("play counter --seed 6")
    shell.execute("save six")
    shell.execute("play counter --seed 4")
    shell.execute("inc 1")
    reply = shell.execute("load six")
    assert reply.output.splitlines()[:2] == [
        "Abandoned Counter (seed 4, 1 move): 'load counter.seed4' brings it back until you exit.",
        "Loaded 'six': Counter, seed 6 (0 moves so far).",
    ]


def test_the_same_deal_abandoned_twice_gets_two_names(tmp_path):
    shell = make_shell(tmp_path)
    shell.execute("play counter --seed 4")
    shell.execute("inc 1")
    shell.execute("restart")
    shell.execute("inc 2")
    assert shell.execute("restart").output.startswith(
        "Abandoned Counter (seed 4, 1 move): 'load counter.seed4.2' brings it back until you exit.")
    shell.execute("load counter.seed4")
    assert shell.current.state.count == 1


def test_at_most_the_bound_of_abandoned_games_is_kept(tmp_path):
    from cardshell import persistence

    shell = make_shell(tmp_path)
    shell.execute("play counter --seed 1")
    for seed in range(2, persistence.MAX_ABANDONED + 7):
        shell.execute("inc 1")
        shell.execute(f"new --seed {seed}")
    kept = list(shell.persistence.abandoned)
    assert len(kept) == persistence.MAX_ABANDONED
    assert kept[0] == "counter.seed6" and kept[-1] == f"counter.seed{persistence.MAX_ABANDONED + 5}"
    assert shell.execute("load counter.seed1").error == "no save named 'counter.seed1'"


def test_abandoned_games_are_forgotten_at_exit(tmp_path):
    shell = make_shell(tmp_path, autosave=True)
    shell.execute("play counter --seed 4")
    shell.execute("inc 1")
    shell.execute("new --seed 5")
    shell.close()
    again = make_shell(tmp_path, autosave=True)
    assert again.execute("load counter.seed4").error == "no save named 'counter.seed4'"


# -- at a terminal: ask first ---------------------------------------------------------

def test_at_a_terminal_declining_changes_nothing(tmp_path):
    shell = make_shell(tmp_path, answers=[False, False, False])
    shell.execute("play counter --seed 4")
    shell.execute("inc 1")
    before = (shell.current, shell.current.state.count, list(shell.recorder.lines))
    for line in ("new", "restart", "play counter --seed 8"):
        reply = shell.execute(line)
        assert (reply.ok, reply.error) == (False, "Nothing was changed: Counter (seed 4, 1 move) is kept.")
    assert shell.asked == ["This abandons Counter (seed 4, 1 move). Go on?"] * 3
    assert (shell.current, shell.current.state.count, list(shell.recorder.lines)) == before
    assert shell.persistence.abandoned == {}


def test_at_a_terminal_agreeing_abandons_the_game_and_keeps_it_loadable(tmp_path):
    shell = make_shell(tmp_path, answers=[True])
    shell.execute("play counter --seed 4")
    shell.execute("inc 1")
    reply = shell.execute("new --seed 9")
    assert reply.output.startswith("Abandoned Counter (seed 4, 1 move): 'load counter.seed4' brings it back")
    assert shell.asked == ["This abandons Counter (seed 4, 1 move). Go on?"]
    assert shell.execute("play counter --seed 10").ok  # no moves: nothing to ask
    assert len(shell.asked) == 1


# -- the automatic save offered at start-up ---------------------------------------------

def autosaved(tmp_path, seed=4, moves=("inc 1",)):
    shell = make_shell(tmp_path, autosave=True)
    shell.execute(f"play counter --seed {seed}")
    for line in moves:
        shell.execute(line)
    shell.close()


def test_a_new_deal_replacing_the_offered_save_names_it_and_it_stays_loadable(tmp_path):
    autosaved(tmp_path)
    shell = make_shell(tmp_path, autosave=True)
    reply = shell.execute("play counter --seed 5")
    assert reply.output.splitlines()[0] == (
        "Abandoned the saved Counter (seed 4, 1 move): 'load counter.seed4' brings it back until you exit.")
    shell.execute("inc 2")
    assert shell.execute("load counter.seed4").output.splitlines()[:2] == [
        "Abandoned Counter (seed 5, 1 move): 'load counter.seed5' brings it back until you exit.",
        "Loaded 'counter.seed4': Counter, seed 4 (1 move so far).",
    ]
    assert shell.close() == ["Saved Counter (seed 4, 1 move): 'play counter' resumes it."]


def test_at_a_terminal_the_offered_save_is_replaced_only_if_the_player_agrees(tmp_path):
    autosaved(tmp_path)
    shell = make_shell(tmp_path, autosave=True, answers=[False])
    reply = shell.execute("play counter --seed 5")
    assert reply.error == "Nothing was changed: the saved Counter (seed 4, 1 move) is kept."
    assert shell.asked == ["This abandons the saved Counter (seed 4, 1 move). Go on?"]
    assert shell.sessions == {}
    assert shell.execute("play counter").output.startswith("Resuming saved Counter, seed 4 (1 move so far).")


def test_loading_another_deal_names_the_automatic_save_it_replaces(tmp_path):
    autosaved(tmp_path)
    other = make_shell(tmp_path)
    other.execute("play counter --seed 6")
    other.execute("inc 2")
    other.execute("save six")
    shell = make_shell(tmp_path, autosave=True)
    reply = shell.execute("load six")
    assert reply.output.splitlines()[0] == (
        "Abandoned the saved Counter (seed 4, 1 move): 'load counter.seed4' brings it back until you exit.")
    assert shell.close() == ["Saved Counter (seed 6, 1 move): 'play counter' resumes it."]


def test_loading_the_same_game_as_the_automatic_save_abandons_nothing(tmp_path):
    autosaved(tmp_path)
    shell = make_shell(tmp_path, autosave=True)
    shell.execute("play counter")
    shell.execute("save copy")
    again = make_shell(tmp_path, autosave=True)
    assert again.execute("load copy").output.startswith("Loaded 'copy': Counter, seed 4 (1 move so far).")
    assert again.persistence.abandoned == {}


# -- item 23: a rejected play consumes no session seed ----------------------------------

def dealt_seeds(shell):
    shell.execute("play counter")
    shell.execute("play aces-up")
    return shell.sessions["counter"].seed, shell.sessions["aces-up"].seed


def test_a_rejected_play_without_a_seed_consumes_no_session_seed(tmp_path):
    with_rejection = make_shell(tmp_path, seed=5)
    rejected = with_rejection.execute("play minesweeper --mines 1000")  # refused by the game, after a seed was drawn
    assert rejected.error.startswith("Mines must be between 1 and")
    assert dealt_seeds(with_rejection) == dealt_seeds(make_shell(tmp_path, seed=5))


def test_a_declined_new_consumes_no_session_seed(tmp_path):
    declined = make_shell(tmp_path, seed=5, answers=[False, True])
    declined.execute("play counter --seed 1")
    declined.execute("inc 1")
    assert not declined.execute("new").ok
    assert declined.execute("quit").ok  # asked too (issue 27 item 3): yes
    assert dealt_seeds(declined) == dealt_seeds(make_shell(tmp_path, seed=5))


# -- a real terminal ------------------------------------------------------------------------

@pytest.mark.skipif(sys.platform == "win32", reason="pexpect needs a pty")
def test_the_terminal_asks_before_new_abandons_a_game(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, CARDSHELL_LOAD_PLUGINS="", CARDSHELL_DATA_DIR=str(tmp_path / "d"), NO_COLOR="1",
               TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1",
               PYTHONPATH=os.pathsep.join([os.path.join(os.path.dirname(__file__), "plugins"),
                                           os.environ.get("PYTHONPATH", "")]))
    child = pexpect.spawn(sys.executable, ["-m", "cardshell", "--plugin", "toy_counter", "--no-history"],
                          env=env, encoding="utf-8", timeout=20, dimensions=(40, 200))
    child.expect_exact("cardshell>")
    child.sendline("play counter --seed 4")
    child.expect_exact("counter>")
    child.sendline("inc 1")
    child.expect_exact("[1]")
    child.expect_exact("counter>")
    child.sendline("new")
    child.expect_exact("This abandons Counter (seed 4, 1 move). Go on? [y/N]")
    time.sleep(0.2)
    child.sendline("n")
    child.expect_exact("Nothing was changed: Counter (seed 4, 1 move) is kept.")
    child.expect_exact("counter>")
    child.sendline("new --seed 9")
    child.expect_exact("Go on? [y/N]")
    time.sleep(0.2)
    child.sendline("y")
    child.expect_exact("Abandoned Counter (seed 4, 1 move): 'load counter.seed4' brings it back until you exit.")
    child.expect_exact("New game: Counter, seed 9.")
    child.expect_exact("counter>")
    child.sendline("exit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    # the new deal has no moves: not saved, and the automatic save it replaced is gone
    assert not (tmp_path / "d" / "saves" / "auto" / "counter.json").exists()
