"""What a finished game (or Blackjack round) costs the statistics plugin.

Records N results (default 300) through ``cardshell_stats.store.add`` into a
fresh database in a temporary directory, as one session does (one
connection, kept open), and prints the median milliseconds per result
beside ``python -c pass``.  Not part of the test suite.

    python benchmarks/stats_store.py [N]
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cardshell_stats import store
from cardshell_stats.summary import Result


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    baseline = (time.perf_counter() - start) * 1000
    with tempfile.TemporaryDirectory(prefix="cardshell-bench-") as directory:
        times = []
        for seed in range(count):
            start = time.perf_counter()
            store.add(Path(directory), Result("blackjack", seed, "won", 1.0, 3, 1.0))
            times.append((time.perf_counter() - start) * 1000)
        recorded = len(store.results(Path(directory)))
        store.close()
    assert recorded == count
    print(f"python -c pass:        {baseline:7.1f} ms")
    print(f"one result recorded:   {statistics.median(times):7.3f} ms (median of {count}; "
          f"first, opening the database: {times[0]:.1f} ms)")


if __name__ == "__main__":
    main()
