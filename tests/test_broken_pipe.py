"""No traceback when stdout's reader goes away (``| head -1``): the cardshell
command and the hand-out programs alike (tests/test_output_streams.py has
the cardshell command's other failing streams)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from cardshell.script import EXIT_OUTPUT


def run_into_closed_pipe(argv: list[str], stdin: bytes) -> subprocess.CompletedProcess[bytes]:
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody will ever read: every write fails with EPIPE
    try:
        return subprocess.run(argv, input=stdin, stdout=write_end, stderr=subprocess.PIPE, timeout=60)
    finally:
        os.close(write_end)


@pytest.mark.parametrize("module", ["cardshell_pictures", "cardshell_up_and_down"])
def test_hand_out_programs_stay_quiet(module):
    result = run_into_closed_pipe([sys.executable, "-m", module], b"5\n")
    assert b"Traceback" not in result.stderr and b"BrokenPipeError" not in result.stderr
    assert b"Exception ignored" not in result.stderr
    assert result.returncode == 1


def test_cardshell_stays_quiet_and_reports_where_it_stopped():
    # No traceback; the documented status (not 0: not every line was run)
    # and one line on stderr saying where the script stopped.
    script = b"play pictures --seed 5\nplay aces-up --seed 7\nD\nD\n"
    result = run_into_closed_pipe([sys.executable, "-m", "cardshell"], script)
    assert result.stderr == (b"cardshell: cannot write to stdout (Broken pipe): the script stopped at <stdin>:1, "
                             b"after running that line\n")
    assert result.returncode == EXIT_OUTPUT
