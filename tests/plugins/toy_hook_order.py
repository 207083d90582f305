"""Lifecycle and display hooks with every pluggy calling option: a new-style
wrapper, an old-style hookwrapper, tryfirst, trylast and a plain
implementation of cardshell_game_started, and a wrapper around the
firstresult cardshell_render.  EVENTS records the order they ran in."""

import cardshell

EVENTS: list[str] = []


@cardshell.hookimpl(wrapper=True, specname="cardshell_game_started")
def around_new_style(session):
    EVENTS.append("wrapper before")
    result = yield
    EVENTS.append("wrapper after")
    return result


@cardshell.hookimpl(hookwrapper=True, specname="cardshell_game_started")
def around_old_style(session):
    EVENTS.append("hookwrapper before")
    yield
    EVENTS.append("hookwrapper after")


@cardshell.hookimpl(tryfirst=True, specname="cardshell_game_started")
def first(session):
    EVENTS.append("tryfirst")


@cardshell.hookimpl(trylast=True, specname="cardshell_game_started")
def last(session):
    EVENTS.append("trylast")


@cardshell.hookimpl
def cardshell_game_started(session):
    EVENTS.append("plain")


@cardshell.hookimpl(specname="cardshell_render")
def plain_render(game, state):
    return f"counter at {state.count}" if game.id == "counter" else None


@cardshell.hookimpl(wrapper=True, specname="cardshell_render")
def framed_render(game, state):
    text = yield
    return None if text is None else f"[{text}]"
