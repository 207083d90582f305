"""Blackjack's basic strategy: hit or stay for the hand shown, and the hint.

The game's rules (plugins/cardshell_blackjack/NOTES.md) are the hand-out's:
no doubling, splitting or insurance, the dealer hits while under 17, and a
player's 21 wins unless the dealer has 21.  So the answer depends on the
player's value, whether the hand is soft, and the dealer's up card.

:func:`basic_strategy_table` derives the table: for each hand, the expected
result (+1, 0, -1) of staying against that of hitting and playing on, over
an infinite deck (ten-valued cards 4/13), the dealer's unseen cards played by
the dealer's rule.  Without an up card: hit hard 4-14 and soft 12-17, else
stay.  It is computed at the first hint (a few hundred cached part-hands, a
few milliseconds), then :func:`hint` is a lookup.
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
    return hard + 10 if ace and hard + 10 <= TARGET else hard


@cache
def _dealer_finals(hard: int = 0, ace: bool = False, cards: int = 0) -> tuple[tuple[int, float], ...]:
    """The dealer's final values (22 for any bust) and their chances, from a part-hand."""
    value = _value(hard, ace)
    if cards >= 2 and value >= DEALER_STANDS:
        return ((min(value, _BUST), 1.0),)
    finals: dict[int, float] = {}
    for card, odds in DRAW_ODDS.items():
        for final, chance in _dealer_finals(hard + card, ace or card == 1, cards + 1):
            finals[final] = finals.get(final, 0.0) + odds * chance
    return tuple(sorted(finals.items()))


def result_value(mine: int, theirs: int) -> int:
    """The player's result for final values: +1 won, 0 tied, -1 lost, as :func:`~cardshell_blackjack.rules.settle`."""
    if mine > TARGET:
        return -1
    if mine == TARGET:
        return 0 if theirs == TARGET else 1
    if theirs > TARGET or mine > theirs:
        return 1
    return 0 if mine == theirs else -1


def stay_value(value: int, up: int | None = None) -> float:
    """The expected result of staying on ``value`` (4..21) against an up card ``up`` (1..10) or none."""
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
    """The expected result of hitting (``hard``: total with aces as 1; ``ace``: holds one), then playing best."""
    return sum(odds * _best(hard + card, ace or card == 1, up)[0] for card, odds in DRAW_ODDS.items())


@lru_cache(maxsize=11)
def basic_strategy_table(up: int | None = None) -> dict[tuple[bool, int], str]:
    """``table[soft, value]``: ``"1"`` (hit) or ``"0"`` (stay) against the up card ``up`` (1..10, None unseen).

    Hard values 4..21 and soft 12..21; computed once per up card and shared, so
    callers must not change it.
    """
    table = {}
    for value in range(4, TARGET + 1):
        table[False, value] = _best(value, False, up)[1]
    for value in range(12, TARGET + 1):
        table[True, value] = _best(value - 10, True, up)[1]
    return table


def is_soft(cards: tuple) -> bool:
    """Whether a hand holds an ace counted 11."""
    hard = sum(min(card.rank, 10) for card in cards)
    return any(card.rank == 1 for card in cards) and hard + 10 <= TARGET


def basic_strategy(cards: tuple, up: int | None = None) -> str:
    """``"1"`` (hit) or ``"0"`` (stay) for the player's hand of two cards or more against the up card ``up``.

    Raises:
        ValueError: for a bust hand.
    """
    value = hand_value(cards)
    if value > TARGET:
        raise ValueError(f"a bust hand ({value}) has no answer")
    soft = is_soft(cards)
    return basic_strategy_table(up)[soft, max(value, 4)]


def hint(state: BlackjackState, rng: random.Random) -> Hint:
    """``Game.hint``: the basic-strategy answer from the player's hand and the dealer's up card only.

    Between rounds it suggests ``y``; ``rng`` is unused.
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
