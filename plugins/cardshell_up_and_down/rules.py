"""Up-and-Down's rules as pure functions of the seed (plugins/cardshell_up_and_down/NOTES.md).

Cards are the ints 0..51 of the hand-out's Section 2 (``card % 13`` the rank,
``card // 13`` the suit and the stack's column); a deck is a list whose end is
its top.  :func:`play` follows the rules literally and gives the collected
output of Section 4.2; :func:`cards_left_counts`, the hot path of ``simulate``,
gives only the results, and tests check that the two agree.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# Section 2's card numbers, shared with the other COMP9021 solitaire (re-exported):
from cardshell_comp9021.numbering import CHARS, DECK_SIZE, SECTION2_SUITS, to_card  # noqa: F401

# The stacks, left to right, follow SECTION2_SUITS: Hearts, Diamonds, Clubs,
# Spades (plugins/cardshell_up_and_down/RULES.md).
#: Cards taken off the deck at each draw (Section 4.1).
DRAW = 3
#: Distance between the starts of two stacks on a stack line (Section 4.2).
STACK_WIDTH = 15
#: Indent of a non-empty stack line (Section 4.2).
STACK_INDENT = "    "

BASE_MESSAGE = "Placing one of the base cards!"
INCREASING_MESSAGE = "Making progress on an increasing sequence!"
DECREASING_MESSAGE = "Making progress on a decreasing sequence!"
WON_LINE = "All cards have been placed, you won!"




def ordinal(number: int) -> str:
    """Round ``number``'s (>= 1) ordinal as Section 4.2 prints it: ``first`` .. ``third``, then ``4th``, ``21st``."""
    if 1 <= number <= 3:
        return ("first", "second", "third")[number - 1]
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def lost_line(cards_left: int) -> str:
    """The result line of a lost game: ``N cards could not be placed, you lost!``."""
    return f"{cards_left} cards could not be placed, you lost!"


def result_line(cards_left: int) -> str:
    """The result line of Section 4.2 for ``cards_left`` (0 means won)."""
    return WON_LINE if cards_left == 0 else lost_line(cards_left)


def pile_text(cards: list[int]) -> str:
    """A face-up pile (bottom first): ``[`` for each card under the top one, then the top card; "" if empty."""
    if not cards:
        return ""
    return "[" * (len(cards) - 1) + CHARS[cards[-1]]


def stacks_text(stacks: list[list[int]]) -> str:
    """The line of 4 stacks (Hearts, Diamonds, Clubs, Spades; each bottom first) of Section 4.2.

    Four spaces, then each stack left-justified in 15 characters, right-stripped; "" while all are empty.
    """
    if not any(stacks):
        return ""
    return (STACK_INDENT + "".join(pile_text(stack).ljust(STACK_WIDTH) for stack in stacks)).rstrip(" ")


@dataclass(frozen=True)
class UpAndDownGame:
    """The whole of one game of Up-and-Down.

    Attributes:
        seed: the seed of the shuffle.
        lines: the collected output of Section 4.2, one line per string.
        cards_left: cards not placed at the end (0 when won, else 3..52).
        rounds: rounds played (>= 1).
    """

    seed: int
    lines: tuple[str, ...]
    cards_left: int
    rounds: int

    @property
    def won(self) -> bool:
        """True when all 52 cards were placed."""
        return self.cards_left == 0

    @property
    def result(self) -> str:
        """The result line of Section 4.2."""
        return result_line(self.cards_left)


def play(seed: int) -> UpAndDownGame:
    """Play the game of ``seed`` (any int): its collected output (Section 4.2) and result (Section 4.1).

    Where a card fits both stacks of its suit, the increasing one takes it (NOTES.md).
    """
    deck = list(range(DECK_SIZE))
    random.Random(seed).shuffle(deck)
    lines = ["Deck shuffled, ready to start!", "]" * DECK_SIZE]
    increasing: list[list[int]] = [[] for _ in range(4)]
    decreasing: list[list[int]] = [[] for _ in range(4)]
    pile: list[int] = []

    def key_pattern() -> list[str]:
        return ["]" * len(deck), pile_text(pile), stacks_text(increasing), stacks_text(decreasing)]

    rounds = 0
    while True:
        rounds += 1
        lines += ["", f"Starting to draw 3 cards (if possible) again and again for the {ordinal(rounds)} time..."]
        pile = []
        placed = 0
        while deck:
            for _ in range(min(DRAW, len(deck))):
                pile.append(deck.pop())
            lines += ["", *key_pattern()]
            while pile:
                suit, rank = divmod(pile[-1], 13)
                if rank == 0:
                    increasing[suit].append(pile.pop())
                    message = BASE_MESSAGE
                elif rank == 12:
                    decreasing[suit].append(pile.pop())
                    message = BASE_MESSAGE
                elif len(increasing[suit]) == rank:
                    increasing[suit].append(pile.pop())
                    message = INCREASING_MESSAGE
                elif len(decreasing[suit]) == 12 - rank:
                    decreasing[suit].append(pile.pop())
                    message = DECREASING_MESSAGE
                else:
                    break
                placed += 1
                lines += ["", message, *key_pattern()]
        if not pile or not placed:
            break
        deck = pile[::-1]
    return UpAndDownGame(seed, tuple(lines), len(pile), rounds)


