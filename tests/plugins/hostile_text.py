"""A game whose every text carries terminal escape sequences: its title,
summary, prompt, board, a command's output, its invalid-input message and
its ending.  The board also holds SGR colours (``ESC [ 31 m``), the one
sequence a board may keep; everything else must reach the screen escaped
(cardshell/screen.py, ``printable``)."""

import cardshell

CARDSHELL_CONTRACT = 2

#: Clear the screen, home the cursor.
CLEAR = "\x1b[2J\x1b[H"
#: Set the terminal window's title (OSC 0), ended by BEL.
TITLE = "\x1b]0;pwned\x07"
#: A red word and back to normal: kept in a board.
RED = "\x1b[31mred\x1b[0m"


def render(state):
    return f"{RED} board {state}{CLEAR}"


def poke(ctx, args):
    ctx.echo(f"poked{TITLE}\r!")
    ctx.state = ctx.state + 1


@cardshell.hookimpl
def cardshell_games():
    return [cardshell.Game(
        id="hostile-text", title=f"Hostile{TITLE} Text", summary=f"escapes{CLEAR} everywhere",
        new=lambda seed, options: 0, render=render,
        prompt=lambda state: f"hostile{CLEAR}> ",
        outcome=lambda state: cardshell.Outcome("won", detail=f"won{CLEAR}") if state >= 2 else None,
        invalid_input=lambda line: f"bad line {line}{CLEAR}",
    )]


@cardshell.hookimpl
def cardshell_commands():
    return [cardshell.Command("poke", "add one", poke, game="hostile-text")]
