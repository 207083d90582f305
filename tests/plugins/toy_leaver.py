"""Adds ``stop`` to the toy counter: a command that asks the host to leave the game."""

import cardshell


def stop(ctx, args):
    ctx.state.count = 99
    ctx.leave()


@cardshell.hookimpl
def cardshell_commands():
    return [cardshell.Command("stop", "leave the game", stop, game="counter")]
