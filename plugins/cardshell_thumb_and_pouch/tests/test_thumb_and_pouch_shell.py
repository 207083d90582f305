"""Thumb and Pouch inside the host: display, commands through ``shell.execute``,
messages for malformed input, completion, a win, and property tests.

Hand-out ``seeds/cse231-thumb-and-pouch.txt`` ("Program commands",
Specifications 2) and GAMES.md "thumb-and-pouch".
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardshell.cards import new_deck, parse_card
from cardshell.testing import completions, execute_checked, new_shell
from cardshell_thumb_and_pouch import display, plugin, rules
from cardshell_thumb_and_pouch.rules import Placed, ThumbAndPouchState


def make(tableau, foundations=("", "", "", ""), stock="", waste="") -> ThumbAndPouchState:
    """A state from texts: ``"-K♠ Q♣"`` is K♠ face down under Q♣ face up."""
    return ThumbAndPouchState(
        foundations=[[parse_card(w) for w in f.split()] for f in foundations],
        tableau=[[Placed(parse_card(w.lstrip("-")), not w.startswith("-")) for w in p.split()] for p in tableau],
        stock=[parse_card(w) for w in stock.split()],
        waste=[parse_card(w) for w in waste.split()],
    )


def nearly_won() -> ThumbAndPouchState:
    """Every card on the foundations but the four kings (K♣ face down under K♦)."""
    suits = "♠♥♦♣"
    return make(
        tableau=["K♠", "", "-K♣ K♦", "", "", "", ""],
        foundations=[" ".join(f"{r}{s}" for r in "A 2 3 4 5 6 7 8 9 10 J Q".split()) for s in suits],
        waste="K♥",
    )

SEED_1_DISPLAY = """\
Foundation:
    1    2    3    4
  [ ]  [ ]  [ ]  [ ]
Tableau:
    1    2    3    4    5    6    7
   9♣   XX   XX   XX   XX   XX   XX
        3♥   XX   XX   XX   XX   XX
             7♠   XX   XX   XX   XX
                  6♠   XX   XX   XX
                       4♣   XX   XX
                            9♥   XX
                                 K♦
Stock #(23) --> [8♦]"""


def start(seed: int = 1):
    shell = new_shell(["thumb-and-pouch"])
    reply = shell.execute(f"play thumb-and-pouch --seed {seed}")
    assert reply.ok, reply.error
    return shell


# --- display -------------------------------------------------------------------------


def test_display_of_the_deal():
    assert display.render(rules.new_game(1)) == SEED_1_DISPLAY


def test_play_shows_the_deal():
    shell = new_shell(["thumb-and-pouch"])
    reply = shell.execute("play thumb-and-pouch --seed 1")
    assert reply.output.endswith(SEED_1_DISPLAY)


def test_display_foundation_tops_empty_piles_and_waste_order():
    state = make(
        ["", "10♥", "", "", "", "", "-2♦ 5♣"],
        foundations=["A♠ 2♠", "", "A♦", ""],
        stock="3♣ 4♦ 6♦",
        waste="A♥ 8♠",
    )
    assert display.render(state) == (
        "Foundation:\n"
        "    1    2    3    4\n"
        "   2♠  [ ]   A♦  [ ]\n"
        "Tableau:\n"
        "    1    2    3    4    5    6    7\n"
        "       10♥                       XX\n"
        "                                 5♣\n"
        "Stock #(3) --> [A♥, 8♠]"
    )


def test_display_has_no_trailing_spaces():
    for seed in range(5):
        text = display.render(rules.new_game(seed))
        assert all(line == line.rstrip() for line in text.splitlines())


# --- commands through the shell ------------------------------------------------------


def test_sw_through_the_shell_shows_the_new_state():
    shell = start()
    reply = shell.execute("sw")
    assert reply.ok
    assert reply.output.splitlines()[-1] == "Stock #(22) --> [8♦, 7♥]"
    assert len(shell.current.state.waste) == 2


def test_commands_are_case_insensitive():
    shell = start()
    assert shell.execute("SW").ok
    assert shell.execute("Sw").ok
    assert len(shell.current.state.stock) == 21


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("tf 1 1", "Error, foundation 1 is empty: only an ace can start it, not 9♣."),
        ("TT 7 1 1", "Error, cannot put K♦ on 9♣ in tableau pile 1: wrong rank, "
         "only an 8 of a suit other than ♣ goes on 9♣."),
        ("tt 2 1 2", "Error, cannot move 2 cards from tableau pile 2: only 1 card is face up, "
         "card 2 from the top is face down."),
        ("wt 9", "Error, there is no tableau pile 9: tableau piles are numbered 1 to 7."),
        ("wf 5", "Error, there is no foundation 5: foundations are numbered 1 to 4."),
        ("tf 1", "Error, tf takes 2 numbers: tf x y (x a tableau pile 1-7, y a foundation 1-4); got 'tf 1'."),
        ("TF 1 2 3", "Error, tf takes 2 numbers: tf x y (x a tableau pile 1-7, y a foundation 1-4); "
         "got 'TF 1 2 3'."),
        ("tt 1 a 3", "Error, 'a' is not a number: tt x y n (x and y tableau piles 1-7, n the number of cards); "
         "got 'tt 1 a 3'."),
        ("wt", "Error, wt takes 1 number: wt x (x a tableau pile 1-7); got 'wt'."),
        ("sw 2", "Error, sw takes no arguments: sw; got 'sw 2'."),
        ("tt " + "1" * 60_000, "Error, tt takes 3 numbers: tt x y n (x and y tableau piles 1-7, n the number of "
         "cards); got 'tt 1111111111111111111111111111111111111'… (60003 characters)."),  # cut as every echo
        ("tt 1 2 " + "x" * 50, "Error, 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'… (50 characters) is not a number: "
         "tt x y n (x and y tableau piles 1-7, n the number of cards); got 'tt 1 2 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'… "
         "(57 characters)."),
        ("xyz 1", "Error, unknown command 'xyz': the commands are tf x y, tt x y n, wf x, wt x, sw, "
         "r (new deal), h (help), q (quit)."),
    ],
)
def test_rejected_lines_give_their_message_and_change_nothing(line, message):
    shell = start()
    before = copy.deepcopy(shell.current.state)
    reply = shell.execute(line)
    assert not reply.ok
    assert reply.error == message
    assert reply.output == ""
    assert shell.current.state == before
    assert shell.current.log == []


