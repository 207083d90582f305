"""Time ``cardshell winnability GAME ...`` from an empty table and again from
the table it filled, with ``python -c pass`` timed in the same run.

Each measurement is the whole command as a user runs it, start-up included::

    cardshell --data-dir TMP winnability GAME --deals A:B [OPTIONS]

in a fresh temporary data directory (nothing reused), then the same command
again (every deal from the table: the cost of resuming).  Times are wall
clock (``time.perf_counter``); the machine's load matters, so the load
average is printed beside them.  The first run's report is printed too.

Usage::

    .venv/bin/python benchmarks/bench_winnability.py aces-up --deals 0:50 --thoughtful
    .venv/bin/python benchmarks/bench_winnability.py thumb-and-pouch --deals 0:10 --honest --jobs 1
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time


def timed(argv: list[str]) -> tuple[float, str]:
    """Wall seconds of one run and its stdout.

    Raises:
        RuntimeError: if the run exits with a non-zero status.
    """
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {done.returncode}: {done.stderr.strip()}")
    return took, done.stdout


def load() -> str:
    """The 1-minute load average, as text."""
    return f"{os.getloadavg()[0]:.2f}"


def main(argv: list[str]) -> int:
    """Run the benchmark on ``winnability ARGV``; print the figures."""
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    baseline, _ = timed([sys.executable, "-c", "pass"])
    with tempfile.TemporaryDirectory() as data:
        command = [sys.executable, "-m", "cardshell", "--data-dir", data, "winnability", *argv]
        before = load()
        first, report = timed(command)
        after = load()
        again, _ = timed(command)
    print(report)
    print(f"python -c pass:          {baseline:8.3f} s")
    print(f"first run (empty table): {first:8.3f} s   load average {before} before, {after} after")
    print(f"again (from the table):  {again:8.3f} s   load average {load()}")
    print(f"command: cardshell winnability {' '.join(argv)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
