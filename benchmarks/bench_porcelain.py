"""The porcelain's cost per line: CPU time of ``cardshell --jsonl`` (schema 1) and
``--jsonl=2`` against the plain output, on the same Aces Up script.

    python benchmarks/bench_porcelain.py [--lines N] [--repeat R]
    python benchmarks/bench_porcelain.py --valgrind [--short N] [--long N] [--tree DIR]

Each output runs the script of N lines (``bench_script.aces_up``, default
20,000) and a one-line script (the start-up), interleaved, R times (default
5); the child's CPU time (user + system, from ``wait4``) is measured, which a
shared machine disturbs far less than wall time.  Per line: (median of the
long run - median of the one-line run) / (N - 1).  The ratio to the plain
output is what the issue bounds (at most 1.15).  With ``--valgrind``, the
instructions one more line costs instead (callgrind's Ir of a SHORT and a
LONG script, default 2,000 and 6,000 lines; the slope between them), which
load on a shared machine does not change; ``--tree`` runs another checkout's
cardshell (its package and ``plugins/`` first on ``PYTHONPATH``) to compare
with an older commit.  Not part of the test suite.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import callgrind  # noqa: E402
from bench_script import aces_up  # noqa: E402

OUTPUTS = {"plain": [], "jsonl=1": ["--jsonl"], "jsonl=2": ["--jsonl=2"]}


def cpu_seconds(args: list[str], script: Path, env: dict[str, str]) -> float:
    """The child's user + system CPU seconds for one run of ``script`` with ``args``."""
    with open(script, "rb") as stdin, open(os.devnull, "wb") as devnull:
        child = subprocess.Popen([sys.executable, "-m", "cardshell", *args], stdin=stdin, stdout=devnull,
                                 stderr=devnull, env=env)
        _, status, usage = os.wait4(child.pid, 0)
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"cardshell {' '.join(args)} failed: {status}")
    return usage.ru_utime + usage.ru_stime


def instructions(args: list[str], script: Path, env: dict[str, str], out: Path) -> int:
    """Callgrind's total instructions (Ir) of one run of ``script`` with ``args``."""
    return callgrind.instructions([sys.executable, "-m", "cardshell", *args], script.read_bytes(), env, out)


def by_instructions(short: int, long: int, tree: Path | None = None) -> None:
    """Print each output's instructions per line (the slope between a SHORT- and a LONG-line run)."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, CARDSHELL_DATA_DIR=str(Path(tmp) / "data"), CARDSHELL_CACHE_DIR=str(Path(tmp) / "cache"),
                   PYTHONHASHSEED="0")
        if tree is not None:
            env["PYTHONPATH"] = os.pathsep.join([str(tree), str(tree / "plugins")])
        scripts = {}
        for size in (short, long):
            scripts[size] = Path(tmp) / f"{size}.txt"
            scripts[size].write_text("\n".join(aces_up(size)) + "\n")
        slope = {}
        for name, args in OUTPUTS.items():
            cpu_seconds(args, scripts[short], env)  # the plugin index and each module's bytecode, not counted
            counts = [instructions(args, scripts[size], env, Path(tmp) / "callgrind.out") for size in (short, long)]
            slope[name] = (counts[1] - counts[0]) / (long - short)
    for name in OUTPUTS:
        print(f"{name:8} {slope[name]:>10,.0f} Ir/line  {slope[name] / slope['plain']:.3f}x plain")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--valgrind", action="store_true", help="count instructions instead of CPU time")
    parser.add_argument("--short", type=int, default=2_000)
    parser.add_argument("--long", type=int, default=6_000)
    parser.add_argument("--tree", type=Path, default=None, help="another checkout to measure (--valgrind)")
    options = parser.parse_args()
    if options.valgrind:
        by_instructions(options.short, options.long, options.tree)
        return
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, CARDSHELL_DATA_DIR=str(Path(tmp) / "data"), CARDSHELL_CACHE_DIR=str(Path(tmp) / "cache"))
        long, short = Path(tmp) / "long.txt", Path(tmp) / "short.txt"
        long.write_text("\n".join(aces_up(options.lines)) + "\n")
        short.write_text("play aces-up --seed 7\n")
        cpu_seconds([], short, env)  # the plugin index, untimed
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(options.repeat):
            for name, args in OUTPUTS.items():
                for size, script in (("long", long), ("short", short)):
                    times.setdefault((name, size), []).append(cpu_seconds(args, script, env))
    per_line = {name: (statistics.median(times[name, "long"]) - statistics.median(times[name, "short"]))
                / (options.lines - 1) for name in OUTPUTS}
    for name in OUTPUTS:
        print(f"{name:8} {per_line[name] * 1e6:8.1f} us CPU/line  {per_line[name] / per_line['plain']:.3f}x plain  "
              f"(start {statistics.median(times[name, 'short']):.3f} s)")


if __name__ == "__main__":
    main()
