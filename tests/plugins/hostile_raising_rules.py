"""Hostile plugin: Pairs whose ``legal_moves`` raises for every row that
holds a 3.  Self-contained (no sibling imports), so a Dask worker can load
it from its file alone."""

import cardshell
from cardshell import CommandError, Game, Move, Outcome, parsers

CARDSHELL_CONTRACT = 2


def new(seed, options):
    return (1, 1, 3, 3) if seed % 2 else (1, 1, 2, 2)


def check(state, i):
    if not 1 <= i < len(state) or state[i - 1] != state[i]:
        raise CommandError(f"no pair at {i}")


def take(state, i):
    return state[:i - 1] + state[i + 1:]


def legal(state):
    if 3 in state:
        raise ValueError("a row with a 3 in it")  # RAISES
    return [f"take {i}" for i in range(1, len(state)) if state[i - 1] == state[i]]


def outcome(state):
    return Outcome("won", 0.0) if not state else None


@cardshell.hookimpl
def cardshell_games():
    return [Game(id="raising-rules", title="Raising Rules", summary="Pairs whose legal_moves raises",
                 new=new, render=lambda s: " ".join(map(str, s)) or "(empty)", outcome=outcome,
                 immutable=True, legal_moves=legal,
                 moves=(Move("take", "remove the pair at i, i+1", apply=take, check=check, usage="take i",
                             parse=parsers.integers(1, 1, 99)),))]
