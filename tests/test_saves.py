"""Saves: a game is its seed, options and accepted moves, rebuilt by replay.

In-process tests of save/load/autosave and of every way a save can be bad;
subprocess tests for save and load across two processes and the automatic
save on EOF (scripts with --autosave) and Ctrl-D (the interactive shell).
"""

from __future__ import annotations

import copy
import json
import os
import sys
import time

import pytest

from cardshell import help as helptext
from cardshell import saves
from cardshell.shell import Shell


def make_shell(tmp_path, autosave=True, plugins=("aces-up", "thumb-and-pouch", "blackjack"), seed=3):
    return Shell.create(plugins=list(plugins), seed=seed, extra_modules=["toy_counter"],
                        data_dir=tmp_path / "data", autosave=autosave)


def save_file(tmp_path, name):
    return tmp_path / "data" / "saves" / f"{name}.json"


def auto_file(tmp_path, game):
    """A game's automatic save: its own directory, never a name a player chose."""
    return tmp_path / "data" / "saves" / "auto" / f"{game}.json"


# -- save and load in one process ------------------------------------------------

def test_save_and_load_rebuild_the_game_with_its_undo_history(tmp_path):
    first = make_shell(tmp_path)
    first.execute("play aces-up --seed 7")
    for line in ("D", "F 1", "D"):
        first.execute(line)
    first.execute("undo")
    first.execute("D")
    reply = first.execute("save mine")
    assert reply.output == "Saved Aces Up (seed 7, 3 moves) as 'mine': 'load mine' resumes it."
    session = first.current
    data = json.loads(save_file(tmp_path, "mine").read_text())
    assert (data["format"], data["version"], data["game"], data["seed"]) == ("cardshell-save", 1, "aces-up", 7)
    assert data["log"] == session.log and data["undo_used"] is True

    second = make_shell(tmp_path)
    reply = second.execute("load mine")
    assert reply.ok, reply.error
    assert reply.output == (f"Loaded 'mine': Aces Up, seed 7 (3 moves so far).\n"
                            f"{second.lifecycle.render(second.current)}")
    loaded = second.current
    assert loaded.state == session.state and loaded.log == session.log
    assert (loaded.uid, loaded.undo_used, loaded.seed) == (session.uid, True, 7)
    assert second.execute("undo 3").ok  # the undo history is rebuilt too
    assert loaded.state == second.games["aces-up"].new(7, {})


def test_save_without_name_is_the_automatic_save_that_play_resumes(tmp_path):
    first = make_shell(tmp_path)
    first.execute("play counter --seed 4")
    first.execute("inc 2")
    assert first.execute("save").output == "Saved Counter (seed 4, 1 move) as 'counter': 'play counter' resumes it."
    second = make_shell(tmp_path)
    assert "Saved:\n  counter  Counter, seed 4, 1 move, saved " in second.execute("games").output
    reply = second.execute("play counter")
    assert reply.output == "Resuming saved Counter, seed 4 (1 move so far).\n[2]"
    assert second.current.state.count == 2


def test_scripts_without_autosave_never_resume_or_list_automatic_saves(tmp_path):
    first = make_shell(tmp_path)
    first.execute("play counter --seed 4")
    first.execute("inc 2")
    first.execute("save")
    script = make_shell(tmp_path, autosave=False)
    assert "Saved:" not in script.execute("games").output
    assert script.execute("play counter --seed 9").output == "Counter, seed 9.\n[0]"
    assert script.execute("load counter").ok  # explicit load always works
    assert script.current.state.count == 2


def test_save_names_are_checked(tmp_path):
    shell = make_shell(tmp_path)
    assert shell.execute("save").error == "no game in progress; type 'play GAME' to start one"
    shell.execute("play counter --seed 4")
    assert shell.execute("save ../x").error.startswith("bad save name '../x'")
    assert shell.execute("save a b").error.startswith("save takes at most one name")
    assert shell.execute("save aces-up").error == (
        "the name 'aces-up' is kept for Aces Up's automatic save; choose another")
    assert shell.execute("save Mine").ok and save_file(tmp_path, "mine").exists()
    assert shell.execute("load nosuch").error == "no save named 'nosuch'"


def test_load_lists_the_saves(tmp_path):
    shell = make_shell(tmp_path)
    assert shell.execute("load").output == "No saved games."
    shell.execute("play counter --seed 4")
    shell.execute("save one")
    assert shell.execute("load").output.startswith("Saved:\n  one  Counter, seed 4, 0 moves, saved ")


# -- bad saves: reported, skipped, never a crash ------------------------------------

def _good_save(tmp_path, name="good"):
    shell = make_shell(tmp_path)
    shell.execute("play aces-up --seed 7")
    shell.execute("D")
    shell.execute(f"save {name}")
    return save_file(tmp_path, name)


