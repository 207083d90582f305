"""A plugin that exits the program: in a command handler (bail) and in a hook."""

import sys

import cardshell


def bail(ctx, args):
    ctx.state.count = 42
    sys.exit(7)


@cardshell.hookimpl
def cardshell_commands():
    return [cardshell.Command("bail", "leave in a hurry", bail, game="counter")]


@cardshell.hookimpl
def cardshell_game_started(session):
    sys.exit()
