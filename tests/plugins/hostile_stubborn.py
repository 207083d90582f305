"""Hostile plugin: a game whose code does not stop when told to.

``play stubborn`` deals a counter (``step`` adds one).  Its commands and
option misbehave on purpose, one way each:

* ``swallow KIND`` catches ``BaseException`` in an endless loop, around a
  Python loop (``python``), ``time.sleep`` (``sleep``), a regular expression
  that backtracks for ever (``regex``) or a long C call, ``sum`` over a range
  (``sum``): Ctrl-C, SIGTERM, SIGHUP and the time bound's alarms are all
  swallowed;
* ``loop``: an endless loop that does not swallow anything;
* ``ask``: reads a line of standard input (the script's own, if it could);
* ``tick``: leaves a non-daemon thread running for ever;
* ``play stubborn --jam swallow`` swallows in ``new``, as ``swallow python``;
* ``play stubborn --jam X`` makes X loop for ever: ``new``, ``render`` (once
  the count is not 0), ``hook`` (``cardshell_command_applied`` after a
  move) or ``copy`` (a deep copy of the state once the count is not 0:
  this mutable, contract-1-style game's handlers get one).

Each says on stderr what it starts (``stubborn: swallowing (sleep)``), so a
test knows when to send its signal.
"""

from __future__ import annotations

import re
import sys
import threading
import time

import cardshell

KINDS = ("python", "sleep", "regex", "sum", "new")


class Board:
    """The mutable state: a count, and what is jammed."""

    def __init__(self, count: int = 0, jam: str = "") -> None:
        self.count = count
        self.jam = jam

    def __deepcopy__(self, memo: dict) -> Board:
        if self.jam == "copy" and self.count:
            _forever("copy")
        return Board(self.count, self.jam)


def _say(text: str) -> None:
    sys.stderr.write(f"stubborn: {text}\n")
    sys.stderr.flush()


def _forever(what: str) -> None:
    _say(f"looping ({what})")
    while True:
        pass


def _swallowing(kind: str) -> None:
    said = False
    while True:
        try:
            if not said:  # inside the try: a signal right after the line is swallowed too
                _say(f"swallowing ({kind})")
                said = True
            if kind == "sleep":
                time.sleep(3600)
            elif kind == "regex":
                re.match(r"(a+)+b", "a" * 64)
            elif kind == "sum":
                sum(range(10**7))
            else:
                while True:
                    pass
        except BaseException:  # noqa: S110 - the point of this plugin
            pass


def new(seed, options):
    jam = options.get("jam") or ""
    if jam == "new":
        _forever("new")
    if jam == "swallow":
        _swallowing("new")
    return Board(0, jam)


def render(board):
    if board.jam == "render" and board.count:
        _forever("render")
    return f"count {board.count}"


def step(ctx, args):
    ctx.state.count += 1


def swallow(ctx, kind):
    _swallowing(kind)


def loop(ctx, args):
    _forever("move")


def ask(ctx, args):
    line = sys.stdin.readline()
    ctx.echo(f"read {line!r}")


def tick(ctx, args):
    threading.Thread(target=threading.Event().wait, name="stubborn-forever").start()
    ctx.echo("ticking")


def kind(text):
    word = text.strip() or "python"
    if word not in KINDS:
        raise cardshell.UsageError(f"KIND is one of {', '.join(KINDS)}")
    return word


@cardshell.hookimpl
def cardshell_games():
    return [cardshell.Game(id="stubborn", title="Stubborn", summary="a counter whose code will not stop",
                           new=new, render=render, outcome=lambda board: None,
                           options=(cardshell.Option("jam", "what loops: new, render, hook or copy", str, ""),))]


@cardshell.hookimpl
def cardshell_commands():
    return [
        cardshell.Command("step", "add one", step, game="stubborn"),
        cardshell.Command("swallow", "swallow every exception in a loop", swallow, game="stubborn",
                          usage="swallow KIND", parse=kind),
        cardshell.Command("loop", "loop for ever", loop, game="stubborn"),
        cardshell.Command("ask", "read a line of standard input", ask, game="stubborn", changes_state=False),
        cardshell.Command("tick", "leave a thread running", tick, game="stubborn", changes_state=False),
    ]


@cardshell.hookimpl
def cardshell_command_applied(session, command, line):
    if session.game.id == "stubborn" and session.state.jam == "hook":
        _forever("hook")
