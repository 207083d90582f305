"""A hostile plugin for the host's transaction tests: its hooks and its one
command do whatever the test sets in ``BEHAVIOUR`` (raise, be interrupted,
reach through to other games)."""

from __future__ import annotations

import cardshell

#: hook name or "meddle" -> what to do: "raise", "interrupt", or a callable.
BEHAVIOUR: dict[str, object] = {}


def _act(name, **kwargs):
    action = BEHAVIOUR.get(name)
    if action == "raise":
        raise RuntimeError(f"{name} broke")
    if action == "interrupt":
        raise KeyboardInterrupt
    if callable(action):
        action(**kwargs)


@cardshell.hookimpl
def cardshell_game_started(session):
    _act("cardshell_game_started", session=session)


@cardshell.hookimpl
def cardshell_command_applied(session, line):
    _act("cardshell_command_applied", session=session, line=line)


@cardshell.hookimpl
def cardshell_render(game, state):
    _act("cardshell_render", game=game, state=state)
    return None


def meddle(ctx, args):
    _act("meddle", ctx=ctx)
    ctx.echo("meddled")


@cardshell.hookimpl
def cardshell_commands():
    return [cardshell.Command("meddle", "reach into other games", meddle, changes_state=False)]
