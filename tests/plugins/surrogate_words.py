"""A global command whose output holds a lone surrogate and terminal escapes, as
plugin code can build them (a file name decoded with ``surrogateescape``)."""

import cardshell


def mumble(ctx, args):
    ctx.echo("half a character \udcff, a title\x1b]0;pwned\x07, a bell\x07")


@cardshell.hookimpl
def cardshell_commands():
    return [cardshell.Command("mumble", "say something no terminal should receive raw", mumble)]
