"""Instructions per line of a piped Aces Up script: the cost of the text layer.

Runs ``python -m cardshell`` under ``valgrind --tool=callgrind`` on two
seeded Aces Up scripts of SHORT and LONG lines (default 2,000 and 6,000),
and prints each run's total instructions (Ir) and the slope between them:
the instructions one more line costs, start-up left out.  The lines mix what
a script's line produces most: the board (``show``), a game's rejection
(``F 9``, ``D`` on an empty stock), a host's answer (``moves``) and a host's
rejection (``%frobnicate``: an unknown shell command), so every kind of piece goes
through the text layer.  Not part of the test suite.

    python benchmarks/bench_text_layer.py [--tree DIR] [--short N] [--long N]

``--tree`` runs another checkout's cardshell (its ``cardshell`` package and
``plugins/`` first on ``PYTHONPATH``; default: this one), to compare a
branch with the release before it.  Needs valgrind (``apt-get install
valgrind``).  Each run takes about a minute of CPU under callgrind.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import callgrind  # noqa: E402

#: The lines after ``play aces-up --seed 1``, in turn.
CYCLE = ("show", "F 9", "D", "moves", "%frobnicate")


def script(lines: int) -> str:
    """``play aces-up --seed 1`` and ``lines - 1`` lines of :data:`CYCLE`."""
    body = [CYCLE[index % len(CYCLE)] for index in range(lines - 1)]
    return "\n".join(["play aces-up --seed 1", *body]) + "\n"


def instructions(tree: Path, lines: int, work: Path) -> int:
    """Total instructions (callgrind's Ir) of one run of a ``lines``-line script."""
    stdin = work / f"script-{lines}.txt"
    stdin.write_text(script(lines), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tree), str(tree / "plugins")]),
               CARDSHELL_LOAD_PLUGINS="aces-up", CARDSHELL_CACHE_DIR=str(work / "cache"), HOME=str(work),
               XDG_DATA_HOME=str(work / "data"), PYTHONHASHSEED="0")
    env.pop("COLUMNS", None)
    argv = [sys.executable, "-m", "cardshell", "--no-autosave", "--data-dir", str(work / "data")]
    return callgrind.instructions(argv, stdin.read_bytes(), env, work / "callgrind.out", cwd=work)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--short", type=int, default=2_000)
    parser.add_argument("--long", type=int, default=6_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        short = instructions(args.tree, args.short, work)
        long = instructions(args.tree, args.long, work)
    slope = (long - short) / (args.long - args.short)
    print(f"tree {args.tree}")
    print(f"{args.short:>7,} lines: {short:>15,} Ir")
    print(f"{args.long:>7,} lines: {long:>15,} Ir")
    print(f"per line: {slope:,.0f} Ir")


if __name__ == "__main__":
    main()
