"""A plugin whose cardshell_games raises; its other hooks must never run."""

import cardshell

EVENTS: list[str] = []


@cardshell.hookimpl
def cardshell_games():
    raise RuntimeError("the deck is missing")


@cardshell.hookimpl
def cardshell_commands():
    return [cardshell.Command("shuffle", "shuffle", lambda ctx, args: None, game="broken-registration")]


@cardshell.hookimpl
def cardshell_game_started(session):
    EVENTS.append(session.id)
