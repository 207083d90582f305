"""No save is overwritten that this session could not read, or that another
session changed (issue 11 items 2 and 4).

Two shells on one data directory stand for two cardshell processes: each
keeps its own record of what it read and wrote, exactly as two processes do.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import UTC

import pytest

from cardshell import saves
from cardshell.shell import Shell


def make_shell(tmp_path, autosave=True, seed=3):
    return Shell.create(plugins=["aces-up"], seed=seed, extra_modules=["toy_counter"],
                        data_dir=tmp_path / "data", autosave=autosave)


def save_file(tmp_path, name):
    """A save's file: a game's id names its automatic save, in its own directory."""
    if name in ("counter", "aces-up", "blackjack", "pictures", "thumb-and-pouch"):
        return tmp_path / "data" / "saves" / "auto" / f"{name}.json"
    return tmp_path / "data" / "saves" / f"{name}.json"


def saved(tmp_path, name):
    return json.loads(save_file(tmp_path, name).read_text())


def save_names(tmp_path):
    directory = tmp_path / "data" / "saves"
    return sorted([p.name for p in directory.iterdir() if p.is_file() and not p.name.startswith(".")]
                  + [f"{p.name}" for p in (directory / "auto").glob("*.json")])


def an_autosave(tmp_path, seed=4, moves=("inc 1",)):
    shell = make_shell(tmp_path)
    shell.execute(f"play counter --seed {seed}")
    for line in moves:
        shell.execute(line)
    if not moves:  # a game without moves is saved only when asked
        shell.execute("save")
    shell.close()
    return save_file(tmp_path, "counter")


# -- item 2: never overwrite a save this version could not read ---------------------

@pytest.mark.parametrize("content, problem", [
    (lambda data: json.dumps(data | {"version": 2}), "has format version 2; this cardshell reads version 1"),
    (lambda data: json.dumps(data)[:40], "is damaged (not valid JSON; truncated?)"),
])
def test_an_unreadable_automatic_save_is_moved_aside_not_overwritten(tmp_path, content, problem):
    path = an_autosave(tmp_path)
    text = content(json.loads(path.read_text()))
    path.write_text(text)
    shell = make_shell(tmp_path)
    reply = shell.execute("play counter")
    assert reply.output.startswith(f"warning: save 'counter' {problem}; starting a new game instead.")
    shell.execute("inc 2")
    notes = shell.close()
    assert len(notes) == 2
    match = re.fullmatch(rf"warning: save 'counter' {re.escape(problem)}; this cardshell does not overwrite it: "
                         r"it was moved aside as '(counter\.unreadable-\d{8}-\d{6})'\.", str(notes[0]))
    assert match, notes[0]
    assert str(notes[1]).startswith("Saved Counter (seed ") and str(notes[1]).endswith(": 'play counter' resumes it.")
    assert save_file(tmp_path, match.group(1)).read_text() == text  # kept byte for byte
    assert saved(tmp_path, "counter")["log"] == ["inc 2"]


def test_save_by_name_moves_an_unreadable_save_aside_too(tmp_path):
    directory = tmp_path / "data" / "saves"
    directory.mkdir(parents=True)
    (directory / "slot.json").write_bytes(b"\xff\xfe not a save")
    shell = make_shell(tmp_path)
    shell.execute("play counter --seed 2")
    reply = shell.execute("save slot")
    assert reply.ok
    first, second = reply.output.splitlines()
    assert first.startswith("warning: save 'slot' cannot be read: ")
    assert "it was moved aside as 'slot.unreadable-" in first
    assert second == "Saved Counter (seed 2, 0 moves) as 'slot': 'load slot' resumes it."
    aside = [name for name in save_names(tmp_path) if name.startswith("slot.unreadable-")]
    assert len(aside) == 1 and (directory / aside[0]).read_bytes() == b"\xff\xfe not a save"


def test_set_aside_never_replaces_an_earlier_set_aside_file(tmp_path):
    from datetime import datetime

    directory = tmp_path / "data" / "saves"
    directory.mkdir(parents=True)
    when = datetime(2026, 3, 14, 15, 9, 26, tzinfo=UTC)
    names = []
    for content in ("first", "second"):
        (directory / "x.json").write_text(content)
        names.append(saves.set_aside(tmp_path / "data", "x", when))
    assert names == ["x.unreadable-20260314-150926", "x.unreadable-20260314-150926-2"]
    assert [(directory / f"{n}.json").read_text() for n in names] == ["first", "second"]


# -- item 4: two sessions, one game -------------------------------------------------

def test_two_sessions_resuming_one_save_both_keep_their_game(tmp_path):
    an_autosave(tmp_path, moves=())
    first, second = make_shell(tmp_path), make_shell(tmp_path)
    assert first.execute("play counter").ok and second.execute("play counter").ok
    first.execute("inc 1")
    second.execute("inc 2")
    assert first.close() == ["Saved Counter (seed 4, 1 move): 'play counter' resumes it."]
    assert second.close() == [
        "Saved Counter (seed 4, 1 move) as 'counter-2' (another cardshell changed 'counter' since this one "
        "read or wrote it): 'load counter-2' resumes it."]
    assert saved(tmp_path, "counter")["log"] == ["inc 1"]
    assert saved(tmp_path, "counter-2")["log"] == ["inc 2"]
    third = make_shell(tmp_path)
    assert third.execute("load counter-2").ok and third.current.state.count == 2


def test_a_game_moved_to_a_new_name_keeps_going_there(tmp_path):
    an_autosave(tmp_path, moves=())
    first, second = make_shell(tmp_path), make_shell(tmp_path)
    first.execute("play counter")
    second.execute("play counter")
    first.execute("inc 1")
    first.close()
    second.execute("inc 1")
    assert second.execute("save").output.startswith("Saved Counter (seed 4, 1 move) as 'counter-2' instead of ")
    second.execute("inc 1")
    assert second.execute("save").output.startswith("Saved Counter (seed 4, 2 moves) as 'counter-2' instead of ")
    assert second.close() == [
        "Saved Counter (seed 4, 2 moves) as 'counter-2' (another cardshell changed 'counter' since this one "
        "read or wrote it): 'load counter-2' resumes it."]
    assert save_names(tmp_path) == ["counter-2.json", "counter.json"]
    assert saved(tmp_path, "counter-2")["log"] == ["inc 1", "inc 1"]


def test_two_sessions_starting_the_same_game_both_keep_their_game(tmp_path):
    first, second = make_shell(tmp_path), make_shell(tmp_path)
    first.execute("play counter --seed 1")
    second.execute("play counter --seed 2")
    first.execute("inc 1")
    second.execute("inc 1")
    first.close()
    assert second.close() == [
        "Saved Counter (seed 2, 1 move) as 'counter-2' (another cardshell saved 'counter' meanwhile): "
        "'load counter-2' resumes it."]
    assert (saved(tmp_path, "counter")["seed"], saved(tmp_path, "counter-2")["seed"]) == (1, 2)


def test_a_session_keeps_saving_over_its_own_save(tmp_path):
    shell = make_shell(tmp_path)
    shell.execute("play counter --seed 1")
    assert shell.execute("save").output == "Saved Counter (seed 1, 0 moves) as 'counter': 'play counter' resumes it."
    shell.execute("inc 1")
    assert shell.execute("save").output == "Saved Counter (seed 1, 1 move) as 'counter': 'play counter' resumes it."
    assert shell.close() == ["Saved Counter (seed 1, 1 move): 'play counter' resumes it."]
    assert save_names(tmp_path) == ["counter.json"]


def test_save_by_name_never_replaces_a_save_this_session_did_not_read(tmp_path):
    other = make_shell(tmp_path)
    other.execute("play aces-up --seed 7")
    other.execute("D")
    other.execute("save mine")
    shell = make_shell(tmp_path)
    shell.execute("play counter --seed 2")
    reply = shell.execute("save mine")
    assert reply.output == ("Saved Counter (seed 2, 0 moves) as 'mine-2' instead of 'mine' ('mine' holds a save "
                            "this session has not read): 'load mine-2' resumes it.")
    assert saved(tmp_path, "mine")["game"] == "aces-up"
    assert shell.execute("load mine").ok  # read now: this session may replace it
    shell.execute("play counter")
    assert shell.execute("save mine").output.endswith("as 'mine': 'load mine' resumes it.")
    assert saved(tmp_path, "mine")["game"] == "counter"


def test_closing_never_deletes_a_save_another_session_wrote(tmp_path):
    an_autosave(tmp_path, moves=())
    finisher, player = make_shell(tmp_path), make_shell(tmp_path)
    finisher.execute("play counter")
    player.execute("play counter")
    player.execute("inc 1")
    assert player.close() == ["Saved Counter (seed 4, 1 move): 'play counter' resumes it."]
    finisher.execute("inc 3")  # won: the game is over in this session
    assert finisher.close() == []
    assert saved(tmp_path, "counter")["log"] == ["inc 1"]  # the other session's game is still there


def test_a_race_between_two_processes_loses_no_game(tmp_path):
    """Two processes resume one save, play different moves and exit at the same moment."""
    an_autosave(tmp_path, moves=())
    env = dict(os.environ, CARDSHELL_DATA_DIR=str(tmp_path / "data"), CARDSHELL_LOAD_PLUGINS="",
               PYTHONPATH=os.pathsep.join([os.path.join(os.path.dirname(__file__), "plugins"),
                                           os.environ.get("PYTHONPATH", "")]))
    args = [sys.executable, "-m", "cardshell", "--plugin", "toy_counter", "--autosave"]
    processes = [subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
                 for _ in range(2)]
    for process, step in zip(processes, (1, 2)):
        process.stdin.write(f"play counter\ninc {step}\n")
        process.stdin.flush()
    for process in processes:  # both have read the save and made their move ...
        while not process.stdout.readline().startswith("count is now"):
            pass
    for process in processes:  # ... before either exits
        process.stdin.close()
    outputs = [process.stdout.read() for process in processes]
    assert [process.wait(timeout=60) for process in processes] == [0, 0]
    logs = sorted(json.loads(save_file(tmp_path, name.removesuffix(".json")).read_text())["log"][0]
                  for name in save_names(tmp_path))
    assert logs == ["inc 1", "inc 2"], outputs
