"""Piped Minesweeper speed: lines per second of a long script (issue 10, item 3).

Writes a script of LINES lines (default 100,000) for the expert level
(16 rows x 30 columns, 99 mines) and pipes it through ``python -m cardshell`` with the
display written to a file, as a player's redirected script would be.  Prints
the wall time, the lines per second, and ``python -c pass`` beside them.
Not part of the test suite.

    python benchmarks/bench_minesweeper.py [--lines N] [--level expert] [--seed S] [--runs R]

The script is a seeded walk made with the game's own rules (the walk may
look at the mines, to keep boards going): per line, about 60 % unfold a safe
hidden cell, 10 % unfold any hidden cell (some lose), 15 % put or remove a
flag, 15 % are rejected (a cell off the board, a shown cell, ``a5ff``, a
flag on a shown cell); after a finished board, ``y``.  The median of
``--runs`` runs (default 3) is reported, in wall time and in CPU time
(user + system of the cardshell process: on a shared, loaded machine the
CPU figure is the steadier one).  ``--pythonpath DIRS`` runs the shell with
``PYTHONPATH=DIRS`` (e.g. another checkout's ``ROOT:ROOT/plugins``), to
compare two versions on the same script.
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

from cardshell.errors import CommandError
from cardshell_minesweeper import rules


def make_script(lines: int, level: str, seed: int) -> list[str]:
    """The script's lines (``play`` first, ``exit`` last), as described above."""
    walk = random.Random(seed)
    board = rules.new_game(seed, {"level": level})
    script = [f"play minesweeper --level {level} --seed {seed}"]
    while len(script) < lines - 1:
        if board.status != rules.PLAYING:
            script.append(rules.AGAIN)
            board = rules.play_again(board)
            continue
        hidden = [cell for cell in board.cells() if cell not in board.shown]
        draw = walk.random()
        if draw < 0.15:
            bad = walk.choice(["q99", "a0", "a5ff", "hello", *(rules.label(c) for c in list(board.shown)[:3])])
            script.append(bad)
            continue
        if draw < 0.30:
            cell = walk.choice(hidden)
            script.append(rules.label(cell) + "f")
            board = rules.toggle_flag(board, cell)
            continue
        free = [cell for cell in hidden if cell not in board.flags]
        safe = [cell for cell in free if cell not in board.mines] if board.placed else free
        cell = walk.choice(free if draw < 0.40 or not safe else safe)
        script.append(rules.label(cell))
        try:
            board = rules.unfold(board, cell)
        except CommandError:
            pass
    script.append("exit")
    return script


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(argv: list[str], script: Path, out: Path, env: dict[str, str] | None = None) -> tuple[float, float]:
    """(wall, CPU) seconds of one run, stdin from ``script``, stdout to ``out``."""
    with script.open("rb") as stdin, out.open("wb") as stdout:
        cpu, start = _children_cpu(), time.perf_counter()
        subprocess.run(argv, stdin=stdin, stdout=stdout, stderr=subprocess.DEVNULL, check=False,
                       env={**os.environ, "CARDSHELL_LOAD_PLUGINS": "minesweeper", **(env or {})})
        return time.perf_counter() - start, _children_cpu() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--level", default="expert", choices=sorted(rules.LEVELS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pythonpath", default=None, help="PYTHONPATH for the shell (another checkout)")
    options = parser.parse_args()
    lines = make_script(options.lines, options.level, options.seed)
    with tempfile.TemporaryDirectory() as tmp:
        script, out = Path(tmp) / "script.txt", Path(tmp) / "out.txt"
        script.write_text("\n".join(lines) + "\n", encoding="utf-8")
        base = [run_once([sys.executable, "-c", "pass"], script, out) for _ in range(options.runs)]
        env = {"HOME": tmp, "CARDSHELL_DATA_DIR": str(Path(tmp) / "data")}
        if options.pythonpath:
            env["PYTHONPATH"] = options.pythonpath
        runs = [run_once([sys.executable, "-m", "cardshell"], script, out, env) for _ in range(options.runs)]
        size = out.stat().st_size
    boards = lines.count(rules.AGAIN) + 1
    wall, cpu = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
    print(f"python -c pass:   {statistics.median(b[0] for b in base) * 1000:8.1f} ms wall, "
          f"{statistics.median(b[1] for b in base) * 1000:.1f} ms CPU")
    print(f"script:           {len(lines)} lines, {options.level}, {boards} boards, "
          f"{size / 1e6:.1f} MB of display written")
    print(f"cardshell (median of {options.runs}): {wall:8.2f} s wall = {len(lines) / wall:,.0f} lines per second; "
          f"{cpu:.2f} s CPU = {len(lines) / cpu:,.0f} lines per CPU second")


if __name__ == "__main__":
    main()
