"""Aces Up rules (GAMES.md "aces-up"; CSE 231 hand-out, "Game Rules" and
Specifications 2-10), tested on the pure functions of
``cardshell_aces_up.rules`` and through the game's own Command records.

The hand-out's sample sessions TEST 2 and TEST 3 (a stock of only queens,
kings and aces) are reconstructed in ``tests/data/aces_up/test{2,3}.txt``:
the suits were lost in the text copy, so they were chosen to be the only
kind of assignment that makes every move of the sample legal, and the
layout is the instructor's ``display`` function's.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from cardshell import Command, CommandContext, CommandError, UsageError
from cardshell.cards import Card, Suit, parse_card
from cardshell_aces_up import plugin, rules
from cardshell_aces_up.display import render
from cardshell_aces_up.rules import AcesUpState

#: The game's moves as the host dispatches them.
COMMANDS = [Command.from_move(move, plugin.GAME_ID) for move in plugin.MOVES]

DATA = Path(__file__).parent / "data" / "aces_up"


def cards(text: str) -> tuple[Card, ...]:
    """``"AS 10h qd"`` -> cards, in order."""
    return tuple(parse_card(word) for word in text.split())


def state(stock: str = "", columns: tuple[str, str, str, str] = ("", "", "", ""), foundation: str = "") -> AcesUpState:
    """A constructed state; each column is written first-dealt first."""
    return AcesUpState(stock=cards(stock), tableau=[cards(c) for c in columns], foundation=cards(foundation))


def deck_for(*deals: str) -> list[Card]:
    """A stacked deck dealing ``deals[0]`` to columns 1-4 first, then
    ``deals[1]``..., each written left to right (top of stock is the end)."""
    order = [card for deal in deals for card in cards(deal)]
    return tuple(reversed(order))


# -- start -----------------------------------------------------------------


def test_init_game_deals_one_card_to_each_column_from_a_full_deck():
    s = rules.init_game(7)
    assert len(s.stock) == 48
    assert [len(c) for c in s.tableau] == [1, 1, 1, 1]
    assert s.foundation == ()
    assert len(set(s.cards())) == 52


def test_init_game_is_reproducible_by_seed_and_varies_with_it():
    assert rules.init_game(7) == rules.init_game(7)
    assert rules.init_game(-3) == rules.init_game(-3)
    assert rules.init_game(7) != rules.init_game(8)


def test_start_from_deck_deals_the_top_four_left_to_right():
    s = rules.start_from_deck(deck_for("AS KS QS AH", "KH QH AD KD"))
    assert s.tableau == (cards("AS"), cards("KS"), cards("QS"), cards("AH"))
    assert s.stock == deck_for("KH QH AD KD")


def test_start_from_deck_needs_four_cards():
    with pytest.raises(ValueError):
        rules.start_from_deck(cards("AS KS QS"))


# -- D ---------------------------------------------------------------------


def test_deal_puts_one_card_at_the_bottom_of_each_column_left_to_right():
    before = state(stock="2C 3C 4C 5C 6C 7C 8C 9C", columns=("AS", "", "KH", "QD"))
    after = rules.deal(before)
    # top of the stock is the end of the list: 9C goes to column 1.
    assert after.tableau == (cards("AS 9C"), cards("8C"), cards("KH 7C"), cards("QD 6C"))
    assert after.stock == cards("2C 3C 4C 5C")
    assert before == state(stock="2C 3C 4C 5C 6C 7C 8C 9C", columns=("AS", "", "KH", "QD"))


def test_deal_with_an_empty_stock_is_an_error_and_changes_nothing():
    before = state(columns=("AS", "KH", "", "QD"), foundation="2C")
    saved = copy.deepcopy(before)
    with pytest.raises(CommandError) as info:
        rules.deal(before)
    assert str(info.value) == "Error, the stock is empty."
    assert before == saved


# -- F x -------------------------------------------------------------------


def test_move_to_foundation_with_a_higher_card_of_the_same_suit_at_another_bottom():
    before = state(stock="2C 3C 4C 5C", columns=("AS 5H", "9H", "", "2D"), foundation="KC")
    after = rules.move_to_foundation(before, 1)
    assert after.tableau == (cards("AS"), cards("9H"), (), cards("2D"))
    assert after.foundation == cards("KC 5H")
    assert before.tableau[0] == cards("AS 5H")  # pure: the argument is untouched


def test_one_rank_higher_is_enough():
    after = rules.move_to_foundation(state(columns=("9H", "KS", "AS 10H", "2D")), 1)
    assert after.foundation == cards("9H")


def test_an_ace_beats_a_king_of_its_suit():
    after = rules.move_to_foundation(state(columns=("KS", "AS", "", "")), 1)
    assert after.foundation == cards("KS")
    assert after.tableau[0] == ()


@pytest.mark.parametrize(
    "columns, column, message",
    [
        (("AS", "KS", "QS", "AH"), 1, "Error, cannot move A♠."),  # an ace never goes
        (("AS", "KS", "QS", "AH"), 4, "Error, cannot move A♥."),
        (("9H", "KS", "5H", "2D"), 1, "Error, cannot move 9♥."),  # only a lower card of the suit
        (("9H", "KD", "QC", "AS"), 1, "Error, cannot move 9♥."),  # higher cards of other suits
        (("10H", "KH 2C", "", "2D"), 1, "Error, cannot move 10♥."),  # K♥ buried under 2♣
        (("10H", "", "", ""), 1, "Error, cannot move 10♥."),  # alone
        (("10H", "", "", ""), 2, "Error, column 2 is empty."),
    ],
)
def test_illegal_moves_to_the_foundation(columns, column, message):
    before = state(stock="2S 3S 4S 5S", columns=columns, foundation="7C")
    saved = copy.deepcopy(before)
    with pytest.raises(CommandError) as info:
        rules.move_to_foundation(before, column)
    assert str(info.value) == message
    assert before == saved


def test_a_card_cannot_beat_itself():
    # The only higher heart is the moving card's own column: not "another column".
    with pytest.raises(CommandError, match=r"^Error, cannot move 5♥\.$"):
        rules.move_to_foundation(state(columns=("KH 5H", "", "", "")), 1)


def test_foundation_columns_lists_exactly_the_legal_f_moves():
    s = state(columns=("5H", "9H", "AH", "KS"))
    assert rules.foundation_columns(s) == [1, 2]
    for k in (3, 4):
        with pytest.raises(CommandError):
            rules.move_to_foundation(s, k)


# -- T x y -----------------------------------------------------------------


def test_move_to_an_empty_column():
    before = state(stock="2S 3S 4S 5S", columns=("AS 5H", "", "9C", "2D"))
    after = rules.move_to_empty_column(before, 1, 2)
    assert after.tableau == (cards("AS"), cards("5H"), cards("9C"), cards("2D"))
    assert after.stock == before.stock and after.foundation == before.foundation
    assert before.tableau[1] == ()


def test_the_only_card_of_a_column_may_move_to_an_empty_column():
    after = rules.move_to_empty_column(state(columns=("", "", "9C", "2D")), 4, 1)
    assert after.tableau == (cards("2D"), (), cards("9C"), ())


@pytest.mark.parametrize(
    "source, target, message",
    [
        (1, 3, "Error, column 3 is not empty."),
        (3, 1, "Error, column 1 is not empty."),
        (2, 4, "Error, column 2 is empty."),
        (2, 2, "Error, column 2 is empty."),
        (1, 1, "Error, column 1 is not empty."),
    ],
)
def test_illegal_moves_within_the_tableau(source, target, message):
    before = state(stock="2S 3S 4S 5S", columns=("AS 5H", "", "9C", ""))
    saved = copy.deepcopy(before)
    with pytest.raises(CommandError) as info:
        rules.move_to_empty_column(before, source, target)
    assert str(info.value) == message
    assert before == saved


# -- end of the game -------------------------------------------------------


def test_won_when_the_stock_is_empty_and_only_the_four_aces_are_left():
    assert rules.is_won(state(columns=("AS", "AH", "AD", "AC"), foundation="KS"))
    # in any columns: the rule counts the cards, not their places.
    assert rules.is_won(state(columns=("AS AH", "", "AD", "AC")))


@pytest.mark.parametrize(
    "s",
    [
        state(stock="2S 3S 4S 5S", columns=("AS", "AH", "AD", "AC")),  # stock not empty
        state(columns=("AS", "AH", "AD", "AC 2C")),  # one more card
        state(columns=("AS", "AH", "AD", "")),  # an ace missing
        state(columns=("AS", "AH", "AD", "KC")),
    ],
)
def test_not_won(s):
    assert not rules.is_won(s)
    assert plugin.outcome(s) is None or plugin.outcome(s).result == "lost"


def test_four_aces_end_state_admits_no_further_move():
    end = state(columns=("AS", "AH", "AD", "AC"), foundation="KD")
    assert plugin.outcome(end).result == "won"
    assert plugin.outcome(end).score == 1.0
    for move in (
        lambda s: rules.deal(s),
        *(lambda s, k=k: rules.move_to_foundation(s, k) for k in range(1, 5)),
        *(lambda s, a=a, b=b: rules.move_to_empty_column(s, a, b) for a in range(1, 5) for b in range(1, 5)),
    ):
        with pytest.raises(CommandError):
            move(end)
    assert render(end).splitlines()[1] == "        A♠  A♥  A♦  A♣      K♦"


def test_lost_when_the_stock_is_empty_and_nothing_can_move():
    stuck = state(columns=("AS 2H", "KH 3C", "QD", "5S"), foundation="4D")
    assert rules.is_stuck(stuck)
    out = plugin.outcome(stuck)
    assert out.result == "lost" and out.score == 1.0


def test_not_lost_while_a_t_move_can_uncover_a_card():
    s = state(columns=("AS 2H", "KH 3C", "", "5S"))
    assert not rules.is_stuck(s)
    assert plugin.outcome(s) is None
    # moving a lone card onto the empty column uncovers nothing: lost.
    assert rules.is_stuck(state(columns=("AS", "KH", "", "5D")))


def test_not_lost_while_the_stock_holds_cards():
    assert not rules.is_stuck(state(stock="2S 3S 4S 5S", columns=("AS 2H", "KH 3C", "QD", "5S")))


# -- the game's commands, driven as the host drives them --------------------


def run(s: AcesUpState, line: str) -> tuple[AcesUpState, str, bool]:
    """Dispatch one line to the game's Commands the way the host does (first
    word case-insensitive, parse, validators, handler on a copy).

    Returns:
        (state after, text shown, accepted).  A rejected line returns the
        state given and its message; an accepted one the echoed text and the
        board.
    """
    word, _, rest = line.strip().partition(" ")
    by_word = {name.lower(): c for c in COMMANDS for name in c.words}
    command = by_word.get(word.lower())
    try:
        if command is None:
            raise UsageError("unknown command")
        args = command.parse(rest.strip())
        for validator in command.validators:
            validator(s, args)
        ctx = CommandContext(state=copy.deepcopy(s), line=line, game_id=plugin.GAME_ID, shell=None, interactive=False)
        command.handler(ctx, args)
    except UsageError:
        return s, plugin.GAME.invalid_input(line.strip()), False
    except CommandError as error:
        return s, error.message, False
    return ctx.state, "\n".join([*ctx.output, render(ctx.state)]), True


def hand_out_text(line: str, text: str) -> str:
    """The hand-out's part of a rejection: our third line (the reason) checked and removed."""
    if text.startswith("Error in option: "):
        assert text.endswith("\nInvalid option.\n" + plugin.reason(line.strip()))
        return text.rpartition("\n")[0]
    return text


