"""Klondike (draw one, unlimited passes), a benchmark game written as a stranger's plugin.

Not a built-in game and never installed: ``benchmarks/bench_solve.py``
registers it for its own run (``--plugin benchmarks/klondike.py``), to
measure the host's search on a card game with face-down cards and a large
state.  It uses only the public plugin contract and :mod:`cardshell.cards`,
as an author from outside would: the state is a frozen dataclass of tuples
of :class:`~cardshell.cards.Card`, the moves are :class:`cardshell.Move`
records with their own parser, and the search part (``key`` and
``successors``) is in a :class:`cardshell.Search` record.  Its parser is
written here rather than taken from :mod:`cardshell.parsers`, so the same
file runs on any release that serves contract 2 (the benchmark compares
releases).

Rules (the usual Klondike, one card drawn at a time, no limit on passes):

* seven tableau piles of 1..7 cards, the top card of each face up; the 24
  other cards are the stock, face down;
* ``d`` turns the top card of the stock onto the waste; with the stock
  empty, it turns the waste over as the new stock;
* ``m SRC DST`` moves cards: SRC is ``w`` (the waste's top card), a tableau
  pile ``1``..``7`` or a foundation ``c d h s`` (its top card); DST is a
  pile ``1``..``7`` or ``f`` (the foundation of the card's suit).  On a
  pile, a card goes on one rank higher of the other colour, and only a King
  on an empty pile; from a pile, the face-up run from the card that fits
  moves; a face-down card left on top is turned face up.  A foundation
  takes its suit's Ace, then the next rank;
* the game is won when the four foundations hold their 13 cards.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import cardshell
from cardshell.cards import KING, SUITS, Card, shuffled_deck

CARDSHELL_CONTRACT = 2

GAME_ID = "klondike-bench"
PILES = 7
#: The foundation words, in the order of :data:`cardshell.cards.SUITS`.
SUIT_WORDS = ("c", "d", "h", "s")
_SUIT_OF_WORD = dict(zip(SUIT_WORDS, SUITS, strict=True))
_SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}
SOURCES = ("w", *(str(pile) for pile in range(1, PILES + 1)), *SUIT_WORDS)
TARGETS = (*(str(pile) for pile in range(1, PILES + 1)), "f")


@dataclass(frozen=True)
class KlondikeState:
    """One position: every tuple's top card last.

    Attributes:
        stock: face-down cards to draw.
        waste: drawn cards, face up.
        foundations: one pile per suit, in the order of ``SUITS``.
        tableau: seven piles, bottom card first.
        down: how many cards at the bottom of each tableau pile are face down.
    """

    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    foundations: tuple[tuple[Card, ...], ...]
    tableau: tuple[tuple[Card, ...], ...]
    down: tuple[int, ...]


def new(seed: int, options: Mapping[str, Any]) -> KlondikeState:
    """``Game.new``: a deal shuffled by ``random.Random(seed)``."""
    deck = shuffled_deck(random.Random(seed))
    piles = []
    for size in range(1, PILES + 1):
        piles.append(tuple(deck.pop() for _ in range(size)))
    return KlondikeState(stock=tuple(deck), waste=(), foundations=((),) * 4, tableau=tuple(piles),
                         down=tuple(range(PILES)))


def _fits_pile(card: Card, pile: tuple[Card, ...]) -> bool:
    if not pile:
        return card.rank == KING
    top = pile[-1]
    return top.rank == card.rank + 1 and top.is_red != card.is_red


def _fits_foundation(card: Card, foundations: tuple[tuple[Card, ...], ...]) -> bool:
    return len(foundations[_SUIT_INDEX[card.suit]]) == card.rank - 1


def _with(piles: tuple, index: int, pile: Any) -> tuple:
    return (*piles[:index], pile, *piles[index + 1:])


def _taken(state: KlondikeState, pile: int, count: int) -> tuple[tuple, tuple]:
    """The tableau and face-down counts after ``count`` cards leave ``pile`` (0-based)."""
    rest = state.tableau[pile][:-count]
    down = state.down[pile]
    if down and down >= len(rest):
        down = len(rest) - 1  # turn the new top card face up
    return _with(state.tableau, pile, rest), _with(state.down, pile, down)


def _to_foundation(foundations: tuple, card: Card) -> tuple:
    index = _SUIT_INDEX[card.suit]
    return _with(foundations, index, (*foundations[index], card))


def draw(state: KlondikeState) -> KlondikeState:
    """``d``: the stock's top card onto the waste, or the waste turned over as the stock."""
    if state.stock:
        return KlondikeState(state.stock[:-1], (*state.waste, state.stock[-1]), state.foundations, state.tableau,
                             state.down)
    if not state.waste:
        raise cardshell.CommandError("The stock and the waste are both empty.")
    return KlondikeState(state.waste[::-1], (), state.foundations, state.tableau, state.down)