def test_hand_out_letters_map_to_host_commands():
    shell = start()
    assert "tt x y n" in shell.execute("H").output
    reply = shell.execute("r")
    assert reply.ok
    assert shell.current.state == rules.new_game(shell.current.seed)
    assert shell.current.log == []
    assert shell.execute("q").ok
    assert shell.current is None


def test_a_win_through_the_shell():
    shell = start()
    shell.current.state = nearly_won()
    for line in ("tf 3 3", "tf 3 4", "tf 1 1"):
        reply = shell.execute(line)
        assert reply.ok, reply.error
        assert shell.current.outcome is None
    reply = shell.execute("wf 2")
    assert reply.ok
    assert reply.output.startswith(rules.MSG_WON + "\n")
    # the ending said once: the game's words say it is won, the host adds the score and what comes next
    assert reply.output.lower().count("won") == 1
    assert reply.output.endswith("Thumb and Pouch is over, score 52.\nNext: 'new', 'restart', 'undo' or 'quit'.")
    assert shell.current.outcome is not None and shell.current.outcome.result == "won"
    assert plugin.outcome(shell.current.state).result == "won"


def test_completion_offers_valid_pile_numbers():
    state = make(["K♠", "", "9♣ 8♦ 7♣", "", "", "", ""])
    commands = {move.name: move for move in plugin.MOVES}
    assert list(commands["tf"].complete(state, 0)) == ["1", "3"]
    assert list(commands["tf"].complete(state, 1)) == ["1", "2", "3", "4"]
    assert list(commands["tt"].complete(state, 0)) == ["1", "3"]
    assert list(commands["tt"].complete(state, 1)) == [str(n) for n in range(1, 8)]
    assert list(commands["tt"].complete(state, 2)) == ["1", "2", "3"]
    assert list(commands["wf"].complete(state, 0)) == ["1", "2", "3", "4"]
    assert list(commands["wt"].complete(state, 0)) == [str(n) for n in range(1, 8)]
    assert list(commands["tf"].complete(state, 2)) == []


def test_completion_through_the_host():
    shell = start()
    assert shell.execute("moves").output == "Legal moves: tt 2 5 1, wt 1, wt 6, sw"
    words, _ = completions(shell, "")
    # exactly what is valid now (issue 27 item 4): the moves that 'moves' lists, word by word
    assert {"tt", "wt", "sw"} <= set(words) and not {"tf", "wf"} & set(words)
    assert completions(shell, "tf ") == ([], "")
    assert completions(shell, "TT ") == (["2"], "")
    assert completions(shell, "tt 2 5 ") == (["1"], "")
    assert completions(shell, "wt ") == (["1", "6"], "")


# --- properties ------------------------------------------------------------------------

_pile = st.integers(min_value=-1, max_value=9).map(str)
_move = st.one_of(
    st.just("sw"),
    st.builds(lambda x, y: f"tf {x} {y}", _pile, _pile),
    st.builds(lambda x, y, n: f"tt {x} {y} {n}", _pile, _pile, st.integers(0, 8).map(str)),
    st.builds(lambda x: f"wf {x}", _pile),
    st.builds(lambda x: f"wt {x}", _pile),
    st.text(alphabet="tfwsTW 0123456789x-\t", max_size=10),
    st.text(max_size=8),
)
_LEAVING = {"q", "quit", "exit", "play"}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), lines=st.lists(_move, max_size=40))
def test_random_lines_never_escape_and_rejections_change_nothing(seed, lines):
    shell = start(seed)
    deck = sorted(new_deck())
    for line in lines:
        words = line.split()
        if words and words[0].lower() in _LEAVING:
            continue
        reply = execute_checked(shell, line)
        assert reply.warnings == []
        state = shell.current.state
        assert sorted(state.cards()) == deck
        assert all(pile[-1].face_up for pile in state.tableau if pile)


def test_game_and_command_summaries_are_one_short_line():
    """``games`` and ``help`` print summaries in a table: one line of at most 70 characters."""
    from cardshell_thumb_and_pouch import plugin as game_plugin

    (game,) = game_plugin.cardshell_games()
    assert "\n" not in game.summary and len(game.summary) <= 70, game.summary
    for command in game.moves:
        assert "\n" not in command.summary and len(command.summary) <= 70, command.summary