# ---------------------------------------------------------------------------
# The hot path of simulate (Section 4.3).

#: ``_STEPS`` lists ``(i, (i + 1).bit_length())`` for i from 51 down to 1:
#: the Fisher-Yates steps of ``random.Random.shuffle`` on 52 cards
#: (``j = _randbelow(i + 1)``, ``_randbelow(m)`` drawing ``getrandbits(m.bit_length())``
#: until the value is below m).
_STEPS = tuple((i, (i + 1).bit_length()) for i in range(DECK_SIZE - 1, 0, -1))

#: A card value below every pile in the hot path, never playable.
_SENTINEL = 53


def _make_unrolled_shuffle() -> Callable[[list[int], Callable[[int], int]], None]:
    """``shuffle52(deck, getrandbits)``: ``random.Random.shuffle`` of 52 cards unrolled, same draws."""
    lines = ["def shuffle52(deck, getrandbits):"]
    for i, k in _STEPS:
        lines.append(f"    j = getrandbits({k})")
        if (1 << k) - 1 > i:  # values above i are possible: reject them
            lines.append(f"    while j > {i}:")
            lines.append(f"        j = getrandbits({k})")
        lines.append(f"    deck[{i}], deck[j] = deck[j], deck[{i}]")
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)  # noqa: S102 - trusted, generated above
    shuffle52: Callable[[list[int], Callable[[int], int]], None] = namespace["shuffle52"]
    return shuffle52


_shuffle52 = _make_unrolled_shuffle()


def _inline_shuffle_matches_library() -> bool:
    """Whether the unrolled shuffle draws as this Python's ``random.Random.shuffle`` does."""
    # CPython's private methods, checked on purpose (typeshed does not list them).
    if random.Random._randbelow is not random.Random._randbelow_with_getrandbits:  # type: ignore[attr-defined]  # pragma: no cover
        return False
    for seed in (0, 1, 678, -5, 2**40 + 3):
        expected = list(range(DECK_SIZE))
        random.Random(seed).shuffle(expected)
        deck = list(range(DECK_SIZE))
        _shuffle52(deck, random.Random(seed).getrandbits)
        if deck != expected:  # pragma: no cover - a future Python
            return False
    return True


#: Whether the fast path may use the unrolled shuffle (checked once at import).
INLINE_SHUFFLE = _inline_shuffle_matches_library()

#: Playable flags at the start of a game, indexed by card value (0..255, so
#: that it is also a ``bytes.translate`` table): the Aces and Kings.
_PLAYABLE_AT_START = bytes(1 if c < DECK_SIZE and c % 13 in (0, 12) else 0 for c in range(256))


def cards_left_counts(start: int, count: int) -> list[int]:
    """Count the results of the ``count`` (>= 0) games of seeds ``start ..``: ``counts[k]`` left k cards.

    Gives exactly :func:`play`'s ``cards_left``.  No stacks are kept: a suit's
    placed cards are always Ace..a and k..King, so placing card c makes c - 1
    and c + 1 playable, and one flag per card (a ``bytearray`` that is also a
    ``translate`` table) is the whole state of the stacks.  A round's cards sit
    in drawing order behind a never-playable sentinel, and the unplaced pile,
    compacted in place, is the next round's drawing order.
    """
    counts = [0] * (DECK_SIZE + 1)
    rng = random.Random()
    reseed = rng.seed
    getrandbits = rng.getrandbits
    shuffle = rng.shuffle
    shuffle52 = _shuffle52
    inline = INLINE_SHUFFLE
    full = list(range(DECK_SIZE))
    playable_at_start = _PLAYABLE_AT_START
    for seed in range(start, start + count):
        reseed(seed)
        deck = full[:]
        if inline:
            shuffle52(deck, getrandbits)
        else:  # pragma: no cover - only on a Python whose shuffle differs
            shuffle(deck)
        playable = bytearray(playable_at_start)
        deck.append(_SENTINEL)
        deck.reverse()
        order = bytearray(deck)  # order[0] is the sentinel, then top card first
        size = DECK_SIZE
        while True:
            stop = size + 1
            tops = order[3::3]  # the top card of each full packet of 3
            if size % 3:
                tops.append(order[-1])  # the last, shorter packet
            packet = tops.translate(playable).find(1)
            if packet < 0:
                break  # a round that places nothing: lost
            pile_end = drawn = 0
            while packet >= 0:
                end = 3 * packet + 4
                if end > stop:
                    end = stop
                if pile_end == drawn:
                    pile_end = drawn = end
                else:
                    order[pile_end : pile_end + end - drawn] = order[drawn:end]
                    pile_end += end - drawn
                    drawn = end
                while playable[order[pile_end - 1]]:
                    pile_end -= 1
                    card = order[pile_end]
                    playable[card - 1] = playable[card + 1] = 1
                packet = tops.translate(playable).find(1, packet + 1)
            del order[pile_end:drawn]
            size = len(order) - 1
            if not size:
                break  # all placed: won
        counts[size] += 1
    return counts


def legal_moves(state: UpAndDownGame) -> list[str]:
    """``Game.legal_moves``: always none, since the game plays itself from its seed."""
    return []
