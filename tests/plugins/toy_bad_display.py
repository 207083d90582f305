"""A game whose display breaks once its count reaches 2 (a plugin bug)."""

import cardshell


def render(state):
    if state["count"] >= 2:
        raise ValueError("cannot draw this")
    return f"<{state['count']}>"


def bump(ctx, args):
    ctx.state["count"] += 1


@cardshell.hookimpl
def cardshell_games():
    return [cardshell.Game("fragile", "Fragile", "breaks its display at 2",
                           new=lambda seed, options: {"count": 0}, render=render)]


@cardshell.hookimpl
def cardshell_commands():
    return [cardshell.Command("bump", "add one", bump, game="fragile")]


def _broken_message(line):
    raise RuntimeError("no message")


FRAGILE_TOO = cardshell.Game("fragile-input", "Fragile input", "its invalid-input message raises",
                             new=lambda seed, options: {"count": 0}, render=lambda s: "ok",
                             invalid_input=_broken_message)


@cardshell.hookimpl(specname="cardshell_games")
def more_games():
    return [FRAGILE_TOO]
