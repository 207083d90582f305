"""A second plugin that adds commands to games it did not define (Aces Up
and the toy counter), and records lifecycle events."""

from __future__ import annotations

import cardshell

EVENTS: list[tuple] = []


def peek(ctx, args):
    ctx.echo(f"{len(ctx.state.stock)} cards in the stock")


def double(ctx, args):
    ctx.state.count *= 2


@cardshell.hookimpl
def cardshell_commands():
    return [
        cardshell.Command("peek", "count the cards left in the stock", peek, game="aces-up",
                          show_state=False, changes_state=False),
        cardshell.Command("double", "double the count", double, game="counter"),
    ]


@cardshell.hookimpl
def cardshell_game_started(session):
    EVENTS.append(("started", session.id, session.seed))


@cardshell.hookimpl
def cardshell_command_applied(session, line):
    EVENTS.append(("applied", session.id, line))


@cardshell.hookimpl
def cardshell_game_over(session, outcome):
    EVENTS.append(("over", session.id, outcome.result))
