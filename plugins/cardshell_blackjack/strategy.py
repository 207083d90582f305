"""Blackjack's basic strategy: hit or stay for the hand shown, and the hint.

The game's rules (:mod:`cardshell_blackjack.rules`) are the hand-out's,
not a casino's: no doubling, splitting or insurance, the dealer hits while
under :data:`~cardshell_blackjack.rules.DEALER_STANDS` (17, a soft 17
stands: :func:`~cardshell_blackjack.rules.dealer_play`), a player's 21 of
any number of cards wins unless the dealer also has 21
(:func:`~cardshell_blackjack.rules.settle`), and the dealer's second card
stays face down until the player stays
(:func:`~cardshell_blackjack.rules.dealer_shown`).  So the strategy depends
on the player's hand (its value and whether it is *soft*: an ace counted
11, :func:`~cardshell_blackjack.rules.hand_value`) and the dealer's up card.

The table (:func:`basic_strategy_table`) is derived, not copied: for each hand it
compares the expected result (+1 won, 0 tied, -1 lost) of staying with that
of hitting and then playing on by the table, over an infinite deck (each
rank 1/13, ten-valued cards 4/13) and the dealer's two face-down cards
played out by the dealer's rule.  The outcome of the derivation::

    hard  4-14: hit     hard 15-21: stay
    soft 12-17: hit     soft 18-21: stay

(A hard 15 or 16 stays because, without the dealer's up card, the dealer
busts only 28 % of the time and a hit busts a 15 more often than it helps.)

The hint uses the table for the dealer's up card, which the game shows from
the deal on (:data:`~cardshell_blackjack.rules.UP_CARD`): the same
derivation with the dealer's hand starting from that card and one unseen
card (:func:`basic_strategy_table` with ``up``; e.g. against a 6 a hard 12
stays, against a 10 a hard 16 hits).

Bounds: the derivation runs once, at the first hint (a few hundred cached
part-hands: 304 of the dealer's, 58 of the player's; a few milliseconds),
so starting the shell does not pay for it; then :func:`hint` is a table
lookup.
"""

from __future__ import annotations

import random
from functools import cache, lru_cache

from cardshell import Hint
from cardshell_blackjack.rules import (
    DEALER_STANDS,
    PHASE_AGAIN,
    PHASE_PLAYER,
    TARGET,
    UP_CARD,
    BlackjackState,
    card_name,
    hand_value,
)

#: The chance of drawing each card value (ace as 1) from an infinite deck.
DRAW_ODDS = {value: (4 / 13 if value == 10 else 1 / 13) for value in range(1, 11)}

#: The answers a player types (hand-out part (d)).
HIT, STAY = "1", "0"

_BUST = TARGET + 1


def _value(hard: int, ace: bool) -> int:
    """A hand's value from its total with aces as 1 and whether it holds an
    ace: one ace counts 11 when that does not go over 21 (as
    :func:`~cardshell_blackjack.rules.hand_value`)."""
    return hard + 10 if ace and hard + 10 <= TARGET else hard


@cache
def _dealer_finals(hard: int = 0, ace: bool = False, cards: int = 0) -> tuple[tuple[int, float], ...]:
    """The dealer's final values (``22`` for any bust) and their chances,
    from a part-hand, hitting while under :data:`DEALER_STANDS`."""
    value = _value(hard, ace)
    if cards >= 2 and value >= DEALER_STANDS:
        return ((min(value, _BUST), 1.0),)
    finals: dict[int, float] = {}
    for card, odds in DRAW_ODDS.items():
        for final, chance in _dealer_finals(hard + card, ace or card == 1, cards + 1):
            finals[final] = finals.get(final, 0.0) + odds * chance
    return tuple(sorted(finals.items()))


def result_value(mine: int, theirs: int) -> int:
    """The player's result, +1 won, 0 tied, -1 lost, for final values (over
    21 is a bust), by the settlement rules of
    :func:`~cardshell_blackjack.rules.settle`."""
    if mine > TARGET:
        return -1
    if mine == TARGET:
        return 0 if theirs == TARGET else 1
    if theirs > TARGET or mine > theirs:
        return 1
    return 0 if mine == theirs else -1


