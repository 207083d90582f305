"""A tiny contract-2 game for the host's search tests: "Pairs".

A row of numbers; a move ``take i`` removes the two neighbouring numbers at
positions i and i+1 (1-based) when they are equal.  The game is won when the
row is empty and lost when numbers are left but no pair is.  Its states are
tuples (immutable), its legal moves are listed, and it hides nothing, so the
host's ``solve`` and ``hint`` work on it; a deal is fixed by the seed with
``--row`` giving the numbers directly for hand-made positions.
"""

from __future__ import annotations

import random

import cardshell
from cardshell import CommandError, Game, Move, Option, Outcome, parsers

CARDSHELL_CONTRACT = 2


def new(seed, options):
    if options.get("row"):
        return tuple(int(word) for word in options["row"].split(","))
    rng = random.Random(seed)
    row = [rng.randint(1, 3) for _ in range(4)] * 2
    rng.shuffle(row)
    return tuple(row)


def check(state, i):
    if not 1 <= i < len(state) or state[i - 1] != state[i]:
        raise CommandError(f"no pair at {i}")


def take(state, i):
    return state[:i - 1] + state[i + 1:]


def legal(state):
    return [f"take {i}" for i in range(1, len(state)) if state[i - 1] == state[i]]


def outcome(state):
    if not state:
        return Outcome("won", 0.0)
    if not legal(state):
        return Outcome("lost", float(len(state)))
    return None


@cardshell.hookimpl
def cardshell_games():
    return [Game(
        id="pairs", title="Pairs", summary="remove equal neighbours until the row is empty",
        new=new, render=lambda s: " ".join(map(str, s)) or "(empty)", outcome=outcome,
        options=(Option("row", "the numbers, comma-separated", str, ""),),
        immutable=True, legal_moves=legal,
        moves=(Move("take", "remove the pair at positions i, i+1", apply=take, check=check, usage="take i",
                    parse=parsers.integers(1, 1, 99)),),
        search=cardshell.Search(heuristic=lambda s: -len(s)),
    )]
