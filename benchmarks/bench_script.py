"""Scripted throughput: piped lines per second through ``cardshell``.

Writes a script of N lines (default 100,000) for one game, pipes it into
``python -m cardshell`` with the displays written to a file, and prints the
wall time, lines per second, the child's CPU time (user and system: less
sensitive than the wall time to other work on a shared machine) and its
peak memory (``ru_maxrss``), beside ``python -c pass`` timed in the same
run.  Not part of the test suite.

    python benchmarks/bench_script.py [--game aces-up|minesweeper|blackjack|all] [--lines N]

Scripts (fixed seeds, so every run does the same work):

* aces-up: ``D``, ``undo``, ``redo`` and rejected moves (``F 9``, ``T 1 1``,
  ``X``) mixed, the issue's workload; a new deal when the stock runs out;
* minesweeper: expert level, opening and flagging cells in a fixed order
  (most lines are rejected once cells are open), ``y`` after an ending;
* blackjack: ``1``/``0`` in a hand and ``y`` between rounds.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def aces_up(lines: int) -> list[str]:
    """The Aces Up workload: deals, undo/redo and rejected moves."""
    out = ["play aces-up --seed 7"]
    pattern = ["D", "undo", "redo", "F 9", "T 1 1", "X", "F 1", "D"]
    while len(out) < lines:
        for _ in range(6):  # 12 deals empty the stock
            out.extend(pattern)
        out.append("restart")
    return out[:lines]


def minesweeper(lines: int) -> list[str]:
    """Expert Minesweeper: cells opened and flagged in a seeded order."""
    rng = random.Random(1)
    out = ["play minesweeper --seed 3 --level expert"]
    columns = "abcdefghijklmnopqrstuvwxyz"
    while len(out) < lines:
        row, col = rng.randint(1, 16), rng.randint(0, 15)
        out.append(f"{columns[col]}{row}{'f' if rng.random() < 0.1 else ''}")
        if rng.random() < 0.01:
            out.append("y")
    return out[:lines]


def blackjack(lines: int) -> list[str]:
    """Blackjack: hit or stand, then play again."""
    rng = random.Random(2)
    out = ["play blackjack --seed 5"]
    while len(out) < lines:
        out.append(rng.choice(["1", "0", "0", "y"]))
    return out[:lines]


WORKLOADS = {"aces-up": aces_up, "minesweeper": minesweeper, "blackjack": blackjack}


def run(argv: list[str], stdin_path: Path | None, stdout_path: Path) -> tuple[float, int, float]:
    """Wall time in seconds, the child's own peak memory in KiB and its CPU
    time (user and system) in seconds (``os.wait4``)."""
    with open(stdout_path, "w") as out, (open(stdin_path) if stdin_path else open(os.devnull)) as inp:
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdin=inp, stdout=out, stderr=subprocess.DEVNULL,
                                 env={**os.environ, "CARDSHELL_DATA_DIR": str(stdout_path.parent / "data")})
        _, _, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = 0  # reaped above
    return wall, usage.ru_maxrss, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="all", choices=[*WORKLOADS, "all"])
    parser.add_argument("--lines", type=int, default=100_000)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        baseline, _, _ = run([sys.executable, "-c", "pass"], None, folder / "pass.out")
        print(f"python -c pass: {baseline * 1000:.1f} ms")
        for game in WORKLOADS if options.game == "all" else [options.game]:
            script = folder / f"{game}.txt"
            script.write_text("\n".join(WORKLOADS[game](options.lines)) + "\nexit\n")
            wall, peak, cpu = run([sys.executable, "-m", "cardshell"], script, folder / f"{game}.out")
            size = (folder / f"{game}.out").stat().st_size
            print(f"{game:12} {options.lines} lines in {wall:6.2f} s = {options.lines / wall:9,.0f} lines/s "
                  f"({cpu:.2f} s of CPU = {options.lines / cpu:,.0f} lines per CPU second); "
                  f"output {size / 1e6:.1f} MB; peak memory {peak / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