def stay_value(value: int, up: int | None = None) -> float:
    """The expected result of staying on ``value`` (4..21) against the
    dealer's hand: both cards unseen (``up`` None), or the up card of value
    ``up`` (1 for an ace .. 10) and one unseen card."""
    start = (0, False, 0) if up is None else (up, up == 1, 1)
    return sum(chance * result_value(value, final) for final, chance in _dealer_finals(*start))


@cache
def _best(hard: int, ace: bool, up: int | None = None) -> tuple[float, str]:
    value = _value(hard, ace)
    if value > TARGET:
        return -1.0, ""
    stay = stay_value(value, up)
    hit = hit_value(hard, ace, up)
    return (hit, HIT) if hit > stay else (stay, STAY)


def hit_value(hard: int, ace: bool, up: int | None = None) -> float:
    """The expected result of hitting a hand (total ``hard`` with aces as 1,
    ``ace`` if it holds one), then playing on by the best answer, against
    the dealer's up card of value ``up`` (None: both cards unseen)."""
    return sum(odds * _best(hard + card, ace or card == 1, up)[0] for card, odds in DRAW_ODDS.items())


@lru_cache(maxsize=11)
def basic_strategy_table(up: int | None = None) -> dict[tuple[bool, int], str]:
    """The basic-strategy table: ``table[soft, value]`` is ``"1"`` (hit) or
    ``"0"`` (stay), for hard values 4..21 and soft values 12..21 (derived as
    the module docstring says; computed once per up card).

    Args:
        up (int | None): the value of the dealer's up card (1 for an ace,
            10 for a ten or a face card); None for the table without it
            (the one the module docstring shows).

    Returns:
        dict[tuple[bool, int], str]: 28 entries (do not change it: it is shared).
    """
    table = {}
    for value in range(4, TARGET + 1):
        table[False, value] = _best(value, False, up)[1]
    for value in range(12, TARGET + 1):
        table[True, value] = _best(value - 10, True, up)[1]
    return table


def is_soft(cards: tuple) -> bool:
    """Whether a hand is soft: it holds an ace counted 11 by
    :func:`~cardshell_blackjack.rules.hand_value`."""
    hard = sum(min(card.rank, 10) for card in cards)
    return any(card.rank == 1 for card in cards) and hard + 10 <= TARGET


def basic_strategy(cards: tuple, up: int | None = None) -> str:
    """The basic-strategy answer for the player's hand.

    Args:
        cards (tuple[Card, ...]): the player's hand, two cards or more, not bust.
        up (int | None): the value of the dealer's up card (1..10), or None.

    Returns:
        str: ``"1"`` (hit) or ``"0"`` (stay), from :func:`basic_strategy_table`.

    Raises:
        ValueError: for a bust hand (over 21).
    """
    value = hand_value(cards)
    if value > TARGET:
        raise ValueError(f"a bust hand ({value}) has no answer")
    soft = is_soft(cards)
    return basic_strategy_table(up)[soft, max(value, 4)]


def hint(state: BlackjackState, rng: random.Random) -> Hint:
    """``Game.hint``: the basic-strategy answer for the hand shown.

    Uses only what the player sees: their hand and the dealer's up card
    (:data:`~cardshell_blackjack.rules.UP_CARD`, face up from the deal on);
    the dealer's face-down card and the deck are never read.  Between
    rounds it suggests ``y`` (another round).

    Args:
        state (BlackjackState): the game.
        rng (random.Random): unused (the table is exact, nothing is sampled).

    Returns:
        Hint: e.g. ``Hint("1", "hit: basic strategy for hard 12 against the
        dealer's QUEEN-SPADE")``; ``Hint("")`` once the game is over.
    """
    if state.phase == PHASE_PLAYER:
        up_card = state.dealer[UP_CARD]
        answer = basic_strategy(state.player, min(up_card.rank, 10))
        kind = "soft" if is_soft(state.player) else "hard"
        word = "hit" if answer == HIT else "stay"
        return Hint(answer, f"{word}: basic strategy for {kind} {hand_value(state.player)} "
                            f"against the dealer's {card_name(up_card)}")
    if state.phase == PHASE_AGAIN:
        return Hint("y", "the round is over; y deals another, n stops")
    return Hint("", "the game is over")