def _run_start(state: KlondikeState, source: int, target: tuple[Card, ...]) -> int | None:
    """The index in pile ``source`` of the face-up card that fits ``target``, or None."""
    pile = state.tableau[source]
    for index in range(state.down[source], len(pile)):
        if _fits_pile(pile[index], target):
            return index
    return None


def move(state: KlondikeState, source: str, target: str) -> KlondikeState:
    """``m SRC DST`` (see the module's docstring).

    Raises:
        cardshell.CommandError: the move is not legal now.
    """
    if source == "w":
        if not state.waste:
            raise cardshell.CommandError("The waste is empty.")
        card = state.waste[-1]
        if target == "f":
            if not _fits_foundation(card, state.foundations):
                raise cardshell.CommandError(f"{card} does not go on its foundation.")
            return KlondikeState(state.stock, state.waste[:-1], _to_foundation(state.foundations, card),
                                 state.tableau, state.down)
        pile = int(target) - 1
        if not _fits_pile(card, state.tableau[pile]):
            raise cardshell.CommandError(f"{card} does not go on pile {target}.")
        return KlondikeState(state.stock, state.waste[:-1], state.foundations,
                             _with(state.tableau, pile, (*state.tableau[pile], card)), state.down)
    if source in _SUIT_OF_WORD:
        index = _SUIT_INDEX[_SUIT_OF_WORD[source]]
        if target == "f" or not state.foundations[index]:
            raise cardshell.CommandError(f"Nothing to move from foundation {source} to {target}.")
        card = state.foundations[index][-1]
        pile = int(target) - 1
        if not _fits_pile(card, state.tableau[pile]):
            raise cardshell.CommandError(f"{card} does not go on pile {target}.")
        return KlondikeState(state.stock, state.waste, _with(state.foundations, index, state.foundations[index][:-1]),
                             _with(state.tableau, pile, (*state.tableau[pile], card)), state.down)
    pile = int(source) - 1
    if not state.tableau[pile]:
        raise cardshell.CommandError(f"Pile {source} is empty.")
    if target == "f":
        card = state.tableau[pile][-1]
        if not _fits_foundation(card, state.foundations):
            raise cardshell.CommandError(f"{card} does not go on its foundation.")
        tableau, down = _taken(state, pile, 1)
        return KlondikeState(state.stock, state.waste, _to_foundation(state.foundations, card), tableau, down)
    goal = int(target) - 1
    start = None if goal == pile else _run_start(state, pile, state.tableau[goal])
    if start is None:
        raise cardshell.CommandError(f"No card of pile {source} goes on pile {target}.")
    run = state.tableau[pile][start:]
    tableau, down = _taken(state, pile, len(run))
    return KlondikeState(state.stock, state.waste, state.foundations, _with(tableau, goal, (*tableau[goal], *run)),
                         down)


def parse_move(text: str) -> tuple[str, str]:
    """Parser of ``m``: a source word and a target word, lower case.

    Raises:
        cardshell.UsageError: for anything else.
    """
    words = text.lower().split()
    if len(words) != 2 or words[0] not in SOURCES or words[1] not in TARGETS:
        raise cardshell.UsageError("m SRC DST: SRC is w, 1-7 or c d h s; DST is 1-7 or f")
    return words[0], words[1]


