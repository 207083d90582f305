"""A contract-2 game for the hint's counts: "Doors", with fixed hidden deals.

The hidden deal is one of ten (0..9); the player picks a door (``pick a``,
``pick b``, ``pick c``) and wins when the door is open in that deal
(:data:`OPEN`), else loses.  ``determinize`` draws a deal at random, so the
number of re-drawn deals each door wins is known from the draws alone.
"""

from __future__ import annotations

import cardshell
from cardshell import CommandError, Game, Move, Outcome, parsers

CARDSHELL_CONTRACT = 2

#: The deals in which each door wins.
OPEN = {"a": frozenset(range(0, 4)), "b": frozenset(range(2, 9)), "c": frozenset({0, 9})}


def check(state, door):
    if state[1] or door not in OPEN:
        raise CommandError("no such door")


def outcome(state):
    deal, picked = state
    if not picked:
        return None
    return Outcome("won" if deal in OPEN[picked] else "lost", 0.0)


@cardshell.hookimpl
def cardshell_games():
    return [Game(
        id="doors", title="Doors", summary="pick the open door of a hidden deal",
        new=lambda seed, options: (seed % 10, ""), render=lambda s: s[1] or "pick a door", outcome=outcome,
        immutable=True, legal_moves=lambda s: [] if s[1] else ["pick a", "pick b", "pick c"],
        determinize=lambda s, rng: (rng.randrange(10), s[1]),
        moves=(Move("pick", "pick a door", apply=lambda s, door: (s[0], door), check=check, usage="pick a|b|c",
                    parse=parsers.choice("a", "b", "c")),),
    )]