def replay(s: AcesUpState, lines: list[str]) -> tuple[AcesUpState, str]:
    """The transcript format of ``tests/data/aces_up/*.txt`` (the hand-out's
    texts: each rejection without our third line, see :func:`hand_out_text`)."""
    blocks = [render(s)]
    for line in lines:
        before = copy.deepcopy(s)
        s, text, ok = run(s, line)
        if not ok:
            assert s == before
            text = hand_out_text(line, text)
        blocks.append(f"{plugin.PROMPT}{line}\n{text}")
    return s, "\n\n".join(blocks) + "\n"


TEST2_DECK = deck_for("AS KS QS AH", "KH QH AD KD", "QD AC KC QC")
TEST2_LINES = ["F 1", "F 2", "F 3", "D", "f 4", "F 2", "T 1 2", "F 2", "D", "F 3", "F 4", "F 1"]
TEST3_DECK = deck_for("QS QH QD QC", "AS KS AH KH", "AD KD AC KC")
TEST3_LINES = [
    "D", "F a", "T 2", "D 2", "F 2", "F 4", "F 2", "T 1 2", "F 1", "T 3 1",
    "d", "F 4", "F 4", "T 3 4", "3", "F 3", "T 1 3", "F 3", "F 2",
]  # fmt: skip


@pytest.mark.parametrize(
    "deck, lines, fixture",
    [(TEST2_DECK, TEST2_LINES, "test2.txt"), (TEST3_DECK, TEST3_LINES, "test3.txt")],
)
def test_hand_out_sample_sessions_with_a_stock_of_queens_kings_and_aces(deck, lines, fixture):
    assert {c.rank for c in deck} == {1, 12, 13} and len(deck) == 12
    end, transcript = replay(rules.start_from_deck(deck), lines)
    assert transcript == (DATA / fixture).read_text(encoding="utf-8")
    assert rules.is_won(end)
    assert plugin.outcome(end).result == "won"
    assert [len(column) for column in end.tableau] == [1, 1, 1, 1]
    assert {column[0] for column in end.tableau} == {Card(1, suit) for suit in Suit}
    assert len(end.foundation) == 8


