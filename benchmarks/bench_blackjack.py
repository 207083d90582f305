"""Piped Blackjack throughput: lines per second of a long script (issue 10 item 3).

Writes a seeded script of LINES lines (default 100,000) after ``play blackjack
--seed 7``: the answers ``1``, ``0`` and ``y`` in random order (each accepted
only in its phase, so about half are rejected), plus ``undo`` (Blackjack has no
undo: rejected) and malformed answers.  It never types ``n``, which would leave
the game.  Then it runs ``python -m cardshell`` on it with the display written
to a file and the errors to another, and prints the wall-clock time, the lines
per second and ``python -c pass`` beside it; also the lines per second of CPU
time (user + system of the child process), which a busy shared machine
disturbs less than the wall clock.  Two runs: with only the
Blackjack plugin loaded, and with Blackjack and the statistics plugin (which
records every finished round).  Not part of the test suite.

    python benchmarks/bench_blackjack.py [--lines N] [--runs R] [--no-stats]

``--runs`` (default 3) repeats each measurement and keeps the median;
``--no-stats`` skips the run with the statistics plugin.  The goal is at
least 5,000 lines per second.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: The lines the script draws from, with their weights.
CHOICES = (("1", 30), ("0", 30), ("y", 30), ("undo", 4), ("2", 3), ("hit me", 3))


def script(lines: int, seed: int = 0) -> str:
    """The benchmark's script: ``play blackjack --seed 7``, ``lines`` answers, ``exit``."""
    rng = random.Random(seed)
    words, weights = zip(*CHOICES)
    body = rng.choices(words, weights=weights, k=lines)
    return "\n".join(["play blackjack --seed 7", *body, "exit"]) + "\n"


def run_once(argv: list[str], stdin_path: Path, out_dir: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + system) of one run, stdin from a
    file, output to files."""
    with open(stdin_path, "rb") as stdin, open(out_dir / "out.txt", "wb") as out, \
            open(out_dir / "err.txt", "wb") as err:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, stdin=stdin, stdout=out, stderr=err, env=env, check=False)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def median_seconds(argv: list[str], stdin_path: Path, out_dir: Path, env: dict[str, str],
                   runs: int) -> tuple[float, float]:
    """The medians of ``runs`` runs: wall-clock and CPU seconds."""
    times = [run_once(argv, stdin_path, out_dir, env) for _ in range(runs)]
    return statistics.median(t[0] for t in times), statistics.median(t[1] for t in times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000, help="script lines after play (default 100,000)")
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement, median kept (default 3)")
    parser.add_argument("--no-stats", action="store_true", help="skip the run with the statistics plugin")
    args = parser.parse_args()
    lines, runs = args.lines, args.runs
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        path = work / "blackjack.cardshell"
        path.write_text(script(lines), encoding="utf-8")
        base_env = {**os.environ, "CARDSHELL_DATA_DIR": str(work / "data"), "HOME": str(work),
                    "XDG_DATA_HOME": str(work / "xdg")}
        baseline, baseline_cpu = median_seconds([sys.executable, "-c", "pass"], path, work, base_env, runs)
        print(f"python -c pass: {baseline * 1000:.1f} ms ({baseline_cpu * 1000:.1f} ms CPU)")
        for plugins in ("blackjack",) if args.no_stats else ("blackjack", "blackjack,stats"):
            env = {**base_env, "CARDSHELL_LOAD_PLUGINS": plugins}
            seconds, cpu = median_seconds([sys.executable, "-m", "cardshell"], path, work, env, runs)
            output = (work / "out.txt").read_text(encoding="utf-8")
            rounds = output.count("Score: won")
            print(f"plugins {plugins:<16} {lines} lines in {seconds:.2f} s: {lines / seconds:,.0f} lines/s; "
                  f"{cpu:.2f} s CPU: {lines / cpu:,.0f} lines/CPU-s ({rounds} displays of the score)")


if __name__ == "__main__":
    main()
