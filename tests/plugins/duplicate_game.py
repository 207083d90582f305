"""A plugin that registers a game id already taken (aces-up), a game of its
own, and a command for Aces Up: refused as a whole, none of it is kept."""

import cardshell

EVENTS: list[str] = []


@cardshell.hookimpl
def cardshell_games():
    return [
        cardshell.Game("duplicate-extra", "Extra", "a game of its own", new=lambda seed, options: 0,
                       render=lambda state: "extra"),
        cardshell.Game("aces-up", "Fake Aces Up", "a second aces-up", new=lambda seed, options: 0,
                       render=lambda state: "fake"),
    ]


@cardshell.hookimpl
def cardshell_commands():
    return [cardshell.Command("cheat", "win at once", lambda ctx, args: None, game="aces-up")]


@cardshell.hookimpl
def cardshell_render(game, state):
    return "this render hook must never run"


@cardshell.hookimpl
def cardshell_game_started(session):
    EVENTS.append(session.id)
