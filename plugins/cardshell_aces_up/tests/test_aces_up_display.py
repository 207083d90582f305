"""The Aces Up display: the instructor's provided ``display`` function
(CSE 231 hand-out, Specifications 4; GAMES.md "aces-up"), as exact text."""

from __future__ import annotations

import copy

from cardshell.cards import parse_card
from cardshell_aces_up import rules
from cardshell_aces_up.display import HEADER, render
from cardshell_aces_up.rules import AcesUpState


def cards(text: str):
    return [parse_card(word) for word in text.split()]


def test_header_is_the_instructors_format():
    # "{:<8s}{:^13s}{:s}".format("stock", "tableau", "  foundation")
    assert HEADER == "stock      tableau     foundation"


def test_layout_with_stock_ragged_columns_an_empty_column_and_a_foundation():
    state = AcesUpState(
        stock=cards("2C 3C"),
        tableau=[cards("AS 10H 4D"), [], cards("QD JC"), cards("9S")],
        foundation=cards("5H KC"),
    )
    assert render(state) == (
        "stock      tableau     foundation\n"
        "XX      A♠      Q♦  9♠      K♣\n"
        "        10♥     J♣\n"
        "        4♦"
    )


def test_empty_stock_leaves_the_stock_field_blank_and_no_foundation_card():
    state = AcesUpState(stock=[], tableau=[[], cards("AH"), [], cards("AC 7C")], foundation=[])
    assert render(state) == (
        "stock      tableau     foundation\n"
        "            A♥      A♣\n"
        "                    7♣"
    )


def test_no_line_has_trailing_spaces_and_columns_are_four_wide():
    state = rules.deal(rules.deal(rules.init_game(11)))
    lines = render(state).splitlines()
    assert len(lines) == 4  # header + 3 rows
    assert all(line == line.rstrip() for line in lines)
    for row, line in enumerate(lines[1:]):
        for k, column in enumerate(state.tableau):
            assert line[8 + 4 * k :].startswith(column[row].text)
    assert lines[1].startswith("XX      ")


def test_a_constructed_empty_tableau_still_shows_stock_and_foundation():
    state = AcesUpState(stock=cards("2C"), tableau=[[], [], [], []], foundation=cards("3D"))
    assert render(state) == "stock      tableau     foundation\nXX                          3♦"


def test_render_does_not_change_the_state():
    state = rules.init_game(3)
    before = copy.deepcopy(state)
    render(state)
    assert state == before
