"""The statistics plugin: figures over constructed series, recording through
the lifecycle hooks, reset with confirmation, and concurrent writers."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from cardshell.testing import new_shell
from cardshell_stats import store
from cardshell_stats.summary import Result, Summary, detail, format_rate, format_time, summarise, table

#: The game these tests play: a counter won at 3 (counter_plugin.py beside them).
COUNTER = str(Path(__file__).with_name("counter_plugin.py"))


def series(text: str, undo: str = "", durations: list[float] | None = None) -> list[Result]:
    """'WWLD' -> results (W won, L lost, D draw); undo marks with 'u' the games that used undo."""
    names = {"W": "won", "L": "lost", "D": "draw"}
    durations = durations or [10.0] * len(text)
    return [Result("g", n, names[c], None, 5, durations[n], undo[n:n + 1] == "u") for n, c in enumerate(text)]


@pytest.mark.parametrize("text, undo, expected", [
    ("", "", Summary()),
    ("W", "", Summary(1, 1, 0, 0, 1, 1, 1, 10.0)),
    ("L", "", Summary(1, 0, 1, 0, 0, 0, 0, None)),
    ("WWLWWWDW", "", Summary(8, 6, 1, 1, 1, 3, 6, 10.0)),
    ("WWLWWW", ".u..u.", Summary(6, 5, 1, 0, 3, 3, 3, 10.0)),
    ("LLWWWWL", "", Summary(7, 4, 3, 0, 0, 4, 4, 10.0)),
])
def test_streaks_win_rate_and_perfect_wins_over_a_constructed_series(text, undo, expected):
    assert summarise(series(text, undo)) == expected


def test_win_rate_and_best_time_of_a_series():
    figures = summarise(series("WLWW", durations=[95.0, 3.0, 61.4, 70.0]))
    assert figures.win_rate == 0.75 and format_rate(figures.win_rate) == "75%"
    assert figures.best_time == 61.4 and format_time(figures.best_time) == "1:01"
    assert format_time(3725) == "1:02:05" and format_time(None) == "-" and format_rate(None) == "-"


def test_detail_and_table_layout():
    figures = summarise(series("WWL", ".u."))
    assert detail("Aces Up", figures) == (
        "Aces Up statistics:\n"
        "  Played:             3\n"
        "  Won:                2\n"
        "  Lost:               1\n"
        "  Win rate:           67%\n"
        "  Current win streak: 0\n"
        "  Best win streak:    2\n"
        "  Perfect wins:       1\n"
        "  Best time:          0:10")
    assert table([("aces-up", figures)]).splitlines() == [
        "  game     played  won  lost  win rate  streak  best streak  perfect  best time",
        "  aces-up       3    2     1       67%       0            2        1       0:10",
    ]


# -- through the shell's lifecycle hooks --------------------------------------------

@pytest.fixture
def shell(tmp_path):
    # interactive: 'stats' counts the games played at a terminal (issue 27 item 7)
    shell = new_shell(["stats"], seed=1, modules=[COUNTER], data_dir=tmp_path / "data",
                         interactive=True, autosave=False)
    assert not shell.failures, shell.failures
    return shell


def test_every_finished_game_is_recorded_with_its_figures(shell, tmp_path):
    shell.execute("play counter --seed 4")
    shell.execute("inc 1")
    shell.execute("inc 2")  # won, 2 moves, no undo
    shell.execute("play counter --seed 5")
    shell.execute("inc 2")
    shell.execute("undo")
    shell.execute("inc 3")  # won with undo
    shell.execute("undo")
    shell.execute("redo")  # the same ending again: not counted twice
    shell.execute("play counter --seed 6")
    shell.execute("inc 1")  # in progress: not recorded
    rows = store.results(tmp_path / "data")
    assert [(r.game, r.seed, r.result, r.score, r.moves, r.undo_used) for r in rows] == [
        ("counter", 4, "won", 3.0, 2, False),
        ("counter", 5, "won", 3.0, 1, True),
    ]
    assert all(0 <= r.duration < 60 for r in rows)
    out = shell.execute("stats counter").output
    assert "  Played:             2\n" in out and "  Perfect wins:       1\n" in out
    assert "  Current win streak: 2\n  Best win streak:    2\n" in out
    assert shell.execute("stats").output.startswith("Statistics:\n  game     played  won  lost  win rate")


def test_a_resumed_saved_game_is_the_same_game_for_statistics(shell, tmp_path):
    shell.execute("play counter --seed 4")
    shell.execute("inc 2")
    shell.execute("undo")
    shell.execute("inc 2")
    shell.execute("save later")
    other = new_shell(["stats"], seed=1, modules=[COUNTER], data_dir=tmp_path / "data")
    other.execute("load later")
    assert store.results(tmp_path / "data") == []  # rebuilding fires no hook
    other.execute("inc 1")
    [row] = store.results(tmp_path / "data")
    assert (row.seed, row.moves, row.undo_used) == (4, 2, True)


def test_stats_reset_asks_for_confirmation(shell, tmp_path):
    for seed in (1, 2):
        shell.execute(f"play counter --seed {seed}")
        shell.execute("inc 3")
    assert shell.execute("stats --reset").output == (
        "This deletes the statistics of every game (2 results).\nTo confirm, type: stats --reset --yes")
    assert len(store.results(tmp_path / "data")) == 2
    assert shell.execute("stats counter --reset").output.endswith("type: stats counter --reset --yes")
    assert shell.execute("stats --reset --yes").output == "Deleted the statistics of every game (2 results)."
    assert store.results(tmp_path / "data") == []
    assert shell.execute("stats").output == "No finished games yet."


@pytest.mark.parametrize("line, error", [
    ("stats nosuch", "no game 'nosuch'; the games are: counter"),
    ("stats --yes", "--yes confirms --reset (usage: stats [GAME] [--all] [--reset [--yes]])"),
    ("stats --bogus", "unknown option '--bogus' (usage: stats [GAME] [--all] [--reset [--yes]])"),
    ("stats a b", "stats takes at most one game (usage: stats [GAME] [--all] [--reset [--yes]])"),
])
def test_bad_stats_lines_are_rejected(shell, line, error):
    assert shell.execute(line).error == error


def test_a_damaged_database_is_reported_not_fatal(shell, tmp_path):
    (tmp_path / "data").mkdir(parents=True, exist_ok=True)
    store.db_path(tmp_path / "data").write_bytes(b"this is not a database" * 100)
    shell.execute("play counter --seed 4")
    reply = shell.execute("inc 3")
    assert reply.ok and reply.output.startswith("count is now 3\n[3]\nCounter is over: won")
    assert reply.warnings and "plugin 'stats' failed in cardshell_game_over" in reply.warnings[0]


# -- two processes at once ------------------------------------------------------------

def test_two_processes_finishing_games_at_once_lose_nothing(tmp_path):
    games = 40
    script = "".join(f"play counter --seed {n}\ninc 3\n" for n in range(games))
    env = dict(os.environ, CARDSHELL_LOAD_PLUGINS="stats", CARDSHELL_DATA_DIR=str(tmp_path / "elsewhere"))
    command = [sys.executable, "-m", "cardshell", "--plugin", COUNTER, "--data-dir", str(tmp_path / "d")]
    writers = [subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env=env) for _ in range(2)]
    outputs = [writer.communicate(script, timeout=60) for writer in writers]
    for writer, (_out, err) in zip(writers, outputs):
        assert (writer.returncode, err) == (0, ""), err
    rows = store.results(tmp_path / "d")  # --data-dir reached the plugin
    assert len(rows) == 2 * games
    assert sorted(r.seed for r in rows) == sorted(list(range(games)) * 2)
    assert not (tmp_path / "elsewhere").exists()
    with sqlite3.connect(store.db_path(tmp_path / "d")) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


WRITER = """
import sys
from pathlib import Path
from cardshell_stats import store
from cardshell_stats.summary import Result
for n in range(int(sys.argv[2])):
    store.add(Path(sys.argv[1]), Result("race", n, "won" if n % 3 else "lost", None, n, 1.0, False))
