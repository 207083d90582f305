"""Aces Up through the host (a shell of :func:`cardshell.testing.new_shell`): the hand-out's
sessions, its letters, and hypothesis-driven random input (DESIGN.md,
"Promises the host keeps for every game"; issue 2, "Tests that must exist")."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardshell.cards import new_deck, parse_card
from cardshell.testing import execute_checked, new_shell
from cardshell_aces_up import plugin, rules
from cardshell_aces_up.display import render
from cardshell_aces_up.rules import AcesUpState

DATA = Path(__file__).parent / "data" / "aces_up"
FULL_DECK = set(new_deck())


def deck_for(*deals: str):
    return list(reversed([parse_card(w) for deal in deals for w in deal.split()]))


def playing(seed: int = 7):
    shell = new_shell(["aces-up"], seed=1)
    reply = shell.execute(f"play aces-up --seed {seed}")
    assert reply.ok, reply.error
    return shell


def all_cards(state: AcesUpState) -> set:
    """The set of cards in stock, tableau and foundation; asserts none is doubled."""
    cards = state.cards()
    assert len(cards) == len(set(cards))
    return set(cards)


def test_play_shows_the_deal_and_its_seed():
    shell = playing(7)
    assert shell.current.game.id == "aces-up"
    assert shell.current.state == rules.init_game(7)
    assert render(rules.init_game(7)) in shell.execute("restart").output


def test_issue_example_bad_column_is_an_invalid_option_and_changes_nothing():
    shell = playing(7)
    assert shell.execute("D").ok
    before = copy.deepcopy(shell.current.state)
    reply = shell.execute("F 9")
    assert not reply.ok
    assert reply.error == "Error in option: F 9\nInvalid option.\nthere is no column 9: columns are 1 to 4"
    assert shell.current.state == before


@pytest.mark.parametrize(
    "deck, lines, fixture",
    [
        (deck_for("AS KS QS AH", "KH QH AD KD", "QD AC KC QC"),
         ["F 1", "F 2", "F 3", "D", "f 4", "F 2", "T 1 2", "F 2", "D", "F 3", "F 4", "F 1"], "test2.txt"),
        (deck_for("QS QH QD QC", "AS KS AH KH", "AD KD AC KC"),
         ["D", "F a", "T 2", "D 2", "F 2", "F 4", "F 2", "T 1 2", "F 1", "T 3 1",
          "d", "F 4", "F 4", "T 3 4", "3", "F 3", "T 1 3", "F 3", "F 2"], "test3.txt"),
    ],
)  # fmt: skip
def test_hand_out_sessions_through_the_host_with_a_stacked_stock(deck, lines, fixture):
    shell = playing()
    shell.current.state = rules.start_from_deck(deck)
    blocks = [render(shell.current.state)]
    for line in lines:
        before = copy.deepcopy(shell.current.state)
        reply = shell.execute(line)
        if reply.ok:
            blocks.append(f"{plugin.PROMPT}{line}\n{reply.output}")
        else:
            assert shell.current.state == before
            # The hand-out's two lines, then our third line saying why (left out of the hand-out's text).
            hand_out = reply.error
            if hand_out.startswith("Error in option: "):
                hand_out, _, why = hand_out.rpartition("\n")
                assert why == plugin.reason(line)
            blocks.append(f"{plugin.PROMPT}{line}\n{hand_out}")
    # The hand-out's session (its "You won!"), then the host's two lines: the score and what comes next.
    ending = "\nAces Up is over, score 8.\nNext: 'new', 'restart', 'undo' or 'quit'."
    assert blocks[-1].endswith(ending)
    blocks[-1] = blocks[-1].removesuffix(ending)
    assert "\n\n".join(blocks) + "\n" == (DATA / fixture).read_text(encoding="utf-8")
    assert shell.current.outcome is not None and shell.current.outcome.result == "won"


def test_a_stuck_game_is_reported_lost():
    shell = playing()
    # F 1 (5♥ under 9♥) leaves 9♥ with nothing higher, and no empty column.
    shell.current.state = AcesUpState(
        stock=[],
        tableau=[[parse_card("2C"), parse_card("5H")], [parse_card("9H")], [parse_card("KD")], [parse_card("AS")]],
        foundation=[],
    )
    assert shell.current.game.outcome(shell.current.state) is None
    assert shell.execute("F 1").ok
    assert shell.current.outcome.result == "lost"


def test_hand_out_letters_help_new_and_quit():
    shell = playing(7)
    before = copy.deepcopy(shell.current.state)
    reply = shell.execute("H")
    assert reply.ok and "Move card from Tableau column x to the Foundation." in reply.output
    assert shell.current.state == before
    reply = shell.execute("r")
    assert reply.ok and shell.current.seed != 7
    assert shell.current.state == rules.init_game(shell.current.seed)
    assert shell.execute("q").ok
    assert shell.current is None


def test_prompt_is_the_hand_outs():
    assert playing().prompt_text() == "aces-up: Input an option (DFTRHQ): "


# -- property: random lines ------------------------------------------------

LEAVING = {"q", "quit", "exit", "play"}

lines = st.one_of(
    st.sampled_from(["D", "d", "D 2", "F", "T", "3", "", "h", "r", "help F", "undo", "games", "F a", "T 1"]),
    st.builds("F {}".format, st.integers(-1, 6)),
    st.builds("t {} {}".format, st.integers(0, 5), st.integers(0, 5)),
    st.builds("T {} {}".format, st.integers(1, 4), st.integers(1, 4)),
    st.text(alphabet="DFTdft 0123456789-+aq\t", max_size=8),
    st.text(max_size=10),
).filter(lambda line: (line.split() or [""])[0].lower() not in LEAVING)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(-(2**31), 2**31), script=st.lists(lines, max_size=40))
def test_random_lines_never_raise_keep_rejected_states_and_conserve_52_cards(seed, script):
    shell = playing(seed)
    for line in script:
        execute_checked(shell, line)
        assert shell.current is not None and shell.current.game.id == "aces-up"
        state = shell.current.state
        assert all_cards(state) == FULL_DECK
        assert len(state.tableau) == 4
        assert render(state) == "\n".join(line.rstrip() for line in render(state).splitlines())


def test_game_and_command_summaries_are_one_short_line():
    """``games`` and ``help`` print summaries in a table: one line of at most 70 characters."""
    from cardshell_aces_up import plugin as game_plugin

    (game,) = game_plugin.cardshell_games()
    assert "\n" not in game.summary and len(game.summary) <= 70, game.summary
    for command in game_plugin.MOVES:
        assert "\n" not in command.summary and len(command.summary) <= 70, command.summary
