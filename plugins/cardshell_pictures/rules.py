"""Pictures' rules as pure functions of the seed (plugins/cardshell_pictures/NOTES.md).

Cards are the ints 0..51 of the hand-out's Section 2 (``card % 13`` the rank,
0 = Ace .. 12 = King); a deck is a list whose end is its top.  :func:`play`
follows the rules literally and gives the text of Section 3.2;
:func:`uncovered_counts`, the hot path of ``simulate``, gives only the results,
and tests check that the two agree.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

# Section 2's card numbers, shared with the other COMP9021 solitaire (re-exported):
from cardshell_comp9021.numbering import CHARS, DECK_SIZE, SECTION2_SUITS, to_card  # noqa: F401

#: Number of pictures (Jacks, Queens, Kings) in the deck.
PICTURES = 12
#: Number of slots of the face-up grid (4 rows of 4).
GRID = 16
#: Rounds at most (Section 3.1).
ROUNDS = 4

_ROUND_ORDINALS = ("first", "second", "third", "fourth")

#: ``IS_PICTURE[card]`` is True for Jacks, Queens and Kings.
IS_PICTURE: tuple[bool, ...] = tuple(c % 13 >= 10 for c in range(DECK_SIZE))


def is_picture(card: int) -> bool:
    """True if the card number (0..51) is a Jack, Queen or King (Section 3.1)."""
    return IS_PICTURE[card]


def shuffled(cards: list[int], seed: int) -> list[int]:
    """A new deck (end = top): ``cards`` sorted, then shuffled with ``seed`` (Section 2)."""
    deck = sorted(cards)
    random.Random(seed).shuffle(deck)
    return deck


@dataclass(frozen=True)
class PicturesGame:
    """The whole of one game of Pictures.

    Attributes:
        seed: the seed of the first shuffle (round k uses seed + k).
        lines: the output of Section 3.2 after the prompt, one line per string,
            from ``Deck shuffled, ready to start!`` to ``You uncovered ...``.
        uncovered: pictures put aside, 0..12.
        rounds: rounds played, 1..4.
    """

    seed: int
    lines: tuple[str, ...]
    uncovered: int
    rounds: int

    @property
    def won(self) -> bool:
        """True when all 12 pictures were put aside."""
        return self.uncovered == PICTURES

    @property
    def text(self) -> str:
        """The lines joined with newlines (no final newline)."""
        return "\n".join(self.lines)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def row_text(grid: list[int | None], row: int) -> str:
    """Row ``row`` (0..3, top first) of the 16-slot grid (row-major, None = empty), as Section 3.2 prints it.

    Each slot is a tab and its card's character; an empty slot keeps its tab (NOTES.md).
    """
    return "".join("\t" + ("" if card is None else CHARS[card]) for card in grid[4 * row : 4 * row + 4])


def final_line(uncovered: int) -> str:
    """The last line of a game with ``uncovered`` (0..12) pictures put aside (Section 3.2)."""
    if uncovered == PICTURES:
        return "You uncovered all pictures, you won!"
    if uncovered == 0:
        return "You uncovered no pictures, you lost!"
    return f"You uncovered only {_plural(uncovered, 'picture')}, you lost!"


def play(seed: int) -> PicturesGame:
    """Play the game of ``seed`` (any int): its output lines (Section 3.2) and result (Section 3.1).

    Round k (0-based) shuffles the sorted cards still in play with ``seed + k``.
    """
    lines = ["Deck shuffled, ready to start!", "]" * DECK_SIZE]
    in_play = list(range(DECK_SIZE))
    uncovered = 0
    rounds = 0
    for rnd in range(ROUNDS):
        rounds += 1
        deck = shuffled(in_play, seed + rnd)
        lines.append("")
        lines.append("Starting first round..." if rnd == 0
                     else f"After shuffling, starting {_ROUND_ORDINALS[rnd]} round...")
        grid: list[int | None] = [None] * GRID
        while True:
            drawn = 0
            for slot in range(GRID):
                if grid[slot] is None and deck:
                    grid[slot] = deck.pop()
                    drawn += 1
            lines += ["", f"Drawing and placing {_plural(drawn, 'card')}:", "]" * len(deck)]
            lines += [row_text(grid, row) for row in range(4)]
            aside = [slot for slot, card in enumerate(grid) if card is not None and IS_PICTURE[card]]
            if not aside:
                break
            for slot in aside:
                grid[slot] = None
            uncovered += len(aside)
            lines += ["", f"Putting {_plural(len(aside), 'picture')} aside:"]
            lines += [row_text(grid, row) for row in range(4)]
            if uncovered == PICTURES:
                break
        if uncovered == PICTURES:
            break
        in_play = [card for card in grid if card is not None] + deck
    lines += ["", final_line(uncovered)]
    return PicturesGame(seed, tuple(lines), uncovered, rounds)


# ---------------------------------------------------------------------------
# The hot path of simulate (Section 3.3).

#: ``_BITS[m]`` is ``m.bit_length()``, what ``random.Random._randbelow(m)``
#: asks ``getrandbits`` for.
_BITS = tuple(m.bit_length() for m in range(DECK_SIZE + 1))

#: Bit of each picture in a mask of pictures put aside (0 for other cards).
_PICTURE_BIT = tuple((1 << (4 * (c // 13) + c % 13 - 10)) if IS_PICTURE[c] else 0 for c in range(DECK_SIZE))


def _lazy_shuffle_matches_library() -> bool:
    """Whether :func:`uncovered_counts`' inlined Fisher-Yates draws as ``random.Random.shuffle`` does."""
    # CPython's private methods, checked on purpose (typeshed does not list them).
    if random.Random._randbelow is not random.Random._randbelow_with_getrandbits:  # type: ignore[attr-defined]  # pragma: no cover
        return False
    for seed in (0, 1, 678, -5, 2**40 + 3):
        for size in (52, 47, 41):
            expected = list(range(size))
            random.Random(seed).shuffle(expected)
            rng = random.Random(seed)
            deck = list(range(size))
            for i in range(size - 1, 0, -1):
                k = _BITS[i + 1]
                j = rng.getrandbits(k)
                while j > i:
                    j = rng.getrandbits(k)
                deck[i], deck[j] = deck[j], deck[i]
            if deck != expected:  # pragma: no cover - a future Python
                return False
    return True


