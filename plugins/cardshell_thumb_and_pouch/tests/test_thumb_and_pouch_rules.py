"""Thumb and Pouch rules (plugins/cardshell_thumb_and_pouch/rules.py), tested directly.

Hand-out ``seeds/cse231-thumb-and-pouch.txt`` and GAMES.md "thumb-and-pouch":
the classic deal, every legal move kind, every illegal move kind with its
exact message and an unchanged state, group moves, flipping, stock
exhaustion and a win.
"""

from __future__ import annotations

import copy

import pytest

from cardshell.cards import new_deck, parse_card
from cardshell.errors import CommandError
from cardshell_thumb_and_pouch import rules
from cardshell_thumb_and_pouch.rules import Placed, ThumbAndPouchState


def cards(text: str) -> tuple:
    """``"A♠ 2♠"`` -> [Card, Card]."""
    return tuple(parse_card(word) for word in text.split())


def pile(text: str) -> tuple[Placed, ...]:
    """``"-K♠ Q♣"`` -> K♠ face down under Q♣ face up (a leading ``-`` is face down)."""
    return tuple(Placed(parse_card(word.lstrip("-")), not word.startswith("-")) for word in text.split())


def make(tableau: list[str], foundations: list[str] = ("", "", "", ""), stock: str = "", waste: str = ""):
    return ThumbAndPouchState(
        foundations=[cards(f) for f in foundations],
        tableau=[pile(p) for p in tableau],
        stock=cards(stock),
        waste=cards(waste),
    )


@pytest.fixture
def position() -> ThumbAndPouchState:
    """A constructed mid-game position (cards need not be all 52 here)."""
    return make(
        tableau=[
            "-K♠ Q♣",  # 1
            "9♣ 8♦ 7♣",  # 2: a face-up run of 3
            "",  # 3: empty
            "-2♦ -5♣ 10♠",  # 4: one face-up card over two face-down
            "2♠",  # 5
            "J♣",  # 6
            "9♦ 9♥",  # 7: face up but not a run (constructed)
        ],
        foundations=["A♠", "", "", ""],
        stock="3♣ 4♦",
        waste="A♥ 8♠",
    )


# --- the deal --------------------------------------------------------------------


def test_deal_follows_the_classic_klondike_order():
    deck = new_deck()  # top is the end: K♠, Q♠, J♠, ...
    state = rules.deal(deck)
    top_down = list(reversed(deck))
    # Pass 1: K♠ face up on pile 1, then Q♠ .. 7♠ face down on piles 2..7.
    assert state.tableau[0] == (Placed(top_down[0], True),)
    assert [p[0] for p in state.tableau[1:]] == [Placed(c, False) for c in top_down[1:7]]
    # Pass 2: 6♠ face up on pile 2, then 5♠ .. A♠ face down on piles 3..7.
    assert state.tableau[1][1] == Placed(top_down[7], True)
    assert [p[1] for p in state.tableau[2:]] == [Placed(c, False) for c in top_down[8:13]]
    # After 28 cards the next one goes to the waste, the rest is the stock.
    assert state.waste == (top_down[28],)
    assert state.stock == tuple(deck[:23])
    assert deck == new_deck()  # the argument is not changed


def test_deal_for_a_fixed_seed():
    state = rules.new_game(1)
    assert [len(p) for p in state.tableau] == [1, 2, 3, 4, 5, 6, 7]
    for p in state.tableau:
        assert [placed.face_up for placed in p] == [False] * (len(p) - 1) + [True]
    assert len(state.stock) == 23 and len(state.waste) == 1
    assert state.foundations == ((), (), (), ())
    assert sorted(state.cards()) == sorted(new_deck())
    assert [p[-1].card.text for p in state.tableau] == ["9♣", "3♥", "7♠", "6♠", "4♣", "9♥", "K♦"]
    assert [c.text for c in state.waste] == ["8♦"]
    assert rules.new_game(1) == state
    assert rules.new_game(2) != state


# --- legal moves -------------------------------------------------------------------


def test_tf_moves_the_top_card_to_its_foundation(position):
    before = copy.deepcopy(position)
    after = rules.tableau_to_foundation(position, 5, 1)
    assert after.foundations[0] == cards("A♠ 2♠")
    assert after.tableau[4] == ()
    assert position == before  # pure


def test_tf_ace_starts_any_empty_foundation():
    state = make(["A♦", "", "", "", "", "", ""])
    after = rules.tableau_to_foundation(state, 1, 3)
    assert after.foundations == ((), (), cards("A♦"), ())


def test_tf_turns_the_face_down_card_left_on_top():
    state = make(["-7♥ -5♣ A♦", "", "", "", "", "", ""])
    after = rules.tableau_to_foundation(state, 1, 1)
    assert after.tableau[0] == pile("-7♥ 5♣")


def test_tt_one_card_onto_another_suit_one_rank_higher(position):
    after = rules.tableau_to_tableau(position, 4, 6, 1)
    assert after.tableau[5] == pile("J♣ 10♠")
    # The face-down 5♣ left on top of pile 4 is turned over.
    assert after.tableau[3] == pile("-2♦ 5♣")


