"""cardshell.cards: the COMP9021 card numbers of the hand-out's Section 2."""

from __future__ import annotations

import pytest

from cardshell.cards import COMP9021_CHARS, COMP9021_SUITS, Card, Suit, comp9021_card, new_deck


def test_numbering_of_section_2():
    assert COMP9021_SUITS == (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)
    assert comp9021_card(0) == Card(1, Suit.HEARTS)
    assert comp9021_card(12) == Card(13, Suit.HEARTS)
    assert comp9021_card(16) == Card(4, Suit.DIAMONDS)  # Section 2's example
    assert comp9021_card(36) == Card(11, Suit.CLUBS)  # Section 2's example
    assert comp9021_card(51) == Card(13, Suit.SPADES)
    assert sorted(comp9021_card(n) for n in range(52)) == sorted(new_deck())


@pytest.mark.parametrize("number", [-1, 52, 100])
def test_out_of_range_numbers_are_rejected(number):
    with pytest.raises(ValueError):
        comp9021_card(number)


def test_unicode_characters():
    assert COMP9021_CHARS[0] == "\U0001f0b1"  # Ace of Hearts
    assert COMP9021_CHARS[16] == "\U0001f0c4"  # Four of Diamonds
    assert COMP9021_CHARS[36] == "\U0001f0db"  # Jack of Clubs
    assert COMP9021_CHARS[11] == "\U0001f0bd"  # Queen of Hearts: the Knight is skipped
    assert COMP9021_CHARS[51] == "\U0001f0ae"  # King of Spades
    assert len(set(COMP9021_CHARS)) == 52
