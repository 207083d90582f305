"""Games whose own functions raise: a deal that divides by zero, a prompt
that raises, and an outcome that raises once the count reaches 1."""

import cardshell


def new_bad(seed, options):
    return seed / 0


def prompt(state):
    raise AttributeError("no question")


def outcome(state):
    if state["count"] >= 1:
        raise TypeError("cannot tell")


def bump(ctx, args):
    ctx.state["count"] += 1


@cardshell.hookimpl
def cardshell_games():
    return [
        cardshell.Game("bad-new", "Bad deal", "its deal divides by zero", new=new_bad, render=str),
        cardshell.Game("bad-prompt", "Bad prompt", "its prompt raises", new=lambda seed, options: {"count": 0},
                       render=lambda state: f"<{state['count']}>", prompt=prompt, outcome=outcome),
    ]


@cardshell.hookimpl
def cardshell_commands():
    return [cardshell.Command("bump", "add one", bump, game="bad-prompt")]
