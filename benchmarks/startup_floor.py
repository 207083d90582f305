"""What a plain start cannot avoid importing, against ``import pluggy``.

Issue 29 item 4 asks two things of a script start (``cardshell < /dev/null``):
that every module be imported at the top of its module, lazy only behind the
plugin registry and for optional heavy libraries, and that the start take at
most 1.5 x ``python -c 'import pluggy'``.  This benchmark measures the floor
the first rule sets, by timing ``python -c 'import ...'`` for growing sets of
modules that a plain start needs at the top of its modules:

* ``pluggy`` (the baseline) and the other dependencies every start reads:
  ``platformdirs`` (the cache directory holding the plugin index, and the data
  directory), ``argparse`` (the command line) and ``json`` (the plugin index);
* the plugin contract, ``cardshell.records`` (the package ``cardshell``
  re-exports it at the top, so any ``cardshell.*`` import builds it);
* the whole script front end, ``cardshell.cli``.

Each set runs RUNS times (default 15), interleaved round by round; medians in
milliseconds are printed with their ratio to ``import pluggy``.  Run it from
an environment where cardshell is installed (non-editable, as ``pip install``
leaves it, bytecode compiled).  Not part of the test suite.

    python benchmarks/startup_floor.py [RUNS]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

#: The growing sets, each a ``python -c`` line; every line imports all of the one before.
SETS: dict[str, str] = {
    "python -c pass": "pass",
    "import pluggy": "import pluggy",
    "+ platformdirs": "import pluggy, platformdirs",
    "+ argparse, json": "import pluggy, platformdirs, argparse, json",
    "+ cardshell.records (the contract)": "import pluggy, platformdirs, argparse, json, cardshell.records",
    "cardshell.cli (the script front end)": "import pluggy, platformdirs, argparse, json, cardshell.cli",
}


def timed(line: str) -> float:
    """Wall-clock milliseconds of one ``python -c LINE`` run.

    Raises:
        subprocess.CalledProcessError: if the line fails (a module is missing).
    """
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", line], check=True)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    for line in SETS.values():
        timed(line)  # warms the file cache (and writes bytecode where it may)
    times: dict[str, list[float]] = {name: [] for name in SETS}
    for _ in range(runs):
        for name, line in SETS.items():
            times[name].append(timed(line))
    medians = {name: statistics.median(values) for name, values in times.items()}
    pluggy = medians["import pluggy"]
    print(f"{runs} runs each, medians; load average {os.getloadavg()[0]:.2f}; "
          f"the goal, 1.5 x import pluggy, is {1.5 * pluggy:.1f} ms")
    for name, value in medians.items():
        print(f"  {name:38} {value:7.1f} ms  ({value / pluggy:.2f} x import pluggy)")


if __name__ == "__main__":
    main()