def test_tt_longest_run_onto_an_empty_pile(position):
    after = rules.tableau_to_tableau(position, 2, 3, 3)
    assert after.tableau[2] == pile("9♣ 8♦ 7♣")
    assert after.tableau[1] == ()


def test_tt_part_of_a_run(position):
    after = rules.tableau_to_tableau(position, 2, 3, 2)
    assert after.tableau[2] == pile("8♦ 7♣")
    assert after.tableau[1] == pile("9♣")


def test_tt_group_move_onto_a_card_and_flip():
    state = make(["-A♣ -K♥ 10♠ 9♥ 8♣ 7♦", "J♦", "", "", "", "", ""])
    after = rules.tableau_to_tableau(state, 1, 2, 4)  # the longest legal run
    assert after.tableau[1] == pile("J♦ 10♠ 9♥ 8♣ 7♦")
    assert after.tableau[0] == pile("-A♣ K♥")


def test_tt_any_different_suit_not_only_other_colour():
    state = make(["7♥", "8♦", "", "", "", "", ""])  # both red: legal in Thumb and Pouch
    assert rules.tableau_to_tableau(state, 1, 2, 1).tableau[1] == pile("8♦ 7♥")


def test_wt_onto_a_card(position):
    after = rules.waste_to_tableau(position, 7)
    assert after.tableau[6] == pile("9♦ 9♥ 8♠")
    assert after.waste == cards("A♥")


def test_wt_onto_an_empty_pile(position):
    after = rules.waste_to_tableau(position, 3)
    assert after.tableau[2] == pile("8♠")


def test_wf_moves_the_top_waste_card(position):
    after = rules.waste_to_foundation(rules.waste_to_tableau(position, 7), 2)
    assert after.foundations[1] == cards("A♥")
    assert after.waste == ()


def test_sw_turns_the_top_stock_card_onto_the_waste(position):
    after = rules.stock_to_waste(position)
    assert after.stock == cards("3♣")
    assert after.waste == cards("A♥ 8♠ 4♦")


def test_stock_exhaustion_one_pass_only():
    state = rules.new_game(7)
    expected_waste = state.waste + tuple(reversed(state.stock))
    for _ in range(23):
        state = rules.stock_to_waste(state)
    assert state.stock == () and len(state.waste) == 24
    assert state.waste == expected_waste  # bottom first, top last
    with pytest.raises(CommandError) as error:
        rules.stock_to_waste(state)
    assert error.value.message == "Error, the stock is empty: only one pass through the stock is allowed."


# --- illegal moves: one message each, state unchanged ------------------------------

ILLEGAL = [
    # (move, args, message)
    (rules.tableau_to_foundation, (8, 1), "Error, there is no tableau pile 8: tableau piles are numbered 1 to 7."),
    (rules.tableau_to_foundation, (0, 1), "Error, there is no tableau pile 0: tableau piles are numbered 1 to 7."),
    (rules.tableau_to_foundation, (5, 5), "Error, there is no foundation 5: foundations are numbered 1 to 4."),
    (rules.tableau_to_foundation, (3, 1), "Error, tableau pile 3 is empty: there is no card to move."),
    (
        rules.tableau_to_foundation,
        (6, 2),
        "Error, foundation 2 is empty: only an ace can start it, not J♣.",
    ),
    (
        rules.tableau_to_foundation,
        (6, 1),
        "Error, cannot put J♣ on A♠ in foundation 1: wrong suit, a foundation is built up in one suit "
        "(the next card there is 2♠).",
    ),
    (
        rules.tableau_to_foundation,
        (4, 1),
        "Error, cannot put 10♠ on A♠ in foundation 1: wrong rank, a foundation is built up one rank at a time "
        "(the next card there is 2♠).",
    ),
    (rules.tableau_to_tableau, (9, 1, 1), "Error, there is no tableau pile 9: tableau piles are numbered 1 to 7."),
    (rules.tableau_to_tableau, (1, -1, 1), "Error, there is no tableau pile -1: tableau piles are numbered 1 to 7."),
    (rules.tableau_to_tableau, (2, 2, 1), "Error, the source and the destination are the same tableau pile (2)."),
    (rules.tableau_to_tableau, (2, 3, 0), "Error, the number of cards to move must be at least 1, not 0."),
    (rules.tableau_to_tableau, (3, 1, 1), "Error, tableau pile 3 is empty: there is no card to move."),
    (rules.tableau_to_tableau, (2, 3, 4), "Error, tableau pile 2 has only 3 cards: cannot move 4."),
    (rules.tableau_to_tableau, (5, 3, 2), "Error, tableau pile 5 has only 1 card: cannot move 2."),
    (
        rules.tableau_to_tableau,
        (4, 3, 2),
        "Error, cannot move 2 cards from tableau pile 4: only 1 card is face up, card 2 from the top is face down.",
    ),
    (
        rules.tableau_to_tableau,
        (7, 3, 2),
        "Error, cannot move 2 cards from tableau pile 7: they are not a run (9♥ does not go on 9♦).",
    ),
    (
        rules.tableau_to_tableau,
        (2, 7, 1),
        "Error, cannot put 7♣ on 9♥ in tableau pile 7: wrong rank, only an 8 of a suit other than ♥ goes on 9♥.",
    ),
    (
        rules.tableau_to_tableau,
        (6, 1, 1),
        "Error, cannot put J♣ on Q♣ in tableau pile 1: wrong suit, the card must be of a suit other than ♣.",
    ),
    (rules.waste_to_tableau, (8,), "Error, there is no tableau pile 8: tableau piles are numbered 1 to 7."),
    (
        rules.waste_to_tableau,
        (4,),
        "Error, cannot put 8♠ on 10♠ in tableau pile 4: wrong rank, only a 9 of a suit other than ♠ goes on 10♠.",
    ),
    (rules.waste_to_foundation, (0,), "Error, there is no foundation 0: foundations are numbered 1 to 4."),
    (
        rules.waste_to_foundation,
        (2,),
        "Error, foundation 2 is empty: only an ace can start it, not 8♠.",
    ),
]


