"""An endless script keeps its memory flat: what the host and the
statistics plugin remember per game dealt is bounded (the retired games'
uids only for games a save file can hold, the endings seen to
``endings.MAX_ENDINGS``, the statistics' marks one per game id)."""

from __future__ import annotations

from cardshell import endings
from cardshell.shell import Shell
from cardshell_stats import plugin as stats_plugin


def test_an_endless_script_of_deals_remembers_a_bounded_amount(tmp_path, monkeypatch):
    monkeypatch.setattr(endings, "MAX_ENDINGS", 10)
    monkeypatch.setattr(stats_plugin, "_MARKS", {})
    shell = Shell.create(plugins=["snap", "stats"], data_dir=tmp_path, seed=1)
    assert shell.execute("play snap --seed 0 --max-turns 30").ok  # short deals
    for seed in range(1, 41):
        assert shell.execute(f"new --seed {seed}").ok
        assert shell.execute("run").ok  # the deal ends: a result is recorded
    assert shell.table.retired == set()  # none of these games is in a save file
    assert len(shell.endings.seen) == 10  # the latest ones
    assert list(stats_plugin._MARKS) == ["snap"]


def test_a_saved_game_that_is_replaced_is_still_remembered_as_retired(tmp_path):
    shell = Shell.create(plugins=["aces-up"], data_dir=tmp_path, seed=1)
    shell.execute("play aces-up --seed 1")
    shell.execute("D")
    assert shell.execute("save mine").ok
    saved = shell.table.current.uid
    shell.execute("play aces-up --seed 2")  # asks nothing in a script: the saved game is replaced
    assert shell.table.retired == {saved}
