"""A plugin that adds a slow move to the toy counter, for signal tests: ``nap
N`` changes the working copy, says ``napping`` on stderr at once, then
sleeps N seconds before it is accepted (a signal lands in the middle)."""

from __future__ import annotations

import sys
import time

import cardshell
from cardshell import parsers


def nap(ctx, seconds):
    ctx.state.count += 1
    sys.stderr.write("napping\n")
    sys.stderr.flush()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(0.01)


@cardshell.hookimpl
def cardshell_commands():
    return [cardshell.Command("nap", "add 1 after N seconds", nap, game="counter", usage="nap N",
                              parse=parsers.optional_integer(0, 600, default=1))]
