"""Time ``simulate`` of every game with one on the sweep engine, on one core
and on ``--jobs 2``, with ``python -c pass`` timed in the same run.

Each measurement is the whole command as a user runs it, start-up included::

    printf 'play GAME --seed 0\\nsimulate 100000 --jobs J\\n' | cardshell

(the deals are seeds 0 .. 99,999).  The replies of ``--jobs 1`` and
``--jobs 2`` are compared: the script stops if they differ.  Times are wall
clock (``time.perf_counter``), the best of ``--repeat`` runs; the machine's
load matters, so compare figures from the same run (the load average is
printed with them).

Usage::

    .venv/bin/python benchmarks/bench_sweep.py [-n 100000] [--repeat 1] [--games pictures,snap]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

GAMES = ("pictures", "up-and-down", "blackjack", "snap")


def best_of(repeat: int, argv: list[str], stdin: str, env: dict[str, str]) -> tuple[float, str]:
    """The best wall time in seconds of ``repeat`` runs, and the last run's stdout.

    Raises:
        RuntimeError: if a run exits with a non-zero status.
    """
    best, out = float("inf"), ""
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run(argv, input=stdin, capture_output=True, text=True, env=env)
        best = min(best, time.perf_counter() - start)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()}")
        out = done.stdout
    return best, out


def main() -> None:
    """Parse the arguments, time every game, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=100_000, help="deals per simulate (default 100000)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per measurement, best kept (default 1)")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids (default: all four)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, CARDSHELL_DATA_DIR=data)
        env.pop("CARDSHELL_DASK_SCHEDULER", None)
        baseline, _ = best_of(args.repeat, [sys.executable, "-c", "pass"], "", env)
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
        print(f"simulate {args.n} (seeds 0..{args.n - 1}); best of {args.repeat}; {cores} usable cores; "
              f"load average {os.getloadavg()[0]:.2f}")
        print(f"python -c pass: {baseline:.3f} s")
        print(f"{'game':<12} {'1 core s':>9} {'--jobs 2 s':>11} {'speed-up':>9}")
        for game in args.games.split(","):
            times = []
            replies = []
            for jobs in (1, 2):
                script = f"play {game} --seed 0\nsimulate {args.n} --jobs {jobs}\n"
                seconds, out = best_of(args.repeat, [sys.executable, "-m", "cardshell"], script, env)
                times.append(seconds)
                replies.append(out)
            if replies[0] != replies[1]:
                raise SystemExit(f"{game}: --jobs 2 changed the reply")
            print(f"{game:<12} {times[0]:>9.2f} {times[1]:>11.2f} {times[0] / times[1]:>8.2f}x")


if __name__ == "__main__":
    main()
