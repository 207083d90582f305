"""The honest sweep's wins with the judged hint against the old one, and the judged hint's time.

Usage: ``python benchmarks/honest_hint.py GAME FIRST COUNT [NODES] [SAMPLES]``: plays deals
FIRST..FIRST+COUNT-1 of GAME honestly (:func:`cardshell.winnability.run.play_honestly`) once
with :func:`cardshell.judged_hint.judge` (NODES per move and re-drawn deal) and once with
:func:`cardshell.search.hint` (NODES shared by the samples), printing the wins of each and
the judged hint's median and p95 CPU seconds per hint.  Each deal is played with both hints
in turn and printed at once, so a run stopped early keeps the deals it finished.
"""

from __future__ import annotations

import statistics
import sys
import time

from cardshell import judged_hint
from cardshell.shell import Shell
from cardshell.winnability import run


def main() -> None:
    game, first, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    nodes = int(sys.argv[4]) if len(sys.argv) > 4 else 200
    samples = int(sys.argv[5]) if len(sys.argv) > 5 else 10
    rules = Shell.create(autosave=False).rules(game)
    times: list[float] = []
    judge = judged_hint.judge

    def timed(*args, **kwargs):  # type: ignore[no-untyped-def]
        started = time.process_time()
        try:
            return judge(*args, **kwargs)
        finally:
            times.append(time.process_time() - started)

    run.judge = timed  # type: ignore[assignment]
    outcomes: dict[bool, list[str]] = {}
    for seed in range(first, first + count):  # both hints on each deal in turn: a stopped run keeps its pairs
        pair = []
        for judged in (True, False):
            pair.append(run.play_honestly(rules, run.start_state(rules, seed), seed, seconds=600.0, nodes=nodes,
                                          samples=samples, judged=judged).result)
            outcomes.setdefault(judged, []).append(pair[-1])
        print(f"{game} deal {seed}: judged {pair[0]}, old {pair[1]}", flush=True)
    for judged, label in ((True, "judged"), (False, "old")):
        results = outcomes[judged]
        print(f"{game} deals {first}..{first + count - 1} {label}: won {results.count('won')}, "
              f"lost {results.count('no win')}, unknown {results.count('unknown')}")
    times.sort()
    print(f"judged hint: {len(times)} hints, median {statistics.median(times):.3f} s, "
          f"p95 {times[int(0.95 * (len(times) - 1))]:.3f} s CPU")


if __name__ == "__main__":
    main()
