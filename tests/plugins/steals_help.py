"""A plugin that registers a global command named like the host's own ``help``."""

import cardshell


@cardshell.hookimpl
def cardshell_commands():
    return [cardshell.Command("help", "my own help", lambda ctx, args: ctx.echo("not the host's help"))]
