"""Pictures: the first COMP9021 solitaire, as pure functions of the seed.

Source: the hand-out's Sections 2 and 3, with the details
settled in ``plugins/cardshell_pictures/RULES.md``.

Cards are the ints of Section 2: 0-12 Hearts Ace..King, 13-25 Diamonds,
26-38 Clubs, 39-51 Spades; ``card % 13`` is the rank index (0 = Ace,
10 = Jack, 11 = Queen, 12 = King), ``card // 13`` the suit index.  A deck is
a list whose *end* is its top.  The game has no player decisions: the seed
decides everything, so :func:`play` returns the whole game at once.

Two implementations live here on purpose:

* :func:`play` follows the rules literally (grid of 16 slots, groups of
  lines) and produces the exact output text of Section 3.2;
* :func:`uncovered_counts` is the hot path of ``simulate`` (Section 3.3).
  It never builds text or a grid: the pictures put aside in a round depend
  only on how many cards are drawn from the top of the deck, and it draws
  the shuffle lazily, only as deep as the round looks (see its docstring).
  Tests check that both agree on every seed they try.
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
    """Shuffle as Section 2 says: ``seed(seed)`` then ``shuffle(sorted cards)``.

    Args:
        cards (list[int]): card numbers, in any order (they are sorted first).
        seed (int): what is fed to ``seed()`` (any int, negative allowed).

    Returns:
        list[int]: a new list; its end is the top of the deck.
    """
    deck = sorted(cards)
    random.Random(seed).shuffle(deck)
    return deck


@dataclass(frozen=True)
class PicturesGame:
    """The whole of one game of Pictures.

    Attributes:
        seed (int): the seed of the first shuffle (round k uses seed + k).
        lines (tuple[str, ...]): the output of Section 3.2 after the prompt,
            one string per line without newline, starting with
            ``Deck shuffled, ready to start!`` (the empty line printed before
            it by the standalone program is not included) and ending with
            the ``You uncovered ...`` line.
        uncovered (int): pictures put aside, 0..12.
        rounds (int): rounds played, 1..4 (= shuffles done).
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
    """One row of the face-up grid as Section 3.2 prints it.

    Each of the 4 slots is a tab followed by the card's character, or by
    nothing when the slot is empty (plugins/cardshell_pictures/RULES.md: an empty slot keeps its tab).

    Args:
        grid (list[int | None]): 16 slots, row-major, None when empty.
        row (int): 0..3, top row first.

    Returns:
        str: 4 tabs and up to 4 card characters, no spaces.
    """
    return "".join("\t" + ("" if card is None else CHARS[card]) for card in grid[4 * row : 4 * row + 4])


def final_line(uncovered: int) -> str:
    """The last line of a game (Section 3.2).

    Args:
        uncovered (int): pictures put aside, 0..12.

    Returns:
        str: ``You uncovered all pictures, you won!``, ``You uncovered no
        pictures, you lost!`` or ``You uncovered only N picture(s), you lost!``.
    """
    if uncovered == PICTURES:
        return "You uncovered all pictures, you won!"
    if uncovered == 0:
        return "You uncovered no pictures, you lost!"
    return f"You uncovered only {_plural(uncovered, 'picture')}, you lost!"


def play(seed: int) -> PicturesGame:
    """Play one game of Pictures from its seed (Section 3.1, output of 3.2).

    Round k (0-based) shuffles the sorted cards still in play (grid and
    deck) with ``seed + k``.  The top 16 cards fill the grid top row first,
    left to right; pictures are put aside and as many cards replace them in
    the same reading order, until a draw shows no picture (end of the round)
    or the 12th picture is put aside (won, nothing more drawn).

    Args:
        seed (int): the seed typed by the player (any int).

    Returns:
        PicturesGame: the output lines and the result.
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
    """Check that :func:`uncovered_counts`' inlined Fisher-Yates draws the
    same numbers as ``random.Random.shuffle`` of this Python (CPython 3.11:
    ``j = _randbelow(i + 1)`` for i from len-1 down to 1, ``_randbelow(m)``
    = ``getrandbits(m.bit_length())`` until below m)."""
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
    """Play the games of seeds ``start .. start + count - 1`` for their result only.

    The hot path of ``simulate`` (Section 3.3): game ``s`` shuffles with
    ``s``, then ``s + 1``, ``s + 2``, ``s + 3`` for its later rounds.

    How it stays fast while giving exactly :func:`play`'s results:

    * In a round, the cards drawn are always the top ones: after 16 cards,
      each picture put aside lets one more card be drawn, so the round ends
      after the first ``m`` cards from the top such that ``m = 16 + (number
      of pictures among them)``; slots and rows do not matter.
    * ``random.shuffle`` is a Fisher-Yates that fixes the list from its end,
      which is the top of the deck: the card at depth d is final after d + 1
      steps.  So the shuffle is done inline, step by step, only as deep as
      the round looks (16 to 28 steps instead of 51).  The generator's state
      after that does not matter: every round reseeds.
    * The cards still in play for the next round are the 40 non-pictures
      plus the pictures not yet put aside, sorted: one list per set of
      pictures put aside, built once and cached.

    If this Python's ``shuffle`` ever draws differently (checked at import,
    :data:`LAZY_SHUFFLE`), it falls back to ``Random.shuffle`` of the whole
    deck.

    Args:
        start (int): seed of the first game (any int).
        count (int): number of games, >= 0.

    Returns:
        list[int]: 13 counts; ``counts[k]`` games uncovered k pictures.
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
    """The sizes of the decks game ``seed`` shuffles, one per round.

    Used by the benchmark to time the floor (one seed and one library
    shuffle per round the game really plays).

    Args:
        seed (int): the game's first seed.

    Returns:
        list[int]: 1 to 4 sizes, the first 52.
    """
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
    """``Game.legal_moves`` (plugin contract 2): always none.  Pictures plays
    itself from its seed (:func:`play`), so a game is over as soon as it is
    dealt and the player has no move to make; what the player types in the
    shell only reports on the game and changes nothing.

    Args:
        state (PicturesGame): any game.

    Returns:
        list[str]: ``[]``.
    """
    return []
