"""Scripted throughput: piped lines per second through ``cardshell``.

Writes a script of N lines (default 100,000) for one game, pipes it into
``python -m cardshell`` with the displays written to a file, and prints the
wall time, lines per second and the peak memory of the child (``ru_maxrss``),
beside ``python -c pass`` timed in the same run.  Not part of the test suite.

    python benchmarks/bench_script.py [--game aces-up|minesweeper|blackjack|all] [--lines N]
                                      [--python PYTHON ...] [--repeat R]

With ``--python`` given several times, each interpreter (each its own
install of cardshell, e.g. an older commit's venv) runs every workload in
turn, interleaved, ``--repeat`` times; the median is reported, by wall time
and by the child's CPU time (user + system, from ``wait4``), which a busy
machine disturbs far less.  Each interpreter has its own plugin index
(``CARDSHELL_CACHE_DIR``), made by one untimed run before the timed ones:
installs sharing the user's would rebuild it at every switch.

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
import statistics
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


def run(argv: list[str], stdin_path: Path | None, stdout_path: Path,
        cache: Path | None = None) -> tuple[float, float, int]:
    """Wall time and the child's CPU time (user + system) in seconds, and its
    own peak memory in KiB (``os.wait4``); ``cache`` is the child's
    ``CARDSHELL_CACHE_DIR`` (None: the user's)."""
    with open(stdout_path, "w") as out, (open(stdin_path) if stdin_path else open(os.devnull)) as inp:
        start = time.perf_counter()
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env["CARDSHELL_DATA_DIR"] = str(stdout_path.parent / "data")
        if cache is not None:
            env["CARDSHELL_CACHE_DIR"] = str(cache)
        child = subprocess.Popen(argv, stdin=inp, stdout=out, stderr=subprocess.DEVNULL, env=env)
        _, _, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = 0  # reaped above
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="all", choices=[*WORKLOADS, "all"])
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--python", action="append", default=[], metavar="PYTHON",
                        help="an interpreter with cardshell installed (repeatable; default: this one)")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each workload per interpreter")
    options = parser.parse_args()
    pythons = options.python or [sys.executable]
    games = list(WORKLOADS) if options.game == "all" else [options.game]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        baseline, _, _ = run([sys.executable, "-c", "pass"], None, folder / "pass.out")
        print(f"python -c pass: {baseline * 1000:.1f} ms")
        for game in games:
            (folder / f"{game}.txt").write_text("\n".join(WORKLOADS[game](options.lines)) + "\nexit\n")
        # Each install its own plugin index (a shared one would be rebuilt at every switch of install,
        # importing every plugin), made before the timed runs, as a user's is.
        caches = {python: folder / f"cache-{number}" for number, python in enumerate(pythons)}
        for python in pythons:
            run([python, "-m", "cardshell"], None, folder / "warm.out", caches[python])
        results: dict[tuple[str, str], list[tuple[float, float, int]]] = {}
        for _ in range(options.repeat):
            for game in games:
                for python in pythons:  # interleaved: each install meets the same load
                    results.setdefault((game, python), []).append(
                        run([python, "-m", "cardshell"], folder / f"{game}.txt", folder / f"{game}.out",
                            caches[python]))
        for game in games:
            for python in pythons:
                runs = sorted(results[(game, python)])
                wall = statistics.median(r[0] for r in runs)
                cpu = statistics.median(r[1] for r in runs)
                peak = max(r[2] for r in runs)
                print(f"{game:12} {python}: {options.lines} lines in {wall:6.2f} s = {options.lines / wall:9,.0f} "
                      f"lines/s; CPU {cpu:6.2f} s = {options.lines / cpu:9,.0f} lines/s of CPU; "
                      f"peak memory {peak / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
