"""The card model shared by card games: ranks, suits, cards, decks.

Part of the plugin toolkit (docs/reference.md, "The toolkit"): immutable
values and pure functions; a game shuffles with its own seeded
:class:`random.Random`.  Text forms: rank then suit symbol, ``A♠``, ``10♥``
(:attr:`Card.text`, :func:`parse_card`; plugins/cardshell_aces_up/NOTES.md),
and the Unicode standard's "Playing Cards" block (:attr:`Card.unicode`).
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
    """The four suits, valued by symbol and ordered clubs, diamonds, hearts, spades.

    A suit hashes by identity, in C: a state's hash reaches its suits often.
    """

    CLUBS = "♣"
    DIAMONDS = "♦"
    HEARTS = "♥"
    SPADES = "♠"

    __hash__ = object.__hash__

    @property
    def letter(self) -> str:
        """The suit's typeable initial: ``c``, ``d``, ``h`` or ``s``."""
        return self.name[0].lower()

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
        rank: 1 (Ace) to 13 (King); an Ace-high game keys with :func:`ace_high`.
        suit: the suit.
        text: rank then suit symbol, ``A♠``, ``10♥``; not part of equality.

    The hash is computed once, when the card is made, as search hashes every
    position.  A card pickles as its rank and suit and copies as itself; a
    subclass's instances pickle and copy as any object's do.

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
        """``Card(rank, suit)``; a subclass's instance pickles as any object does."""
        if type(self) is Card:
            return Card, (self.rank, self.suit)
        return super().__reduce_ex__(protocol)

    def __setstate__(self, state: Any) -> None:
        """Unpickle a card pickled with its attributes (a subclass's, or cardshell 0.1's)."""
        values, slots = state if isinstance(state, tuple) else (state, None)
        for name, value in {**(values or {}), **(slots or {})}.items():
            object.__setattr__(self, name, value)
        _derive(self)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass copies as any object does, unless it defines its own copy."""
        super().__init_subclass__(**kwargs)
        for name in ("__copy__", "__deepcopy__"):
            if name not in vars(cls):
                setattr(cls, name, None)

    @property
    def rank_text(self) -> str:
        """``A``, ``2`` ... ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_SHORT.get(self.rank, str(self.rank))

    @property
    def word(self) -> str:
        """The card as a player types it, rank then suit letter, lower case:
        ``ah``, ``7h``, ``10s``, ``qd`` (:func:`parse_card` reads it back)."""
        return f"{self.rank_text.lower()}{self.suit.letter}"

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
    """Set a card's ``text``, hash and colour, computed once."""
    setter = object.__setattr__
    setter(card, "text", f"{_RANK_SHORT.get(card.rank, str(card.rank))}{card.suit.value}")
    setter(card, "_hash", 4 * card.rank + _SUIT_ORDER[card.suit])
    setter(card, "_red", card.suit is Suit.DIAMONDS or card.suit is Suit.HEARTS)


#: The 52 cards, one shared object each, by (rank, suit).
_CARDS = {(rank, suit): Card(rank, suit) for suit in SUITS for rank in RANKS}


def ace_high(card: Card) -> int:
    """Rank key 2..14 with the Ace above the King, as in Aces Up."""
    return 14 if card.rank == ACE else card.rank


def new_deck() -> list[Card]:
    """The 52 cards unshuffled: clubs, diamonds, hearts, spades, each from Ace to King."""
    return [_CARDS[rank, suit] for suit in SUITS for rank in RANKS]


def card_of_number(number: int, suits: tuple[Suit, ...]) -> Card:
    """The card numbered ``number`` in a deck numbered Ace to King within each suit.

    With Hearts, Diamonds, Clubs, Spades (Pictures and Up-and-Down, each
    game's ``NOTES.md``), 16 is the Four of Diamonds.

    Args:
        number: 0..51.
        suits: the four suits in the numbering's order.

    Raises:
        ValueError: ``number`` is not in 0..51 or ``suits`` is not four suits.
    """
    if len(suits) != len(SUITS) or not 0 <= number < len(SUITS) * len(RANKS):
        raise ValueError(f"card number must be 0..51 over four suits, got {number!r} over {len(suits)}")
    rank, suit = number % 13 + 1, suits[number // 13]
    return _CARDS.get((rank, suit)) or Card(rank, suit)


def shuffled_deck(rng: random.Random) -> list[Card]:
    """The 52 cards shuffled with ``rng``, the game's seeded generator; the list's end is the top of the stock."""
    deck = new_deck()
    rng.shuffle(deck)
    return deck


def parse_card(text: str) -> Card:
    """Read a card as rank then suit symbol or initial, any case (``A♠``, ``10h``, ``qd``).

    Raises:
        ValueError: the text is not a card.
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