"""


def test_two_processes_writing_results_directly_lose_nothing(tmp_path):
    count = 150
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path / "d"), str(count)],
                                stderr=subprocess.PIPE, text=True) for _ in range(2)]
    for writer in writers:
        assert writer.wait(timeout=60) == 0, writer.stderr.read()
    rows = store.results(tmp_path / "d", "race")
    assert len(rows) == 2 * count
    assert summarise(rows).played == 2 * count and summarise(rows).lost == 2 * len(range(0, count, 3))


# -- issue 12 item 8: one clock, perfect wins only where undo exists ------------------------

def test_a_game_without_undo_shows_no_perfect_wins():
    figures = summarise(series("WW"))
    assert "  Perfect wins:       2\n" in detail("G", figures) + "\n"
    assert "  Perfect wins:       -\n" in detail("G", figures, has_undo=False) + "\n"
    rows = table([("aces-up", figures), ("blackjack", figures)], without_undo=frozenset({"blackjack"}))
    aces, blackjack = rows.splitlines()[1:]
    assert aces.split()[-2] == "2" and blackjack.split()[-2] == "-"


def test_minesweeper_statistics_record_the_time_its_win_line_prints(tmp_path, monkeypatch):
    """The board's clock (first unfold to win) is the outcome's duration, which the statistics
    record: not the session's, which also counts the time before the first unfold."""
    from cardshell_minesweeper import rules as mine_rules

    shell = new_shell(["stats", "minesweeper"], seed=1, data_dir=tmp_path / "data", autosave=False,
                         interactive=True)
    times = iter([1000.0, 1045.2])
    monkeypatch.setattr(mine_rules, "clock", lambda: next(times))
    assert shell.execute("play minesweeper --seed 3 --rows 4 --cols 4 --mines 1").ok
    shell.current.started -= 4.0  # the player looked at the board for 4 s before the first unfold
    reply = shell.execute("a1")
    while shell.current.outcome is None:  # open safe cells until the board is won
        board = shell.current.state
        cell = next(c for c in board.cells() if c not in board.mines and c not in board.shown)
        reply = shell.execute(mine_rules.label(cell))
    assert "Win (took 45.2 seconds)" in reply.output
    [row] = store.results(tmp_path / "data")
    assert row.result == "won" and row.duration == pytest.approx(45.2)
    stats = shell.execute("stats minesweeper").output
    assert "  Best time:          0:45" in stats and "  Perfect wins:       -" in stats


