"""Thumb and Pouch for search: the search key and the order of the search.

Wired into the game through :attr:`cardshell.Search.successors` and
:attr:`cardshell.Search.key`, for the host's depth-first search (``solve``).  The moves and their exact reductions
(interchangeable piles, draws played as macro moves, safe foundation moves)
are those of :mod:`.search_moves`, where each is proved.

**Passes (restarts).**  A depth-first search is at the mercy of its first
choices: a won deal can hide behind a lost subtree of millions of positions
that differ only in where runs were shifted.  So the search of a position
that does not come from this module (the start: a deal, or the state the
player is in) runs in passes, as the start's first successors, each reached
by an empty move ``()`` (no line to type):

1. the moves without shifts (run moves that leave a face-up card on top),
   for at most :data:`PASSES` [0] expansions;
2. the moves with only the shifts whose uncovered card is usable at once,
   for at most :data:`PASSES` [1] expansions;
3. every move of :func:`.search_moves.moves` (exhaustive: a start that
   yields no win here is proved lost).

Passes 1 and 2 only add positions to the search (each is tagged in the key,
so the last pass is not cut short by what they saw) and stop expanding once
their count is spent; they cannot turn a win into "no win", since pass 3
alone is a complete search.  The counters are shared by the positions of one
pass of one search (a list in the tag), so a pass costs a bounded number of
expansions whatever the deal; the result depends only on the start, never on
the clock.

A state made here carries its pass (the ``_pass`` attribute, beside the
cached ``_codes``); it is still an ordinary, equal-comparing game state, but a
search should start from a state of the game itself (a deal, or a state the
rules made), since a state of pass 1 or 2 given as the start would be
searched in that pass only.

Bound: passes 1 and 2 expand at most ``sum(PASSES)`` positions beyond those
of the exhaustive pass, plus one visit of each child they had already
listed when their count ran out.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator

from .rules import ThumbAndPouchState, make_state
from .search_moves import SHIFTS_ALL, SHIFTS_NONE, SHIFTS_USEFUL, Move, codes_of, moves

#: Expansions allowed to pass 1 (no shifts) and pass 2 (usable shifts only).
PASSES: tuple[int, int] = (20_000, 20_000)

_FULL = (0, SHIFTS_ALL, None)


def search_key(state: ThumbAndPouchState) -> Hashable:
    """The canonical key of a state for the transposition table: its pass,
    the stock's length (it only shrinks from its top within a deal), the
    waste, and the sorted tableau piles (the foundations hold the other
    cards; see :mod:`.search_moves`).

    Args:
        state (ThumbAndPouchState): a state reached from one deal.

    Returns:
        Hashable: equal for states that play out alike in the same pass.
    """
    piles, waste, _ = codes_of(state)
    tag = state.__dict__.get("_pass", _FULL)
    return tag[0], len(state.stock), waste, tuple(sorted(piles))


def _tagged(state: ThumbAndPouchState, tag: tuple) -> ThumbAndPouchState:
    """A copy of ``state`` in the pass ``tag``."""
    copy = make_state(state.foundations, state.tableau, state.stock, state.waste)
    object.__setattr__(copy, "_codes", codes_of(state))
    object.__setattr__(copy, "_pass", tag)
    return copy


def successors(state: ThumbAndPouchState) -> Iterator[Move]:
    """The moves search tries, with their states, best first (passes in the
    module docstring, moves in :func:`.search_moves.moves`).

    Args:
        state (ThumbAndPouchState): any state (not changed).

    Yields:
        (move, state): a line as typed, a tuple of lines played in order
        (draws then a waste play), or ``()`` to enter a pass; and the state
        after it.
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
