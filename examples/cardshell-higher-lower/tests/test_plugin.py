"""Higher or Lower through cardshell, with the ``cardshell_script`` fixture
that cardshell's pytest plugin provides (no conftest needed)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell.cards import Card, Suit
from cardshell.contractcheck import check_game


def test_the_game_is_listed(cardshell_script):
    result = cardshell_script("games\n")
    assert "higher-lower  Higher or Lower: guess whether the next card is higher or lower" in result.output


def test_play_shows_the_first_card(cardshell_script):
    result = cardshell_script("play higher-lower --seed 2\n")
    assert result.status == 0 and result.errors == ""
    assert result.output == "Higher or Lower, seed 2.\nCard: 4♣   Streak: 0 of 5   Stock: 51 cards\n"
    assert result.shell.current.state.card == Card(4, Suit.CLUBS)


def test_a_right_guess_and_the_short_forms(cardshell_script):
    result = cardshell_script("play higher-lower --seed 2\nG H\n")
    assert result.lines[-2:] == ["6♣: right!", "Card: 6♣   Streak: 1 of 5   Stock: 50 cards"]


def test_a_rejected_command_is_reported_and_changes_nothing(cardshell_script):
    result = cardshell_script("play higher-lower --seed 2\nguess sideways\nguess\n")
    assert result.status == 1
    assert result.messages == [
        "guess 'higher' or 'lower', not 'sideways' (usage: guess higher|lower)",
        "which way: 'higher' or 'lower'? (usage: guess higher|lower)",
    ]
    assert result.errors.startswith("<stdin>:2: guess 'higher'")
    state = result.shell.current.state
    assert (state.streak, len(state.stock)) == (0, 51)


def test_no_guess_once_the_game_is_over(cardshell_script):
    result = cardshell_script("play higher-lower --seed 2\nguess lower\nguess higher\n")
    assert result.messages == ["The game is over: type 'new' to deal again."]
    assert result.shell.current.outcome.result == "lost"
    assert result.shell.prompt_text() == "higher-lower: game over (new or quit): "


def test_odds_report_without_a_move(cardshell_script):
    result = cardshell_script("play higher-lower --seed 2\nodds\n")
    assert result.lines[-1] == "Of 51 unseen cards, 36 are higher than 4♣, 12 lower and 3 of the same rank."
    assert result.shell.current.moves == 0


def test_a_bad_target_is_refused(cardshell_script):
    result = cardshell_script("play higher-lower --target 60\n")
    assert (result.status, result.messages) == (1, ["the target must be 1..51, got 60"])


def test_moves_and_hint_come_from_the_host(cardshell_script):
    result = cardshell_script("play higher-lower --seed 2\nmoves\nhint\n")
    assert result.lines[-2] == "Legal moves: guess higher, guess lower"
    assert result.lines[-1].startswith("Hint: guess higher (wins in ")  # 36 of 51 unseen cards are higher


@settings(max_examples=20)
@given(st.integers(-10**6, 10**6), st.integers(1, 51))
def test_the_game_keeps_the_plugin_contract(seed, walk):
    check_game("higher-lower", seed, plugins=["higher-lower"], walk_seed=walk,
               extra_lines=["guess higher", "guess lower"])
