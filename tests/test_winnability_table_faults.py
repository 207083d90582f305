"""The winnability table locked, read-only, damaged or foreign, and shared
by two sweeps (issue 28 items 4 and 6).

The table is checked when it is opened, before anything is solved, with one
message per failure; a lock held by a real second process (``BEGIN
IMMEDIATE`` in a subprocess) never costs a solved result; two sweeps on one
table share the deals through claims.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time

import pytest

from cardshell.shell import Shell
from cardshell.winnability import run as winrun
from cardshell.winnability import store as winstore
from cardshell.winnability.store import FILE_NAME, DealResult, Key, Store, TableError

THUMB = "winnability thumb-and-pouch --deals 0:3 --nodes 300 --seconds 600 --jobs 1"
KEY = Key("toy", "1+abc", "thoughtful", 10.0, 100, 0, "s1")

HOLD = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
db.execute("COMMIT")
"""


def hold_lock(path, seconds):
    """A second process holding the table's write lock (``BEGIN IMMEDIATE``) for ``seconds``."""
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(path), str(seconds)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline() == "locked\n"
    return holder


@pytest.fixture
def shell(tmp_path):
    return Shell.create(["thumb-and-pouch"], data_dir=tmp_path / "data")


@pytest.fixture
def solves(monkeypatch):
    """The deals the solver was asked to solve, in order."""
    asked = []
    real = winrun.solve

    def counting(rules, state, budget):
        asked.append(state)
        return real(rules, state, budget)

    monkeypatch.setattr(winrun, "solve", counting)
    return asked


class Toy:
    """A deal task (this process): deal N is won in N positions; ``on_deal`` runs first."""

    def __init__(self, on_deal=None):
        self.seen = []
        self.on_deal = on_deal

    def __call__(self, deal):
        if self.on_deal is not None:
            self.on_deal(deal)
        self.seen.append(deal)
        return DealResult("won", deal, 0.0, ("x",))


def stored_deals(path):
    with sqlite3.connect(path) as db:
        return sorted(deal for (deal,) in db.execute("SELECT deal FROM results"))


# -- locked -------------------------------------------------------------------

def test_a_table_locked_by_another_process_is_refused_before_anything_is_solved(shell, monkeypatch, solves):
    path = shell.data_dir / FILE_NAME
    assert shell.execute(THUMB).ok
    solves.clear()
    monkeypatch.setattr(winstore, "BUSY_SECONDS", 0.3)
    holder = hold_lock(path, 30)
    try:
        started = time.monotonic()
        reply = shell.execute(THUMB.replace("0:3", "0:6"))
        waited = time.monotonic() - started
    finally:
        holder.kill()
        holder.wait()
    assert not reply.ok
    assert reply.error == (f"the winnability table {path} is locked by another process (waited 0.3 s); "
                           "run again when it is done")
    assert solves == [] and waited < 10
    assert stored_deals(path) == [0, 1, 2]


def test_a_lock_taken_during_a_sweep_costs_no_result(tmp_path):
    path = tmp_path / FILE_NAME
    store = Store(path, try_seconds=0.05, busy_seconds=30)
    holders, waiting = [], []

    def on_deal(deal):
        if deal == 3:  # another process takes the lock while deal 3 is solved
            holders.append(hold_lock(path, 1.5))
        if deal == 5:  # the writes of deals 3 and 4 (a chunk each) found the lock taken
            waiting.append(store.pending)

    try:
        solved = winrun.sweep(store, KEY, range(0, 12), Toy(on_deal))
    finally:
        for holder in holders:
            holder.wait()
        store.close()
    assert winrun.MAX_CHUNK == 1 and waiting == [2]  # kept in memory, not thrown away
    assert solved == 12 and stored_deals(path) == list(range(12))


def test_ctrl_c_while_the_table_is_locked_still_stores_what_was_solved(tmp_path):
    path = tmp_path / FILE_NAME
    store = Store(path, try_seconds=0.05, busy_seconds=30)
    holders = []

    def on_deal(deal):
        if deal == 3:
            holders.append(hold_lock(path, 1.0))
        if deal == 10:
            raise KeyboardInterrupt

    try:
        with pytest.raises(KeyboardInterrupt):
            winrun.sweep(store, KEY, range(0, 20), Toy(on_deal))
    finally:
        for holder in holders:
            holder.wait()
        store.close()
    assert stored_deals(path) == list(range(10))  # every deal solved before Ctrl-C waited for the lock


def test_a_lock_held_past_the_bound_says_how_many_results_were_not_stored(tmp_path):
    path = tmp_path / FILE_NAME
    store = Store(path, try_seconds=0.05, busy_seconds=0.3)
    holders = []
    try:
        with pytest.raises(TableError, match=r"stayed locked by another process for 0.3 s: 12 solved deals could "
                                             r"not be stored \(the same command solves them again\)$"):
            winrun.sweep(store, KEY, range(0, 12), Toy(lambda deal: deal == 0 and holders.append(hold_lock(path, 30))))
    finally:
        for holder in holders:
            holder.kill()
            holder.wait()
        store.close()
    assert stored_deals(path) == []


# -- read-only, damaged, foreign ---------------------------------------------------