# -- how a game was played (issue 27 item 7) --------------------------------------------

def _scripted(tmp_path, *plugins):
    return new_shell(["stats", *plugins], seed=1, modules=[COUNTER],
                        data_dir=tmp_path / "data", autosave=False)


def test_a_scripted_game_is_recorded_as_scripted_and_counted_by_its_own_script_only(tmp_path):
    earlier = _scripted(tmp_path)
    earlier.execute("play counter --seed 4")
    earlier.execute("inc 3")
    [row] = store.results(tmp_path / "data")
    assert not row.interactive and not row.assisted and row.run == store.RUN
    # A script that finished games counts those games: here the one it won.
    assert "  counter       1    1" in earlier.execute("stats").output
    assert "  Played:             1\n  Won:                1" in earlier.execute("stats counter").output
    # Another run's script (another RUN) sees only its own; one that finished none says so.
    monkey_run = pytest.MonkeyPatch()
    monkey_run.setattr(store, "RUN", "another run")
    try:
        later = _scripted(tmp_path)
        assert later.execute("stats").output == "No finished games yet."
        later.execute("play counter --seed 5")
        later.execute("inc 3")
        later.execute("play counter --seed 6")
        later.execute("inc 3")
        assert "  counter       2    2" in later.execute("stats").output
        every = later.execute("stats --all").output
        assert every.startswith("Statistics (games played at a terminal and by scripts):\n")
        assert "  counter       3    3" in every
    finally:
        monkey_run.undo()
    person = new_shell(["stats"], seed=1, modules=[COUNTER], data_dir=tmp_path / "data",
                          interactive=True, autosave=False)
    person.execute("play counter --seed 5")
    person.execute("inc 3")
    output = person.execute("stats counter").output
    assert "  Played:             1" in output
    assert output.endswith("(3 results of scripted games left out: 'stats --all' counts them too.)")


def test_a_win_by_solve_is_assisted_and_never_perfect(tmp_path):
    shell = _scripted(tmp_path, "aces-up")
    shell.execute("play aces-up --seed 4")
    assert shell.execute("solve --play").ok
    [row] = store.results(tmp_path / "data")
    assert row.result == "won" and row.assisted and not row.undo_used
    detail = shell.execute("stats aces-up --all").output
    assert "  Perfect wins:       0" in detail
    assert "  Assisted wins:      1" in detail