def test_win_message_only_on_the_winning_move():
    s = rules.start_from_deck(TEST2_DECK)
    for line in TEST2_LINES[:-1]:
        s, text, _ = run(s, line)
        assert "You won!" not in text
    s, text, ok = run(s, TEST2_LINES[-1])
    assert ok and text.splitlines()[0] == "You won!"


@pytest.mark.parametrize("line, why", [
    ("F a", "'a' is not a column: columns are 1 to 4"),
    ("T 2", "the target column is missing: T x y moves column x's bottom card to empty column y"),
    ("D 2", "D takes no argument: it deals one card onto each column"),
    ("3", "'3' is not an option: D, F x, T x y, H, R or Q"),
    ("F 9", "there is no column 9: columns are 1 to 4"),
    ("F 0", "there is no column 0: columns are 1 to 4"),
    ("T 1 5", "there is no column 5: columns are 1 to 4"),
    ("F 1 2", "F takes one column, got 2"),
    ("X", "'X' is not an option: D, F x, T x y, H, R or Q"),
    ("F", "a column is missing: F x moves the bottom card of column x"),
    ("T", "the columns are missing: T x y moves column x's bottom card to empty column y"),
    ("t 1 2 3", "T takes two columns, got 3"),
])  # fmt: skip
def test_malformed_input_is_an_invalid_option_quoting_the_line_and_saying_why(line, why):
    s = rules.init_game(7)
    after, text, ok = run(s, line)
    assert not ok and after == s
    assert text == f"Error in option: {line}\nInvalid option.\n{why}"


