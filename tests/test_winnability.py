"""winnability GAME: the Wilson interval, the table (resume, bigger budgets,
stale rules, export), the report, bad input and the command line."""

from __future__ import annotations

import importlib.util
import math
import sqlite3
import sys
from collections import Counter

import pytest

from cardshell.shell import Shell
from cardshell.sweep import ProgressLine
from cardshell.winnability import args as grammar
from cardshell.winnability import run as winrun
from cardshell.winnability.report import KEY_COVERS, Tally, report
from cardshell.winnability.stats import bounds, median, wilson_interval
from cardshell.winnability.store import FILE_NAME, DealResult, Key, Row, Store, read_csv

THUMB = "winnability thumb-and-pouch --deals 0:12 --nodes 300 --seconds 600 --jobs 1"


def table(data_dir):
    """Every stored row without its time (the only thing that varies between runs)."""
    with Store.in_directory(data_dir) as store:
        return [(row.key, row.deal, row.outcome.result, row.outcome.positions, row.outcome.line)
                for row in store.rows()]


def row_of(label, value, note=""):
    """A line of the report's table: the label, the value right-aligned in 8 columns, a note."""
    return f"  {label:<17}{value:>8,}  {note}".rstrip()


@pytest.fixture(scope="module")
def one_shell(tmp_path_factory):
    """One shell for the tests that must change nothing, and its data directory."""
    data = tmp_path_factory.mktemp("winnability") / "data"
    return Shell.create(["thumb-and-pouch"], data_dir=data), data


@pytest.fixture
def shell(tmp_path):
    return Shell.create(["thumb-and-pouch", "aces-up", "higher-lower"], data_dir=tmp_path / "data")


# -- statistics ------------------------------------------------------------

