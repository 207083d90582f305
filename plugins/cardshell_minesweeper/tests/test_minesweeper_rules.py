"""Minesweeper rules and board drawing (seeds/minesweeper-blackjack.txt problem 1;
specs/GAMES.md "minesweeper"; issues show 5 for levels and chording)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardshell import CommandError
from cardshell_minesweeper import display, rules


def board_with(rows, cols, mines, started=0.0):
    """A hand-built board whose mines are already placed."""
    return rules.Board(rows=rows, cols=cols, mine_count=len(mines), rng_state=rules.generator_state(0),
                       mines=set(mines), placed=True, started=started)


def wall_board():
    """5x5, mines on row 3 (cells a3..d3), the gap at e3::

        row 1: 0 0 0 0 0
        row 2: 2 3 3 2 1
        row 3: M M M M 1
        row 4: 2 3 3 2 1
        row 5: 0 0 0 0 0
    """
    return board_with(5, 5, [(2, 0), (2, 1), (2, 2), (2, 3)])


# -- first unfold ------------------------------------------------------------

@pytest.mark.parametrize("seed", range(25))
def test_first_unfold_is_always_zero_on_every_cell(seed):
    template = rules.new_game(seed)
    for cell in template.cells():
        board = rules.unfold(template, cell)
        assert not template.placed and template.mines == set() and not template.shown  # unchanged
        assert board.status == rules.PLAYING
        assert rules.count(board, cell) == 0
        assert cell not in board.mines
        assert not board.mines & {cell, *rules.neighbours(board, cell)}
        assert len(board.mines) == 10
        assert cell in board.shown and board.shown.isdisjoint(board.mines)


@pytest.mark.parametrize("options", [
    {"level": "expert"},
    {"level": "intermediate"},
    {"rows": 9, "cols": 9, "mines": 72},   # as dense as allowed
    {"rows": 1, "cols": 7, "mines": 4},
    {"rows": 4, "cols": 26, "mines": 95},
])
def test_first_unfold_is_zero_on_every_cell_of_other_boards(options):
    for seed in range(3):
        template = rules.new_game(seed, options)
        for cell in template.cells():
            board = rules.unfold(template, cell)
            assert rules.count(board, cell) == 0 and cell not in board.mines
            assert len(board.mines) == board.mine_count


def test_mines_come_from_the_games_generator():
    one, two, other = (rules.unfold(rules.new_game(seed), (4, 4)) for seed in (5, 5, 6))
    assert one.mines == two.mines and one.rng_state == two.rng_state
    assert one.mines != other.mines


def test_first_unfold_starts_the_clock(monkeypatch):
    monkeypatch.setattr(rules, "clock", lambda: 42.0)
    board = rules.new_game(1)
    assert board.started is None
    assert rules.unfold(board, (0, 0)).started == 42.0


# -- flood fill ----------------------------------------------------------------

def test_flood_fill_stops_at_numbers():
    board = rules.unfold(wall_board(), (4, 0))
    assert board.status == rules.PLAYING
    assert board.shown == {(r, c) for r in (3, 4) for c in range(5)}
    assert display.render(board) == "\n".join([
        "    a   b   c   d   e",
        "  +---+---+---+---+---+",
        "1 |   |   |   |   |   |",
        "  +---+---+---+---+---+",
        "2 |   |   |   |   |   |",
        "  +---+---+---+---+---+",
        "3 |   |   |   |   |   |",
        "  +---+---+---+---+---+",
        "4 | 2 | 3 | 3 | 2 | 1 |",
        "  +---+---+---+---+---+",
        "5 | 0 | 0 | 0 | 0 | 0 |",
        "  +---+---+---+---+---+",
    ])


def test_flood_fill_through_a_gap():
    # Mines on c1..c3: the zeros of column a flood round through rows 4-5 to column e.
    board = rules.unfold(board_with(5, 5, [(0, 2), (1, 2), (2, 2)]), (0, 0))
    assert board.shown == {cell for cell in board.cells() if cell not in board.mines}
    assert board.status == rules.WON
    # Counting check on the hand-built board.
    assert [rules.count(board, (r, 1)) for r in range(5)] == [2, 3, 2, 1, 0]


def test_flood_fill_does_not_cross_a_line_of_numbers():
    # Mines on c1..c4: column b is all numbers, so only column a opens from a1.
    board = rules.unfold(board_with(5, 5, [(0, 2), (1, 2), (2, 2), (3, 2)]), (0, 0))
    assert board.status == rules.PLAYING
    assert board.shown == {(r, c) for r in range(5) for c in (0, 1)}


def test_unfolding_a_number_opens_only_it():
    board = rules.unfold(wall_board(), (1, 0))
    assert board.shown == {(1, 0)}
    assert rules.symbol(board, (1, 0)) == "2"


def test_flood_fill_skips_flags():
    board = rules.unfold(rules.toggle_flag(wall_board(), (4, 4)), (4, 0))
    assert (4, 4) not in board.shown and rules.symbol(board, (4, 4)) == "F"
    assert (3, 4) in board.shown


# -- flags and messages ----------------------------------------------------------

def test_flag_toggles_and_counts_mines_left():
    board = rules.new_game(1)
    assert board.mines_left == 10
    flagged = rules.toggle_flag(board, (0, 0))
    assert flagged.flags == {(0, 0)} and flagged.mines_left == 9 and board.flags == set()
    assert rules.symbol(flagged, (0, 0)) == "F"
    unflagged = rules.toggle_flag(flagged, (0, 0))
    assert unflagged.flags == set() and unflagged.mines_left == 10 and unflagged == board


def test_cannot_flag_a_shown_cell():
    board = rules.unfold(wall_board(), (4, 0))
    with pytest.raises(CommandError) as info:
        rules.toggle_flag(board, (4, 0))
    assert info.value.message == "Cannot put a flag there"
    assert board.flags == set()


def test_cannot_unfold_a_flag():
    board = rules.toggle_flag(wall_board(), (0, 0))
    with pytest.raises(CommandError) as info:
        rules.unfold(board, (0, 0))
    assert info.value.message == "There is a flag there"
    assert board.shown == set()


def test_cell_already_shown():
    board = rules.unfold(wall_board(), (4, 0))
    for cell in [(4, 0), (3, 0)]:  # a 0, and a 2 without flags around
        with pytest.raises(CommandError) as info:
            rules.unfold(board, cell)
        assert info.value.message == "That cell is already shown"


@pytest.mark.parametrize("text", ["j1", "a10", "a0", "5a", "aa", "", "a", "a-1", "a 5", "a5f", "?1", "aa1", "abc1"])
def test_invalid_cell(text):
    with pytest.raises(CommandError) as info:
        rules.parse_cell(text, rules.new_game(1))
    assert info.value.message == "Invalid Cell"


def test_parse_cell_labels():
    board = rules.new_game(1)
    assert rules.parse_cell("a5", board) == (4, 0)
    assert rules.parse_cell("I9", board) == (8, 8)
    assert rules.parse_cell(" c1 ", board) == (0, 2)
    big = rules.new_game(1, {"rows": 16, "cols": 26, "mines": 99})
    assert rules.parse_cell("z16", big) == (15, 25)
    expert = rules.new_game(1, {"level": "expert"})
    assert rules.parse_cell("p16", expert) == (15, 15)
    assert rules.parse_cell("aa1", expert) == (0, 26)
    assert rules.parse_cell("AD16", expert) == (15, 29)
    assert [rules.label(c) for c in [(4, 0), (15, 25), (0, 26), (6, 27), (15, 29)]] == [
        "a5", "z16", "aa1", "ab7", "ad16"]
    for text in ("ae1", "a17", "zz1", "ba1"):  # past the last column or row
        with pytest.raises(CommandError, match="Invalid Cell"):
            rules.parse_cell(text, expert)


def test_labels_and_parsing_agree_on_every_cell_of_the_widest_board():
    board = rules.new_game(1, {"rows": 3, "cols": rules.MAX_COLS, "mines": 5})
    labels = [rules.label(cell) for cell in board.cells()]
    assert len(set(labels)) == 3 * 30
    assert all(rules.parse_cell(text, board) == cell for text, cell in zip(labels, board.cells()))
    assert all(rules.parse_cell(text.upper(), board) == cell for text, cell in zip(labels, board.cells()))
    assert [rules.label((0, col))[:-1] for col in range(24, 30)] == ["y", "z", "aa", "ab", "ac", "ad"]


# -- loss and win -----------------------------------------------------------------

def test_loss_reveals_every_mine():
    board = rules.unfold(rules.new_game(3), (4, 0))
    mines = sorted(board.mines)
    board = rules.toggle_flag(board, mines[1])          # a correct flag still shows X
    safe_hidden = next(c for c in board.cells() if c not in board.mines and c not in board.shown)
    board = rules.toggle_flag(board, safe_hidden)      # a wrong flag stays F
    board = rules.unfold(board, mines[0])
    assert board.status == rules.LOST
    assert board.hit == {mines[0]}
    assert rules.symbol(board, mines[0]) == rules.HIT == "*"  # the mine unfolded
    for cell in mines[1:]:
        assert rules.symbol(board, cell) == "X"
    assert rules.symbol(board, safe_hidden) == "F"
    assert display.render(board).count("X") == 9 and display.render(board).count("*") == 1
    assert rules.symbols(board).count("*") == 1
    with pytest.raises(CommandError, match="The game is over"):
        rules.unfold(board, safe_hidden)
    with pytest.raises(CommandError, match="The game is over"):
        rules.toggle_flag(board, safe_hidden)


def test_win_when_every_safe_cell_is_shown(monkeypatch):
    times = iter([100.0, 112.34])
    monkeypatch.setattr(rules, "clock", lambda: next(times))
    board = rules.unfold(rules.new_game(3), (4, 0))
    safe = [c for c in board.cells() if c not in board.mines and c not in board.shown]
    for cell in safe[:-1]:
        board = rules.unfold(board, cell)
        assert board.status == rules.PLAYING
    board = rules.unfold(board, safe[-1])
    assert board.status == rules.WON
    assert board.elapsed == pytest.approx(12.34)
    # Flags are not needed to win, and no mine is shown as X on a won board.
    assert "X" not in display.render(board)


def test_play_again_keeps_size_and_generator():
    board = rules.new_game(3, {"level": "intermediate"})
    with pytest.raises(CommandError, match="not over"):
        rules.play_again(board)
    board = rules.unfold(board, (0, 0))
    board = rules.unfold(board, sorted(board.mines)[0])
    again = rules.play_again(board)
    assert (again.rows, again.cols, again.mine_count, again.number) == (16, 16, 40, 2)
    assert again.rng_state == board.rng_state and not again.placed and again.shown == set() and again.flags == set()
    assert rules.unfold(again, (0, 0)).mines != board.mines


# -- chording -----------------------------------------------------------------------

def test_chord_opens_the_other_neighbours():
    board = rules.toggle_flag(rules.unfold(wall_board(), (4, 0)), (2, 3))
    board = rules.unfold(board, (3, 4))             # e4 shows 1, one flag around it
    assert board.status == rules.PLAYING and (2, 4) in board.shown


def test_chord_floods_from_zeros():
    board = rules.unfold(rules.unfold(wall_board(), (4, 0)), (0, 0))  # rows 1 and 2 open
    board = rules.toggle_flag(board, (2, 3))
    after = rules.unfold(board, (1, 4))             # e2 (1) chords e3, the last safe cell
    assert after.status == rules.WON
    assert after.shown - board.shown == {(2, 4)}


def test_chord_with_a_wrong_flag_loses():
    board = rules.toggle_flag(rules.unfold(wall_board(), (4, 0)), (2, 4))  # wrong: e3 is safe, d3 the mine
    board = rules.unfold(board, (3, 4))
    assert board.status == rules.LOST
    assert board.hit == {(2, 3)}  # the chord opened d3, the mine: it is the one drawn '*'
    assert rules.symbol(board, (2, 3)) == "*"


def test_no_chord_when_flags_differ():
    board = rules.unfold(wall_board(), (4, 0))
    board = rules.toggle_flag(rules.toggle_flag(board, (2, 0)), (2, 1))
    with pytest.raises(CommandError, match="That cell is already shown"):
        rules.unfold(board, (3, 2))                  # c4 = 3 touches b3, c3, d3: one flag (b3)
    # a4 = 2 with its two flags and nothing left hidden: nothing to open, still "already shown".
    with pytest.raises(CommandError, match="That cell is already shown"):
        rules.unfold(board, (3, 0))
    # d4 = 2 with no flag around it: no chord.
    with pytest.raises(CommandError, match="That cell is already shown"):
        rules.unfold(board, (3, 3))


# -- options -----------------------------------------------------------------------

@pytest.mark.parametrize("options, size", [
    ({}, (9, 9, 10)),
    ({"level": None, "rows": None, "cols": None, "mines": None}, (9, 9, 10)),
    ({"level": "beginner"}, (9, 9, 10)),
    ({"level": "intermediate"}, (16, 16, 40)),
    ({"level": "expert"}, (16, 30, 99)),
    ({"rows": 5, "cols": 7, "mines": 3}, (5, 7, 3)),
    ({"level": "expert", "mines": 50}, (16, 30, 50)),
    ({"cols": 26}, (9, 26, 10)),
    ({"cols": 30}, (9, 30, 10)),
    ({"mines": 72}, (9, 9, 72)),
])
def test_level_and_custom_options(options, size):
    board = rules.new_game(1, options)
    assert (board.rows, board.cols, board.mine_count) == size


def test_expert_level_is_the_classic_board_16_rows_by_30_columns():
    board = rules.new_game(1, {"level": "expert"})
    assert (board.rows, board.cols, board.mine_count) == (16, 30, 99)
    assert rules.hidden_labels(board)[26:30] == ["aa1", "ab1", "ac1", "ad1"]
    with pytest.raises(CommandError, match="Columns must be between 1 and 30 \\(a to ad\\)"):
        rules.new_game(1, {"rows": 16, "cols": 31, "mines": 99})


@pytest.mark.parametrize("options, message", [
    ({"level": "hard"}, "Unknown level 'hard'"),
    ({"cols": 31}, "Columns must be between 1 and 30"),
    ({"cols": 0}, "Columns must be between 1 and 30"),
    ({"rows": 0}, "Rows must be between 1 and 99"),
    ({"rows": 100}, "Rows must be between 1 and 99"),
    ({"mines": 0}, "Mines must be between 1 and 72 on a 9x9 board"),
    ({"mines": 73}, "Mines must be between 1 and 72 on a 9x9 board"),
    ({"mines": 81}, "Mines must be between 1 and 72 on a 9x9 board"),
    ({"rows": 3, "cols": 3}, "A 3x3 board has no room for a mine"),
    ({"rows": 1, "cols": 1}, "A 1x1 board has no room for a mine"),
    ({"rows": 2, "cols": 4, "mines": 3}, "Mines must be between 1 and 2 on a 2x4 board"),
])
def test_invalid_options(options, message):
    with pytest.raises(CommandError) as info:
        rules.new_game(1, options)
    assert info.value.message.startswith(message)


def test_max_mines():
    assert rules.max_mines(9, 9) == 72
    assert rules.max_mines(16, 30) == 16 * 30 - 9
    assert rules.max_mines(1, 10) == 7
    assert rules.max_mines(2, 2) == 0


# -- display -----------------------------------------------------------------------

SEED_3_AFTER_A5 = """\
    a   b   c   d   e   f   g   h   i
  +---+---+---+---+---+---+---+---+---+
