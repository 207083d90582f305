"""A game that builds its words with the host's ``cardshell.messages.say``.

"Echo": its board, its command's output and its rejection are all made with
``say`` (a plugin reusing the host's catalog, or one trying to speak as the
host).  Whatever their Python type, they are the game's words: the host
never reports them as its own lines with a host id.
"""

from __future__ import annotations

import cardshell
from cardshell import parsers
from cardshell.messages import say
from cardshell.render import add_note

CARDSHELL_CONTRACT = 1


def new(seed, options):
    return {"said": 0}


def speak(ctx, args):
    ctx.state["said"] += 1
    ctx.echo(say("command.interrupted"))


def stop(ctx, args):
    """Stopped by Ctrl-C, noting what was kept (as the host's ``winnability`` does)."""
    stopped = KeyboardInterrupt()
    add_note(stopped, say("winnability.interrupted", kept="12 deals", remain="3 deals",
                          table="/home/player/.local/share/cardshell/winnability.sqlite3"))
    raise stopped


def refuse(ctx, args):
    raise cardshell.CommandError(say("game.none-in-progress"))


@cardshell.hookimpl
def cardshell_games():
    return [cardshell.Game(id="echo", title="Echo", summary="says the host's words as its own", new=new,
                           render=lambda state: say("command.step", line=f"said {state['said']}"))]


@cardshell.hookimpl
def cardshell_commands():
    return [cardshell.Command("speak", "say a host's line", speak, game="echo", parse=parsers.no_args),
            cardshell.Command("refuse", "refuse with a host's line", refuse, game="echo", parse=parsers.no_args),
            cardshell.Command("stop", "stopped by Ctrl-C", stop, game="echo", parse=parsers.no_args)]
