"""Named saves and games' automatic saves never stand for each other; saves are listed, deleted and renamed."""

import json

from cardshell.saves import SaveRecord
from cardshell.shell import Shell


def make_shell(tmp_path, plugins=("aces-up",)):
    return Shell.create(plugins=list(plugins), seed=3, extra_modules=["toy_counter"],
                        data_dir=tmp_path / "data", autosave=True)


def test_a_save_named_like_a_game_installed_later_never_takes_over_play(tmp_path):
    directory = tmp_path / "data" / "saves"  # 'save counter' in Aces Up, before a game 'counter' existed
    directory.mkdir(parents=True)
    (directory / "counter.json").write_text(SaveRecord(game="aces-up", seed=7, options={}, log=["D"]).to_json())
    later = make_shell(tmp_path)
    reply = later.execute("play counter --seed 2")
    assert reply.ok and later.current.id == "counter"
    assert "Resuming" not in reply.output and "abandons" not in reply.output
    assert (tmp_path / "data" / "saves" / "counter.json").exists()  # the named save is untouched
    assert later.execute("load counter").ok and later.current.id == "aces-up"


def test_an_older_releases_automatic_save_keeps_loading(tmp_path):
    directory = tmp_path / "data" / "saves"
    directory.mkdir(parents=True)
    legacy = SaveRecord(game="counter", seed=4, options={}, log=["inc 1"])
    (directory / "counter.json").write_text(legacy.to_json())
    other = SaveRecord(game="aces-up", seed=7, options={}, log=["D"])
    (directory / "mine.json").write_text(other.to_json())
    shell = make_shell(tmp_path)
    reply = shell.execute("play counter")
    assert reply.output.startswith("Resuming saved Counter, seed 4 (1 move so far).")
    assert (directory / "auto" / "counter.json").exists() and not (directory / "counter.json").exists()
    assert (directory / "mine.json").exists()  # a name the player chose stays a name


def test_games_without_moves_are_not_autosaved_or_listed(tmp_path):
    shell = make_shell(tmp_path)
    shell.execute("play counter --seed 2")
    assert shell.close() == []
    directory = tmp_path / "data" / "saves" / "auto"
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "aces-up.json").write_text(SaveRecord(game="aces-up", seed=7, options={}, log=[]).to_json())
    again = make_shell(tmp_path)
    assert again.execute("load").output == "No saved games."


def test_saves_delete_and_rename(tmp_path):
    shell = make_shell(tmp_path)
    shell.execute("play counter --seed 2")
    shell.execute("inc 1")
    assert shell.execute("save first").ok
    reply = shell.execute("saves rename first second")
    assert reply.ok and reply.output == "Renamed the save 'first' to 'second': 'load second' resumes it."
    directory = tmp_path / "data" / "saves"
    assert json.loads((directory / "second.json").read_text())["seed"] == 2
    assert not (directory / "first.json").exists()
    assert "second" in shell.execute("saves").output
    assert shell.execute("saves delete second").output == "Deleted the save 'second'."
    assert not (directory / "second.json").exists()
    assert shell.execute("saves delete second").error == "no save named 'second'"
    assert not shell.execute("saves frobnicate").ok
    assert shell.execute("save").ok  # the automatic save, deleted by the game's id
    assert shell.execute("saves delete counter").ok and not (directory / "auto" / "counter.json").exists()
