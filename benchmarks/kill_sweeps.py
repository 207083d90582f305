"""Kill cardshell at random moments and check that nothing is lost (issue 28, "Done when").

Two kinds of run, each killed with SIGKILL, SIGTERM or SIGHUP (in turn) at a
seeded random moment, and checked once the process is gone:

* **sweeps**: ``cardshell --data-dir D winnability GAME --deals A:B --nodes N
  --seconds 600 --jobs J`` (J alternates 1 and 2).  Just before the signal
  the table is read from outside (the rows stored so far, ``before``).
  Afterwards: the table opens, ``PRAGMA quick_check`` says ``ok``, every row
  decodes (:meth:`cardshell.winnability.store.Store.rows`), at least
  ``before`` rows are there (nothing stored was lost), and every stored row
  equals that deal's row in a reference run that nobody killed (nothing
  damaged).  Then the same command is run again to its end: it must finish
  (stale claims of the killed sweep do not hold it up) with every deal's
  row equal to the reference.
* **sessions**: ``cardshell --data-dir D --autosave --record R --plugin
  toy_counter`` reading ``play counter`` then ``inc 0`` lines from a pipe
  fed slowly, in a data directory holding the automatic save of an earlier
  session (3 moves).  Afterwards: every save in the directory loads
  (:func:`cardshell.saves.read`), the recording ends on a whole line, and
  the counter's save holds every move: the earlier 3 plus each ``inc 0`` the
  recording shows as accepted (SIGTERM, SIGHUP: the session saves on the
  signal), or at least the earlier 3 (SIGKILL: no process can save then;
  the earlier save must be intact).

Prints one line per run and the counts.  Not part of the test suite (it
takes minutes and depends on the machine's timing); exit status 1 when
anything was lost.

Usage::

    .venv/bin/python benchmarks/kill_sweeps.py                 # 20 sweeps, 20 sessions, seed 28
    .venv/bin/python benchmarks/kill_sweeps.py --sweeps 5 --sessions 5 --seed 1
    .venv/bin/python benchmarks/kill_sweeps.py --sessions 0 --deals 0:80   # more kills mid-sweep
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOY_PLUGINS = ROOT / "tests" / "plugins"
SIGNALS = (signal.SIGKILL, signal.SIGTERM, signal.SIGHUP)
GAME, NODES = "thumb-and-pouch", "300"
DEALS = "0:30"  # --deals


def cardshell(*args: str) -> list[str]:
    """The command line running this checkout's cardshell."""
    return [sys.executable, "-m", "cardshell", *args]


def environment() -> dict[str, str]:
    """This environment with the toy plugins importable."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), str(TOY_PLUGINS), env.get("PYTHONPATH")]))
    return env


def sweep_command(data: Path, jobs: int, deals: str) -> list[str]:
    """The sweep's command line."""
    return cardshell("--data-dir", str(data), "winnability", GAME, "--deals", deals, "--nodes", NODES,
                     "--seconds", "600", "--jobs", str(jobs))


def table_rows(data: Path) -> dict[int, tuple[str, tuple[str, ...]]]:
    """deal -> (result, line) of every row, read through the Store (which checks the table).

    Raises:
        RuntimeError: the table does not open, is damaged or a row does not decode.
    """
    from cardshell.winnability.store import FILE_NAME, Store, TableError

    path = data / FILE_NAME
    if not path.exists():
        return {}
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        verdict = db.execute("PRAGMA quick_check").fetchall()
    if verdict != [("ok",)]:
        raise RuntimeError(f"quick_check: {verdict[:3]}")
    try:
        with Store(path, busy_seconds=10) as store:
            return {row.deal: (row.outcome.result, row.outcome.line) for row in store.rows()}
    except TableError as exc:
        raise RuntimeError(exc.message) from None


def count_stored(data: Path) -> int:
    """Rows stored so far, read from outside while the sweep runs (0 before the table exists)."""
    from cardshell.winnability.store import FILE_NAME

    path = data / FILE_NAME
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as db:
            return int(db.execute("SELECT COUNT(*) FROM results").fetchone()[0])
    except sqlite3.Error:  # the table is being created
        return 0


