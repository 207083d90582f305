"""The statistics database's rows are checked as the winnability table's
are: a damaged row is skipped and named, never an internal error of
``stats``; what a game reports is checked before it is written; and the
plugin's memory does not grow with the number of games a session deals."""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest

from cardshell import Outcome
from cardshell.testing import new_shell
from cardshell_stats import plugin, store
from cardshell_stats.summary import Result

#: Each damage, as an UPDATE of row 2, and the words naming it.
DAMAGES = [
    ("score = 'abc'", "row 2: its score 'abc' is not a finite number"),
    ("duration = 1e999", "row 2: its duration inf is not a number of seconds in 0..1000000000"),
    ("duration = -7199", "row 2: its duration -7199.0 is not a number of seconds in 0..1000000000"),
    ("duration = 'abc'", "row 2: its duration 'abc' is not a number of seconds in 0..1000000000"),
    ("moves = -1", "row 2: its moves -1 are not a whole number >= 0"),
    ("result = 'maybe'", "row 2: its result 'maybe' is not one of won, lost, draw"),
    ("undo_used = 'z'", "row 2: its undo_used 'z' is not 0 or 1"),
    ("game = char(27) || '[2J'", "row 2: its game '\\x1b[2J' is not a game id"),
]


def _database(directory, damage: str) -> None:
    store.add(directory, Result("aces-up", 7, "won", None, 20, 61.0))
    store.add(directory, Result("aces-up", 8, "won", None, 12, 30.0))
    store.add(directory, Result("aces-up", 9, "lost", None, 12, 10.0))
    with store.writer(directory) as conn:
        conn.execute("PRAGMA ignore_check_constraints = ON")  # as another program could write it
        conn.execute(f"UPDATE results SET {damage} WHERE id = 2")
    store.close()


@pytest.mark.parametrize("damage, named", DAMAGES)
def test_a_damaged_row_is_skipped_and_named_and_every_stats_still_answers(tmp_path, damage, named):
    _database(tmp_path, damage)
    shell = new_shell(["stats", "aces-up"], data_dir=tmp_path)
    warning = (f"(warning: 1 damaged row of {store.db_path(tmp_path)} left out: {named}; "
               "'stats --reset --yes' clears the database.)")
    table = shell.execute("stats --all")
    assert table.ok, table.error
    assert table.output.splitlines()[2].split()[:4] == ["aces-up", "2", "1", "1"]  # rows 1 and 3 only
    assert " ".join(table.output.split()).endswith(" ".join(warning.split()))
    detail = shell.execute("stats aces-up --all")
    assert detail.ok and "  Best time:          1:01" in detail.output  # never -1:59:59, never an error
    assert store.read(tmp_path).damaged == 1 and len(store.results(tmp_path)) == 2
    store.close()


def test_many_damaged_rows_are_counted_and_the_first_few_named(tmp_path):
    for seed in range(10):
        store.add(tmp_path, Result("aces-up", seed, "won", None, 1, 5.0))
    with store.writer(tmp_path) as conn:
        conn.execute("UPDATE results SET duration = 'x' WHERE id > 2")
    store.close()
    reading = store.read(tmp_path)
    assert (len(reading.results), reading.damaged) == (2, 8)
    assert reading.named == [f"row {n}: its duration 'x' is not a number of seconds in 0..1000000000"
                             for n in (3, 4, 5)]
    store.close()


def test_a_result_that_would_be_damaged_is_never_written(tmp_path):
    with pytest.raises(ValueError, match="its duration inf"):
        store.add(tmp_path, Result("aces-up", 1, "won", None, 1, math.inf))
    assert store.results(tmp_path) == []
    store.close()


def _view(uid: str, elapsed: float, moves: int, game: str = "aces-up") -> SimpleNamespace:
    return SimpleNamespace(id=game, uid=uid, seed=1, elapsed=elapsed, moves=moves, undo_used=False,
                           interactive=True, assisted=False, data_dir=None)


def test_a_games_score_and_duration_are_recorded_only_when_they_are_numbers(tmp_path, monkeypatch):
    monkeypatch.setattr(plugin, "_MARKS", {})
    view = _view("u1", elapsed=12.0, moves=3)
    view.data_dir = tmp_path
    plugin.cardshell_game_started(view)
    plugin.cardshell_game_over(view, Outcome("won", score=math.nan, duration=math.inf))
    [row] = store.results(tmp_path)
    assert (row.score, row.duration) == (None, 12.0)  # no score; the host's clock instead of inf
    store.close()


def test_marks_are_one_per_game_and_rounds_count_from_the_last_ending(tmp_path, monkeypatch):
    marks: dict = {}
    monkeypatch.setattr(plugin, "_MARKS", marks)
    monkeypatch.setattr(store, "add", lambda directory, item: recorded.append(item))
    recorded: list[Result] = []
    for deal in range(200):  # an endless script's new deals: one mark, not one per deal
        plugin.cardshell_game_started(_view(f"deal{deal}", 0.0, 0))
    assert list(marks) == ["aces-up"]
    plugin.cardshell_game_over(_view("deal199", 10.0, 4), Outcome("won"))
    plugin.cardshell_game_over(_view("deal199", 25.0, 7), Outcome("lost"))  # the next round of that deal
    assert [(r.moves, r.duration) for r in recorded] == [(4, 10.0), (3, 15.0)]
    plugin.cardshell_game_over(_view("deal5", 40.0, 9), Outcome("won"))  # its mark was replaced: from its start
    assert (recorded[-1].moves, recorded[-1].duration) == (9, 40.0)
    assert list(marks) == ["aces-up"]