1 |   |   | 1 | 0 | 0 | 0 | 1 |   |   |
  +---+---+---+---+---+---+---+---+---+
2 | 1 | 1 | 1 | 0 | 0 | 0 | 1 |   |   |
  +---+---+---+---+---+---+---+---+---+
3 | 0 | 0 | 0 | 1 | 2 | 2 | 2 |   |   |
  +---+---+---+---+---+---+---+---+---+
4 | 0 | 0 | 0 | 1 |   |   |   |   |   |
  +---+---+---+---+---+---+---+---+---+
5 | 0 | 0 | 0 | 1 | 2 | 2 | 1 | 2 |   |
  +---+---+---+---+---+---+---+---+---+
6 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 1 |   |
  +---+---+---+---+---+---+---+---+---+
7 | 0 | 0 | 1 | 1 | 1 | 0 | 0 | 1 | 1 |
  +---+---+---+---+---+---+---+---+---+
8 | 0 | 0 | 2 |   | 3 | 1 | 0 | 0 | 0 |
  +---+---+---+---+---+---+---+---+---+
9 | 0 | 0 | 2 |   |   | 1 | 0 | 0 | 0 |
  +---+---+---+---+---+---+---+---+---+"""


def test_exact_board_for_a_fixed_seed():
    assert display.render(rules.unfold(rules.new_game(3), (4, 0))) == SEED_3_AFTER_A5


def test_fresh_board_and_no_trailing_spaces():
    text = display.render(rules.new_game(1))
    lines = text.splitlines()
    assert lines[0] == "    a   b   c   d   e   f   g   h   i"
    assert lines[2] == "1 |   |   |   |   |   |   |   |   |   |"
    assert len(lines) == 20
    assert all(line == line.rstrip() for line in lines)


def test_two_digit_rows_are_right_aligned():
    board = rules.new_game(1, {"level": "intermediate"})
    lines = display.render(board).splitlines()
    assert lines[0].startswith("     a   b") and lines[0].endswith("p")
    assert lines[1] == "   +" + "---+" * 16
    assert lines[2].startswith(" 1 |") and lines[-2].startswith("16 |")
    assert all(line == line.rstrip() for line in lines)


def test_intermediate_board_is_drawn_as_before():
    # tests/data/minesweeper/intermediate_seed5.txt was drawn by the display before
    # the compact drawing existed: boards up to 19 columns keep their text byte for byte.
    board = rules.unfold(rules.new_game(5, {"level": "intermediate"}), (7, 7))
    board = rules.toggle_flag(board, sorted(board.mines)[0])
    expected = (Path(__file__).parent / "data" / "minesweeper" / "intermediate_seed5.txt").read_text()
    assert display.render(board) + "\n" == expected


EXPERT_HEADER = (
    "                                                         a a a a\n"
    "     a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d\n"
    "   +-------------------------------------------------------------+")


def test_expert_board_is_drawn_compactly_within_80_columns():
    board = rules.new_game(3, {"level": "expert"})
    lines = display.render(board).splitlines()
    assert "\n".join(lines[:3]) == EXPERT_HEADER
    assert len(lines) == 16 + 4 and max(map(len, lines)) == 66
    assert lines[3] == " 1 | " + " ".join("." * 30) + " |" and lines[-1] == lines[2]
    board = rules.unfold(board, rules.parse_cell("ab7", board))
    row = display.render(board).splitlines()[3 + 6]
    assert row.startswith(" 7 |") and row[5 + 2 * 27] == "0"  # ab7 is a 0: it lies under 'a' over 'b'
    mine = min(board.mines)
    lost = rules.unfold(board, mine)
    text = display.render(lost)
    assert text.count("*") == 1 and text.count("X") == 98
    assert text.splitlines()[3 + mine[0]][5 + 2 * mine[1]] == "*"
    assert all(line == line.rstrip() for line in text.splitlines())


@pytest.mark.parametrize("cols, compact", [(19, False), (20, True), (26, True), (30, True)])
def test_boards_wider_than_80_columns_are_drawn_compactly(cols, compact):
    board = rules.new_game(1, {"rows": 12, "cols": cols, "mines": 10})
    lines = display.render(board).splitlines()
    assert display.is_compact(12, cols) is compact
    assert max(map(len, lines)) <= 80
    assert len(lines) == (12 + 3 + (cols > 26) if compact else 2 * 12 + 2)


def test_hidden_labels_for_completion():
    board = wall_board()
    assert len(rules.hidden_labels(board)) == 25
    board = rules.unfold(board, (4, 0))
    labels = rules.hidden_labels(board)
    assert labels[:5] == ["a1", "b1", "c1", "d1", "e1"]
    assert "a5" not in labels and "a4" not in labels and len(labels) == 15