def test_a_read_only_table_is_refused_when_opened(tmp_path):
    path = tmp_path / FILE_NAME
    Store(path).close()
    with pytest.raises(TableError) as caught:
        Store(path, mode="ro")  # what a read-only mount gives (SQLite's own read-only open)
    assert caught.value.message == (f"cannot write the winnability table {path}: it is read-only (the file, its "
                                    "directory or its file system); use another --data-dir")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes to a file whatever its mode: the ro test covers it")
def test_a_table_without_write_permission_is_refused_by_the_command(shell, solves):
    path = shell.data_dir / FILE_NAME
    assert shell.execute(THUMB).ok
    solves.clear()
    path.chmod(0o444)
    shell.data_dir.chmod(0o555)
    try:
        reply = shell.execute(THUMB.replace("0:3", "0:6"))
    finally:
        shell.data_dir.chmod(0o755)
    assert not reply.ok and "it is read-only" in reply.error and solves == []


def test_a_damaged_page_is_found_before_anything_is_solved_and_no_row_text_is_shown(shell, solves):
    path = shell.data_dir / FILE_NAME
    assert shell.execute(THUMB.replace("0:3", "0:40")).ok
    solves.clear()
    with sqlite3.connect(path) as db:
        (page_size,) = db.execute("PRAGMA page_size").fetchone()
        (pages,) = db.execute("PRAGMA page_count").fetchone()
    assert pages >= 3
    with open(path, "r+b") as handle:  # garbage over the last page (a leaf of the results)
        handle.seek((pages - 1) * page_size)
        handle.write(bytes(range(256)) * (page_size // 256))
    reply = shell.execute(THUMB.replace("0:3", "0:50"))
    assert not reply.ok and reply.error.startswith(f"the winnability table {path} is damaged (")
    assert reply.error.endswith("move it aside and run again (its stored deals are solved again)")
    assert "internal error" not in reply.error and '["' not in reply.error  # no row text
    assert solves == []


def test_a_foreign_table_is_named_as_such(shell, solves):
    shell.data_dir.mkdir(parents=True)
    with sqlite3.connect(shell.data_dir / FILE_NAME) as db:
        db.execute("CREATE TABLE results (name TEXT, score INTEGER)")
    reply = shell.execute(THUMB)
    assert not reply.ok
    assert reply.error == (f"{shell.data_dir / FILE_NAME} holds a table 'results' that is not a winnability table "
                           "(no column 'game'); move it aside or use another --data-dir")
    assert solves == []


def test_a_row_whose_line_is_not_json_is_reported_with_its_deal_before_solving(shell, solves):
    path = shell.data_dir / FILE_NAME
    assert shell.execute(THUMB).ok
    solves.clear()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE results SET line = '{not json' WHERE deal = 1")
    reply = shell.execute(THUMB.replace("0:3", "0:5"))
    assert not reply.ok
    assert reply.error == (f"the winnability table {path} has a damaged row (deal 1 of 'thumb-and-pouch': "
                           "not a winnability row (JSONDecodeError)); move the table aside and run again")
    assert solves == [] and stored_deals(path) == [0, 1, 2]


# -- two sweeps on one table ---------------------------------------------------------

FIRST_SWEEP = """
import sys, time
from cardshell.winnability.store import DealResult, Key, Store
key = Key("toy", "1+abc", "thoughtful", 10.0, 100, 0, "s1")
store = Store(sys.argv[1])
mine, theirs = store.claim(key, list(range(10)), 300.0)
print(mine, theirs, flush=True)
time.sleep(0.6)
store.add(key, [(deal, DealResult("no win", 1, 0.0)) for deal in mine])
store.release()
"""


def test_a_second_sweep_skips_the_deals_another_process_is_solving_and_waits_for_them(tmp_path):
    path = tmp_path / FILE_NAME
    Store(path).close()
    first = subprocess.Popen([sys.executable, "-c", FIRST_SWEEP, str(path)], stdout=subprocess.PIPE, text=True)
    assert first.stdout.readline() == f"{list(range(10))} []\n"  # the other sweep claimed deals 0..9
    task = Toy()
    with Store(path) as second:
        solved = winrun.sweep(second, KEY, range(0, 20), task)
    assert first.wait() == 0
    assert solved == 10 and task.seen == list(range(10, 20))  # none solved twice
    assert stored_deals(path) == list(range(20))
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*) FROM claims").fetchone() == (0,)  # both released theirs


def test_claims_of_a_dead_process_or_a_run_out_lease_are_taken_over(tmp_path):
    path = tmp_path / FILE_NAME
    store = Store(path)
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(gone.stdout)
    now = time.time()
    with sqlite3.connect(path) as db:
        db.executemany("INSERT INTO claims VALUES (?, ?, ?, ?, ?, ?)", [
            (winstore._run_key(KEY), 0, "killed", store.host, dead_pid, now + 3600),  # kill -9: pid gone
            (winstore._run_key(KEY), 1, "far", "another-host", 1, now - 1),  # another host, lease run out
            (winstore._run_key(KEY), 2, "far", "another-host", 1, now + 3600),  # still solving it
        ])
    assert store.claim(KEY, [0, 1, 2, 3], 60.0) == ([0, 1, 3], [2])
    store.close()
