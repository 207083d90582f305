"""The card forms that belong to one game, kept in that game's plugin: the
COMP9021 card numbers of Pictures and Up-and-Down (Section 2 of their
NOTES.md pages) and Blackjack's card names (plugins/cardshell_blackjack/NOTES.md)."""

from __future__ import annotations

import pytest

from cardshell import cards
from cardshell.cards import Card, Suit, new_deck
from cardshell_blackjack.rules import card_name
from cardshell_pictures import rules as pictures
from cardshell_up_and_down import rules as up_and_down

NUMBERINGS = [pictures, up_and_down]


@pytest.mark.parametrize("rules", NUMBERINGS, ids=["pictures", "up-and-down"])
def test_numbering_of_section_2(rules):
    assert rules.SECTION2_SUITS == (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)
    assert rules.to_card(0) == Card(1, Suit.HEARTS)
    assert rules.to_card(12) == Card(13, Suit.HEARTS)
    assert rules.to_card(16) == Card(4, Suit.DIAMONDS)  # Section 2's example
    assert rules.to_card(36) == Card(11, Suit.CLUBS)  # Section 2's example
    assert rules.to_card(51) == Card(13, Suit.SPADES)
    assert sorted(rules.to_card(n) for n in range(52)) == sorted(new_deck())


@pytest.mark.parametrize("rules", NUMBERINGS, ids=["pictures", "up-and-down"])
@pytest.mark.parametrize("number", [-1, 52, 100])
def test_out_of_range_numbers_are_rejected(rules, number):
    with pytest.raises(ValueError, match="0..51"):
        rules.to_card(number)


@pytest.mark.parametrize("rules", NUMBERINGS, ids=["pictures", "up-and-down"])
def test_unicode_characters(rules):
    assert rules.CHARS[0] == "\U0001f0b1"  # Ace of Hearts
    assert rules.CHARS[16] == "\U0001f0c4"  # Four of Diamonds
    assert rules.CHARS[36] == "\U0001f0db"  # Jack of Clubs
    assert rules.CHARS[11] == "\U0001f0bd"  # Queen of Hearts: the Knight is skipped
    assert rules.CHARS[51] == "\U0001f0ae"  # King of Spades
    assert len(set(rules.CHARS)) == 52


@pytest.mark.parametrize("card, name", [
    (Card(1, Suit.CLUBS), "ACE-CLUB"), (Card(10, Suit.HEARTS), "10-HEART"),
    (Card(12, Suit.DIAMONDS), "QUEEN-DIAMOND"), (Card(11, Suit.SPADES), "JACK-SPADE"),
    (Card(13, Suit.CLUBS), "KING-CLUB"), (Card(2, Suit.SPADES), "2-SPADE"),
])
def test_blackjack_names_its_cards(card, name):
    assert card_name(card) == name


def test_the_shared_card_model_has_no_game_specific_forms():
    assert not hasattr(Card(1, Suit.CLUBS), "long_name") and not hasattr(Suit.CLUBS, "long_name")
    assert not [name for name in vars(cards) if "COMP9021" in name.upper()]


def test_card_of_number_follows_the_suit_order_given():
    order = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
    assert cards.card_of_number(0, order) == Card(1, Suit.SPADES)
    assert cards.card_of_number(13, order) == Card(1, Suit.CLUBS)
    assert cards.card_of_number(51, order) == Card(13, Suit.HEARTS)
    assert len({cards.card_of_number(n, order) for n in range(52)}) == 52


@pytest.mark.parametrize(("number", "suits"), [(52, tuple(Suit)), (-1, tuple(Suit)), (0, (Suit.HEARTS,))])
def test_card_of_number_rejects_numbers_and_orders_outside_a_deck(number, suits):
    with pytest.raises(ValueError, match="0..51"):
        cards.card_of_number(number, suits)
