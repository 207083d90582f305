"""How many deals ``solve`` settles within a budget: won / no win / unknown.

For deals ``--first`` .. ``--last`` (inclusive) of a game, solve each deal
from its start position with the host's search (:func:`cardshell.search.solve`,
the same engine as the ``solve`` command, on the true state) under a budget
of ``--seconds`` and ``--nodes`` per deal, and print the counts, the settled
share with its 95 % Wilson interval, and the median and largest time per
settled deal.

Usage::

    .venv/bin/python benchmarks/bench_solve.py aces-up --first 0 --last 199 --seconds 10 --jobs 2
    .venv/bin/python benchmarks/bench_solve.py thumb-and-pouch --first 0 --last 199 --seconds 10

``--jobs J`` solves J deals at a time in a process pool (each deal on one
core); ``--csv FILE`` writes one row per deal (seed, result, positions,
seconds, moves).  Times are wall-clock seconds of each search
(``time.monotonic``); the machine's load matters, so compare runs made
under the same load (the 1-minute load average is printed at the start and
the end).
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import statistics
import sys
import time
from multiprocessing import get_context

_RULES = None


def _rules(game_id: str):
    global _RULES
    if _RULES is None:
        from cardshell.shell import Shell

        shell = Shell.create(plugins=[game_id], seed=0, autosave=False)
        _RULES = shell.rules(game_id), shell.games[game_id]
    return _RULES


def solve_deal(task: tuple[str, int, float, int]) -> tuple[int, str, int, float, int]:
    """Solve deal ``seed`` of a game: (seed, result, positions, seconds, moves)."""
    from cardshell.search import Budget, solve

    game_id, seed, seconds, nodes = task
    rules, game = _rules(game_id)
    verdict = solve(rules, game.new(seed, {}), Budget(seconds, nodes))
    return seed, verdict.result, verdict.positions, verdict.seconds, len(verdict.line)


def wilson(successes: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % for z = 1.96), as fractions."""
    if total == 0:
        return 0.0, 1.0
    p = successes / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return max(0.0, centre - half), min(1.0, centre + half)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print the summary.  Returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="game id, e.g. aces-up or thumb-and-pouch")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--last", type=int, default=199)
    parser.add_argument("--seconds", type=float, default=10.0, help="per deal (default 10)")
    parser.add_argument("--nodes", type=int, default=50_000_000, help="positions per deal")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--csv", help="write one row per deal to this file")
    args = parser.parse_args(argv)
    tasks = [(args.game, seed, args.seconds, args.nodes) for seed in range(args.first, args.last + 1)]
    load_before = os.getloadavg()[0]
    start = time.monotonic()
    if args.jobs > 1:
        with get_context("spawn").Pool(args.jobs) as pool:
            rows = list(pool.imap(solve_deal, tasks, chunksize=1))
    else:
        rows = [solve_deal(task) for task in tasks]
    wall = time.monotonic() - start
    counts = {result: sum(1 for row in rows if row[1] == result) for result in ("won", "no win", "unknown")}
    settled = [row[3] for row in rows if row[1] != "unknown"]
    total = len(rows)
    low, high = wilson(len(settled), total)
    print(f"{args.game} deals {args.first}..{args.last}, budget {args.seconds:g} s / {args.nodes} positions each,"
          f" jobs {args.jobs}")
    print(f"won {counts['won']}, no win {counts['no win']}, unknown {counts['unknown']}")
    print(f"settled {len(settled)} of {total} = {100 * len(settled) / max(total, 1):.1f} %"
          f" (95 % Wilson interval {100 * low:.1f} .. {100 * high:.1f} %)")
    won_settled = counts["won"] + counts["no win"]
    if won_settled:
        wl, wh = wilson(counts["won"], won_settled)
        print(f"won among settled: {100 * counts['won'] / won_settled:.1f} %"
              f" (95 % Wilson interval {100 * wl:.1f} .. {100 * wh:.1f} %)")
    if settled:
        print(f"time per settled deal: median {statistics.median(settled):.3f} s, max {max(settled):.3f} s")
    print(f"wall time {wall:.1f} s; load average {load_before:.2f} at the start, {os.getloadavg()[0]:.2f} at the end")
    if args.csv:
        with open(args.csv, "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(["seed", "result", "positions", "seconds", "moves"])
            writer.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
