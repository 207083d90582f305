"""Blackjack's basic strategy: hit or stay for the hand shown, and the hint.

The game's rules (:mod:`cardshell_blackjack.rules`) are the hand-out's,
not a casino's: no doubling, splitting or insurance, the dealer hits while
under :data:`~cardshell_blackjack.rules.DEALER_STANDS` (17, a soft 17
stands: :func:`~cardshell_blackjack.rules.dealer_play`), a player's 21 of
any number of cards wins unless the dealer also has 21
(:func:`~cardshell_blackjack.rules.settle`), and -- the main difference --
the player sees *neither* of the dealer's cards until staying
(:func:`~cardshell_blackjack.rules.dealer_shown`).  So the strategy can only
depend on the player's hand: its value and whether it is *soft* (an ace
counted 11, :func:`~cardshell_blackjack.rules.hand_value`).

The table (:func:`basic_strategy_table`) is derived, not copied: for each hand it
compares the expected result (+1 won, 0 tied, -1 lost) of staying with that
of hitting and then playing on by the table, over an infinite deck (each
rank 1/13, ten-valued cards 4/13) and the dealer's two face-down cards
played out by the dealer's rule.  The outcome of the derivation::

    hard  4-14: hit     hard 15-21: stay
    soft 12-17: hit     soft 18-21: stay

(A hard 15 or 16 stays because, without the dealer's up card, the dealer
busts only 28 % of the time and a hit busts a 15 more often than it helps.)

Bounds: the derivation runs once, at the first hint (a few hundred cached
part-hands: 304 of the dealer's, 58 of the player's; a few milliseconds),
so starting the shell does not pay for it; then :func:`hint` is a table
lookup.
"""

from __future__ import annotations

import random
from functools import cache, lru_cache

from cardshell.records import Hint
from cardshell_blackjack.rules import (
    DEALER_STANDS,
    PHASE_AGAIN,
    PHASE_PLAYER,
    TARGET,
    BlackjackState,
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


def stay_value(value: int) -> float:
    """The expected result of staying on ``value`` (4..21) against the
    dealer's unseen hand."""
    return sum(chance * result_value(value, final) for final, chance in _dealer_finals())


@cache
def _best(hard: int, ace: bool) -> tuple[float, str]:
    value = _value(hard, ace)
    if value > TARGET:
        return -1.0, ""
    stay = stay_value(value)
    hit = hit_value(hard, ace)
    return (hit, HIT) if hit > stay else (stay, STAY)


def hit_value(hard: int, ace: bool) -> float:
    """The expected result of hitting a hand (total ``hard`` with aces as 1,
    ``ace`` if it holds one), then playing on by the best answer."""
    return sum(odds * _best(hard + card, ace or card == 1)[0] for card, odds in DRAW_ODDS.items())


@lru_cache(maxsize=1)
def basic_strategy_table() -> dict[tuple[bool, int], str]:
    """The basic-strategy table: ``table[soft, value]`` is ``"1"`` (hit) or
    ``"0"`` (stay), for hard values 4..21 and soft values 12..21 (derived as
    the module docstring says; computed once).

    Returns:
        dict[tuple[bool, int], str]: 28 entries (do not change it: it is shared).
    """
    table = {}
    for value in range(4, TARGET + 1):
        table[False, value] = _best(value, False)[1]
    for value in range(12, TARGET + 1):
        table[True, value] = _best(value - 10, True)[1]
    return table


def is_soft(cards: tuple) -> bool:
    """Whether a hand is soft: it holds an ace counted 11 by
    :func:`~cardshell_blackjack.rules.hand_value`."""
    hard = sum(min(card.rank, 10) for card in cards)
    return any(card.rank == 1 for card in cards) and hard + 10 <= TARGET


def basic_strategy(cards: tuple) -> str:
    """The basic-strategy answer for the player's hand.

    Args:
        cards (tuple[Card, ...]): the player's hand, two cards or more, not bust.

    Returns:
        str: ``"1"`` (hit) or ``"0"`` (stay), from :func:`basic_strategy_table`.

    Raises:
        ValueError: for a bust hand (over 21).
    """
    value = hand_value(cards)
    if value > TARGET:
        raise ValueError(f"a bust hand ({value}) has no answer")
    soft = is_soft(cards)
    return basic_strategy_table()[soft, max(value, 4)]


def hint(state: BlackjackState, rng: random.Random) -> Hint:
    """``Game.hint``: the basic-strategy answer for the hand shown.

    Uses only the player's hand (the dealer's cards and the deck are never
    read).  Between rounds it suggests ``y`` (another round).

    Args:
        state (BlackjackState): the game.
        rng (random.Random): unused (the table is exact, nothing is sampled).

    Returns:
        Hint: e.g. ``Hint("1", "hit: basic strategy for hard 12 against the
        dealer's face-down cards")``; ``Hint("")`` once the game is over.
    """
    if state.phase == PHASE_PLAYER:
        answer = basic_strategy(state.player)
        kind = "soft" if is_soft(state.player) else "hard"
        word = "hit" if answer == HIT else "stay"
        return Hint(answer, f"{word}: basic strategy for {kind} {hand_value(state.player)} "
                            "against the dealer's face-down cards")
    if state.phase == PHASE_AGAIN:
        return Hint("y", "the round is over; y deals another, n stops")
    return Hint("", "the game is over")
