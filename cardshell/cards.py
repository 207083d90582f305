"""The card model shared by card games: ranks, suits, cards, decks.

Part of the plugin toolkit (docs/reference.md, "The toolkit"): plain
immutable values and pure functions; a game keeps its cards in its own
tuples and shuffles them with its own seeded :class:`random.Random`.  The
text forms here are the common ones:

* rank then suit symbol, ``A♠``, ``10♥``, ``Q♦`` (:attr:`Card.text`,
  :func:`parse_card`), as Aces Up and Thumb and Pouch print them
  (plugins/cardshell_aces_up/NOTES.md); a face-down card is
  :data:`FACE_DOWN` (``XX``);
* the Unicode playing-card characters (:attr:`Card.unicode`): Spades from
  U+1F0A1, Hearts from U+1F0B1, Diamonds from U+1F0C1, Clubs from U+1F0D1,
  the Knight skipped (the Unicode standard's "Playing Cards" block).

A game's own forms belong to the game: Blackjack's ``ACE-CLUB``
(``cardshell_blackjack.rules.card_name``) and the COMP9021 card numbers 0..51
of Pictures and Up-and-Down (``to_card`` in their ``rules`` modules).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, SupportsIndex

#: The text of a face-down card in the CSE231 games.
FACE_DOWN = "XX"

#: Rank values: Ace is 1, Jack 11, Queen 12, King 13.
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANKS = tuple(range(1, 14))

_RANK_SHORT = {1: "A", 11: "J", 12: "Q", 13: "K"}
# Offset of each rank in a Unicode playing-card block (the Knight, +11, skipped).
_UNICODE_OFFSET = {**{r: r - 1 for r in range(1, 11)}, 11: 10, 12: 12, 13: 13}


class Suit(Enum):
    """The four suits, with their symbol, colour and Unicode block.

    The value is the suit's symbol.  Iteration and sort order is clubs,
    diamonds, hearts, spades (the order of :func:`new_deck`), so cards sort
    by rank, then suit.  A suit hashes by identity (each suit is one object,
    also after pickling or copying), in C, without a Python call: a state's
    hash reaches its suits often.
    """

    CLUBS = "♣"
    DIAMONDS = "♦"
    HEARTS = "♥"
    SPADES = "♠"

    __hash__ = object.__hash__

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER[self] < _SUIT_ORDER[other]

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER[self] <= _SUIT_ORDER[other]

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER[self] > _SUIT_ORDER[other]

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER[self] >= _SUIT_ORDER[other]

    @property
    def symbol(self) -> str:
        """The suit symbol (``♣``)."""
        return self.value

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def unicode_base(self) -> int:
        """The code point of this suit's Ace in the Unicode card block."""
        return {Suit.SPADES: 0x1F0A1, Suit.HEARTS: 0x1F0B1, Suit.DIAMONDS: 0x1F0C1, Suit.CLUBS: 0x1F0D1}[self]


SUITS = tuple(Suit)
_SUIT_ORDER = {suit: index for index, suit in enumerate(SUITS)}


@dataclass(frozen=True, order=True)
class Card:
    """One playing card.

    Attributes:
        rank (int): 1 (Ace) to 13 (King).  Games where the Ace is high
            compare with their own key (Aces Up: :func:`ace_high`).
        suit (Suit): the suit.
        text (str): the CSE231 form, rank then suit symbol: ``A♠``, ``10♥``
            (computed once per card, as displays show it thousands of times a
            second; not part of equality, order or hash).

    Equal cards (same rank and suit) hash alike; the hash is an int computed
    once, when the card is made, so a state of 52 cards hashes without
    hashing a rank or a suit again (search hashes every position it meets).
    A card pickles as its rank and suit, and copying gives the card itself
    (it is immutable); a subclass's instances pickle and copy as any
    object's do.

    Raises:
        ValueError: for a rank outside 1..13.
    """

    rank: int
    suit: Suit
    text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.rank not in RANKS:
            raise ValueError(f"rank must be 1..13, got {self.rank!r}")
        _derive(self)

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined,no-any-return]  # set by _derive

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        """A card pickles as ``Card(rank, suit)``; an instance of a subclass
        as Python pickles any object (its attributes, extra fields included)."""
        if type(self) is Card:
            return Card, (self.rank, self.suit)
        return super().__reduce_ex__(protocol)

    def __setstate__(self, state: Any) -> None:
        """Unpickle a card pickled with its attributes: one of a subclass, or
        one pickled by cardshell 0.1 (``{'rank', 'suit', 'text'}``)."""
        values, slots = state if isinstance(state, tuple) else (state, None)
        for name, value in {**(values or {}), **(slots or {})}.items():
            object.__setattr__(self, name, value)
        _derive(self)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass copies as Python copies any object (it may hold more
        than a rank and a suit), unless it says otherwise."""
        super().__init_subclass__(**kwargs)
        for name in ("__copy__", "__deepcopy__"):
            if name not in vars(cls):
                setattr(cls, name, None)

    @property
    def rank_text(self) -> str:
        """``A``, ``2`` ... ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_SHORT.get(self.rank, str(self.rank))

    @property
    def unicode(self) -> str:
        """The Unicode playing-card character (U+1F0A1 is the Ace of Spades)."""
        return chr(self.suit.unicode_base + _UNICODE_OFFSET[self.rank])

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self._red  # type: ignore[attr-defined,no-any-return]  # set by _derive

    def __str__(self) -> str:
        return self.text


