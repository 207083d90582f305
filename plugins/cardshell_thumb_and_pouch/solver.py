"""Thumb and Pouch's search key and successors for the host's ``solve`` (:class:`cardshell.Search`).

A won deal can hide behind millions of lost positions that differ only in where
runs were shifted, so a search from a state of the game itself runs in passes
entered by an empty move ``()``: without shifts, then with only usable shifts
(each at most :data:`PASSES` expansions), then every move of
:func:`.search_moves.moves`, which alone is complete, so the first two never
turn a win into "no win".  A state made here carries its pass in ``_pass``;
started from one, a search stays in that pass.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator

from .rules import ThumbAndPouchState, make_state
from .search_moves import SHIFTS_ALL, SHIFTS_NONE, SHIFTS_USEFUL, Move, codes_of, moves

#: Expansions allowed to pass 1 (no shifts) and pass 2 (usable shifts only): the bound on what
#: they add to the exhaustive pass (plus one visit of each child listed when a count runs out).
PASSES: tuple[int, int] = (20_000, 20_000)

_FULL = (0, SHIFTS_ALL, None)


def search_key(state: ThumbAndPouchState) -> Hashable:
    """The transposition table's key of a state reached from one deal: equal for states that play out alike.

    Its pass, the stock's length (the stock only shrinks from its top), the waste and the sorted tableau piles.
    """
    piles, waste, _ = codes_of(state)
    tag = state.__dict__.get("_pass", _FULL)
    return tag[0], len(state.stock), waste, tuple(sorted(piles))


def _tagged(state: ThumbAndPouchState, tag: tuple) -> ThumbAndPouchState:
    copy = make_state(state.foundations, state.tableau, state.stock, state.waste)
    object.__setattr__(copy, "_codes", codes_of(state))
    object.__setattr__(copy, "_pass", tag)
    return copy


def successors(state: ThumbAndPouchState) -> Iterator[Move]:
    """``Search.successors``: (move, state after it), best first.

    A move is a line as typed, a tuple of lines played in order, or ``()`` to enter a pass.
    """
    tag = state.__dict__.get("_pass")
    if tag is None:  # the start of a search
        for index, (shifts, budget) in enumerate(zip((SHIFTS_NONE, SHIFTS_USEFUL), PASSES), 1):
            if budget > 0:
                yield (), _tagged(state, (index, shifts, [budget]))
        tag = _FULL
    elif tag[2] is not None:
        tag[2][0] -= 1
        if tag[2][0] < 0:
            return
    for move, child in moves(state, tag[1]):
        object.__setattr__(child, "_pass", tag)
        yield move, child
