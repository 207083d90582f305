"""Games with a tall display and a compact one, and a theme that reads the terminal's size."""

import cardshell

#: The ``size`` each call of :func:`cardshell_render` was given.
SIZES = []


def tall(state):
    """Ten lines, the count on the first, the others 30 characters wide."""
    return "\n".join([f"n={state['count']}", *(f"row {i}".ljust(30, ".") for i in range(1, 10))])


def compact(state):
    return f"n={state['count']} (compact)"


def broken_compact(state):
    raise ValueError("no compact drawing")


def bump(ctx, args):
    ctx.state["count"] += 1


def _new(seed, options):
    return {"count": 0}


@cardshell.hookimpl
def cardshell_games():
    return [cardshell.Game("tall", "Tall", "ten lines, or one", new=_new, render=tall, compact=compact),
            cardshell.Game("tall-broken", "Tall broken", "its compact form raises", new=_new, render=tall,
                           compact=broken_compact),
            cardshell.Game("tall-only", "Tall only", "no compact form", new=_new, render=tall)]


@cardshell.hookimpl
def cardshell_commands():
    return [cardshell.Command("bump", "add one", bump, game=game) for game in ("tall", "tall-broken", "tall-only")]


@cardshell.hookimpl
def cardshell_render(game, state, size):
    SIZES.append(size)
