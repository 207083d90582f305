"""Pictures (COMP9021 solitaire 1, Section 3): exact output and structure.

Fixtures in tests/data/pictures/ hold the complete output of two games:
seed 477 (won in 2 rounds) was checked card by card against the raw shuffles
(the hand derivation is spelled out in ``test_seed_477_derived_by_hand``),
seed 84 (lost, 7 pictures, 4 rounds) pins a lost game.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from cardshell.cards import Card, Suit
from cardshell_pictures import rules
from cardshell_pictures.rules import CHARS, IS_PICTURE, play, uncovered_counts

DATA = Path(__file__).parent / "data" / "pictures"

# The card characters by Section 2 number, written out by hand from
# GAMES.md's code points (Hearts U+1F0B1, Diamonds U+1F0C1, Clubs U+1F0D1,
# Spades U+1F0A1; J +10, Q +12, K +13).
AS, AC, AH, AD = "\U0001f0a1", "\U0001f0d1", "\U0001f0b1", "\U0001f0c1"


def fixture(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def test_card_characters_follow_games_md():
    assert CHARS[0] == AH and CHARS[13] == AD and CHARS[26] == AC and CHARS[39] == AS
    assert CHARS[16] == "\U0001f0c4"  # Four of Diamonds (Section 2's example)
    assert CHARS[36] == "\U0001f0db"  # Jack of Clubs (Section 2's example)
    assert CHARS[11] == "\U0001f0bd"  # Queen of Hearts: the Knight (+11) is skipped
    assert CHARS[51] == "\U0001f0ae"  # King of Spades
    assert len(set(CHARS)) == 52


def test_to_card_matches_the_shared_model():
    assert rules.to_card(16) == Card(4, Suit.DIAMONDS)
    assert rules.to_card(36) == Card(11, Suit.CLUBS)
    assert all(rules.to_card(c).unicode == CHARS[c] for c in range(52))
    with pytest.raises(ValueError):
        rules.to_card(52)


def test_pictures_are_jacks_queens_kings():
    assert [c for c in range(52) if IS_PICTURE[c]] == [10, 11, 12, 23, 24, 25, 36, 37, 38, 49, 50, 51]


def test_section_2_shuffle_example():
    # Section 2: seed(678) then shuffle(list(range(52))).
    assert rules.shuffled(list(range(52)), 678)[:13] == [11, 12, 22, 38, 15, 16, 14, 28, 4, 34, 46, 48, 33]
    assert rules.shuffled(list(range(52)), 678)[-3:] == [0, 20, 7]


def test_seed_477_derived_by_hand():
    """Seed 477, worked out from the raw shuffles and the rules of Section 3.

    Round 1, top of the deck first: 39 26 3 19 | 45 10 35 37 | 50 36 40 11 |
    1 41 28 24, then 20 6 18 14 4 44.  Pictures: 10 (J♥) 37 (Q♣) 50 (Q♠)
    36 (J♣) 11 (Q♥) 24 (Q♦): 6 aside; the 6 next cards fill the holes in
    reading order and none is a picture.  Round 2 shuffles the 46 cards left
    with seed 478: 22 9 7 38 | 1 20 28 51 | 5 41 40 25 | 21 23 0 12: pictures
    38 51 25 23 12 (5 aside), then 49 13 19 18 17: the Jack of Spades is the
    12th picture, the game is won.
    """
    deck = list(range(52))
    random.Random(477).shuffle(deck)
    assert deck[::-1][:22] == [39, 26, 3, 19, 45, 10, 35, 37, 50, 36, 40, 11, 1, 41, 28, 24, 20, 6, 18, 14, 4, 44]
    second = sorted(set(range(52)) - {10, 37, 50, 36, 11, 24})
    random.Random(478).shuffle(second)
    assert second[::-1][:21] == [22, 9, 7, 38, 1, 20, 28, 51, 4, 41, 40, 25, 21, 23, 0, 12, 49, 13, 19, 18, 17]

    c = CHARS
    t = "\t"
    expected = [
        "Deck shuffled, ready to start!",
        "]" * 52,
        "",
        "Starting first round...",
        "",
        "Drawing and placing 16 cards:",
        "]" * 36,
        t + c[39] + t + c[26] + t + c[3] + t + c[19],
        t + c[45] + t + c[10] + t + c[35] + t + c[37],
        t + c[50] + t + c[36] + t + c[40] + t + c[11],
        t + c[1] + t + c[41] + t + c[28] + t + c[24],
        "",
        "Putting 6 pictures aside:",
        t + c[39] + t + c[26] + t + c[3] + t + c[19],
        t + c[45] + t + t + c[35] + t,
        t + t + t + c[40] + t,
        t + c[1] + t + c[41] + t + c[28] + t,
        "",
        "Drawing and placing 6 cards:",
        "]" * 30,
        t + c[39] + t + c[26] + t + c[3] + t + c[19],
        t + c[45] + t + c[20] + t + c[35] + t + c[6],
        t + c[18] + t + c[14] + t + c[40] + t + c[4],
        t + c[1] + t + c[41] + t + c[28] + t + c[44],
        "",
        "After shuffling, starting second round...",
        "",
        "Drawing and placing 16 cards:",
        "]" * 30,
        t + c[22] + t + c[9] + t + c[7] + t + c[38],
        t + c[1] + t + c[20] + t + c[28] + t + c[51],
        t + c[4] + t + c[41] + t + c[40] + t + c[25],
        t + c[21] + t + c[23] + t + c[0] + t + c[12],
        "",
        "Putting 5 pictures aside:",
        t + c[22] + t + c[9] + t + c[7] + t,
        t + c[1] + t + c[20] + t + c[28] + t,
        t + c[4] + t + c[41] + t + c[40] + t,
        t + c[21] + t + t + c[0] + t,
        "",
        "Drawing and placing 5 cards:",
        "]" * 25,
        t + c[22] + t + c[9] + t + c[7] + t + c[49],
        t + c[1] + t + c[20] + t + c[28] + t + c[13],
        t + c[4] + t + c[41] + t + c[40] + t + c[19],
        t + c[21] + t + c[18] + t + c[0] + t + c[17],
        "",
        "Putting 1 picture aside:",
        t + c[22] + t + c[9] + t + c[7] + t,
        t + c[1] + t + c[20] + t + c[28] + t + c[13],
        t + c[4] + t + c[41] + t + c[40] + t + c[19],
        t + c[21] + t + c[18] + t + c[0] + t + c[17],
        "",
        "You uncovered all pictures, you won!",
    ]
    game = play(477)
    assert list(game.lines) == expected
    assert game.text + "\n" == fixture("seed_477.txt")
    assert game.won and game.uncovered == 12 and game.rounds == 2


def test_lost_game_complete_output():
    game = play(84)
    assert game.text + "\n" == fixture("seed_84.txt")
    assert not game.won and game.uncovered == 7 and game.rounds == 4
    assert game.lines[-1] == "You uncovered only 7 pictures, you lost!"


def test_section_2_seed_678_is_won_in_three_rounds():
    game = play(678)
    assert game.won and game.rounds == 3
    # The top card of the Section 2 shuffle (7, the Eight of Hearts) is the
    # leftmost card of the first row.
    assert game.lines[7].startswith("\t" + CHARS[7] + "\t" + CHARS[20] + "\t" + CHARS[0])


@pytest.mark.parametrize(
    ("uncovered", "line"),
    [
        (12, "You uncovered all pictures, you won!"),
        (0, "You uncovered no pictures, you lost!"),
        (1, "You uncovered only 1 picture, you lost!"),
        (11, "You uncovered only 11 pictures, you lost!"),
    ],
)
def test_final_lines(uncovered, line):
    assert rules.final_line(uncovered) == line


def test_row_text_keeps_tabs_of_empty_slots():
    grid = [None] * 16
    grid[1] = 0
    assert rules.row_text(grid, 0) == "\t\t" + CHARS[0] + "\t\t"
    assert rules.row_text(grid, 3) == "\t\t\t\t"


ROW = re.compile(r"(\t[\U0001f0a1-\U0001f0de]?){4}")


def check_structure(game: rules.PicturesGame) -> None:
    """Every promise of Section 3.2 / GAMES.md that holds for any seed."""
    lines = game.lines
    assert lines[0] == "Deck shuffled, ready to start!" and lines[1] == "]" * 52
    assert lines[-2] == "" and lines[-1] == rules.final_line(game.uncovered)
    for line in lines:
        assert not line.endswith(" ")
        if "\t" in line:  # only the rows of the grid have tabs
            assert ROW.fullmatch(line), line
    # Empty lines: exactly one before each header, never two in a row, never after rows.
    headers = ("Starting first round...", "After shuffling, starting ", "Drawing and placing ", "Putting ",
               "You uncovered ")
    for index, line in enumerate(lines):
        if line == "":
            assert lines[index + 1].startswith(headers), (index, lines[index + 1])
        if line.startswith(headers):
            assert lines[index - 1] == ""
    assert "" not in [lines[i] for i in range(len(lines) - 1) if lines[i + 1] == ""]

    aside_total = 0
    in_play = 52
    rounds = 0
    index = 2
    grid: list[str] = []
    deck = 0
    while index < len(lines) - 2:
        header = lines[index + 1]
        if header == "Starting first round..." or header.startswith("After shuffling, starting "):
            rounds += 1
            assert header == ("Starting first round..." if rounds == 1 else
                              f"After shuffling, starting {('second', 'third', 'fourth')[rounds - 2]} round...")
            grid = []
            deck = in_play
            index += 2
            continue
        match = re.fullmatch(r"Drawing and placing (\d+) cards?:", header)
        if match:
            drawn = int(match[1])
            assert header.endswith("card:") == (drawn == 1)
            deck_line = lines[index + 2]
            assert set(deck_line) <= {"]"}
            assert len(deck_line) == deck - drawn
            deck -= drawn
            rows = lines[index + 3 : index + 7]
            assert all(ROW.fullmatch(row) and row.count("\t") == 4 for row in rows), rows
            cards = [ch for row in rows for ch in row if ch != "\t"]
            assert len(cards) == 16 and len(set(cards)) == 16
            # Replacements only fill the holes: cards already there stay put.
            if grid:
                for old, new in zip(grid, rows):
                    for slot_old, slot_new in zip(old.split("\t")[1:], new.split("\t")[1:]):
                        assert slot_old == "" or slot_old == slot_new
            assert deck + 16 + aside_total == 52  # conservation
            grid = rows
            index += 7
            continue
        match = re.fullmatch(r"Putting (\d+) pictures? aside:", header)
        assert match, header
        count = int(match[1])
        assert header.endswith("picture aside:") == (count == 1)
        rows = lines[index + 2 : index + 6]
        assert all(ROW.fullmatch(row) for row in rows)
        before = [ch for row in grid for ch in row if ch != "\t"]
        after = [ch for row in rows for ch in row if ch != "\t"]
        removed = set(before) - set(after)
        assert set(after) <= set(before) and len(removed) == count
        assert all(IS_PICTURE[CHARS.index(ch)] for ch in removed)
        assert not any(IS_PICTURE[CHARS.index(ch)] for ch in after)
        aside_total += count
        in_play -= count
        grid = rows
        index += 6
    assert aside_total == game.uncovered
    assert rounds == game.rounds <= 4
    assert game.won or rounds == 4


@pytest.mark.parametrize("seed", [*range(0, 60), -1, -678, 10**12, 678])
def test_structure_many_seeds(seed):
    check_structure(play(seed))


def test_negative_seed_goes_up_by_one_per_round():
    # Negative seeds are legal (GAMES.md); CPython's seed(-n) equals seed(n),
    # so seed -84 starts like 84 but its second round uses -83, not 85.
    negative, positive = play(-84), play(84)
    first_round_end = positive.lines.index("After shuffling, starting second round...")
    assert negative.lines[:first_round_end] == positive.lines[:first_round_end]
    assert negative.lines != positive.lines
    check_structure(negative)


def test_fast_counts_agree_with_play():
    start, count = -150, 600
    expected = [0] * 13
    for seed in range(start, start + count):
        expected[play(seed).uncovered] += 1
    assert uncovered_counts(start, count) == expected
    assert sum(expected) == count


def test_fast_path_uses_the_lazy_shuffle_on_this_python():
    assert rules.LAZY_SHUFFLE


def test_shuffle_sizes_follow_rounds():
    assert rules.shuffle_sizes(477) == [52, 46]
    assert rules.shuffle_sizes(84) == [52, 49, 45, 45]
