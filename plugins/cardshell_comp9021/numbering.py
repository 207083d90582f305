"""The COMP9021 card numbers: 0..51, Hearts, Diamonds, Clubs, Spades, each from ace to king.

Rules: plugins/cardshell_pictures/RULES.md and plugins/cardshell_up_and_down/RULES.md.
"""

from __future__ import annotations

from cardshell.cards import Card, Suit, card_of_number

#: Suits in the order of Section 2's numbering (Hearts 0-12, Diamonds 13-25,
#: Clubs 26-38, Spades 39-51).
SECTION2_SUITS = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)

#: Number of cards in the full deck.
DECK_SIZE = 52


def to_card(number: int) -> Card:
    """The card that ``number`` (0..51) denotes.

    Raises:
        ValueError: if ``number`` is not in 0..51.
    """
    return card_of_number(number, SECTION2_SUITS)


#: The Unicode playing-card character of each card number (Spades from
#: U+1F0A1, Hearts U+1F0B1, Diamonds U+1F0C1, Clubs U+1F0D1, Knight skipped;
#: :attr:`cardshell.cards.Card.unicode`).
CHARS: tuple[str, ...] = tuple(to_card(number).unicode for number in range(DECK_SIZE))