@pytest.mark.parametrize(("won", "settled", "low", "high"), [
    (81, 263, 0.2553, 0.3662),   # Newcombe (1998), Statistics in Medicine 17, table I, method 3
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_the_wilson_interval_matches_newcombes_published_values(won, settled, low, high):
    found = wilson_interval(won, settled)
    assert (round(found[0], 4), round(found[1], 4)) == (low, high)


def test_the_wilson_interval_of_nothing_is_everything_and_bad_counts_are_refused():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(7, 7)[1] == 1.0
    for won, settled in ((3, 2), (-1, 4), (1, -1)):
        with pytest.raises(ValueError):
            wilson_interval(won, settled)


def test_bounds_count_unknowns_as_losses_and_as_wins_and_median_takes_the_middle():
    assert bounds(3, 5, 2) == (0.3, 0.5)
    assert bounds(0, 0, 0) == (0.0, 1.0)
    assert median([1.0, 2.0, 10.0]) == 2.0 and median([1.0, 3.0]) == 2.0 and math.isnan(median([]))


# -- the command -------------------------------------------------------------

def test_a_run_reports_aligned_within_80_columns_and_keeps_its_table_in_the_data_dir(shell, tmp_path):
    png = tmp_path / "times.png"
    reply = shell.execute(f"{THUMB} --plot {png}")
    assert reply.ok, reply.error
    if importlib.util.find_spec("matplotlib") is not None:
        assert png.read_bytes().startswith(b"\x89PNG") and reply.output.endswith(f"Wrote the histogram to {png}")
    lines = reply.output.splitlines()
    assert lines[0].startswith("Thumb and Pouch: ")  # plain words first (issue 27 item 6)
    head = lines.index("Details: thumb-and-pouch, thoughtful, deals 0:12")
    assert max(map(len, lines[:-1])) <= 80  # all but the PNG's path
    rows = table(tmp_path / "data")
    counts = {result: sum(1 for row in rows if row[2] == result) for result in ("won", "no win", "unknown")}
    assert len(rows) == 12 and counts["won"] > 0
    assert row_of("won", counts["won"]) in lines
    assert row_of("unknown", counts["unknown"]) in lines
    assert row_of("from the table", 0, "of 12 deals") in lines
    assert "Time per settled deal" in reply.output  # the --plot histogram
    # What the rules version covers, in one line under it (issue 26 item 5).
    assert lines[head + 2].startswith("  rules version: ") and lines[head + 3] == f"  {KEY_COVERS.text}"
    # The nine rows of the table: labels in one column, values right-aligned in the next.
    table_lines = lines[head + 4:head + 13]
    assert [line[2:19].rstrip() for line in table_lines] == [
        "deals", "won", "no win", "unknown", "winnability", "bounds", "wall time", "per settled deal",
        "from the table"]
    assert all(line[19:27].strip() and line[26] != " " for line in table_lines)


def test_a_second_run_takes_every_deal_from_the_table(shell, tmp_path, monkeypatch):
    assert shell.execute(THUMB).ok
    before = table(tmp_path / "data")
    monkeypatch.setattr(winrun, "solve", lambda *args, **kwargs: pytest.fail("a stored deal was solved again"))
    reply = shell.execute(THUMB)
    assert reply.ok, reply.error
    assert row_of("from the table", 12, "of 12 deals") in reply.output.splitlines()
    assert table(tmp_path / "data") == before


def test_an_interrupted_sweep_resumed_gives_the_table_of_one_run(tmp_path, monkeypatch):
    whole = Shell.create(["thumb-and-pouch"], data_dir=tmp_path / "one")
    assert whole.execute(THUMB).ok
    solved = []
    original = winrun.solve

    def interrupt_after_ten(*args, **kwargs):  # each deal is a chunk of its own, stored as it ends
        if len(solved) == 10:
            raise KeyboardInterrupt
        solved.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(winrun, "solve", interrupt_after_ten)
    broken = Shell.create(["thumb-and-pouch"], data_dir=tmp_path / "two")
    reply = broken.execute(THUMB)
    assert not reply.ok and reply.interrupted
    assert reply.error.startswith("interrupted; the 10 deals settled or tried before stay in ")
    kept = table(tmp_path / "two")
    assert [row[1] for row in kept] == list(range(10))  # every deal that ended was kept
    monkeypatch.setattr(winrun, "solve", original)
    resumed = broken.execute(THUMB)
    assert resumed.ok, resumed.error
    assert row_of("from the table", len(kept), "of 12 deals") in resumed.output.splitlines()
    assert table(tmp_path / "two") == table(tmp_path / "one")


class RecordedProgress:
    """A progress line that records what the sweep tells it."""

    def __init__(self):
        self.advances, self.closed = [], False

    def advance(self, deals):
        self.advances.append(deals)

    def close(self):
        self.closed = True


@pytest.mark.parametrize("jobs", ["--jobs 1", "--jobs 2"])
def test_progress_counts_the_deals_one_by_one_as_they_end(shell, monkeypatch, jobs):
    # issue 27 item 5: "0/30 deals" for 22 s while a chunk of 8 deals was solved
    recorded = RecordedProgress()
    monkeypatch.setattr(ProgressLine, "for_context", classmethod(lambda cls, *args, **kwargs: recorded))
    reply = shell.execute(THUMB.replace("--jobs 1", jobs))
    assert reply.ok, reply.error
    assert recorded.advances == [1] * 12
    assert recorded.closed


def test_a_bigger_budget_retries_only_the_unknown_deals(shell, tmp_path, monkeypatch):
    small = "winnability thumb-and-pouch --deals 0:12 --nodes 120 --seconds 600 --jobs 1"
    assert shell.execute(small).ok
    first = {row[1]: row[2] for row in table(tmp_path / "data")}
    unknown = sorted(deal for deal, result in first.items() if result == "unknown")
    assert unknown and len(unknown) < 12
    seeds = []
    original = winrun.start_state
    monkeypatch.setattr(winrun, "start_state", lambda rules, seed: seeds.append(seed) or original(rules, seed))
    reply = shell.execute(small.replace("--nodes 120", "--nodes 1500"))
    assert reply.ok, reply.error
    assert seeds == unknown
    assert row_of("from the table", 12 - len(unknown), "of 12 deals") in reply.output.splitlines()
    # The unknowns at the small budget stay; the retried deals have rows of their own.
    rows = table(tmp_path / "data")
    assert len(rows) == 12 + len(unknown)
    # The same small budget again: every deal from the table, unknowns included.
    seeds.clear()
    assert shell.execute(small).ok and seeds == []


def test_a_changed_solver_retries_only_the_unknown_deals(shell, tmp_path, monkeypatch):
    from cardshell.winnability import command

    small = "winnability thumb-and-pouch --deals 0:12 --nodes 120 --seconds 600 --jobs 1"
    assert shell.execute(small).ok
    first = {row[1]: row[2] for row in table(tmp_path / "data")}
    unknown = sorted(deal for deal, result in first.items() if result == "unknown")
    assert unknown and len(unknown) < 12
    monkeypatch.setattr(command, "solver_version", lambda module_file, honest=False: "a-new-solver")
    seeds = []
    original = winrun.start_state
    monkeypatch.setattr(winrun, "start_state", lambda rules, seed: seeds.append(seed) or original(rules, seed))
    reply = shell.execute(small)
    assert reply.ok, reply.error
    assert seeds == unknown  # the settled deals are proofs: kept whatever solver settled them
    rows = table(tmp_path / "data")
    assert len(rows) == 12  # same budget: the new unknowns replace the old ones
    assert {row[0].solver for row in rows if row[2] == "unknown"} == {"a-new-solver"}


def test_retry_unknown_solves_again_exactly_the_unknown_deals_of_the_budget(shell, tmp_path, monkeypatch):
    small = "winnability thumb-and-pouch --deals 0:12 --nodes 105 --seconds 600 --jobs 1"
    assert shell.execute(small).ok
    before = table(tmp_path / "data")
    unknown = sorted(row[1] for row in before if row[2] == "unknown")
    assert len(unknown) >= 2
    # One unknown deal settled under a bigger budget stays settled: it is not retried.
    settled = unknown[0]
    bigger = small.replace("--deals 0:12", f"--deals {settled}:{settled + 1}").replace("--nodes 105", "--nodes 5000")
    assert shell.execute(bigger).ok
    assert [row[2] for row in table(tmp_path / "data") if row[1] == settled and row[0].nodes == 5000] != ["unknown"]
    before = table(tmp_path / "data")
    seeds = []
    original = winrun.start_state
    monkeypatch.setattr(winrun, "start_state", lambda rules, seed: seeds.append(seed) or original(rules, seed))
    reply = shell.execute(small + " --retry-unknown")
    assert reply.ok, reply.error
    retried = unknown[1:]
    assert seeds == retried  # the settled deals are never solved again
    lines = reply.output.splitlines()
    plural = "s" if len(retried) != 1 else ""
    assert lines[0] == f"Retrying {len(retried)} unknown deal{plural} of this budget."
    assert row_of("from the table", 12 - len(retried), "of 12 deals") in lines
    # Positions bound the search here, so the retried deals get the same answers again.
    assert sorted(table(tmp_path / "data"), key=repr) == sorted(
        [row for row in before if not (row[1] == settled and row[0].nodes == 105)], key=repr)


def test_the_solver_fingerprint_follows_the_game_package_source(tmp_path):
    package = tmp_path / "game"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "plugin.py").write_text("X = 1\n")
    (package / "solver.py").write_text("def solve(): pass\n")
    before = winrun.solver_version(str(package / "plugin.py"))
    assert before == winrun.solver_version(str(package / "plugin.py"))
    (package / "solver.py").write_text("def solve(): return 1\n")
    assert winrun.solver_version(str(package / "plugin.py")) != before
    assert winrun.solver_version(None) != before


def test_a_table_written_before_the_solver_column_opens_and_is_reused(tmp_path):
    path = tmp_path / FILE_NAME
    db = sqlite3.connect(path)
    db.execute(
        "CREATE TABLE results (game TEXT NOT NULL, rules_version TEXT NOT NULL, mode TEXT NOT NULL, "
        "deal INTEGER NOT NULL, budget_seconds REAL NOT NULL, budget_nodes INTEGER NOT NULL, "
        "budget_samples INTEGER NOT NULL, result TEXT NOT NULL, positions INTEGER NOT NULL, "
        "seconds REAL NOT NULL, line TEXT NOT NULL, PRIMARY KEY (game, rules_version, mode, deal, "
        "budget_seconds, budget_nodes, budget_samples)) WITHOUT ROWID")
    db.execute("INSERT INTO results VALUES ('g', 'v', 'thoughtful', 3, 10, 100, 0, 'won', 5, 0.1, '[\"D\"]')")
    db.commit()
    db.close()
    with Store(path) as store:
        key = Key("g", "v", "thoughtful", 20.0, 1000, 0, "any")
        assert [(row.deal, row.outcome.result, row.outcome.line) for row in store.usable(key, range(10))] == [
            (3, "won", ("D",))]
        assert list(store.todo(key, range(5))) == [0, 1, 2, 4]


def test_a_changed_rules_page_does_not_reuse_stale_results(shell, tmp_path, monkeypatch):
    from cardshell.winnability import command

    assert shell.execute(THUMB).ok
    real = command.gamepage.rules_text
    monkeypatch.setattr(command.gamepage, "rules_text", lambda game, plugin: real(game, plugin) + "\nA new rule.")
    reply = shell.execute(THUMB)
    assert row_of("from the table", 0, "of 12 deals") in reply.output.splitlines()
    versions = {row[0].rules_version for row in table(tmp_path / "data")}
    assert len(versions) == 2


def test_export_writes_the_rows_as_csv_that_reads_back_the_same(shell, tmp_path):
    target = tmp_path / "out.csv"
    reply = shell.execute(f"{THUMB} --export {target}")
    assert reply.ok, reply.error
    assert reply.output.endswith(f"Wrote 12 rows to {target}")
    with Store.in_directory(tmp_path / "data") as store:
        stored = list(store.rows())
    assert read_csv(target) == stored


@pytest.mark.parametrize("options", [
    "--deals 9:3", "--deals 5:5", "--deals -1:3", "--deals=-1:3", "--deals 0:1000001",
    "--deals 0:99999999999999999999999999", "--deals x", "--nodes 0", "--nodes 5000001", "--seconds 0",
    "--seconds 1e9", "--seconds nan", "--samples 3", "--honest --samples 1001", "--jobs -1",
    "--jobs 2 --scheduler tcp://127.0.0.1:1", "--thoughtful --honest", "--export out.txt",
    "--plot out.txt", "--bogus",
])
def test_bad_input_is_refused_and_changes_nothing(one_shell, options):
    shell, data = one_shell
    reply = shell.execute(f"winnability thumb-and-pouch {options}")
    assert not reply.ok and reply.error
    assert not (data / FILE_NAME).exists()


def test_bad_input_after_a_run_leaves_the_table_as_it_was(shell, tmp_path):
    assert shell.execute(THUMB).ok
    before = table(tmp_path / "data")
    assert not shell.execute("winnability thumb-and-pouch --deals 12:0").ok
    assert not shell.execute("winnability no-such-game").ok
    assert table(tmp_path / "data") == before


def test_a_game_that_cannot_be_searched_gets_a_message_and_nothing_is_done(tmp_path):
    shell = Shell.create([], extra_modules=["toy_counter"], data_dir=tmp_path / "data")
    reply = shell.execute("winnability counter --deals 0:5")
    assert not reply.ok
    assert "cannot solve its deals; nothing was done" in reply.error
    assert not (tmp_path / "data" / FILE_NAME).exists()


def test_a_prefix_names_the_game_and_honest_play_plays_to_the_end(shell, tmp_path):
    reply = shell.execute("winnability higher --deals 0:6 --honest --samples 4 --nodes 200 --jobs 1")
    assert reply.ok, reply.error
    assert "Details: higher-lower, honest, deals 0:6" in reply.output
    assert reply.output.startswith("Higher or Lower: ") and "were won by the honest player" in reply.output
    assert "\nHonest: each deal is played with the hints, seeing only what a player sees" in reply.output
    rows = table(tmp_path / "data")
    assert {row[0].mode for row in rows} == {"honest"} and {row[0].samples for row in rows} == {4}
    assert all(row[2] in ("won", "no win") and row[4] for row in rows)  # every deal played to its end


def test_honest_rows_answer_only_for_their_own_budget_and_player(shell, tmp_path, monkeypatch):
    from cardshell.winnability import command

    honest = "winnability higher-lower --deals 0:4 --honest --samples 3 --nodes 100 --seconds 600 --jobs 1"
    assert shell.execute(honest).ok
    seeds = []
    original = winrun.start_state
    monkeypatch.setattr(winrun, "start_state", lambda rules, seed: seeds.append(seed) or original(rules, seed))
    # Settled honest rows say what one player did: a stronger player plays every deal again...
    reply = shell.execute(honest.replace("--samples 3", "--samples 4"))
    assert reply.ok and seeds == [0, 1, 2, 3]
    assert row_of("from the table", 0, "of 4 deals") in reply.output.splitlines()
    # ... and so does a changed player, while the same player takes them all from the table.
    seeds.clear()
    assert shell.execute(honest).ok and seeds == []
    real = command.solver_version
    monkeypatch.setattr(command, "solver_version", lambda module_file, honest=False: real(module_file) + "x")
    assert shell.execute(honest).ok and seeds == [0, 1, 2, 3]
    assert winrun.solver_version(None, honest=True) != winrun.solver_version(None)


def _walk_plugin(tmp_path):
    """A toy game whose hint, blind within its budget, suggests 'swap' first
    (it only flips a flag: two swaps come back where they started); 'step'
    moves on (legal from row 0) and row 5 wins."""
    plugin = tmp_path / "toy_walk.py"
    plugin.write_text(
        "import cardshell\n\n"
        "def outcome(state):\n"
        "    return cardshell.Outcome('won') if state[1] == 5 else None\n\n"
        "def legal(state):\n"
        "    return [] if state[1] == 5 else ['swap'] if state[1] < 0 else ['swap', 'step']\n\n"
        "@cardshell.hookimpl\ndef cardshell_games():\n"
        "    moves = (cardshell.Move('swap', 'flip the flag', lambda s: (1 - s[0], s[1])),\n"
        "             cardshell.Move('step', 'one step on', lambda s: (s[0], s[1] + 1)))\n"
        "    return [cardshell.Game('walk', 'Walk', 'a toy', new=lambda seed, options: (0, 0), render=str,\n"
        "                           immutable=True, moves=moves, outcome=outcome,\n"
        "                           legal_moves=legal)]\n"
    )
    return Shell.create(plugins=[], extra_modules=[str(plugin)], data_dir=tmp_path / "data")


def test_the_honest_player_enters_no_position_more_than_max_visits_times(tmp_path):
    rules = _walk_plugin(tmp_path).rules("walk")
    # Two positions per hint: too few to see the win, so the hint is 'swap', the first legal move.
    result = winrun.play_honestly(rules, (0, 0), 0, seconds=600, nodes=2, samples=1)
    assert result.result == "won"
    # Swaps until the next would enter a position a (MAX_VISITS + 1)th time: then a step.
    assert result.line == (("swap",) * (2 * winrun.MAX_VISITS - 1) + ("step",)) * 5
    positions = [(0, 0)]
    for move in result.line:
        positions.append(rules.play(positions[-1], move))
    assert max(Counter(positions).values()) == winrun.MAX_VISITS


def test_an_honest_player_whose_every_move_goes_round_in_circles_has_lost_its_way(tmp_path):
    rules = _walk_plugin(tmp_path).rules("walk")
    # Below row 0 only 'swap' is legal: the swap that would enter (0, -1) once too often is not made.
    result = winrun.play_honestly(rules, (0, -1), 0, seconds=600, nodes=2, samples=1)
    assert (result.result, result.line) == ("no win", ("swap",) * (2 * winrun.MAX_VISITS - 1))
    full = winrun.MAX_VISITS
    assert winrun._new_ground(rules, (0, 4), Counter({(1, 4): full, (0, 5): full})) == ("", None)
    assert winrun._new_ground(rules, (0, 4), Counter({(1, 4): 1})) == ("step", (0, 5))
    assert winrun._new_ground(rules, (0, 4), Counter({(1, 4): 1, (0, 5): 1})) == ("swap", (1, 4))


def test_the_report_of_a_tally(tmp_path):
    key = Key("aces-up", "1+abc", "thoughtful", 10.0, 1000)
    tally = Tally(won=81, lost=182, unknown=0)
    tally.times.extend([0.5] * 263)
    text = report("Aces Up", key, range(0, 263), tally, 12.5, 3)
    assert f"  {'winnability':<17}  30.8 %  95 % Wilson interval 25.5 % to 36.6 % of settled" in text
    assert f"  {'bounds':<17}  30.8 %  to 30.8 %: unknowns as losses / as wins" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_a_table_that_is_not_a_database_is_a_clear_error(shell, tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / FILE_NAME).write_text("not a database " * 100)
    reply = shell.execute(THUMB)
    assert not reply.ok and reply.error.endswith(f"{FILE_NAME} is not a winnability table (not an SQLite "
                                                 "database); move it aside or use another --data-dir")


# -- the command line ----------------------------------------------------------

def test_the_command_line_runs_it_and_exits_0_or_2_for_usage_errors(run_cli, tmp_path):
    data = str(tmp_path / "data")
    done = run_cli("--data-dir", data, "winnability", "thumb", "--deals", "0:3", "--nodes", "300", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Thumb and Pouch: ")
    assert "\nDetails: thumb-and-pouch, thoughtful, deals 0:3\n" in done.stdout
    for words in (["thumb", "--deals", "3:0"], ["nope"]):
        bad = run_cli("--data-dir", data, "winnability", *words)
        assert bad.returncode == 2 and bad.stdout == ""
        assert bad.stderr.startswith("cardshell: winnability: ")
    with sqlite3.connect(tmp_path / "data" / FILE_NAME) as db:
        assert db.execute("SELECT COUNT(*) FROM results").fetchone() == (3,)


def test_a_stored_winning_line_replays_to_a_win_through_the_piped_shell(shell, tmp_path, run_cli):
    assert shell.execute(THUMB).ok
    won = [row for row in table(tmp_path / "data") if row[2] == "won"]
    deal, line = won[0][1], won[0][4]
    script = "\n".join([f"play thumb-and-pouch --seed {deal}", *line]) + "\n"
    played = run_cli("--stop-on-error", stdin=script)
    assert played.returncode == 0, played.stderr
    assert "You won!" in played.stdout and "Thumb and Pouch is over, score 52." in played.stdout


def test_help_documents_the_command_and_its_bounds(one_shell):
    shell, _ = one_shell
    text = shell.execute("help winnability").output
    assert text.startswith("usage: winnability GAME [OPTIONS]")
    flat = " ".join(text.split())
    for bound in ("at most 1,000,000 deals", "at most 3600", "at most 5,000,000", "--samples at most 1,000",
                  "95% Wilson interval", "--export FILE.csv", "--scheduler"):
        assert bound in flat
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "winnability GAME [OPTIONS]" in shell.execute("help all").output


# -- the key covers the plugin's code (issue 26 item 5) ------------------------------------

_FIXED_PLUGIN = (
    "import cardshell\n"
    "from toy_fixed import rules\n\n"
    "@cardshell.hookimpl\ndef cardshell_games():\n"
    "    return [cardshell.Game('fixed', 'Fixed', 'a toy', new=lambda seed, options: seed, render=str,\n"
    "                           immutable=True, moves=(cardshell.Move('step', 'one on', lambda s: s + 1),),\n"
    "                           outcome=lambda s: cardshell.Outcome('won') if s == 4 else None,\n"
    "                           legal_moves=rules.legal)]\n")


def _fixed_game(tmp_path, limit_line):
    """A plugin package in tmp_path: ``toy_fixed.plugin`` registers a game whose
    rules (``toy_fixed/rules.py``) step a counter up to LIMIT; 4 wins."""
    package = tmp_path / "toy_fixed"
    package.mkdir(exist_ok=True)
    (package / "__init__.py").write_text("")
    (package / "plugin.py").write_text(_FIXED_PLUGIN)
    (package / "rules.py").write_text(f"{limit_line}\n\ndef legal(state):\n"
                                      "    return ['step'] if state < LIMIT else []\n")
    for name in [name for name in sys.modules if name == "toy_fixed" or name.startswith("toy_fixed.")]:
        del sys.modules[name]
    importlib.invalidate_caches()
    return Shell.create(plugins=[], extra_modules=["toy_fixed.plugin"], data_dir=tmp_path / "data")


def test_a_fix_to_a_plugins_code_without_a_new_version_does_not_reuse_old_rows(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    command = "winnability fixed --deals 0:4 --nodes 100 --seconds 600 --jobs 1"
    try:
        buggy = _fixed_game(tmp_path, "LIMIT = 3")  # the bug: 3 is never passed, so nothing wins
        assert buggy.execute(command).ok
        assert {row[2] for row in table(tmp_path / "data")} == {"no win"}
        again = _fixed_game(tmp_path, "LIMIT = 3")  # the same code: every deal from the table
        assert row_of("from the table", 4, "of 4 deals") in again.execute(command).output.splitlines()
        fixed = _fixed_game(tmp_path, "LIMIT = 4  # fixed")  # same version, same rules page
        reply = fixed.execute(command)
    finally:
        for name in [name for name in sys.modules if name.startswith("toy_fixed")]:
            del sys.modules[name]
    assert reply.ok, reply.error
    assert row_of("from the table", 0, "of 4 deals") in reply.output.splitlines()
    assert row_of("won", 4) in reply.output.splitlines()
    versions = sorted({row[0].rules_version for row in table(tmp_path / "data")})
    assert len(versions) == 2 and versions[0].split(".")[0] == versions[1].split(".")[0]  # only the code differs


def test_the_code_fingerprint_covers_every_source_file_of_the_package_by_relative_path(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    package = tmp_path / "toy_print"
    (package / "engine").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "plugin.py").write_text("X = 1\n")
    (package / "engine" / "core.py").write_text("Y = 1\n")
    (tmp_path / "toy_lone.py").write_text("Z = 1\n")
    try:
        plugin = importlib.import_module("toy_print.plugin")
        lone = importlib.import_module("toy_lone")
        before = winrun.code_fingerprint(plugin)
        (package / "__pycache__").mkdir(exist_ok=True)
        (package / "__pycache__" / "stale.py").write_text("not source")
        assert winrun.code_fingerprint(plugin) == before  # caches do not count
        (package / "engine" / "core.py").write_text("Y = 2\n")  # a subpackage's file counts
        changed = winrun.code_fingerprint(plugin)
        assert changed != before
        (package / "engine" / "core.py").rename(package / "core.py")  # and so does its path
        assert winrun.code_fingerprint(plugin) not in (before, changed)
        lone_before = winrun.code_fingerprint(lone)
        (tmp_path / "toy_lone.py").write_text("Z = 2\n")
        assert winrun.code_fingerprint(lone) != lone_before
        assert winrun.code_fingerprint(plugin) != lone_before
    finally:
        for name in [name for name in sys.modules if name.startswith(("toy_print", "toy_lone"))]:
            del sys.modules[name]
    assert winrun.rules_version("1.0", "page", "abc") == f"1.0+{winrun.rules_version('1.0', 'page')[4:]}.abc"


# -- the report in plain words first (issue 27 item 6) ---------------------------------

def _tally(results):
    tally = Tally()
    for deal, result in enumerate(results):
        tally.add(Row(KEY_FOR_WORDS, deal, DealResult(result, 10, 0.01)))
    return tally


KEY_FOR_WORDS = Key("thumb-and-pouch", "1+abc", "thoughtful", 10.0, 1000)


def test_the_report_says_in_words_what_was_found_and_which_deals():
    tally = _tally(["won"] * 8 + ["no win", "no win"] + ["unknown"])
    lines = report("Thumb and Pouch", KEY_FOR_WORDS, range(0, 11), tally, 1.0, 0).splitlines()
    assert lines[:6] == [
        "Thumb and Pouch: 8 of the 10 deals settled can be won (95 % interval 49-94 %); 1",
        "  unknown.",
        "Thoughtful: each deal is solved seeing every card: can it be won at all?",
        "Won (8): 0, 1, 2, 3, 4, 5, 6, 7",
        "Not won (2): 8, 9",
        "Unknown (1): 10",
    ]
    assert lines[6] == "Deal N is 'play thumb-and-pouch --seed N'."
    assert lines[7] == "Details: thumb-and-pouch, thoughtful, deals 0:11"


def test_the_report_lists_the_first_deals_and_all_with_list():
    tally = _tally(["won"] * 50)
    short = report("Thumb and Pouch", KEY_FOR_WORDS, range(0, 50), tally, 1.0, 0)
    assert " and 30 more ('--list' lists them all)" in " ".join(short.split())
    every = report("Thumb and Pouch", KEY_FOR_WORDS, range(0, 50), tally, 1.0, 0, list_all=True)
    listed = " ".join(every.split("Deal N is")[0].split())
    assert "48, 49" in listed and "more" not in listed
    assert max(len(line) for line in every.splitlines()) <= 80


def test_a_run_with_nothing_settled_says_so():
    lines = report("Thumb and Pouch", KEY_FOR_WORDS, range(0, 2), _tally(["unknown"] * 2), 1.0, 0).splitlines()
    assert lines[0] == "Thumb and Pouch: no deal settled; 2 unknown (a bigger --seconds or --nodes may"


def test_list_is_an_option_of_the_grammar():
    assert grammar.parse("thumb --list").list_all and not grammar.parse("thumb").list_all


def test_a_report_with_unknown_deals_ends_with_the_command_that_gives_them_a_bigger_budget():
    from cardshell.assist import MAX_NODES, MAX_SECONDS

    key = Key("thumb-and-pouch", "1+abc", "thoughtful", 0.05, 200)
    text = report("Thumb and Pouch", key, range(0, 6), Tally(won=5, unknown=1), 0.2, 0)
    assert text.endswith("Next: 1 deal is unknown; a bigger budget may settle it:\n"
                         "  winnability thumb-and-pouch --deals 0:6 --seconds 0.1 --nodes 400")
    honest = Key("aces-up", "1+abc", "honest", 2.0, 1000, 8)
    text = report("Aces Up", honest, range(3, 9), Tally(won=1, lost=1, unknown=4), 1.0, 0)
    assert text.splitlines()[-1] == "  winnability aces-up --deals 3:9 --honest --samples 8 --seconds 4 --nodes 2000"
    assert "Next:" not in report("Aces Up", key, range(0, 2), Tally(won=2), 0.1, 0)  # nothing unknown
    at_limits = Key("aces-up", "1+abc", "thoughtful", MAX_SECONDS, MAX_NODES)
    assert "Next:" not in report("Aces Up", at_limits, range(0, 2), Tally(unknown=2), 0.1, 0)
