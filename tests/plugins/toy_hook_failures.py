"""Hooks that raise: one on every move (reported once), one when a game
starts, a display hook, and wrappers breaking pluggy's protocol.  EVENTS
records what ran, to show that the others still run."""

import cardshell

EVENTS: list[str] = []


@cardshell.hookimpl
def cardshell_game_started(session):
    raise RuntimeError("no welcome today")


@cardshell.hookimpl
def cardshell_command_applied(session, line):
    EVENTS.append(f"applied {line}")
    raise KeyError(line)


@cardshell.hookimpl
def cardshell_render(game, state):
    raise ValueError("no theme")


@cardshell.hookimpl(wrapper=True, specname="cardshell_game_started")
def broken_before_yield(session):
    raise LookupError("before the yield")
    yield  # pragma: no cover - never reached


@cardshell.hookimpl(wrapper=True, specname="cardshell_command_applied")
def broken_after_yield(session):
    EVENTS.append("wrapper before")
    yield
    raise ArithmeticError("after the yield")


@cardshell.hookimpl(hookwrapper=True, specname="cardshell_game_over")
def yields_twice(session):
    yield
    yield
