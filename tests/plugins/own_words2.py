"""A contract-2 game whose own commands use host words: ``hint``, ``show``, ``moves``.

"Stones 2": the pile of :mod:`own_words1` as an immutable state (an int) with
its legal moves listed, so the host's own ``hint``, ``moves`` and ``solve``
work on it too; they are reached as ``%hint``, ``%moves`` and ``%show``
inside the game, whose own ``hint``, ``show`` and ``moves`` win there.
"""

from __future__ import annotations

import cardshell
from cardshell import parsers

CARDSHELL_CONTRACT = 2


def legal(stones):
    return [f"take {n}" for n in range(1, min(3, stones) + 1)]


def check(stones, n):
    if n > stones:
        raise cardshell.CommandError(f"only {stones} stones are left")


def own_hint(ctx, args):
    ctx.echo(f"Stones 2 says: take {min(3, ctx.state)}")


def own_show(ctx, args):
    ctx.echo(f"Stones left: {ctx.state} ({'o' * ctx.state})")


def own_moves(ctx, args):
    ctx.echo("You may type: " + " | ".join(legal(ctx.state)))


@cardshell.hookimpl
def cardshell_games():
    return [cardshell.Game(
        id="stones2", title="Stones 2", summary="empty the pile, 1 to 3 stones at a time (contract 2)",
        new=lambda seed, options: 10 + seed % 7, render=lambda s: f"pile: {s}",
        outcome=lambda s: cardshell.Outcome("won", 0.0) if s == 0 else None,
        immutable=True, legal_moves=legal, search=cardshell.Search(heuristic=lambda s: -s),
        moves=(cardshell.Move("take", "take 1 to 3 stones", apply=lambda s, n: s - n, check=check,
                              usage="take N", parse=parsers.integers(1, 1, 3)),),
    )]


@cardshell.hookimpl
def cardshell_commands():
    return [
        cardshell.Command("hint", "the game's own advice", own_hint, game="stones2", changes_state=False,
                          show_state=False),
        cardshell.Command("show", "the pile, drawn", own_show, game="stones2", changes_state=False,
                          show_state=False),
        cardshell.Command("moves", "the moves, the game's way", own_moves, game="stones2",
                          changes_state=False, show_state=False),
    ]
