"""Start-up time of ``cardshell`` in script mode against ``python -c pass``.

Runs each command several times (default 15) on this machine and prints the
medians in milliseconds and their ratio.  Not part of the test suite.

    python benchmarks/startup.py [RUNS]
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time


def median_ms(argv: list[str], stdin: str, runs: int) -> float:
    """Median wall-clock time of a command, in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, input=stdin, capture_output=True, text=True, check=False)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    baseline = median_ms([sys.executable, "-c", "pass"], "", runs)
    empty = median_ms([sys.executable, "-m", "cardshell"], "exit\n", runs)
    game = median_ms([sys.executable, "-m", "cardshell"], "play aces-up --seed 7\nD\nexit\n", runs)
    print(f"python -c pass:                      {baseline:7.1f} ms")
    print(f"cardshell < 'exit':                  {empty:7.1f} ms  ({empty / baseline:.1f}x)")
    print(f"cardshell < 'play aces-up; D; exit': {game:7.1f} ms  ({game / baseline:.1f}x)")


if __name__ == "__main__":
    main()
