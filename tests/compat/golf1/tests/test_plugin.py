"""Golf through cardshell (contract 1): its own hint, show and moves shadow
the host's words, which stay reachable with the escape ``%``."""

from __future__ import annotations

from cardshell.cards import new_deck
from cardshell.testing import execute_checked
from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell_compat_golf import display, rules


def test_the_game_is_listed(cardshell_script):
    result = cardshell_script("games\n")
    assert "compat-golf" in result.output and "clear seven columns" in result.output


def test_play_shows_the_deal(cardshell_script):
    result = cardshell_script("play compat-golf --seed 3\n")
    assert result.status == 0 and result.errors == ""
    assert result.output.endswith(display.render(rules.new_game(3)) + "\n")


def test_the_games_own_hint_show_and_moves_answer(cardshell_script):
    state = rules.new_game(3)
    result = cardshell_script("play compat-golf --seed 3\nhint\nshow\nmoves\n")
    assert result.status == 0, result.errors
    plays = [f"play {number}" for number in rules.playable(state)] + ["draw"]
    assert result.lines[-3:] == [f"Golf hint: {rules.advice(state)}", display.tops(state),
                                 f"Golf moves: {', '.join(plays)}"]
    assert result.shell.current.moves == 0  # reports are not moves


def test_the_hosts_words_stay_reachable_with_the_escape(cardshell_shell):
    shell = cardshell_shell()
    assert shell.execute("play compat-golf --seed 3").ok
    assert shell.execute("%show").output == display.render(rules.new_game(3))  # the host's show: the display
    host_hint = shell.execute("%hint")
    said = (host_hint.output or "") + (host_hint.error or "")
    # A contract-1 game lists no legal moves, and the host's hint says so (docs/howto/contract-1.md).
    assert "legal moves" in said and "Golf hint" not in said
    assert shell.current.state == rules.new_game(3)


def test_inside_the_game_play_is_golfs_and_percent_play_the_hosts(cardshell_shell):
    shell = cardshell_shell()
    assert shell.execute("play compat-golf --seed 3").ok
    golfs = shell.execute("play compat-golf --seed 4")  # Golf's play N: not a column
    assert not golfs.ok and "give one number 1-7" in golfs.error
    assert shell.current.state == rules.new_game(3)
    assert shell.execute("%play compat-golf --seed 4").ok  # the host's play: a new deal
    assert shell.current.state == rules.new_game(4)


def test_a_rejected_play_is_reported_and_changes_nothing(cardshell_script):
    before = rules.new_game(3)
    blocked = next(number for number in range(1, 8) if number not in rules.playable(before))
    result = cardshell_script(f"play compat-golf --seed 3\nplay {blocked}\nplay 9\nplay\n")
    assert result.status == 1 and len(result.messages) == 3
    assert "does not go on" in result.messages[0]
    assert "there is no column 9" in result.messages[1]
    assert result.shell.current.state == before


def test_moves_change_the_state_in_place_and_the_host_undoes_them(cardshell_script):
    state = rules.new_game(3)
    move = rules.advice(state)
    result = cardshell_script(f"play compat-golf --seed 3\n{move}\nundo\nredo\n")
    assert result.status == 0, result.errors
    if move == "draw":
        rules.draw(state)
    else:
        rules.play(state, int(move.split()[1]))
    assert result.shell.current.state == state and result.shell.current.moves == 1


def test_the_rules_page_is_installed_with_the_package(cardshell_script):
    result = cardshell_script("help compat-golf\n")
    assert "Seven columns of five cards are dealt face up" in result.output


@settings(max_examples=15, deadline=None, derandomize=True, database=None)
@given(st.integers(0, 10**6))
def test_following_the_games_own_hint_ends_the_game_with_every_card_kept(cardshell_shell, seed):
    shell = cardshell_shell()
    assert execute_checked(shell, f"play compat-golf --seed {seed}").ok
    for _ in range(60):  # at most 35 plays and 16 draws end a game
        advice = rules.advice(shell.current.state)
        if not advice:
            break
        reply = execute_checked(shell, advice)
        assert reply.ok, reply.error
        state = shell.current.state
        tableau = [card for column in state.columns for card in column]
        assert sorted(tableau + state.stock + state.waste) == sorted(new_deck())  # every card once
    assert shell.current.outcome is not None
    assert shell.current.outcome.score == shell.current.state.left