#: Whether the fast path may inline the shuffle (checked once at import).
LAZY_SHUFFLE = _lazy_shuffle_matches_library()


def uncovered_counts(start: int, count: int) -> list[int]:
    """Count the results of the ``count`` (>= 0) games of seeds ``start ..``: ``counts[k]`` uncovered k pictures.

    Gives exactly :func:`play`'s results.  A round draws the first ``m`` cards
    from the top with ``m = 16 + (pictures among them)``, and ``random.shuffle``
    fixes the list from its end (the top), so the shuffle is done inline only
    as deep as the round looks; every round reseeds, so the generator's later
    state does not matter.  Without :data:`LAZY_SHUFFLE` it shuffles whole decks.
    """
    counts = [0] * (PICTURES + 1)
    rng = random.Random()
    reseed = rng.seed
    getrandbits = rng.getrandbits
    shuffle = rng.shuffle
    bits = _BITS
    picture_bit = _PICTURE_BIT
    in_play_cache: dict[int, list[int]] = {0: list(range(DECK_SIZE))}
    lazy = LAZY_SHUFFLE
    for seed in range(start, start + count):
        mask = 0
        uncovered = 0
        for rnd in range(ROUNDS):
            reseed(seed + rnd)
            deck = in_play_cache.get(mask)
            if deck is None:
                deck = in_play_cache[mask] = [c for c in range(DECK_SIZE) if not picture_bit[c] & mask]
            deck = deck[:]
            i = len(deck) - 1
            credit = GRID
            if lazy:
                while True:
                    k = bits[i + 1]
                    j = getrandbits(k)
                    while j > i:
                        j = getrandbits(k)
                    card = deck[j]
                    deck[j] = deck[i]
                    bit = picture_bit[card]
                    if bit:
                        mask |= bit
                        uncovered += 1
                        if uncovered == PICTURES:
                            break
                    else:
                        credit -= 1
                        if not credit:
                            break
                    i -= 1
            else:  # pragma: no cover - only on a Python whose shuffle differs
                shuffle(deck)
                while True:
                    bit = picture_bit[deck[i]]
                    if bit:
                        mask |= bit
                        uncovered += 1
                        if uncovered == PICTURES:
                            break
                    else:
                        credit -= 1
                        if not credit:
                            break
                    i -= 1
            if uncovered == PICTURES:
                break
        counts[uncovered] += 1
    return counts


def shuffle_sizes(seed: int) -> list[int]:
    """The sizes (in cards, the first 52) of the 1 to 4 decks game ``seed`` shuffles: the benchmark's floor."""
    game = play(seed)
    sizes = [DECK_SIZE]
    in_play = DECK_SIZE
    # Recount from the lines: each "Putting N picture(s) aside:" removes N.
    for line in game.lines:
        if line.startswith("After shuffling"):
            sizes.append(in_play)
        elif line.startswith("Putting "):
            in_play -= int(line.split()[1])
    return sizes


def legal_moves(state: PicturesGame) -> list[str]:
    """``Game.legal_moves``: always none, since the game plays itself from its seed."""
    return []
