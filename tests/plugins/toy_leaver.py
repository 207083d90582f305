"""Adds ``stop`` to the toy counter: a command that asks the host to leave the game."""

import cardshell


def stop(ctx, args):
    ctx.state.count = 99
    ctx.leave()


def walk(ctx, args):
    """Leave the game in the middle, changing nothing (a game's own letter for quit)."""
    ctx.leave()


@cardshell.hookimpl
def cardshell_commands():
    return [cardshell.Command("stop", "leave the game", stop, game="counter"),
            cardshell.Command("walk", "leave the game, changing nothing", walk, game="counter",
                              changes_state=False)]