def test_commands_are_case_insensitive():
    s = rules.start_from_deck(TEST3_DECK)
    upper, _, _ = run(s, "D")
    lower, _, _ = run(s, "d")
    assert upper == lower == rules.deal(s)


def test_completion_offers_only_useful_columns():
    f = next(c for c in COMMANDS if c.name == "F")
    t = next(c for c in COMMANDS if c.name == "T")
    s = state(stock="2S 3S 4S 5S", columns=("5H", "", "AH 2C", "KH"))
    assert list(f.complete(s, 0)) == ["1"]  # 5♥ under K♥; 2♣ and K♥ are not beaten
    assert list(t.complete(s, 0)) == ["1", "3", "4"]
    assert list(t.complete(s, 1)) == ["2"]
    full = state(columns=("5H", "6H", "AH 2C", "KH"))
    assert list(t.complete(full, 0)) == [] and list(t.complete(full, 1)) == []
    assert list(f.complete(None, 0)) == []


def test_game_record_maps_the_hand_out_letters_onto_host_commands():
    assert plugin.GAME.id == "aces-up"
    assert dict(plugin.GAME.host_aliases) == {"h": "help", "q": "quit", "r": "new"}
    assert plugin.GAME.prompt(rules.init_game(1)) == "Input an option (DFTRHQ): "
    assert plugin.cardshell_games() == [plugin.GAME]
    assert {c.usage for c in plugin.GAME.moves} == {"D", "F x", "T x y"}
    assert plugin.GAME.moves == plugin.MOVES and plugin.GAME.immutable
    assert plugin.GAME.new(5, {}) == rules.init_game(5)
