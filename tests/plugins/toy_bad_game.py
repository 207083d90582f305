"""Games whose own functions raise: a deal that divides by zero, a prompt
that raises, an outcome that raises once the count reaches 1, and a deal
that raises once a test sets BREAK_DEAL (to fail the replay of a save)."""

import cardshell

BREAK_DEAL = False


def new_bad(seed, options):
    return seed / 0


def prompt(state):
    raise AttributeError("no question")


def outcome(state):
    if state["count"] >= 1:
        raise TypeError("cannot tell")


def new_flaky(seed, options):
    if BREAK_DEAL:
        raise RuntimeError("the deal broke")
    return {"count": 0}


def bump(ctx, args):
    ctx.state["count"] += 1


@cardshell.hookimpl
def cardshell_games():
    return [
        cardshell.Game("bad-new", "Bad deal", "its deal divides by zero", new=new_bad, render=str),
        cardshell.Game("bad-prompt", "Bad prompt", "its prompt raises", new=lambda seed, options: {"count": 0},
                       render=lambda state: f"<{state['count']}>", prompt=prompt, outcome=outcome),
        cardshell.Game("flaky", "Flaky", "its deal breaks on demand", new=new_flaky,
                       render=lambda state: f"<{state['count']}>"),
    ]


@cardshell.hookimpl
def cardshell_commands():
    return [cardshell.Command("bump", "add one", bump, game="bad-prompt"),
            cardshell.Command("bump", "add one", bump, game="flaky")]
