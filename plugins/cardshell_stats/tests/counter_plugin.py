"""A tiny game for the statistics plugin's tests: a counter that is won at 3 (contract 1).

Its commands exercise every path of the dispatch: success, a rule violation
after mutating the working copy, and an unexpected exception (a plugin bug).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cardshell
from cardshell import parsers
from cardshell.rng import GameRandom

CARDSHELL_CONTRACT = 1


@dataclass
class CounterState:
    count: int = 0
    history: list[int] = field(default_factory=list)
    rng: GameRandom = field(default_factory=lambda: GameRandom(0))


def new(seed, options):
    return CounterState(count=options.get("start") or 0, rng=GameRandom(seed))


def inc(ctx, n):
    ctx.state.count += n
    ctx.state.history.append(ctx.state.rng.randint(1, 6))
    ctx.echo(f"count is now {ctx.state.count}")


def not_negative(state, n):
    if state.count + n < 0:
        raise cardshell.CommandError("the count cannot go below zero")


def fail(ctx, args):
    ctx.state.count = -999
    ctx.state.history.clear()
    raise cardshell.CommandError("fail always fails")


def crash(ctx, args):
    ctx.state.count = 12345
    ctx.state.rng.random()
    raise RuntimeError("boom")


@cardshell.hookimpl
def cardshell_games():
    return [
        cardshell.Game(
            id="counter",
            title="Counter",
            summary="count to three",
            new=new,
            render=lambda s: f"[{s.count}]",
            outcome=lambda s: cardshell.Outcome("won", s.count) if s.count >= 3 else None,
            options=(cardshell.Option("start", "the starting count", int, 0),),
            host_aliases={"h": "help", "q": "quit", "r": "new"},
        )
    ]


@cardshell.hookimpl
def cardshell_commands():
    return [
        cardshell.Command("inc", "add N to the count", inc, game="counter", usage="inc N", aliases=("+",),
                          parse=parsers.optional_integer(-5, 5, default=1), validators=(not_negative,),
                          complete=lambda state, index: ["1", "2"] if index == 0 else []),
        cardshell.Command("fail", "always rejected", fail, game="counter"),
        cardshell.Command("crash", "raises a plugin bug", crash, game="counter"),
    ]
