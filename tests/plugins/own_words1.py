"""A contract-1 game whose own commands use host words: ``hint``, ``show``, ``moves``.

"Stones": a pile of stones; ``take N`` removes 1 to 3 of them and the game is
won when the pile is empty.  Its state is mutable (contract 1), and it
registers its own ``hint``, ``show`` and ``moves``, as a plugin written before
the host had those commands would (issue 26: a host word added later must
never remove such a game).  Inside it the game's words win; the host's are
``%hint``, ``%show``, ``%moves``.
"""

from __future__ import annotations

from dataclasses import dataclass

import cardshell
from cardshell import parsers

CARDSHELL_CONTRACT = 1


@dataclass
class Pile:
    stones: int


def new(seed, options):
    return Pile(10 + seed % 7)


def take(ctx, n):
    if n > ctx.state.stones:
        raise cardshell.CommandError(f"only {ctx.state.stones} stones are left")
    ctx.state.stones -= n


def own_hint(ctx, args):
    ctx.echo(f"Stones says: take {min(3, ctx.state.stones)}")


def own_show(ctx, args):
    ctx.echo(f"Stones left: {ctx.state.stones} ({'o' * ctx.state.stones})")


def own_moves(ctx, args):
    ctx.echo("You may take: " + ", ".join(str(n) for n in range(1, min(3, ctx.state.stones) + 1)))


@cardshell.hookimpl
def cardshell_games():
    return [cardshell.Game(
        id="stones1", title="Stones", summary="empty the pile, 1 to 3 stones at a time (contract 1)",
        new=new, render=lambda s: f"pile: {s.stones}",
        outcome=lambda s: cardshell.Outcome("won", 0.0) if s.stones == 0 else None,
    )]


@cardshell.hookimpl
def cardshell_commands():
    return [
        cardshell.Command("take", "take 1 to 3 stones", take, game="stones1", usage="take N",
                          parse=lambda text: parsers.integers(1, 1, 3)(text)[0]),
        cardshell.Command("hint", "the game's own advice", own_hint, game="stones1", changes_state=False,
                          show_state=False),
        cardshell.Command("show", "the pile, drawn", own_show, game="stones1", changes_state=False,
                          show_state=False),
        cardshell.Command("moves", "how many stones you may take", own_moves, game="stones1",
                          changes_state=False, show_state=False),
    ]
