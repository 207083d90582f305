"""Hostile plugin: a game whose code shrugs signals off and returns.

``play shrug`` deals a counter (``step`` adds one).  Misbehaving on purpose:

* ``nap`` sleeps up to a minute, swallows whatever stops it (Ctrl-C,
  SIGTERM's ``Terminated``) and returns normally: no loop, so no time
  bound fires, and the host sees a command that ended well;
* ``doze`` naps as ``nap`` does and makes the board nap too when drawn
  (once per line): two calls from the host, each swallowing what stops it;
* ``litter`` drops an object whose ``__del__`` sleeps up to a minute: a
  signal that lands there is printed and dropped by Python ("Exception
  ignored in"), and the move returns normally;
* ``linger`` makes the process slow to end: an ``atexit`` function and a
  module-level object's ``__del__`` each sleep 4 seconds.

Each says on stderr what it starts (``shrug: napping``), so a test knows
when to send its signal.
"""

from __future__ import annotations

import atexit
import sys
import time

import cardshell


class Board:
    """The mutable state: a count."""

    def __init__(self, count: int = 0, drowsy: bool = False) -> None:
        self.count = count
        self.drowsy = drowsy

    def __deepcopy__(self, memo: dict) -> Board:
        return Board(self.count, self.drowsy)


def _say(text: str) -> None:
    sys.stderr.write(f"shrug: {text}\n")
    sys.stderr.flush()


class Litter:
    """Sleeps in ``__del__``: a signal raised there is dropped by Python."""

    def __del__(self) -> None:
        time.sleep(0.001)  # a signal raised from here on is dropped by Python
        _say("cleaning up")
        time.sleep(60)


class Slow:
    """Sleeps in ``__del__`` at interpreter shutdown."""

    def __del__(self) -> None:
        time.sleep(4)


_kept: list[Slow] = []


def new(seed, options):
    return Board(0)


def render(board):
    if board.drowsy:
        nap(None, None)
    return f"count {board.count}"


def step(ctx, args):
    ctx.state.count += 1


def nap(ctx, args):
    try:
        _say("napping")  # inside the try: a signal right after the line is swallowed too
        time.sleep(60)
    except BaseException:  # noqa: BLE001 - the point of this plugin
        _say("shrugged")


def doze(ctx, args):
    ctx.state.drowsy = True
    nap(ctx, args)


def litter(ctx, args):
    Litter()  # dropped at once: its __del__ runs here
    _say("littered")


def linger(ctx, args):
    atexit.register(time.sleep, 4)
    _kept.append(Slow())
    _say("lingering")


@cardshell.hookimpl
def cardshell_games():
    return [cardshell.Game(id="shrug", title="Shrug", summary="a counter whose code shrugs signals off",
                           new=new, render=render, outcome=lambda board: None)]


@cardshell.hookimpl
def cardshell_commands():
    return [
        cardshell.Command("step", "add one", step, game="shrug"),
        cardshell.Command("nap", "sleep, swallowing what stops it", nap, game="shrug", changes_state=False),
        cardshell.Command("doze", "nap, and nap again when the board is drawn", doze, game="shrug"),
        cardshell.Command("litter", "drop an object that sleeps in __del__", litter, game="shrug",
                          changes_state=False),
        cardshell.Command("linger", "make the exit slow", linger, game="shrug", changes_state=False),
    ]
