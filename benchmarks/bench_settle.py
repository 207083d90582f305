"""How many deals the host's search settles (won or proved lost) under a fixed budget.

For one game, solve deals ``--deals A:B`` from their start with
:func:`cardshell.search.solve` under a budget of ``--nodes`` positions (and
``--seconds``, wall clock, generous by default so the node budget decides and
the figures do not depend on the machine's load), and print the counts of
``won``, ``no win`` and ``unknown``, the positions searched and the CPU
seconds, for each ``--mode``:

* **plain**: one depth-first run in the game's order (``portfolio=False``);
* **portfolio**: the restarts of :func:`cardshell.search.solve` (the default).

A game from a benchmark module (``klondike-bench`` from benchmarks/klondike.py,
declaring nothing more than ``key`` and ``successors``;
``klondike-declared`` from benchmarks/klondike_declared.py, the same game
declaring safe moves and a bound) is registered for the run alone; any
other ``--game`` is taken from the installed plugins.

    python benchmarks/bench_settle.py [--game klondike-bench] [--deals 0:30] [--nodes 100000]
        [--mode plain --mode portfolio] [--list]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
MODULES = {"klondike-bench": "klondike", "klondike-declared": "klondike_declared"}


def rules_of(game_id: str) -> Any:
    """The rules of ``game_id``, from a benchmark module or the installed plugins."""
    from cardshell.shell import Shell

    if game_id in MODULES:
        sys.path.insert(0, str(HERE))
        shell = Shell.create(plugins=[], extra_modules=[MODULES[game_id]], seed=0, autosave=False)
    else:
        shell = Shell.create(plugins=[game_id], seed=0, autosave=False)
    return shell.rules(game_id)


def settle(rules: Any, deals: range, nodes: int, seconds: float, portfolio: bool) -> dict[str, Any]:
    """The verdicts' counts over ``deals``, the positions and the CPU seconds."""
    from cardshell.search import Budget, solve

    counts = {"won": 0, "no win": 0, "unknown": 0}
    positions = 0
    settled = []
    cpu = time.process_time()
    for seed in deals:
        state = rules.game.new(seed, {option.name: option.default for option in rules.game.options})
        verdict = solve(rules, state, Budget(seconds=seconds, nodes=nodes), portfolio=portfolio)
        counts[verdict.result] += 1
        positions += verdict.positions
        if verdict.result != "unknown":
            settled.append(seed)
    return {**counts, "positions": positions, "cpu": time.process_time() - cpu, "settled": settled}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="klondike-bench")
    parser.add_argument("--deals", default="0:30")
    parser.add_argument("--nodes", type=int, default=100_000)
    parser.add_argument("--seconds", type=float, default=3600.0)
    parser.add_argument("--mode", action="append", choices=("plain", "portfolio"))
    parser.add_argument("--list", action="store_true", help="list the settled deals")
    args = parser.parse_args(argv)
    low, high = (int(part) for part in args.deals.split(":"))
    rules = rules_of(args.game)
    for mode in args.mode or ["plain", "portfolio"]:
        found = settle(rules, range(low, high), args.nodes, args.seconds, mode == "portfolio")
        print(f"{args.game} {mode:9} deals {args.deals} nodes {args.nodes:,}: won {found['won']}, "
              f"no win {found['no win']}, unknown {found['unknown']}; {found['positions']:,} positions, "
              f"{found['cpu']:.1f} CPU s")
        if args.list:
            print("  settled:", " ".join(map(str, found["settled"])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
