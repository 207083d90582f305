"""Up-and-Down (COMP9021 solitaire 2, Section 4): exact output and structure.

Fixtures in tests/data/up_and_down/ hold the collected output of seed 46
(lost in one round, nothing placed: derived by hand in
``test_seed_46_derived_by_hand``) and of seed 2 (won in 10 rounds, pinned).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from cardshell.cards import Card, Suit
from cardshell_up_and_down import rules
from cardshell_up_and_down.rules import CHARS, cards_left_counts, play

DATA = Path(__file__).parent / "data" / "up_and_down"

BASE, UP, DOWN = rules.BASE_MESSAGE, rules.INCREASING_MESSAGE, rules.DECREASING_MESSAGE
ROUND = re.compile(r"Starting to draw 3 cards \(if possible\) again and again for the (\w+) time\.\.\.")
CARD = "[\U0001f0a1-\U0001f0de]"


def fixture(name: str) -> list[str]:
    return (DATA / name).read_text(encoding="utf-8").split("\n")[:-1]


def test_card_characters_and_shared_model():
    assert CHARS[0] == "\U0001f0b1" and CHARS[13] == "\U0001f0c1" and CHARS[26] == "\U0001f0d1"
    assert CHARS[39] == "\U0001f0a1" and CHARS[50] == "\U0001f0ad" and CHARS[12] == "\U0001f0be"
    assert rules.to_card(16) == Card(4, Suit.DIAMONDS)
    assert all(rules.to_card(c).unicode == CHARS[c] for c in range(52))


@pytest.mark.parametrize(
    ("number", "text"),
    [(1, "first"), (2, "second"), (3, "third"), (4, "4th"), (10, "10th"), (11, "11th"), (12, "12th"),
     (13, "13th"), (21, "21st"), (22, "22nd"), (23, "23rd"), (101, "101st"), (111, "111th"), (112, "112th")],
)
def test_ordinals(number, text):
    assert rules.ordinal(number) == text


def test_stack_lines():
    assert rules.stacks_text([[], [], [], []]) == ""
    assert rules.stacks_text([[0], [], [], []]) == "    " + CHARS[0]
    assert rules.stacks_text([[], [], [26, 27], []]) == "    " + " " * 30 + "[" + CHARS[27]
    line = rules.stacks_text([[0, 1, 2], [13], [], [39]])
    assert line == "    [[" + CHARS[2] + " " * 12 + CHARS[13] + " " * 14 + " " * 15 + CHARS[39]
    assert [line[4 + 15 * k] for k in range(4)] == ["[", CHARS[13], " ", CHARS[39]]


def test_pile_text():
    assert rules.pile_text([]) == ""
    assert rules.pile_text([5]) == CHARS[5]
    assert rules.pile_text([5, 7, 9]) == "[[" + CHARS[9]


def test_seed_46_derived_by_hand():
    """Seed 46: no packet top is an Ace or a King, so nothing is ever placed.

    Drawing order (top of the deck first) from Section 2's shuffle: the
    packets are 3 cards each, 17 full ones and a last one of 1 card; their
    tops are the cards below.  None is an Ace or a King (the Ace of Clubs,
    26, is the bottom of packet 14, under the Jack of Diamonds and the Ten
    of Clubs), so the round places nothing and the game is lost with 52.
    """
    deck = list(range(52))
    random.Random(46).shuffle(deck)
    order = deck[::-1]
    tops = [2, 14, 9, 49, 20, 8, 5, 15, 28, 24, 36, 10, 27, 35, 16, 42, 32, 41]
    assert [order[i] for i in range(2, 52, 3)] + [order[51]] == tops
    assert all(card % 13 not in (0, 12) for card in tops)
    expected = [
        "Deck shuffled, ready to start!",
        "]" * 52,
        "",
        "Starting to draw 3 cards (if possible) again and again for the first time...",
    ]
    for packet, top in enumerate(tops, start=1):
        drawn = min(3 * packet, 52)
        expected += ["", "]" * (52 - drawn), "[" * (drawn - 1) + CHARS[top], "", ""]
    game = play(46)
    assert list(game.lines) == expected == fixture("seed_46.txt")
    assert game.cards_left == 52 and game.rounds == 1
    assert game.result == "52 cards could not be placed, you lost!"


def test_won_game_complete_output():
    game = play(2)
    assert list(game.lines) == fixture("seed_2.txt")
    assert game.won and game.cards_left == 0 and game.rounds == 10
    assert game.result == "All cards have been placed, you won!"
    # The last event places the last card: deck and pile lines are empty.
    assert game.lines[-6] == "" and game.lines[-5] in (BASE, rules.INCREASING_MESSAGE, rules.DECREASING_MESSAGE)
    assert game.lines[-4] == game.lines[-3] == ""
    check_structure(game)


def test_lost_game_first_events():
    game = play(0)
    assert game.cards_left == 15 and not game.won
    # The first packet's top is the Ace of Clubs (26): it starts its stack.
    deck = list(range(52))
    random.Random(0).shuffle(deck)
    first = deck[::-1][:3]
    assert first[2] == 26
    assert game.lines[4:15] == (
        "",
        "]" * 49,
        "[[" + CHARS[26],
        "",
        "",
        "",
        BASE,
        "]" * 49,
        "[" + CHARS[first[1]],
        "    " + " " * 30 + CHARS[26],
        "",
    )


def parse_stacks(line: str, increasing: bool) -> list[int]:
    """Stack sizes from a stack line, checking every character's place."""
    if line == "":
        return [0, 0, 0, 0]
    assert line.startswith("    ") and not line.endswith(" ")
    body = line[4:].ljust(60)
    assert len(body) == 60
    sizes = []
    for column in range(4):
        segment = body[15 * column : 15 * column + 15].rstrip(" ")
        if not segment:
            sizes.append(0)
            continue
        assert re.fullmatch(r"\[*" + CARD, segment), segment
        card = CHARS.index(segment[-1])
        size = len(segment)
        assert card // 13 == column  # Hearts, Diamonds, Clubs, Spades
        assert card % 13 == (size - 1 if increasing else 13 - size)
        sizes.append(size)
    return sizes


