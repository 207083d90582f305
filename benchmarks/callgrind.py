"""Instruction counts of whole runs under valgrind's callgrind, for the benchmarks beside it.

Callgrind prints each process's total (``Collected : N``, instructions, Ir) on
standard error; :func:`totals` gives every one a run printed, :func:`instructions`
the one of a single-process run.  Needs valgrind (``apt-get install valgrind``).
Not part of the test suite.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

_TOTAL = re.compile(rb"Collected\s*:\s*(\d+)")


def totals(argv: list[str], stdin: bytes, env: dict[str, str], out: Path | str, cwd: Path | str | None = None
           ) -> list[int]:
    """The instructions of each process of one run of ``argv`` under callgrind, in the order
    valgrind reported them (``out``: callgrind's output file; ``%p`` in it names one per process).

    Args:
        argv: the command, without ``valgrind``.
        stdin: the bytes fed to its standard input.
        env: its environment.
        out: callgrind's ``--callgrind-out-file``.
        cwd: its working directory (None: this one).
    """
    done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *argv], input=stdin,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, check=False, cwd=cwd)
    found = [int(total) for total in _TOTAL.findall(done.stderr)]
    if not found:
        raise SystemExit(done.stderr.decode(errors="replace")[-2000:])
    return found


def instructions(argv: list[str], stdin: bytes, env: dict[str, str], out: Path | str,
                 cwd: Path | str | None = None) -> int:
    """The instructions of one run of ``argv`` (its first process), as :func:`totals`.

    Raises:
        SystemExit: with valgrind's error output, when it printed no total.
    """
    return totals(argv, stdin, env, out, cwd)[0]
