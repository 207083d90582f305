"""Instructions the last resort's supervisor adds to a start: ``echo exit |
cardshell --autosave`` (forked: supervisor and shell) against ``echo exit |
cardshell`` (no supervisor), under ``valgrind --tool=callgrind``.

Prints each process's instructions (Ir) and the totals; the plugin index is
written by an untimed first run, so both are warm starts.  Callgrind counts a
forked child's instructions from its parent's start, so the work before the
fork is counted in both processes: the supervisor's own work is its process's
count less that of ``python -c "import cardshell_launcher.supervisor"`` (the
same start and exit without the fork).  Needs valgrind.
Not part of the test suite.

    python benchmarks/bench_supervisor.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import callgrind  # noqa: E402

LAUNCH = "import sys; from cardshell_launcher import main; sys.exit(main())"


def run(work: Path, *args: str, valgrind: bool = True, code: str = LAUNCH) -> list[int]:
    """The instructions of each process of one ``echo exit | cardshell ARGS``, parent first."""
    env = dict(os.environ, CARDSHELL_DATA_DIR=str(work / "data"), CARDSHELL_CACHE_DIR=str(work / "cache"),
               HOME=str(work), PYTHONHASHSEED="0", CARDSHELL_LOAD_PLUGINS="")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # warm starts read the bytecode caches the first run wrote
    argv = [sys.executable, "-c", code, *args]
    if valgrind:
        return callgrind.totals(argv, b"exit\n", env, work / "callgrind.%p", cwd=work)
    subprocess.run(argv, input=b"exit\n", stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, check=False,
                   cwd=work)
    return []


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        run(work, valgrind=False)  # the plugin index and bytecode caches
        run(work, "--autosave", valgrind=False)
        plain = run(work)
        supervised = run(work, "--autosave")
        before_fork = run(work, code="import cardshell_launcher.supervisor")
    print(f"echo exit | cardshell             : {sum(plain):>13,} Ir  processes {plain}")
    print(f"echo exit | cardshell --autosave  : {sum(supervised):>13,} Ir  processes {supervised}")
    print(f"python -c 'import cardshell_launcher.supervisor': {before_fork[0]:,} Ir")
    own = supervised[-1] - before_fork[0]
    shell = supervised[0] - plain[0]
    print(f"added after the fork: supervisor {own:,} Ir, shell {shell:,} Ir ({(own + shell) / plain[0] * 100:.2f} %)")


if __name__ == "__main__":
    main()