def test_a_hint_marks_the_game_assisted_and_the_mark_survives_a_save(tmp_path):
    shell = _scripted(tmp_path, "aces-up")
    shell.execute("play aces-up --seed 4")
    assert not shell.current.assisted
    assert shell.execute("hint").ok
    assert shell.current.assisted
    shell.execute("save helped")
    shell.execute("quit")
    shell.execute("load helped")
    assert shell.current.assisted


def test_an_unassisted_win_without_undo_is_perfect():
    figures = summarise([Result("x", 1, "won"), Result("x", 2, "won", assisted=True),
                         Result("x", 3, "won", undo_used=True)])
    assert (figures.won, figures.perfect, figures.assisted_wins) == (3, 1, 1)


def test_snap_results_are_told_from_a_side(tmp_path):
    shell = new_shell(["stats", "snap"], seed=1, data_dir=tmp_path / "data", autosave=False,
                         interactive=True)
    shell.execute("play snap --seed 3")
    shell.execute("run")  # A wins on this deal
    detail = shell.execute("stats snap").output.splitlines()
    assert detail[0] == "Snap statistics (from A's side: Snap has no decisions):"
    assert "  A won:              1" in detail
    table = shell.execute("stats").output.splitlines()
    assert table[2].startswith("  snap (A)       1    1     0")
    assert table[3] == "  snap (A): won and lost are A's (snap has no decisions)"


def test_games_that_play_themselves_count_the_deals_results_not_the_players(tmp_path):
    shell = new_shell(["stats", "pictures", "up-and-down", "aces-up"], seed=1, data_dir=tmp_path / "data",
                      autosave=False, interactive=True)
    shell.execute("play pictures --seed 477")  # won by the deal
    shell.execute("play pictures --seed 3")  # lost by the deal
    shell.execute("play up-and-down --seed 3")
    detail = shell.execute("stats pictures").output.splitlines()
    assert detail[0] == "Pictures statistics (results of the deals: Pictures plays itself):"
    assert "  Deals won:          1" in detail and "  Deals lost:         1" in detail
    assert "  Perfect wins:       -" in detail and "  Best time:          -" in detail
    assert "  Best win streak:    -" in detail
    table = shell.execute("stats").output.splitlines()
    assert table[2].split()[:4] == ["pictures", "(deals)", "2", "1"] and table[2].split()[-2:] == ["-", "-"]
    assert "  pictures (deals): won and lost are the deals' results (pictures plays itself)" in table


def test_only_a_game_with_legal_moves_and_no_move_records_plays_itself():
    from cardshell import Game
    from cardshell_stats.summary import plays_itself

    def new(seed, options):
        return 0

    game = Game("g", "G", "s", new=new, render=str, outcome=lambda s: None, immutable=True, legal_moves=lambda s: [])
    assert plays_itself(game) and not plays_itself(None)
    assert not plays_itself(Game("g", "G", "s", new=new, render=str, outcome=lambda s: None))  # contract 1
    won = [Result("g", 1, "won", moves=0), Result("g", 2, "won", moves=4, duration=30.0)]
    figures = summarise(won, by_deal=True)  # the one with a move (a game's own Command) is the player's
    assert (figures.won, figures.deal_results, figures.perfect, figures.best_time) == (2, 1, 1, 30.0)
    assert not figures.by_deal and summarise(won).perfect == 2  # a game with decisions: as ever


def test_a_database_from_before_the_new_columns_is_read_and_upgraded(tmp_path):


    directory = tmp_path / "data"
    directory.mkdir()
    with sqlite3.connect(store.db_path(directory)) as conn:
        conn.executescript(
            "CREATE TABLE results (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, seed INTEGER NOT NULL,"
            " result TEXT NOT NULL, score REAL, moves INTEGER NOT NULL, duration REAL NOT NULL,"
            " undo_used INTEGER NOT NULL, finished TEXT NOT NULL);"
            "INSERT INTO results (game, seed, result, score, moves, duration, undo_used, finished)"
            " VALUES ('counter', 1, 'won', 3, 2, 1.5, 0, '2026-01-01T00:00:00+00:00');")
    conn.close()
    store.close()
    [old] = store.results(directory)  # read-only: no column added
    assert old.interactive and not old.assisted
    store.add(directory, Result("counter", 2, "lost", interactive=False, assisted=True))
    assert [(r.interactive, r.assisted) for r in store.results(directory)] == [(True, False), (False, True)]
    store.close()


