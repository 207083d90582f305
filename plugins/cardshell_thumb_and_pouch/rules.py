"""Thumb and Pouch's rules as pure functions over immutable states.

The rules: plugins/cardshell_thumb_and_pouch/NOTES.md, "Rules".  Every pile
ends with its top card (the first card dealt to a tableau pile is its top row
on screen); public functions number piles as the player types them (tableau
1-7, foundations 1-4); an illegal move raises
:class:`cardshell.errors.CommandError` saying what is wrong.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardshell.cards import ACE, KING, Card, Suit, shuffled_deck
from cardshell.errors import CommandError
from cardshell.rng import GameRandom

#: Number of tableau piles (hand-out, "Game Rules", Tableau).
TABLEAU_PILES = 7
#: Number of foundation piles (hand-out, "Game Rules", Foundation).
FOUNDATIONS = 4
#: Cards in a full foundation, Ace to King.
FULL_FOUNDATION = 13

# --- messages (one per kind of illegal move) -------------------------------

MSG_NO_TABLEAU = "Error, there is no tableau pile {pile}: tableau piles are numbered 1 to 7."
MSG_NO_FOUNDATION = "Error, there is no foundation {pile}: foundations are numbered 1 to 4."
MSG_TABLEAU_EMPTY = "Error, tableau pile {pile} is empty: there is no card to move."
MSG_TOP_FACE_DOWN = "Error, the top card of tableau pile {pile} is face down."
MSG_WASTE_EMPTY = "Error, the waste is empty: draw a card from the stock with sw."
MSG_WASTE_AND_STOCK_EMPTY = "Error, the waste is empty and so is the stock."
MSG_STOCK_EMPTY = "Error, the stock is empty: only one pass through the stock is allowed."
MSG_FOUNDATION_NEEDS_ACE = "Error, foundation {pile} is empty: only an ace can start it, not {card}."
MSG_FOUNDATION_COMPLETE = "Error, foundation {pile} is complete (up to {top}): no card can go on it."
MSG_FOUNDATION_SUIT = (
    "Error, cannot put {card} on {top} in foundation {pile}: wrong suit, "
    "a foundation is built up in one suit (the next card there is {needed})."
)
MSG_FOUNDATION_RANK = (
    "Error, cannot put {card} on {top} in foundation {pile}: wrong rank, "
    "a foundation is built up one rank at a time (the next card there is {needed})."
)
MSG_TABLEAU_ON_ACE = (
    "Error, cannot put {card} on {top} in tableau pile {pile}: wrong rank, no card goes on an ace in the tableau."
)
MSG_TABLEAU_RANK = (
    "Error, cannot put {card} on {top} in tableau pile {pile}: wrong rank, "
    "only {needed} of a suit other than {suit} goes on {top}."
)
MSG_TABLEAU_SUIT = (
    "Error, cannot put {card} on {top} in tableau pile {pile}: wrong suit, "
    "the card must be of a suit other than {suit}."
)
MSG_SAME_PILE = "Error, the source and the destination are the same tableau pile ({pile})."
MSG_COUNT_TOO_SMALL = "Error, the number of cards to move must be at least 1, not {count}."
MSG_PILE_TOO_SHORT = "Error, tableau pile {pile} has only {size} {cards}: cannot move {count}."
MSG_FACE_DOWN_IN_RUN = (
    "Error, cannot move {count} cards from tableau pile {pile}: only {up} {cards} face up, "
    "card {count} from the top is face down."
)
MSG_NOT_A_RUN = (
    "Error, cannot move {count} cards from tableau pile {pile}: they are not a run "
    "({lower} does not go on {upper})."
)
#: Echoed when the last card reaches a foundation.
MSG_WON = "You won! All four foundations are complete."


@dataclass(frozen=True)
class Placed:
    """A card lying on the tableau, face up (shown) or face down (``XX``)."""

    card: Card
    face_up: bool


def _tuple(items: Iterable) -> tuple:
    return items if type(items) is tuple else tuple(items)


def _piles(piles: Iterable[Iterable]) -> tuple[tuple, ...]:
    if type(piles) is tuple and all(type(pile) is tuple for pile in piles):
        return piles
    return tuple(_tuple(pile) for pile in piles)


@dataclass(frozen=True)
class ThumbAndPouchState:
    """The whole state of one game of Thumb and Pouch; lists given to the constructor are stored as tuples.

    Attributes:
        foundations: four piles, top card last.
        tableau: seven piles, top card last.
        stock: face-down cards still to draw, top last.
        waste: drawn cards, top (the playable one) last.
    """

    foundations: tuple[tuple[Card, ...], ...] = ((),) * FOUNDATIONS
    tableau: tuple[tuple[Placed, ...], ...] = ((),) * TABLEAU_PILES
    stock: tuple[Card, ...] = ()
    waste: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "foundations", _piles(self.foundations))
        object.__setattr__(self, "tableau", _piles(self.tableau))
        object.__setattr__(self, "stock", _tuple(self.stock))
        object.__setattr__(self, "waste", _tuple(self.waste))

    def cards(self) -> list[Card]:
        """Every card of the game: foundations, tableau, stock, waste."""
        return [
            *(card for pile in self.foundations for card in pile),
            *(placed.card for pile in self.tableau for placed in pile),
            *self.stock,
            *self.waste,
        ]

    def face_up_count(self, pile: int) -> int:
        """How many cards at the top of tableau ``pile`` (1-7) are face up in a row."""
        return _face_up(self.tableau[pile - 1])


def _face_up(cards: tuple[Placed, ...]) -> int:
    count = 0
    for placed in reversed(cards):
        if not placed.face_up:
            break
        count += 1
    return count


def make_state(foundations: tuple, tableau: tuple, stock: tuple, waste: tuple) -> ThumbAndPouchState:
    """A state from parts that are already tuples (of tuples, for the piles): the constructor without conversion."""
    state = object.__new__(ThumbAndPouchState)
    setter = object.__setattr__
    setter(state, "foundations", foundations)
    setter(state, "tableau", tableau)
    setter(state, "stock", stock)
    setter(state, "waste", waste)
    return state


def _replace(piles: tuple, index: int, pile: tuple) -> tuple:
    return (*piles[:index], pile, *piles[index + 1:])


# --- the deal ----------------------------------------------------------------


def deal(deck: list[Card]) -> ThumbAndPouchState:
    """Deal a game from ``deck`` (52 cards, top last) in the classic Klondike order (NOTES.md, "Rules")."""
    stock = list(deck)
    tableau: list[list[Placed]] = [[] for _ in range(TABLEAU_PILES)]
    for k in range(TABLEAU_PILES):
        tableau[k].append(Placed(stock.pop(), True))
        for later in range(k + 1, TABLEAU_PILES):
            tableau[later].append(Placed(stock.pop(), False))
    waste = [stock.pop()]
    return ThumbAndPouchState(tableau=tuple(map(tuple, tableau)), stock=tuple(stock), waste=tuple(waste))


def new_game(seed: int) -> ThumbAndPouchState:
    """Deal the game of ``seed`` (any int): a deck shuffled with ``GameRandom(seed)``."""
    return deal(shuffled_deck(GameRandom(seed)))


# --- checks ------------------------------------------------------------------


def _plural(count: int, word: str) -> str:
    return word if count == 1 else word + "s"


def _rank_text(rank: int) -> str:
    return Card(rank, Suit.SPADES).rank_text


def _a_rank(rank: int) -> str:
    text = _rank_text(rank)
    return ("an " if text in ("A", "8") else "a ") + text


def check_tableau_number(pile: int) -> None:
    """Raise CommandError unless ``pile`` is a tableau pile number (1-7)."""
    if not 1 <= pile <= TABLEAU_PILES:
        raise CommandError(MSG_NO_TABLEAU.format(pile=pile))


def check_foundation_number(pile: int) -> None:
    """Raise CommandError unless ``pile`` is a foundation number (1-4)."""
    if not 1 <= pile <= FOUNDATIONS:
        raise CommandError(MSG_NO_FOUNDATION.format(pile=pile))


def top_tableau_card(state: ThumbAndPouchState, pile: int) -> Card:
    """The face-up top card of tableau ``pile`` (1-7), the one ``tf`` moves.

    Raises:
        CommandError: no such pile, pile empty, or its top card face down.
    """
    check_tableau_number(pile)
    cards = state.tableau[pile - 1]
    if not cards:
        raise CommandError(MSG_TABLEAU_EMPTY.format(pile=pile))
    if not cards[-1].face_up:
        raise CommandError(MSG_TOP_FACE_DOWN.format(pile=pile))
    return cards[-1].card


def top_waste_card(state: ThumbAndPouchState) -> Card:
    """The top card of the waste, the only one that plays.

    Raises:
        CommandError: the waste is empty.
    """
    if not state.waste:
        raise CommandError(MSG_WASTE_AND_STOCK_EMPTY if not state.stock else MSG_WASTE_EMPTY)
    return state.waste[-1]


def check_foundation_move(state: ThumbAndPouchState, card: Card, pile: int) -> None:
    """Check that ``card`` may go on foundation ``pile`` (1-4): NOTES.md, "Rules", Foundation.

    Raises:
        CommandError: naming what is wrong.
    """
    check_foundation_number(pile)
    cards = state.foundations[pile - 1]
    if not cards:
        if card.rank != ACE:
            raise CommandError(MSG_FOUNDATION_NEEDS_ACE.format(pile=pile, card=card))
        return
    top = cards[-1]
    if top.rank == KING:
        raise CommandError(MSG_FOUNDATION_COMPLETE.format(pile=pile, top=top))
    needed = Card(top.rank + 1, top.suit)
    if card.suit != top.suit:
        raise CommandError(MSG_FOUNDATION_SUIT.format(card=card, top=top, pile=pile, needed=needed))
    if card.rank != needed.rank:
        raise CommandError(MSG_FOUNDATION_RANK.format(card=card, top=top, pile=pile, needed=needed))


def check_tableau_move(state: ThumbAndPouchState, card: Card, pile: int) -> None:
    """Check that ``card`` may go on tableau ``pile`` (1-7): NOTES.md, "Rules", Tableau (any different suit).

    Raises:
        CommandError: naming what is wrong, the rank before the suit.
    """
    check_tableau_number(pile)
    cards = state.tableau[pile - 1]
    if not cards:
        return
    if not cards[-1].face_up:
        raise CommandError(MSG_TOP_FACE_DOWN.format(pile=pile))
    top = cards[-1].card
    if top.rank == ACE:
        raise CommandError(MSG_TABLEAU_ON_ACE.format(card=card, top=top, pile=pile))
    if card.rank != top.rank - 1:
        raise CommandError(
            MSG_TABLEAU_RANK.format(card=card, top=top, pile=pile, needed=_a_rank(top.rank - 1), suit=top.suit.symbol)
        )
    if card.suit == top.suit:
        raise CommandError(MSG_TABLEAU_SUIT.format(card=card, top=top, pile=pile, suit=top.suit.symbol))


def is_run(cards: Sequence[Card]) -> bool:
    """Whether ``cards`` (upper first) may move as a group: NOTES.md, "Rules", Tableau."""
    return all(lower.rank == upper.rank - 1 and lower.suit != upper.suit for upper, lower in zip(cards, cards[1:]))


def moving_run(state: ThumbAndPouchState, source: int, count: int) -> tuple[Card, ...]:
    """The ``count`` top cards of tableau pile ``source`` that ``tt`` would move, upper first.

    Raises:
        CommandError: no such pile, count below 1, pile empty, fewer than
            ``count`` cards, a face-down card among them, or not a run.
    """
    check_tableau_number(source)
    if count < 1:
        raise CommandError(MSG_COUNT_TOO_SMALL.format(count=count))
    cards = state.tableau[source - 1]
    if not cards:
        raise CommandError(MSG_TABLEAU_EMPTY.format(pile=source))
    if count > len(cards):
        raise CommandError(
            MSG_PILE_TOO_SHORT.format(pile=source, size=len(cards), cards=_plural(len(cards), "card"), count=count)
        )
    up = state.face_up_count(source)
    if count > up:
        raise CommandError(
            MSG_FACE_DOWN_IN_RUN.format(
                count=count, pile=source, up=up, cards="card is" if up == 1 else "cards are"
            )
        )
    run = tuple(placed.card for placed in cards[-count:])
    for upper, lower in zip(run, run[1:]):
        if not is_run([upper, lower]):
            raise CommandError(MSG_NOT_A_RUN.format(count=count, pile=source, lower=lower, upper=upper))
    return run


# --- moves -------------------------------------------------------------------


def _turn_top(pile: tuple[Placed, ...]) -> tuple[Placed, ...]:
    if pile and not pile[-1].face_up:
        return (*pile[:-1], Placed(pile[-1].card, True))
    return pile


def check_tableau_to_foundation(state: ThumbAndPouchState, source: int, target: int) -> None:
    """Raise CommandError unless ``tf source target`` is legal (see :func:`tableau_to_foundation`)."""
    check_tableau_number(source)
    check_foundation_number(target)
    check_foundation_move(state, top_tableau_card(state, source), target)


def tableau_to_foundation(state: ThumbAndPouchState, source: int, target: int) -> ThumbAndPouchState:
    """``tf x y``: move the top card of tableau pile ``source`` (1-7) to foundation ``target`` (1-4).

    Raises:
        CommandError: see :func:`top_tableau_card` and :func:`check_foundation_move`.
    """
    check_tableau_to_foundation(state, source, target)
    pile = state.tableau[source - 1]
    foundations = _replace(state.foundations, target - 1, (*state.foundations[target - 1], pile[-1].card))
    tableau = _replace(state.tableau, source - 1, _turn_top(pile[:-1]))
    return make_state(foundations, tableau, state.stock, state.waste)


def check_tableau_to_tableau(state: ThumbAndPouchState, source: int, target: int, count: int) -> None:
    """Raise CommandError unless ``tt source target count`` is legal (see :func:`tableau_to_tableau`)."""
    check_tableau_number(source)
    check_tableau_number(target)
    if source == target:
        raise CommandError(MSG_SAME_PILE.format(pile=source))
    run = moving_run(state, source, count)
    check_tableau_move(state, run[0], target)


def tableau_to_tableau(state: ThumbAndPouchState, source: int, target: int, count: int) -> ThumbAndPouchState:
    """``tt x y n``: move the ``count`` (>= 1) top cards of tableau pile ``source`` onto pile ``target`` (1-7).

    Raises:
        CommandError: see :func:`moving_run` and :func:`check_tableau_move`; also for the same pile twice.
    """
    check_tableau_to_tableau(state, source, target, count)
    return _moved_run(state, source - 1, target - 1, count)


def _moved_run(state: ThumbAndPouchState, source: int, target: int, count: int) -> ThumbAndPouchState:
    pile = state.tableau[source]
    tableau = list(state.tableau)
    tableau[target] = tableau[target] + pile[-count:]
    tableau[source] = _turn_top(pile[:-count])
    return make_state(state.foundations, tuple(tableau), state.stock, state.waste)


def check_waste_to_foundation(state: ThumbAndPouchState, target: int) -> None:
    """Raise CommandError unless ``wf target`` is legal (see :func:`waste_to_foundation`)."""
    check_foundation_number(target)
    check_foundation_move(state, top_waste_card(state), target)


def waste_to_foundation(state: ThumbAndPouchState, target: int) -> ThumbAndPouchState:
    """``wf x``: move the top waste card to foundation ``target`` (1-4).

    Raises:
        CommandError: no such foundation, waste empty, or the card does not fit.
    """
    check_waste_to_foundation(state, target)
    foundations = _replace(state.foundations, target - 1, (*state.foundations[target - 1], state.waste[-1]))
    return make_state(foundations, state.tableau, state.stock, state.waste[:-1])


def check_waste_to_tableau(state: ThumbAndPouchState, target: int) -> None:
    """Raise CommandError unless ``wt target`` is legal (see :func:`waste_to_tableau`)."""
    check_tableau_number(target)
    check_tableau_move(state, top_waste_card(state), target)


def waste_to_tableau(state: ThumbAndPouchState, target: int) -> ThumbAndPouchState:
    """``wt x``: move the top waste card to tableau pile ``target`` (1-7).

    Raises:
        CommandError: no such pile, waste empty, or the card does not fit.
    """
    check_waste_to_tableau(state, target)
    tableau = _replace(state.tableau, target - 1, (*state.tableau[target - 1], Placed(state.waste[-1], True)))
    return make_state(state.foundations, tableau, state.stock, state.waste[:-1])


def check_stock_to_waste(state: ThumbAndPouchState) -> None:
    """Raise CommandError unless ``sw`` is legal: the stock is not empty."""
    if not state.stock:
        raise CommandError(MSG_STOCK_EMPTY)


def stock_to_waste(state: ThumbAndPouchState) -> ThumbAndPouchState:
    """``sw``: turn the top stock card onto the waste; one pass only, no redeal.

    Raises:
        CommandError: the stock is empty.
    """
    check_stock_to_waste(state)
    return make_state(state.foundations, state.tableau, state.stock[:-1], (*state.waste, state.stock[-1]))


# --- the end -----------------------------------------------------------------


def is_won(state: ThumbAndPouchState) -> bool:
    """Whether all four foundations hold 13 cards."""
    return all(len(pile) == FULL_FOUNDATION for pile in state.foundations)


# --- contract 2: legal moves, search key, heuristic, determinization ----------


def _fits_tableau(card: Card, pile: tuple[Placed, ...]) -> bool:
    if not pile:
        return True
    top = pile[-1]
    return top.face_up and top.card.rank == card.rank + 1 and top.card.suit is not card.suit


def _fits_foundation(card: Card, pile: tuple[Card, ...]) -> bool:
    if not pile:
        return card.rank == ACE
    top = pile[-1]
    return top.suit is card.suit and top.rank + 1 == card.rank


def run_length(pile: tuple[Placed, ...]) -> int:
    """How many cards at the top of ``pile`` form a face-up run that ``tt`` may move together."""
    count = 0
    upper = None
    for placed in reversed(pile):
        if not placed.face_up:
            break
        card = placed.card
        if upper is not None and not (card.rank == upper.rank + 1 and card.suit is not upper.suit):
            break
        count += 1
        upper = card
    return count


def legal_moves(state: ThumbAndPouchState) -> list[str]:
    """``Game.legal_moves``: every legal move as typed, ``tf``, ``tt``, ``wf``, ``wt``, ``sw``, numbers ascending."""
    moves: list[str] = []
    tableau, foundations = state.tableau, state.foundations
    for x, pile in enumerate(tableau, 1):
        if pile and pile[-1].face_up:
            card = pile[-1].card
            moves += [f"tf {x} {y}" for y, found in enumerate(foundations, 1) if _fits_foundation(card, found)]
    for x, pile in enumerate(tableau, 1):
        run = run_length(pile)
        for y, target in enumerate(tableau, 1):
            if y == x:
                continue
            for n in range(1, run + 1):
                if _fits_tableau(pile[-n].card, target):
                    moves.append(f"tt {x} {y} {n}")
    if state.waste:
        card = state.waste[-1]
        moves += [f"wf {y}" for y, found in enumerate(foundations, 1) if _fits_foundation(card, found)]
        moves += [f"wt {y}" for y, pile in enumerate(tableau, 1) if _fits_tableau(card, pile)]
    if state.stock:
        moves.append("sw")
    return moves


_SUIT_INDEX = {suit.value: index for index, suit in enumerate(Suit)}


def card_code(card: Card) -> int:
    """A small int for a card, 4 * rank + suit index (4 to 55), for search keys."""
    return 4 * card.rank + _SUIT_INDEX[card.suit._value_]


def heuristic(state: ThumbAndPouchState) -> float:
    """``Search.heuristic``, higher more promising: cards on the foundations, fewer face down, empty piles."""
    down = sum(len(pile) - _face_up(pile) for pile in state.tableau)
    empty = sum(1 for pile in state.tableau if not pile)
    return sum(len(pile) for pile in state.foundations) - 2.0 * down + 0.5 * empty


def determinize(state: ThumbAndPouchState, rng: random.Random) -> ThumbAndPouchState:
    """``Game.determinize``: the stock and face-down cards re-drawn with ``rng``, the visible cards kept.

    The hidden cards are sorted before the shuffle, so the result depends only on what the player sees and ``rng``.
    """
    hidden = sorted([*state.stock, *(p.card for pile in state.tableau for p in pile if not p.face_up)],
                    key=card_code)
    rng.shuffle(hidden)
    cards = iter(hidden)
    tableau = tuple(tuple(p if p.face_up else Placed(next(cards), False) for p in pile) for pile in state.tableau)
    stock = tuple(cards)
    return make_state(state.foundations, tableau, stock, state.waste)
