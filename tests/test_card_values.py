"""Cards and suits as values: equality, order, hash, text, pickling and
copying, the same for every way a card is made (the constructor, the deck,
``parse_card``, ``card_of_number``, an unpickled card, one pickled by
cardshell 0.1), with the hash computed once per card."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardshell.cards import RANKS, SUITS, Card, Suit, card_of_number, new_deck, parse_card

cards = st.builds(Card, st.sampled_from(RANKS), st.sampled_from(SUITS))

#: ``(Card(12, Suit.HEARTS), Card(1, Suit.CLUBS))`` pickled by cardshell 0.1 (a card was then pickled with its
#: attributes ``rank``, ``suit`` and ``text``), protocols 2 and 4.
OLD_PICKLES = [
    b'\x80\x02ccardshell.cards\nCard\nq\x00)\x81q\x01}q\x02(X\x04\x00\x00\x00rankq\x03K\x0cX\x04\x00\x00\x00suitq'
    b'\x04ccardshell.cards\nSuit\nq\x05X\x03\x00\x00\x00\xe2\x99\xa5q\x06\x85q\x07Rq\x08X\x04\x00\x00\x00textq\tX'
    b'\x04\x00\x00\x00Q\xe2\x99\xa5q\nubh\x00)\x81q\x0b}q\x0c(h\x03K\x01h\x04h\x05X\x03\x00\x00\x00\xe2\x99\xa3q\r'
    b'\x85q\x0eRq\x0fh\tX\x04\x00\x00\x00A\xe2\x99\xa3q\x10ub\x86q\x11.',
    b'\x80\x04\x95~\x00\x00\x00\x00\x00\x00\x00\x8c\x0fcardshell.cards\x94\x8c\x04Card\x94\x93\x94)\x81\x94}\x94('
    b'\x8c\x04rank\x94K\x0c\x8c\x04suit\x94h\x00\x8c\x04Suit\x94\x93\x94\x8c\x03\xe2\x99\xa5\x94\x85\x94R\x94\x8c'
    b'\x04text\x94\x8c\x04Q\xe2\x99\xa5\x94ubh\x02)\x81\x94}\x94(h\x05K\x01h\x06h\x08\x8c\x03\xe2\x99\xa3\x94\x85'
    b'\x94R\x94h\x0c\x8c\x04A\xe2\x99\xa3\x94ub\x86\x94.',
]


@given(cards, cards)
def test_equal_cards_hash_alike_and_compare_by_rank_then_suit(one, other):
    assert (one == other) == ((one.rank, one.suit) == (other.rank, other.suit))
    if one == other:
        assert hash(one) == hash(other)
    assert (one < other) == ((one.rank, SUITS.index(one.suit)) < (other.rank, SUITS.index(other.suit)))
    assert (one <= other) == (one < other or one == other) and (one > other) == (other < one)


@given(cards)
def test_a_card_is_the_same_value_however_it_is_made(card):
    made = [Card(card.rank, card.suit), parse_card(card.text), dataclasses.replace(card),
            card_of_number(SUITS.index(card.suit) * 13 + card.rank - 1, SUITS),
            next(c for c in new_deck() if (c.rank, c.suit) == (card.rank, card.suit))]
    made += [pickle.loads(pickle.dumps(card, protocol)) for protocol in range(pickle.HIGHEST_PROTOCOL + 1)]
    for other in made:
        assert other == card and hash(other) == hash(card) and {other: 1}[card] == 1
        assert (other.text, str(other), repr(other), other.is_red) == (card.text, str(card), repr(card), card.is_red)


def test_the_text_forms_and_colour_are_unchanged():
    queen = Card(12, Suit.HEARTS)
    assert (queen.text, str(queen), queen.rank_text, queen.unicode) == ("Q♥", "Q♥", "Q", "\U0001F0BD")
    assert repr(queen) == "Card(rank=12, suit=<Suit.HEARTS: '♥'>)"
    assert [card.is_red for card in (Card(1, Suit.CLUBS), Card(1, Suit.DIAMONDS), Card(1, Suit.HEARTS),
                                     Card(1, Suit.SPADES))] == [False, True, True, False]
    assert [field.name for field in dataclasses.fields(Card)] == ["rank", "suit", "text"]
    assert dataclasses.asdict(queen) == {"rank": 12, "suit": Suit.HEARTS, "text": "Q♥"}


@pytest.mark.parametrize("data", OLD_PICKLES, ids=["protocol-2", "protocol-4"])
def test_cards_pickled_by_cardshell_0_1_load_as_equal_cards(data):
    queen, ace = pickle.loads(data)
    assert (queen, ace) == (Card(12, Suit.HEARTS), Card(1, Suit.CLUBS))
    assert {queen, ace} == {Card(12, Suit.HEARTS), Card(1, Suit.CLUBS)}
    assert (queen.text, queen.is_red, ace.text, ace.is_red) == ("Q♥", True, "A♣", False)


def test_copies_of_a_card_are_the_card_and_a_state_of_cards_deep_copies_to_an_equal_one():
    card = Card(5, Suit.SPADES)
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    state = (tuple(new_deck()), [card])
    copied = copy.deepcopy(state)
    assert copied == state and copied[1] is not state[1]


def test_suits_keep_their_order_and_hash_by_identity():
    assert sorted(reversed(SUITS)) == list(SUITS) == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
    assert Suit.CLUBS < Suit.SPADES and not Suit.SPADES < Suit.CLUBS
    assert pickle.loads(pickle.dumps(Suit.HEARTS)) is Suit.HEARTS
    assert {suit: suit.symbol for suit in SUITS}[pickle.loads(pickle.dumps(Suit.CLUBS))] == "♣"
    with pytest.raises(TypeError):
        Suit.CLUBS < 1  # noqa: B015


def test_a_card_rejects_a_rank_outside_1_to_13():
    with pytest.raises(ValueError, match="rank must be 1..13, got 14"):
        Card(14, Suit.CLUBS)


@dataclasses.dataclass(frozen=True)
class Marked(Card):
    """A card of a stranger's game that carries a mark."""

    mark: str = ""


def test_a_subclass_with_a_field_of_its_own_pickles_and_copies_with_it():
    marked = Marked(12, Suit.HEARTS, "trump")
    for other in [copy.copy(marked), copy.deepcopy(marked), *(pickle.loads(pickle.dumps(marked, protocol))
                                                              for protocol in range(pickle.HIGHEST_PROTOCOL + 1))]:
        assert type(other) is Marked and other == marked and other.mark == "trump" and other.text == "Q♥"
    assert marked != Card(12, Suit.HEARTS) and hash(marked) == hash(Marked(12, Suit.HEARTS, "trump"))


def test_every_card_has_a_typeable_word_that_parses_back():
    from cardshell.cards import Suit, new_deck, parse_card

    words = [card.word for card in new_deck()]
    assert words[:3] == ["ac", "2c", "3c"] and "10s" in words and "qd" in words
    assert all(word.isascii() and word == word.lower() for word in words)
    assert [parse_card(word) for word in words] == new_deck()
    assert [suit.letter for suit in Suit] == ["c", "d", "h", "s"]
