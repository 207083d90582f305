"""Section 2 of the COMP9021 hand-out: the card numbers both solitaires use.

A card is a number 0..51: Hearts 0-12, Diamonds 13-25, Clubs 26-38, Spades
39-51, each from ace to king (``card % 13`` is the rank minus one,
``card // 13`` the suit index); plugins/cardshell_pictures/RULES.md and
plugins/cardshell_up_and_down/RULES.md settle it for each game.
"""

from __future__ import annotations

from cardshell.cards import Card, Suit, card_of_number

#: Suits in the order of Section 2's numbering (Hearts 0-12, Diamonds 13-25,
#: Clubs 26-38, Spades 39-51).
SECTION2_SUITS = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)

#: Number of cards in the full deck.
DECK_SIZE = 52


def to_card(number: int) -> Card:
    """The card a Section 2 card number denotes: Hearts 0-12, Diamonds
    13-25, Clubs 26-38, Spades 39-51, each from ace to king
    (:func:`cardshell.cards.card_of_number` over :data:`SECTION2_SUITS`).

    Args:
        number (int): a card number, 0..51.

    Returns:
        Card: the card.

    Raises:
        ValueError: if ``number`` is not in 0..51.
    """
    return card_of_number(number, SECTION2_SUITS)


#: The Unicode playing-card character of each card number (Spades from
#: U+1F0A1, Hearts U+1F0B1, Diamonds U+1F0C1, Clubs U+1F0D1, Knight skipped;
#: :attr:`cardshell.cards.Card.unicode`).
CHARS: tuple[str, ...] = tuple(to_card(number).unicode for number in range(DECK_SIZE))
