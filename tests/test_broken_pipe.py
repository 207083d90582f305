"""No traceback when stdout's reader goes away (``| head -1``): the cardshell
command and the hand-out programs alike."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


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


def test_cardshell_stays_quiet_and_succeeds():
    script = b"play pictures --seed 5\nplay aces-up --seed 7\nD\nD\n"
    result = run_into_closed_pipe([sys.executable, "-m", "cardshell"], script)
    assert result.stderr == b""
    assert result.returncode == 0
