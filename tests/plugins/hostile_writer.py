"""A plugin that writes around the host, for porcelain schema 2's tests: ``spew HEX``
decodes HEX into bytes and puts them on descriptors 1 and 2 directly
(``os.write``), through ``print`` and ``sys.stderr``, and as its reply's text
(decoded with ``surrogateescape``, so a byte that is not UTF-8 becomes a lone
surrogate); ``refuse`` rejects its line with its own rejection id; ``stall``
writes, touches the file named by ``HOSTILE_WRITER_MARK`` and sleeps up to 60
seconds (a signal lands in plugin code)."""

from __future__ import annotations

import os
import sys
import time

import cardshell


def spew(ctx, args):
    data = bytes.fromhex(args.strip())
    os.write(1, data)
    os.write(2, data)
    text = data.decode("utf-8", errors="surrogateescape")
    print(text)
    sys.stderr.write(text)
    ctx.echo(text)


def refuse(ctx, args):
    raise cardshell.CommandError("No, not that.", id="hostile-writer.refused")


def stall(ctx, args):
    os.write(1, b'{"cardshell": 2, "kind": "exit", "status": 0}\n')
    mark = os.environ.get("HOSTILE_WRITER_MARK")
    if mark:
        with open(mark, "w") as handle:
            handle.write("stalling")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        time.sleep(0.01)


@cardshell.hookimpl
def cardshell_commands():
    return [cardshell.Command("spew", "write HEX's bytes everywhere", spew, usage="spew HEX", parse=str),
            cardshell.Command("refuse", "reject the line with an id", refuse),
            cardshell.Command("stall", "write, then sleep a minute", stall)]
