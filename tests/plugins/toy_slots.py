"""A tiny contract-2 game for the completion tests: "Slots", whose moves
have no command word and no completer of their own.

Three rows ``a``..``c`` of three slots; a move ``a2`` (row then column, the
pattern ``[a-c][1-3]``) fills a slot, and ``2 a`` (column, then row, two
words: the pattern ``[1-3] [a-c]``) does the same; a slot fills once.  The
game lists its legal moves in both grammars, so the host can complete them
(issue 27 item 4).  Won when every slot is full.
"""

from __future__ import annotations

import cardshell
from cardshell import CommandError, Game, Move, Outcome

CARDSHELL_CONTRACT = 2

ROWS, COLUMNS = "abc", "123"


def new(seed, options):
    return frozenset()


def legal(state):
    free = [(row, column) for row in ROWS for column in COLUMNS if row + column not in state]
    return [row + column for row, column in free] + [f"{column} {row}" for row, column in free]


def _slot(text):
    text = text.strip().lower()
    if " " in text:
        column, row = text.split()
        return row + column
    return text


def check(state, slot):
    if slot in state:
        raise CommandError(f"{slot} is full")


def fill(state, slot):
    return state | {slot}


@cardshell.hookimpl
def cardshell_games():
    return [Game(
        id="slots", title="Slots", summary="fill every slot",
        new=new, render=lambda s: " ".join(sorted(s)) or "(empty)",
        outcome=lambda s: Outcome("won", 0.0) if len(s) == 9 else None,
        immutable=True, legal_moves=legal,
        moves=(
            Move("slot", "fill a slot: a2", apply=fill, check=check, usage="a2", parse=_slot, pattern="[a-c][1-3]"),
            Move("column", "fill a slot: 2 a", apply=fill, check=check, usage="2 a", parse=_slot,
                 pattern="[1-3] [a-c]"),
        ),
    )]
