"""Up-and-Down: the second COMP9021 solitaire, as pure functions of the seed.

Source: the hand-out's Sections 2 and 4, with the details
settled in ``plugins/cardshell_up_and_down/RULES.md``.

Cards are the ints of Section 2: 0-12 Hearts Ace..King, 13-25 Diamonds,
26-38 Clubs, 39-51 Spades; ``card % 13`` is the rank index (0 = Ace,
12 = King), ``card // 13`` the suit index (also the stack's column).  A deck
is a list whose *end* is its top.  The game has no player decisions, so
:func:`play` returns the whole game, with its collected output, at once.

Two implementations live here on purpose:

* :func:`play` follows the rules literally and produces the collected output
  of Section 4.2 line by line;
* :func:`cards_left_counts` is the hot path of ``simulate`` (Section 4.3):
  no text, no stacks, one flag per card (see its docstring).  Tests check
  that both agree on every seed they try.
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
    """The round's ordinal as Section 4.2 prints it.

    Args:
        number (int): the round, >= 1.

    Returns:
        str: ``first``, ``second``, ``third``, then ``4th``, ``11th``,
        ``21st``, ``22nd``, ``23rd``, ``111th`` (plugins/cardshell_up_and_down/RULES.md).
    """
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
    """A face-up pile: ``[`` for each card under the top one, then the top card.

    Args:
        cards (list[int]): bottom first; may be empty.

    Returns:
        str: ``""`` for an empty pile.
    """
    if not cards:
        return ""
    return "[" * (len(cards) - 1) + CHARS[cards[-1]]


def stacks_text(stacks: list[list[int]]) -> str:
    """A line of 4 stacks (Hearts, Diamonds, Clubs, Spades), Section 4.2.

    Four spaces, then each stack left-justified in 15 characters, right
    stripped; the empty string while all four stacks are empty.

    Args:
        stacks (list[list[int]]): 4 stacks, each bottom first.

    Returns:
        str: the line, without trailing spaces.
    """
    if not any(stacks):
        return ""
    return (STACK_INDENT + "".join(pile_text(stack).ljust(STACK_WIDTH) for stack in stacks)).rstrip(" ")


@dataclass(frozen=True)
class UpAndDownGame:
    """The whole of one game of Up-and-Down.

    Attributes:
        seed (int): the seed of the shuffle.
        lines (tuple[str, ...]): the collected output of Section 4.2, line 1
            ``Deck shuffled, ready to start!``, one string per line.
        cards_left (int): cards not placed at the end (0 when won, else
            3..52).
        rounds (int): rounds played (>= 1).
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
        """``All cards have been placed, you won!`` or ``N cards could not be placed, you lost!``."""
        return result_line(self.cards_left)


def play(seed: int) -> UpAndDownGame:
    """Play one game of Up-and-Down from its seed (Section 4.1, output of 4.2).

    The deck of 52 is shuffled once (``Random(seed).shuffle(list(range(52)))``).
    Each round draws up to 3 cards at a time off the top as one face-up
    packet (the old top card lowest) onto the unplaced pile; after each draw,
    the top of the pile is placed while it can be: an Ace starts its suit's
    increasing stack, a King its decreasing stack; otherwise the increasing
    stack is preferred to the decreasing one.  At the end of a round the
    pile is turned over to become the deck.  Won when all cards are placed;
    lost after a round that placed nothing (recorded in full).

    Each event (a draw, a card placed) adds an empty line, the placement's
    message for a placement, and the 4-line key pattern: deck, unplaced
    pile, increasing stacks, decreasing stacks.

    Args:
        seed (int): the seed typed by the player (any int).

    Returns:
        UpAndDownGame: the collected output and the result.
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
    """Build ``shuffle52(deck, getrandbits)``: ``random.Random.shuffle`` of a
    52-card list written out step by step (no loop, constants inlined).

    It makes the same ``getrandbits`` calls as the library's shuffle, so it
    leaves the same order; :func:`_inline_shuffle_matches_library` checks
    that at import.  Generated once, because 51 hand-written steps would be
    unreadable and error-prone.
    """
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
    """Check that the unrolled Fisher-Yates of :func:`cards_left_counts`
    draws exactly what ``random.Random.shuffle`` of this Python draws."""
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
    """Play the games of seeds ``start .. start + count - 1`` for their result only.

    The hot path of ``simulate`` (Section 4.3).  It gives exactly
    :func:`play`'s ``cards_left`` for every seed, faster:

    * The shuffle is ``random.Random.shuffle``'s Fisher-Yates unrolled (same
      ``getrandbits`` calls; checked against the library at import,
      :data:`INLINE_SHUFFLE`, with a fallback to the library).
    * No stacks are kept.  In a suit the placed cards are always Ace..a and
      k..King, so the playable cards are exactly a + 1 and k - 1 (plus the
      Aces and Kings at the start), whichever stack a card goes on.  Placing
      card c makes c - 1 and c + 1 playable: one of them is placed already,
      the other is the next card needed, and across a suit boundary the
      neighbour is an Ace or a King, playable anyway (card 0's c - 1 is slot
      255, never read).  So one flag per card is the whole state of the
      stacks: a ``bytearray`` that doubles as a ``translate`` table.
    * The cards of a round, in drawing order, sit in one ``bytearray``
      behind a never-playable sentinel; the unplaced pile is its prefix (a
      write index), compacted in place, so the pile left at the end of a
      round is, as it stands, the drawing order of the next round (the pile
      turned over is drawn from its bottom).
    * Only the top card of a packet can start placing cards, so the next
      packet that places anything is found at C speed: the packet tops,
      translated through the flags, searched for the first playable one.

    Args:
        start (int): seed of the first game (any int).
        count (int): number of games, >= 0.

    Returns:
        list[int]: 53 counts; ``counts[k]`` games ended with k cards left.
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
    """``Game.legal_moves`` (plugin contract 2): always none.  Up-and-Down plays
    itself from its seed (:func:`play`), so a game is over as soon as it is
    dealt and the player has no move to make; what the player types in the
    shell only reports on the game and changes nothing.

    Args:
        state (UpAndDownGame): any game.

    Returns:
        list[str]: ``[]``.
    """
    return []
