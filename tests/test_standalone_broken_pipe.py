"""The hand-out programs stay quiet when their reader goes away (``| head -1``)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


@pytest.mark.parametrize("module", ["cardshell_pictures", "cardshell_up_and_down"])
def test_no_traceback_when_stdout_is_closed(module):
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody will ever read: every write fails with EPIPE
    try:
        result = subprocess.run([sys.executable, "-m", module], input=b"5\n", stdout=write_end,
                                stderr=subprocess.PIPE, timeout=30)
    finally:
        os.close(write_end)
    assert b"Traceback" not in result.stderr and b"BrokenPipeError" not in result.stderr
    assert result.returncode == 1