def _lines(state: KlondikeState) -> Iterator[str]:
    """Every legal line: to the foundations, then onto the piles, then ``d``."""
    tableau, foundations = state.tableau, state.foundations
    if state.waste and _fits_foundation(state.waste[-1], foundations):
        yield "m w f"
    for pile in range(PILES):
        if tableau[pile] and _fits_foundation(tableau[pile][-1], foundations):
            yield f"m {pile + 1} f"
    # What each pile takes: (rank, red) of the card that goes on it; a King on an empty pile, either colour.
    takes: dict[tuple[int, bool], list[int]] = {}
    for pile in range(PILES):
        if tableau[pile]:
            top = tableau[pile][-1]
            if top.rank > 1:
                takes.setdefault((top.rank - 1, not top.is_red), []).append(pile)
        else:
            takes.setdefault((KING, True), []).append(pile)
            takes.setdefault((KING, False), []).append(pile)
    if state.waste:
        card = state.waste[-1]
        for pile in takes.get((card.rank, card.is_red), ()):
            yield f"m w {pile + 1}"
    for source in range(PILES):
        cards = tableau[source]
        for index in range(state.down[source], len(cards)):
            card = cards[index]
            for pile in takes.get((card.rank, card.is_red), ()):
                if pile != source:
                    yield f"m {source + 1} {pile + 1}"
    for index, word in enumerate(SUIT_WORDS):
        if foundations[index]:
            card = foundations[index][-1]
            for pile in takes.get((card.rank, card.is_red), ()):
                yield f"m {word} {pile + 1}"
    if state.stock or state.waste:
        yield "d"


def legal_moves(state: KlondikeState) -> list[str]:
    """``Game.legal_moves``: every legal line."""
    return list(_lines(state))


def outcome(state: KlondikeState) -> cardshell.Outcome | None:
    """``Game.outcome``: won with 52 cards on the foundations (a position with no move is lost)."""
    home = sum(len(pile) for pile in state.foundations)
    if home == 52:
        return cardshell.Outcome("won", home, "all 52 cards home")
    if not state.stock and not state.waste and not legal_moves(state):
        return cardshell.Outcome("lost", home, f"{home} cards home")
    return None


def successors(state: KlondikeState) -> Iterator[tuple[str, KlondikeState]]:
    """``Search.successors``: an Ace or a Two going to its foundation alone (never
    worse than any other move), else every move, foundation moves first."""
    lines = list(_lines(state))
    for line in lines:
        source, _, target = line[2:].partition(" ")
        if target == "f":
            card = state.waste[-1] if source == "w" else state.tableau[int(source) - 1][-1]
            if card.rank <= 2:
                yield line, move(state, source, target)
                return
    for line in lines:
        yield line, draw(state) if line == "d" else move(state, *line[2:].split())


def key(state: KlondikeState) -> Hashable:
    """``Search.key``: the tableau piles are interchangeable for winning."""
    return state.stock, state.waste, state.foundations, frozenset(zip(state.down, state.tableau, strict=True))


def determinize(state: KlondikeState, rng: random.Random) -> KlondikeState:
    """``Game.determinize``: the stock and the face-down cards dealt again at random."""
    hidden = list(state.stock) + [card for pile, down in zip(state.tableau, state.down, strict=True)
                                  for card in pile[:down]]
    rng.shuffle(hidden)
    tableau = []
    for pile, down in zip(state.tableau, state.down, strict=True):
        tableau.append((*(hidden.pop() for _ in range(down)), *pile[down:]))
    return KlondikeState(tuple(hidden), state.waste, state.foundations, tuple(tableau), state.down)


def render(state: KlondikeState) -> str:
    """``Game.render``: the stock's size, the waste's top, the foundations, the piles (``XX`` face down)."""
    waste = state.waste[-1].text if state.waste else "--"
    home = " ".join(pile[-1].text if pile else "--" for pile in state.foundations)
    lines = [f"stock {len(state.stock):2}  waste {waste:3}  foundations {home}"]
    for number, (pile, down) in enumerate(zip(state.tableau, state.down, strict=True), 1):
        cards = " ".join("XX" if index < down else card.text for index, card in enumerate(pile))
        lines.append(f"{number}: {cards}")
    return "\n".join(lines)


GAME = cardshell.Game[KlondikeState](
    id=GAME_ID, title="Klondike (benchmark)", summary="Klondike, draw one: the search benchmark's game",
    new=new, render=render, outcome=outcome, immutable=True, legal_moves=legal_moves, determinize=determinize,
    moves=(cardshell.Move("d", "draw a card (or turn the waste over)", apply=draw),
           cardshell.Move("m", "move cards", apply=move, parse=parse_move, usage="m SRC DST")),
    search=cardshell.Search(key=key, successors=successors),
)


@cardshell.hookimpl
def cardshell_games() -> list[cardshell.Game[KlondikeState]]:
    return [GAME]


__all__ = ["GAME", "GAME_ID", "KlondikeState", "cardshell_games"]
