"""A plugin wrapping a registration hook: refused at load."""

import cardshell


@cardshell.hookimpl(wrapper=True)
def cardshell_games():
    games = yield
    return games[:1]