def _bad_saves(tmp_path):
    path = _good_save(tmp_path)
    text = path.read_text()
    data = json.loads(text)
    directory = path.parent
    (directory / "truncated.json").write_text(text[: len(text) // 2])
    (directory / "future.json").write_text(json.dumps(data | {"version": 99}))
    (directory / "foreign.json").write_text(json.dumps({"hello": "world"}))
    (directory / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    (directory / "wrongtype.json").write_text(json.dumps(data | {"seed": "seven"}))
    (directory / "missing.json").write_text(json.dumps(data | {"game": "no-such-game"}))
    (directory / "diverged.json").write_text(json.dumps(data | {"log": ["D", "T 9 9"]}))
    return path


@pytest.mark.parametrize("name, message", [
    ("truncated", "save 'truncated' is damaged (not valid JSON; truncated?)"),
    ("future", "save 'future' has format version 99; this cardshell reads version 1"),
    ("foreign", "save 'foreign' is not a cardshell save"),
    ("wrongtype", "save 'wrongtype' is damaged (field 'seed' is missing or wrong)"),
    ("missing", "save 'missing' is for game 'no-such-game', which is not installed"),
])
def test_each_bad_save_is_reported_and_changes_nothing(tmp_path, name, message):
    _bad_saves(tmp_path)
    shell = make_shell(tmp_path)
    shell.execute("play counter --seed 1")
    shell.execute("inc 1")
    before = copy.deepcopy(shell.current.state)
    reply = shell.execute(f"load {name}")
    assert (reply.ok, reply.error) == (False, message)
    assert shell.current.id == "counter" and shell.current.state == before


def test_undecodable_and_unreplayable_saves_are_reported(tmp_path):
    _bad_saves(tmp_path)
    shell = make_shell(tmp_path)
    assert shell.execute("load binary").error.startswith("save 'binary' cannot be read: ")
    error = shell.execute("load diverged").error
    assert error.startswith("save 'diverged' cannot be resumed: move 2 ('T 9 9') was rejected: ")
    assert shell.current is None and shell.sessions == {}


def test_games_and_the_start_of_the_interactive_shell_report_bad_saves(tmp_path):
    from cardshell.interactive import offered_saves

    _bad_saves(tmp_path)
    shell = make_shell(tmp_path)
    listing = shell.execute("games").output
    assert "  future     cannot be used: save 'future' has format version 99" in listing
    assert "  missing    game 'no-such-game' is not installed" in listing
    assert "  good       Aces Up, seed 7, 1 move" in listing
    offered = offered_saves(shell)
    assert "warning: save 'truncated' is damaged (not valid JSON; truncated?); it is skipped" in offered
    assert all(str(line).startswith("warning: ") for line in offered)  # no automatic save among them


def test_a_damaged_automatic_save_starts_a_new_game_with_a_warning(tmp_path):
    shell = make_shell(tmp_path)
    path = auto_file(tmp_path, "counter")
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "cardshell-save", "version": 1, "ga')
    reply = shell.execute("play counter")
    assert reply.ok
    assert reply.output.startswith(
        "warning: save 'counter' is damaged (not valid JSON; truncated?); starting a new game instead.\n"
        "Counter, seed ")


# -- atomic writes -----------------------------------------------------------------

def test_a_save_interrupted_before_the_rename_leaves_the_previous_save_intact(tmp_path, monkeypatch):
    path = _good_save(tmp_path, "slot")
    previous = path.read_bytes()
    shell = make_shell(tmp_path)
    assert shell.execute("load slot").ok  # this session has read it: it may replace it
    shell.execute("play counter --seed 2")
    shell.execute("inc 1")

    def crash(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    reply = shell.execute("save slot")
    assert not reply.ok and reply.error == "cannot save 'slot': [Errno 28] No space left on device"
    assert path.read_bytes() == previous
    left = sorted(p.name for p in path.parent.iterdir() if p.name != saves.LOCK_NAME)
    assert left == ["slot.json"]  # no temporary file left
    monkeypatch.undo()
    assert shell.execute("load slot").ok and shell.current.id == "aces-up"


def test_unsaveable_options_are_reported(tmp_path):
    shell = make_shell(tmp_path)
    shell.execute("play counter --seed 2")
    shell.current.options = {"start": object()}
    assert shell.execute("save x").error.startswith("cannot save 'x': the game's options cannot be stored")
    assert not save_file(tmp_path, "x").exists()


# -- autosave ------------------------------------------------------------------------

def test_close_saves_games_in_progress_and_drops_finished_or_abandoned_ones(tmp_path):
    shell = make_shell(tmp_path)
    shell.execute("play counter --seed 2")
    shell.execute("inc 1")
    shell.execute("play aces-up --seed 7")
    shell.execute("D")
    assert shell.close() == [
        "Saved Aces Up (seed 7, 1 move): 'play aces-up' resumes it.",
        "Saved Counter (seed 2, 1 move): 'play counter' resumes it.",
    ]
    again = make_shell(tmp_path)
    again.execute("play counter")
    again.execute("inc 2")  # won: no longer in progress
    again.execute("play aces-up")
    again.execute("quit")  # abandoned
    assert again.close() == []
    assert not auto_file(tmp_path, "counter").exists() and not auto_file(tmp_path, "aces-up").exists()


def test_close_keeps_an_automatic_save_it_did_not_take_over(tmp_path):
    shell = make_shell(tmp_path)
    shell.execute("play counter --seed 2")
    shell.execute("inc 1")
    shell.close()
    other = make_shell(tmp_path)
    other.execute("play counter --seed 5")  # a new deal, not the saved one
    other.execute("inc 3")  # won
    other.close()
    assert json.loads(auto_file(tmp_path, "counter").read_text())["seed"] == 2


def test_autosave_off_writes_nothing(tmp_path):
    shell = make_shell(tmp_path, autosave=False)
    shell.execute("play counter --seed 2")
    assert shell.close() == []
    assert not (tmp_path / "data" / "saves").exists()


# -- across processes -------------------------------------------------------------

SESSION = """\
play aces-up --seed 7
D
F 1
D
play thumb-and-pouch --seed 3
sw
sw
play blackjack --seed 5
play counter --seed 2
inc 1
undo
inc 2
save named
"""


def test_save_and_autosave_on_eof_resume_every_game_in_another_process(run_cli, tmp_path):
    env = {"CARDSHELL_LOAD_PLUGINS": "aces-up,thumb-and-pouch,blackjack", "CARDSHELL_DATA_DIR": str(tmp_path / "d")}
    first = run_cli("--plugin", "toy_counter", "--autosave", stdin=SESSION, env=env)
    assert first.returncode == 0, first.stderr
    assert first.stdout.endswith(
        "Saved Aces Up (seed 7, 3 moves): 'play aces-up' resumes it.\n"
        "Saved Counter (seed 2, 1 move): 'play counter' resumes it.\n"
        "Saved Thumb and Pouch (seed 3, 2 moves): 'play thumb-and-pouch' resumes it.\n")
    # What each game looks like, computed here from the same lines.
    expected = make_shell(tmp_path, plugins=["aces-up", "thumb-and-pouch", "blackjack"])
    for line in SESSION.splitlines()[:-1]:
        expected.execute(line)
    second = run_cli("--plugin", "toy_counter", "--autosave",
                     stdin="play aces-up\nplay thumb-and-pouch\nplay blackjack\nplay counter\nundo\nquit\n"
                           "load named\n", env=env)
    assert second.returncode == 0, second.stderr
    for _gid, session in expected.sessions.items():
        title = session.game.title
        if not session.moves:  # a game without moves is not saved: 'play' deals anew
            assert f"Resuming saved {title}" not in second.stdout
            continue
        resumed = f"Resuming saved {title}, seed {session.seed} ({helptext.moves(session.moves).text} so far).\n"
        assert resumed + expected.lifecycle.render(session) + "\n" in second.stdout
    assert "Undid 'inc 2'.\n[0]\n" in second.stdout  # undo history survives the save
    assert "Loaded 'named': Counter, seed 2 (1 move so far).\n[2]\n" in second.stdout
    assert "Saved Counter" in second.stdout  # 'load named' is in progress again at EOF


@pytest.mark.skipif(sys.platform == "win32", reason="pexpect needs a pty")
def test_ctrl_d_at_the_top_level_saves_and_the_next_start_offers_it(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, CARDSHELL_LOAD_PLUGINS="", CARDSHELL_DATA_DIR=str(tmp_path / "d"),
               PYTHONPATH=os.pathsep.join([os.path.join(os.path.dirname(__file__), "plugins"),
                                           os.environ.get("PYTHONPATH", "")]),
               NO_COLOR="1", TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1")
    args = ["-m", "cardshell", "--plugin", "toy_counter", "--no-history"]
    child = pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", timeout=20)
    child.expect_exact("cardshell>")
    child.sendline("play counter --seed 4")
    child.expect_exact("counter>")
    child.sendline("inc 2")
    child.expect_exact("[2]")
    child.expect_exact("counter>")
    time.sleep(0.2)  # let the prompt start reading before the control key
    child.sendcontrol("d")  # leaves the game, kept in progress
    child.expect_exact("still in progress")
    child.expect_exact("cardshell>")
    time.sleep(0.2)
    child.sendcontrol("d")  # leaves the shell
    child.expect_exact("Saved Counter (seed 4, 1 move): 'play counter' resumes it.")
    child.expect(pexpect.EOF)
    child = pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", timeout=20)
    child.expect_exact("Saved games in progress: counter (seed 4, 1 move); 'play GAME' resumes one.")
    child.expect_exact("cardshell>")
    child.sendline("play counter")
    child.expect_exact("Resuming saved Counter, seed 4 (1 move so far).")
    child.sendline("exit")
    child.expect(pexpect.EOF)