def run_sweeps(count: int, rng: random.Random, work: Path, deals: str) -> tuple[int, list[str]]:
    """Kill ``count`` sweeps; returns (runs checked, problems)."""
    reference_dir = work / "reference"
    started = time.monotonic()
    subprocess.run(sweep_command(reference_dir, 1, deals), check=True, capture_output=True, env=environment())
    full = time.monotonic() - started
    reference = table_rows(reference_dir)
    print(f"reference sweep: {len(reference)} deals in {full:.1f} s")
    problems: list[str] = []
    orphans = 0
    for number in range(count):
        signum, jobs = SIGNALS[number % 3], 1 + number % 2
        data = work / f"sweep{number}"
        delay = rng.uniform(0.3, max(0.5, full * 1.1))
        with tempfile.TemporaryFile() as stderr:
            process = subprocess.Popen(sweep_command(data, jobs, deals), stdout=subprocess.DEVNULL, stderr=stderr,
                                       env=environment(), start_new_session=True)
            time.sleep(delay)
            before = count_stored(data)
            ended_first = process.poll() is not None
            if not ended_first:
                os.kill(process.pid, signum)
            status = process.wait(timeout=120)
            orphans += end_group(process.pid)
            stderr.seek(0)
            err = stderr.read()
        try:
            after = table_rows(data)
        except RuntimeError as exc:
            problems.append(f"sweep {number}: the table after the kill: {exc}")
            continue
        wrong = [deal for deal, row in after.items() if reference.get(deal) != row]
        lost = before - len(after)
        resumed = time.monotonic()
        again = subprocess.run(sweep_command(data, jobs, deals), capture_output=True, text=True, env=environment(),
                               timeout=600)
        took = time.monotonic() - resumed
        final = table_rows(data)
        line = (f"sweep {number:2}: {signal.Signals(signum).name:7} at {delay:5.2f} s, jobs {jobs}, exit {status}, "
                f"rows {before} before the signal, {len(after)} after; resumed in {took:.1f} s (exit "
                f"{again.returncode}), {len(final)} rows")
        print(line + (" (had ended before the signal)" if ended_first else ""))
        if lost > 0:
            problems.append(f"sweep {number}: {lost} stored rows lost")
        if wrong:
            problems.append(f"sweep {number}: rows differing from the reference: {wrong[:5]}")
        if again.returncode != 0 or final != reference:
            problems.append(f"sweep {number}: the resumed sweep exited {again.returncode} with "
                            f"{len(final)} rows ({again.stderr.strip()[:200]})")
        if b"Traceback" in err:
            problems.append(f"sweep {number}: a traceback on stderr")
    print(f"{orphans} of {count} killed sweeps left processes behind (worker pool, forkserver, resource "
          "tracker) once the sweep's own process was gone; they were ended here")
    return count, problems


def end_group(pgid: int) -> int:
    """End what is left of a killed run's process group (started here with its
    own session); 1 if anything was left, else 0."""
    time.sleep(0.5)  # what exits by itself has done so
    try:
        os.killpg(pgid, signal.SIGKILL)
    except ProcessLookupError:
        return 0
    return 1


def run_sessions(count: int, rng: random.Random, work: Path) -> tuple[int, list[str]]:
    """Kill ``count`` autosaved, recorded sessions; returns (runs checked, problems)."""
    from cardshell.saves import SaveError, list_saves, read

    problems: list[str] = []
    for number in range(count):
        signum = SIGNALS[number % 3]
        data, record = work / f"session{number}", work / f"session{number}.txt"
        earlier = subprocess.run(cardshell("--data-dir", str(data), "--autosave", "--plugin", "toy_counter"),
                                 input="play counter --seed 4\ninc 0\ninc 0\ninc 1\nexit\n", text=True,
                                 capture_output=True, env=environment())
        if earlier.returncode != 0:
            problems.append(f"session {number}: the earlier session exited {earlier.returncode}: {earlier.stderr}")
            continue
        process = subprocess.Popen(
            cardshell("--data-dir", str(data), "--autosave", "--record", str(record), "--plugin", "toy_counter"),
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=environment(),
            start_new_session=True)
        assert process.stdin is not None
        delay = rng.uniform(0.5, 4.0)
        deadline = time.monotonic() + delay
        sent = 0
        try:
            process.stdin.write(b"play counter\n")
            while time.monotonic() < deadline:
                process.stdin.write(b"inc 0\n")
                process.stdin.flush()
                sent += 1
                time.sleep(rng.uniform(0.0, 0.02))
        except BrokenPipeError:
            pass
        os.kill(process.pid, signum)
        try:
            process.stdin.close()
        except BrokenPipeError:
            pass
        err = process.stderr.read() if process.stderr else b""
        status = process.wait(timeout=60)
        end_group(process.pid)
        text = record.read_text(encoding="utf-8") if record.exists() else ""
        recorded = text.splitlines().count("inc 0")
        broken = [name for name, found in list_saves(data) if isinstance(found, SaveError)]
        try:
            moves = len(read(data, "counter").log)
        except SaveError as exc:
            problems.append(f"session {number}: the counter's save: {exc.message}")
            continue
        expected = 3 + recorded if signum != signal.SIGKILL else 3
        print(f"session {number:2}: {signal.Signals(signum).name:7} at {delay:4.2f} s, exit {status}, {sent} lines "
              f"sent, {recorded} recorded, save holds {moves} moves (at least {expected} expected)")
        if text and not text.endswith("\n"):
            problems.append(f"session {number}: the recording ends in the middle of a line")
        if broken:
            problems.append(f"session {number}: saves that do not load: {broken}")
        if moves < expected or (signum != signal.SIGKILL and moves != expected):
            problems.append(f"session {number}: the save holds {moves} moves, expected {expected}")
        if b"Traceback" in err:
            problems.append(f"session {number}: a traceback on stderr")
    return count, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sweeps", type=int, default=20)
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--deals", default=DEALS, help=f"the sweeps' deals (default {DEALS})")
    options = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    rng = random.Random(options.seed)
    with tempfile.TemporaryDirectory(prefix="kill-sweeps-") as folder:
        work = Path(folder)
        sweeps, sweep_problems = run_sweeps(options.sweeps, rng, work, options.deals)
        sessions, session_problems = run_sessions(options.sessions, rng, work)
    problems = sweep_problems + session_problems
    print(f"\n{sweeps} sweeps (deals {options.deals}) and {sessions} sessions killed (seed {options.seed}): "
          f"{len(sweep_problems)} sweep problems, {len(session_problems)} session problems")
    for problem in problems:
        print(f"  {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
