"""A plugin that adds a command to Aces Up under a word Aces Up already uses (D)."""

import cardshell


@cardshell.hookimpl
def cardshell_commands():
    return [
        cardshell.Command("peek2", "look at the stock", lambda ctx, args: ctx.echo("peek"), game="aces-up"),
        cardshell.Command("D", "deal differently", lambda ctx, args: None, game="aces-up"),
    ]
