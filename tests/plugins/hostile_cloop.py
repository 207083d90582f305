"""Hostile plugin: a game whose code holds the interpreter in one long C call.

``play cloop`` deals a counter (``step`` adds one).  ``churn`` says
``cloop: churning`` on stderr, then runs ``sum(range(10**12))`` inside
``except BaseException`` for ever: the C loop holds the interpreter's lock,
so no Python signal handler, time bound or thread runs until it returns
(hours), and what stops it between two calls is swallowed.
"""

from __future__ import annotations

import sys

import cardshell


class Board:
    """The mutable state: a count."""

    def __init__(self, count: int = 0) -> None:
        self.count = count

    def __deepcopy__(self, memo: dict) -> Board:
        return Board(self.count)


def new(seed, options):
    return Board(0)


def step(ctx, args):
    ctx.state.count += 1


def churn(ctx, args):
    while True:
        try:
            sys.stderr.write("cloop: churning\n")
            sys.stderr.flush()
            sum(range(10**12))
        except BaseException:  # noqa: BLE001, S110 - the point of this plugin
            pass


@cardshell.hookimpl
def cardshell_games():
    return [cardshell.Game(id="cloop", title="Cloop", summary="a counter whose code holds the interpreter in C",
                           new=new, render=lambda board: f"count {board.count}", outcome=lambda board: None)]


@cardshell.hookimpl
def cardshell_commands():
    return [
        cardshell.Command("step", "add one", step, game="cloop"),
        cardshell.Command("churn", "sum a huge range in C, swallowing what stops it", churn, game="cloop"),
    ]
