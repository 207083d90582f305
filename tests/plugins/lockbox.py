"""Hostile plugin: a contract-1 game whose state holds a lock, so the host
cannot deep-copy it (contract 1 needs it to)."""

import threading

import cardshell
from cardshell import Command, Game

CARDSHELL_CONTRACT = 1


class Box:
    def __init__(self):
        self.lock = threading.Lock()
        self.count = 0


def bump(ctx, args):
    ctx.state.count += 1


@cardshell.hookimpl
def cardshell_games():
    return [Game(id="lockbox", title="Lockbox", summary="a state that cannot be copied",
                 new=lambda seed, options: Box(), render=lambda s: f"count {s.count}", immutable=False)]


@cardshell.hookimpl
def cardshell_commands():
    return [Command("bump", "count one more", bump, game="lockbox")]