def check_structure(game: rules.UpAndDownGame) -> None:
    """Every promise of Section 4.2 / GAMES.md that holds for any seed."""
    lines = game.lines
    assert lines[0] == "Deck shuffled, ready to start!" and lines[1] == "]" * 52
    assert lines[2] == "" and lines[-4] == ""
    assert not any("\t" in line or line.endswith(" ") for line in lines)
    deck, pile, inc, dec = 52, 0, [0] * 4, [0] * 4
    rounds = placed_in_round = placed = 0
    index = 2
    while index < len(lines):
        assert lines[index] == ""
        line = lines[index + 1]
        match = ROUND.fullmatch(line)
        if match:
            if rounds:
                assert placed_in_round > 0 and pile > 0 and deck == 0
                deck, pile = pile, 0
            rounds += 1
            assert match[1] == rules.ordinal(rounds)
            placed_in_round = 0
            index += 2
            continue
        message = line if line in (BASE, UP, DOWN) else None
        start = index + 2 if message else index + 1
        deck_line, pile_line, inc_line, dec_line = lines[start : start + 4]
        assert set(deck_line) <= {"]"}
        assert pile_line == "" or re.fullmatch(r"\[*" + CARD, pile_line)
        new_inc, new_dec = parse_stacks(inc_line, True), parse_stacks(dec_line, False)
        new_deck, new_pile = len(deck_line), len(pile_line)
        assert new_deck + new_pile + sum(new_inc) + sum(new_dec) == 52  # conservation
        if message is None:  # a draw of up to 3 cards
            drawn = min(3, deck)
            assert drawn > 0 and new_deck == deck - drawn and new_pile == pile + drawn
            assert (new_inc, new_dec) == (inc, dec)
        else:  # one card placed
            assert new_deck == deck and new_pile == pile - 1
            grown = [("inc", k) for k in range(4) if new_inc[k] != inc[k]] + [
                ("dec", k) for k in range(4) if new_dec[k] != dec[k]]
            assert len(grown) == 1
            side, column = grown[0]
            size = (new_inc if side == "inc" else new_dec)[column]
            assert size == (inc if side == "inc" else dec)[column] + 1
            if size == 1:
                assert message == BASE
            else:
                assert message == (UP if side == "inc" else DOWN)
            placed_in_round += 1
            placed += 1
        deck, pile, inc, dec = new_deck, new_pile, new_inc, new_dec
        index = start + 4
    assert rounds == game.rounds and deck == 0
    assert pile == game.cards_left and placed == 52 - game.cards_left
    if game.won:
        assert inc_line and dec_line and sum(inc) + sum(dec) == 52
    else:
        assert placed_in_round == 0 and game.cards_left >= 3


@pytest.mark.parametrize("seed", [*range(0, 40), -1, -46, 10**12])
def test_structure_many_seeds(seed):
    check_structure(play(seed))


def test_fast_counts_agree_with_play():
    start, count = -200, 800
    expected = [0] * 53
    for seed in range(start, start + count):
        expected[play(seed).cards_left] += 1
    assert cards_left_counts(start, count) == expected
    assert expected[1] == expected[2] == 0  # 1 or 2 cards can never be left


def test_fast_path_uses_the_unrolled_shuffle_on_this_python():
    assert rules.INLINE_SHUFFLE
    deck = list(range(52))
    rules._shuffle52(deck, random.Random(678).getrandbits)
    assert deck[:13] == [11, 12, 22, 38, 15, 16, 14, 28, 4, 34, 46, 48, 33]  # Section 2
