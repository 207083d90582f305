"""simulate at a real terminal: the progress line counts games, Ctrl-C stops
a parallel sweep at once and the prompt comes back on a clean line."""

from __future__ import annotations

import os
import sys
import time

import pytest

pexpect = pytest.importorskip("pexpect")


def test_progress_line_and_ctrl_c(tmp_path):
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm", NO_COLOR="1", CARDSHELL_LOAD_PLUGINS="pictures")
    child = pexpect.spawn(sys.executable, ["-m", "cardshell", "--data-dir", str(tmp_path)], env=env,
                          encoding="utf-8", timeout=30, dimensions=(24, 100))
    child.expect_exact("cardshell>")
    child.send("play pictures --seed 3\r")
    child.expect_exact("pictures>")
    time.sleep(0.3)
    child.send("simulate 100000000 --jobs 2\r")
    child.expect(r"simulate 100,000,000: [0-9,]+/100,000,000 games \([0-9.]+%\), [0-9,]+ games/s, ETA ")
    child.expect(r"\r")  # redrawn in place
    child.sendcontrol("c")
    child.expect(r"\r +\r")  # the line is wiped with spaces before anything else is written
    child.expect_exact("interrupted; nothing was changed")
    child.expect_exact("pictures>")
    time.sleep(0.3)
    child.send("exit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