def test_an_assisted_win_and_a_game_without_decisions_set_no_best_time():
    assisted = [Result("g", 1, "won", None, 5, 30.0, assisted=True), Result("g", 2, "won", None, 5, 90.0)]
    figures = summarise(assisted)
    assert figures.best_time == 90.0 and figures.assisted_wins == 1  # the solver's 30 s is not the player's record
    assert summarise([Result("g", 3, "won", None, 5, 30.0, assisted=True)]).best_time is None
    assert summarise(series("WW"), timed=False).best_time is None and summarise(series("WW"), timed=False).won == 2


def test_a_database_locked_by_another_process_fails_the_write_within_its_bound(tmp_path, monkeypatch):
    """The game's end is told, not held: a write waits at most RETRY_SECONDS, then says the result was lost."""
    import sqlite3 as _sqlite3

    from cardshell_stats import store

    store.add(tmp_path, Result("g", 1, "won", None, 5, 3.0))  # the database exists
    monkeypatch.setattr(store, "RETRY_SECONDS", 0.3)
    monkeypatch.setattr(store, "BUSY_TIMEOUT", 0.05)
    holder = _sqlite3.connect(store.db_path(tmp_path), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another process's long transaction
    try:
        store._current = None  # no cached connection: a fresh one meets the lock
        with pytest.raises(store.Busy, match="locked by another process .* not recorded"):
            store.add(tmp_path, Result("g", 2, "lost", None, 5, 3.0))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert [r.seed for r in store.read(tmp_path).results] == [1]  # nothing half written


def test_a_script_that_finished_no_game_shows_none_whatever_was_played_before(tmp_path):
    """A script's output never depends on earlier play: the terminal's games
    (and other scripts') are not shown by a script's 'stats' until it
    finishes one of its own, and then only that one."""
    person = new_shell(["stats"], seed=1, modules=[COUNTER], data_dir=tmp_path / "data",
                       interactive=True, autosave=False)
    for seed in (1, 2):
        person.execute(f"play counter --seed {seed}")
        person.execute("inc 3")
    assert "  counter       2    2" in person.execute("stats").output
    monkey_run = pytest.MonkeyPatch()
    monkey_run.setattr(store, "RUN", "a later run")
    try:
        script = _scripted(tmp_path)
        assert script.execute("stats").output == "No finished games yet."
        detail = script.execute("stats counter").output
        assert "  Played:             0" in detail and "  Won:                0" in detail
        script.execute("play counter --seed 3")
        assert script.execute("stats").output == "No finished games yet."  # in progress: not finished
        script.execute("inc 3")
        assert "  counter       1    1" in script.execute("stats").output
        assert "  counter       3    3" in script.execute("stats --all").output  # asked for: every game
    finally:
        monkey_run.undo()


def test_a_script_s_own_snap_game_has_no_best_time(tmp_path):
    """A script's own results are summed as the terminal's are: Snap has no decisions, so no best time."""
    shell = new_shell(["stats", "snap"], seed=1, data_dir=tmp_path / "data", autosave=False)
    shell.execute("play snap --seed 3")
    shell.execute("run")  # A wins on this deal
    detail = shell.execute("stats snap").output.splitlines()
    assert "  A won:              1" in detail
    assert "  Best time:          -" in detail


def test_a_piped_script_shows_its_own_games_and_a_command_line_stats_the_players(tmp_path):
    """'cardshell < moves.txt' is a script: earlier play is not shown; 'cardshell stats'
    is a person asking on the command line: the games played at a terminal."""
    data = tmp_path / "data"
    store.add(data, Result("aces-up", 7, "won", None, 20, 61.0, interactive=True))
    store.close()
    env = dict(os.environ, CARDSHELL_LOAD_PLUGINS="stats,aces-up", COLUMNS="80")

    def cardshell(*args, stdin=""):
        return subprocess.run([sys.executable, "-m", "cardshell", "--data-dir", str(data), *args],
                              input=stdin, capture_output=True, text=True, env=env, timeout=60)

    piped = cardshell(stdin="stats\nstats aces-up\n")
    assert (piped.returncode, piped.stderr) == (0, "")
    assert piped.stdout.startswith("No finished games yet.\nAces Up statistics:\n"
                                   "  Played:             0\n")
    asked = cardshell("stats", "aces-up")
    assert (asked.returncode, asked.stderr) == (0, "")
    assert asked.stdout.startswith("Aces Up statistics:\n  Played:             1\n  Won:                1\n")
