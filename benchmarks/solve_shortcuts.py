"""How much shortcutting (:mod:`cardshell.shortcut`) shortens ``solve``'s winning lines.

For deals ``--first`` .. ``--last`` (inclusive) of a game, solve each deal
from its start with the host's search (:func:`cardshell.search.solve`) under
``solve``'s default budget (:data:`cardshell.assist.SOLVE_NODES` positions,
:data:`cardshell.assist.SOLVE_SECONDS` seconds), shorten each winning line
(:func:`cardshell.shortcut.shortened`), check the shortened line still wins,
and print, over the deals won, the total and median line length before and
after, and the CPU time the shortening took (median and largest).

Usage::

    .venv/bin/python benchmarks/solve_shortcuts.py aces-up --first 0 --last 49
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from cardshell.assist import SOLVE_NODES, SOLVE_SECONDS
from cardshell.records import Budget
from cardshell.search import solve
from cardshell.shell import Shell
from cardshell.shortcut import shortened


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--last", type=int, default=49)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        shell = Shell.create(plugins=[options.game], data_dir=Path(home) / "data", autosave=False)
        rules = shell.rules(options.game)
        before: list[int] = []
        after: list[int] = []
        cpu: list[float] = []
        unsettled = 0
        for seed in range(options.first, options.last + 1):
            start = rules.game.new(seed, {})
            verdict = solve(rules, start, Budget(SOLVE_SECONDS, SOLVE_NODES))
            if verdict.result != "won":
                unsettled += verdict.result == "unknown"
                continue
            began = time.process_time()
            line = shortened(rules, start, verdict.line)
            cpu.append(time.process_time() - began)
            state = start
            for move in line:
                state = rules.play(state, move)
            outcome = rules.outcome(state)
            assert outcome is not None and outcome.result == "won", f"deal {seed}: the shortened line does not win"
            before.append(len(verdict.line))
            after.append(len(line))
            print(f"deal {seed}: {len(verdict.line)} -> {len(line)} moves", flush=True)
    if not before:
        print("no deal won")
        return
    print(f"{options.game} deals {options.first}..{options.last}: {len(before)} won, {unsettled} unknown")
    print(f"moves before: total {sum(before)}, median {statistics.median(before):g}")
    print(f"moves after:  total {sum(after)}, median {statistics.median(after):g}")
    print(f"shortening CPU seconds: median {statistics.median(cpu):.4f}, largest {max(cpu):.4f}")


if __name__ == "__main__":
    main()