@pytest.mark.parametrize(("move", "args", "message"), ILLEGAL)
def test_illegal_move_message_and_state_unchanged(position, move, args, message):
    before = copy.deepcopy(position)
    with pytest.raises(CommandError) as error:
        move(position, *args)
    assert error.value.message == message
    assert position == before


def test_illegal_same_suit_from_the_waste():
    state = make(["9♠", "", "", "", "", "", ""], waste="8♠")
    with pytest.raises(CommandError, match=r"^Error, cannot put 8♠ on 9♠ in tableau pile 1: wrong suit"):
        rules.waste_to_tableau(state, 1)


def test_illegal_nothing_goes_on_an_ace_in_the_tableau():
    state = make(["A♦", "K♣", "", "", "", "", ""])
    with pytest.raises(CommandError) as error:
        rules.tableau_to_tableau(state, 2, 1, 1)
    assert error.value.message == (
        "Error, cannot put K♣ on A♦ in tableau pile 1: wrong rank, no card goes on an ace in the tableau."
    )


def test_illegal_complete_foundation():
    state = make(["A♥", "", "", "", "", "", ""], foundations=["A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠", "", "", ""])
    with pytest.raises(CommandError) as error:
        rules.tableau_to_foundation(state, 1, 1)
    assert error.value.message == "Error, foundation 1 is complete (up to K♠): no card can go on it."


@pytest.mark.parametrize(
    ("stock", "message"),
    [
        ("3♣", "Error, the waste is empty: draw a card from the stock with sw."),
        ("", "Error, the waste is empty and so is the stock."),
    ],
)
def test_illegal_empty_waste(stock, message):
    state = make(["", "", "", "", "", "", ""], stock=stock)
    for move, args in ((rules.waste_to_foundation, (1,)), (rules.waste_to_tableau, (1,))):
        before = copy.deepcopy(state)
        with pytest.raises(CommandError) as error:
            move(state, *args)
        assert error.value.message == message
        assert state == before


def test_illegal_face_down_top_card():
    # Never happens in play (tops are turned at once); the rules still refuse it.
    state = make(["-5♣", "6♦", "", "", "", "", ""], waste="4♦")
    message = "Error, the top card of tableau pile 1 is face down."
    with pytest.raises(CommandError, match=message):
        rules.tableau_to_foundation(state, 1, 1)
    with pytest.raises(CommandError, match=message):
        rules.waste_to_tableau(state, 1)


# --- runs and the end ----------------------------------------------------------------


def test_is_run():
    assert rules.is_run(cards("10♠ 9♥ 8♣ 7♦"))
    assert rules.is_run(cards("5♥ 4♦"))  # two reds: any different suit
    assert not rules.is_run(cards("5♥ 4♥"))
    assert not rules.is_run(cards("5♥ 3♣"))


def nearly_won() -> ThumbAndPouchState:
    """Every card on the foundations but the four kings."""
    return make(
        tableau=["K♠", "", "-K♣ K♦", "", "", "", ""],
        foundations=[
            "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠",
            "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥",
            "A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦",
            "A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣",
        ],
        waste="K♥",
    )


def test_nearly_won_position_wins():
    state = nearly_won()
    assert sorted(state.cards()) == sorted(new_deck())
    state = rules.tableau_to_foundation(state, 3, 3)
    assert state.tableau[2] == pile("K♣")  # turned over
    state = rules.tableau_to_foundation(state, 3, 4)
    state = rules.tableau_to_foundation(state, 1, 1)
    assert not rules.is_won(state)
    state = rules.waste_to_foundation(state, 2)
    assert rules.is_won(state)
    assert all(len(f) == 13 and f[-1].rank == 13 for f in state.foundations)
