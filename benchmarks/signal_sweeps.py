"""End command-line winnability sweeps with signals at random moments; count what is lost.

Runs ``cardshell winnability GAME --deals 0:D --jobs 2 --seconds S`` again
and again on one data directory, each run ended after a random delay by
SIGTERM, SIGHUP or SIGKILL (seeded choice), then one last run to the end.
Reports, per run: the signal, the delay, the exit status, the rows in the
table before and after, the deals the note says were kept and remain, and
whether stderr held anything but that note (a traceback, a resource-tracker
warning), and how many of its pool's processes (forkserver, workers,
resource tracker) were still running 30 s later (Linux ``/proc``).  At
the end: whether every deal is stored exactly once.

What "nothing lost" means here (issue 28, items 5 and "Done when"): after
SIGTERM/SIGHUP the status is 143/129, stderr is the one note, and the
note's kept count is the rows added by the run, its remaining count the
deals not yet stored; after SIGKILL the rows stored before the run are
all still there (the resource tracker may then warn of the semaphores it
cleans up: the process had no chance to); no process of the pool is left
after any signal; the final run stores every deal once.  Not part of the
test suite.

    python benchmarks/signal_sweeps.py [--runs 20] [--game thumb-and-pouch] [--deals 2000] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NOTE = re.compile(r"interrupted; the ([0-9,]+) deals? settled or tried before stay in .*; ([0-9,]+) deals? remain "
                  r"\(the same command resumes\)$")


def rows(table: Path) -> int:
    """The rows of the winnability table (0 if there is none yet)."""
    if not table.exists():
        return 0
    with sqlite3.connect(table) as connection:
        return connection.execute("SELECT count(*) FROM results").fetchone()[0]


def descendants(pid: int) -> list[int]:
    """The process's children and their children (the forkserver, the workers, the resource tracker)."""
    found = []
    for child in _children(pid):
        found += [child, *descendants(child)]
    return found


def _children(pid: int) -> list[int]:
    try:
        return [int(word) for word in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def alive(pid: int) -> bool:
    """Whether the process still runs (not ended, not a zombie)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def distinct(table: Path) -> int:
    """The distinct deals stored."""
    with sqlite3.connect(table) as connection:
        return connection.execute("SELECT count(DISTINCT deal) FROM results").fetchone()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--game", default="thumb-and-pouch")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seconds", default="0.2")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    command = [sys.executable, "-m", "cardshell", "winnability", options.game, "--deals", f"0:{options.deals}",
               "--jobs", "2", "--seconds", options.seconds]
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "CARDSHELL_DATA_DIR": str(Path(tmp) / "data"),
               "CARDSHELL_CACHE_DIR": str(Path(tmp) / "cache")}
        table = Path(tmp) / "data" / "winnability.sqlite3"
        for run in range(1, options.runs + 1):
            signum = rng.choice([signal.SIGTERM, signal.SIGHUP, signal.SIGKILL])
            delay = rng.uniform(0.5, 6.0)
            before = rows(table)
            err_path = Path(tmp) / f"err{run}.txt"
            with open(err_path, "w") as err_file:
                child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err_file, text=True, env=env)
                time.sleep(delay)
                pool = descendants(child.pid)
                child.send_signal(signum)
                child.wait(timeout=120)
            deadline = time.monotonic() + 30
            while any(alive(pid) for pid in pool) and time.monotonic() < deadline:
                time.sleep(0.1)
            orphans = sum(alive(pid) for pid in pool)
            err = err_path.read_text()
            after = rows(table)
            lines = err.strip().splitlines()
            note = NOTE.search(lines[0]) if len(lines) == 1 else None
            if child.returncode == 0:  # finished before the signal
                ok, told = after == options.deals, "finished"
            elif signum == signal.SIGKILL:
                ok = child.returncode == -signal.SIGKILL and after >= before
                told = "-"
            else:
                kept, remain = (int(note[1].replace(",", "")), int(note[2].replace(",", ""))) if note else (-1, -1)
                ok = (child.returncode == 128 + signum and note is not None and kept == after - before
                      and remain == options.deals - after)
                told = f"kept {kept} remain {remain}"
            ok = ok and orphans == 0
            failures += not ok
            print(f"run {run:2}  {signal.Signals(signum).name:7} after {delay:4.1f} s  exit {child.returncode:4}  "
                  f"rows {before:4} -> {after:4}  {told:22}  orphans {orphans}  "
                  f"{'ok' if ok else 'LOST/WRONG: ' + err[:300]!s}", flush=True)
        final = subprocess.run(command, capture_output=True, text=True, env=env, timeout=3600)
        once = rows(table) == distinct(table) == options.deals
        failures += not (final.returncode == 0 and once)
        print(f"final run: exit {final.returncode}, {rows(table)} rows for {distinct(table)} distinct deals of "
              f"{options.deals}: {'every deal stored once' if once else 'WRONG'}")
    print(f"{options.runs} signalled runs, {failures} failures")


if __name__ == "__main__":
    main()
