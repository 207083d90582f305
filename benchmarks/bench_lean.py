"""Start-up ratios and per-line instructions of piped scripts, by valgrind.

One command for the figures of a lean start and a lean line, counted in
instructions (callgrind's Ir), which a loaded machine does not disturb:

* start: ``cardshell < /dev/null`` and ``echo exit | cardshell`` against
  ``python -c 'import pluggy'`` (goals: at most 2.0x and 2.2x);
* per line: the slope between a SHORT- and a LONG-line script (default
  2,000 and 6,000) of benchmarks/bench_script.py's Aces Up and Minesweeper
  workloads, plain script output: the instructions one more line costs,
  start-up left out.

cardshell runs as the console script of this interpreter's environment,
with a new data directory and cache directory (``CARDSHELL_DATA_DIR``,
``CARDSHELL_CACHE_DIR``) and ``PYTHONHASHSEED=0``, in the data directory
(``python -c`` puts its working directory on ``sys.path``: a crowded one,
such as /tmp, costs ``import pluggy`` a third more); one uncounted run first
writes the plugin index and the bytecode caches, so every counted run is a
warm start.  ``--keep DIR`` leaves each run's callgrind file in DIR for
``callgrind_annotate``.  Needs valgrind; about three CPU-minutes in all.
Not part of the test suite.

    python benchmarks/bench_lean.py [--short N] [--long N] [--only start|lines] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import callgrind  # noqa: E402
from bench_script import aces_up, minesweeper  # noqa: E402

#: The workloads whose per-line slope is printed.
WORKLOADS = {"aces-up": aces_up, "minesweeper": minesweeper}


def cardshell_argv() -> list[str]:
    """This interpreter running its environment's ``cardshell`` console script."""
    script = Path(sys.executable).parent / "cardshell"
    return [sys.executable, str(script)] if script.exists() else [sys.executable, "-m", "cardshell"]


def instructions(argv: list[str], stdin: bytes, env: dict[str, str], out: Path) -> int:
    """Callgrind's total instructions (Ir) of one run of ``argv`` fed ``stdin``, in the data directory.

    Raises SystemExit with valgrind's error output when it printed no total."""
    return callgrind.instructions(argv, stdin, env, out, cwd=env["CARDSHELL_DATA_DIR"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--short", type=int, default=2_000)
    parser.add_argument("--long", type=int, default=6_000)
    parser.add_argument("--only", choices=("start", "lines"), default=None)
    parser.add_argument("--keep", type=Path, default=None, help="a folder for the callgrind files")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        keep = args.keep or work
        keep.mkdir(parents=True, exist_ok=True)
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env.update(CARDSHELL_DATA_DIR=str(work / "data"), CARDSHELL_CACHE_DIR=str(work / "cache"),
                   PYTHONHASHSEED="0")
        env.pop("COLUMNS", None)
        (work / "data").mkdir()
        shell = cardshell_argv()
        subprocess.run(shell, input=b"", capture_output=True, env=env, check=False)  # index and bytecode
        if args.only in (None, "start"):
            pluggy = instructions([sys.executable, "-c", "import pluggy"], b"", env, keep / "pluggy.out")
            plain = instructions(shell, b"", env, keep / "devnull.out")
            leave = instructions(shell, b"exit\n", env, keep / "exit.out")
            print(f"import pluggy            {pluggy:>15,} Ir")
            print(f"cardshell < /dev/null    {plain:>15,} Ir  {plain / pluggy:.3f}x  (goal <= 2.0x)")
            print(f"echo exit | cardshell    {leave:>15,} Ir  {leave / pluggy:.3f}x  (goal <= 2.2x)")
        if args.only in (None, "lines"):
            for name, workload in WORKLOADS.items():
                counts = []
                for size in (args.short, args.long):
                    stdin = ("\n".join(workload(size)) + "\n").encode()
                    counts.append(instructions(shell, stdin, env, keep / f"{name}-{size}.out"))
                slope = (counts[1] - counts[0]) / (args.long - args.short)
                print(f"{name:12} {args.short:,} lines {counts[0]:>15,} Ir, {args.long:,} lines {counts[1]:>15,} Ir,"
                      f" per line {slope:>9,.0f} Ir")


if __name__ == "__main__":
    main()