def _derive(card: Card) -> None:
    """Set what a card computes once from its rank and suit: ``text``, its
    hash (rank and suit as one int, 4 * rank + the suit's place) and its colour."""
    setter = object.__setattr__
    setter(card, "text", f"{_RANK_SHORT.get(card.rank, str(card.rank))}{card.suit.value}")
    setter(card, "_hash", 4 * card.rank + _SUIT_ORDER[card.suit])
    setter(card, "_red", card.suit is Suit.DIAMONDS or card.suit is Suit.HEARTS)


#: The 52 cards, one object each, by (rank, suit): what the functions below
#: return, so that a deal's cards are shared, never built again.
_CARDS = {(rank, suit): Card(rank, suit) for suit in SUITS for rank in RANKS}


def ace_high(card: Card) -> int:
    """Rank key with the Ace above the King (Ace = 14), as in Aces Up.

    Args:
        card (Card): any card.

    Returns:
        int: 2..14.
    """
    return 14 if card.rank == ACE else card.rank


def new_deck() -> list[Card]:
    """A fresh, unshuffled 52-card deck, suit after suit (clubs, diamonds,
    hearts, spades), each from Ace to King.

    Returns:
        list[Card]: 52 distinct cards.
    """
    return [_CARDS[rank, suit] for suit in SUITS for rank in RANKS]


def card_of_number(number: int, suits: tuple[Suit, ...]) -> Card:
    """The card numbered ``number`` when a 52-card deck is numbered ace to
    king within each suit, the suits in the order ``suits``.

    ``number % 13`` is the rank index (0 = Ace .. 12 = King) and
    ``number // 13`` the index in ``suits``: with Hearts, Diamonds, Clubs,
    Spades (the numbering of Pictures and of Up-and-Down, each game's own
    ``NOTES.md``), 16 is the Four of Diamonds and 36 the Jack of Clubs.

    Args:
        number (int): 0..51.
        suits (tuple[Suit, ...]): the four suits in the numbering's order.

    Returns:
        Card: the card (rank 1..13).

    Raises:
        ValueError: if ``number`` is not in 0..51 or ``suits`` is not four
            suits.
    """
    if len(suits) != len(SUITS) or not 0 <= number < len(SUITS) * len(RANKS):
        raise ValueError(f"card number must be 0..51 over four suits, got {number!r} over {len(suits)}")
    rank, suit = number % 13 + 1, suits[number // 13]
    return _CARDS.get((rank, suit)) or Card(rank, suit)


def shuffled_deck(rng: random.Random) -> list[Card]:
    """A full deck shuffled with the game's own generator.

    Args:
        rng (random.Random): the game's seeded generator (never the global
            ``random`` state).

    Returns:
        list[Card]: 52 distinct cards; by convention the *end* of the list is
        the top of the stock (``list.pop()`` deals).
    """
    deck = new_deck()
    rng.shuffle(deck)
    return deck


def parse_card(text: str) -> Card:
    """Read a card in the CSE231 form (``A♠``, ``10h``, ``qd``).

    Accepts the suit symbol or its initial letter (c, d, h, s), any case.

    Args:
        text (str): the card text.

    Returns:
        Card: the card.

    Raises:
        ValueError: if the text is not a card.
    """
    text = text.strip().upper()
    if len(text) < 2:
        raise ValueError(f"not a card: {text!r}")
    rank_text, suit_text = text[:-1], text[-1]
    letters = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES}
    suit = letters.get(suit_text) or next((s for s in SUITS if s.symbol == suit_text), None)
    ranks = {v: k for k, v in _RANK_SHORT.items()} | {str(r): r for r in range(2, 11)}
    if suit is None or rank_text not in ranks:
        raise ValueError(f"not a card: {text!r}")
    return _CARDS[ranks[rank_text], suit]

