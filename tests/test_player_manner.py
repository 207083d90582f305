"""What a player meets in every game (issue 12): ends announced, did-you-mean,
unique prefixes, text wrapped at word boundaries."""

from __future__ import annotations

import pytest

from cardshell import help as helptext
from cardshell.records import Game, Outcome
from cardshell.shell import Shell


@pytest.fixture
def shell():
    return Shell.create(plugins=["aces-up", "pictures", "up-and-down"], extra_modules=["toy_counter"], seed=3,
                        autosave=False)


def test_a_game_that_ends_says_so_and_what_comes_next(shell):
    shell.execute("play counter --seed 1")
    reply = shell.execute("inc 3")
    assert reply.output.endswith("Counter is over: won, score 3.\nNext: 'new', 'restart', 'undo' or 'quit'.")
    assert shell.execute("undo").ok
    redone = shell.execute("redo")
    assert redone.output.endswith("Next: 'new', 'restart', 'undo' or 'quit'.")


def test_the_ending_names_the_games_own_answers_first_when_it_goes_on():
    game = Game(id="g", title="G", summary="", new=lambda s, o: 0, render=str, undo=False)
    text = helptext.ending(game, Outcome("lost", 2.5, "bust"), ["y", "n"])
    assert text == "G: the round is over: lost, score 2.5 (bust).\nNext: 'y', 'n', 'new', 'restart' or 'quit'."


def test_a_game_played_out_by_its_deal_announces_its_end_at_play(shell):
    reply = shell.execute("play pictures --seed 477")
    assert "\nPictures is over: won" in reply.output


def test_unknown_words_get_a_did_you_mean(shell):
    assert "(did you mean 'exit'?)" in shell.execute("exitt").error
    shell.execute("play aces-up --seed 7")
    error = shell.execute("qiut").error
    # the hand-out's two lines kept, then why, then the suggestion
    assert error == ("Error in option: qiut\nInvalid option.\n'qiut' is not an option: D, F x, T x y, H, R or Q\n"
                     "Did you mean 'quit'?")
    assert "Did you mean" not in shell.execute("zzzz").error


def test_play_takes_a_unique_prefix_and_records_the_full_id(shell):
    reply = shell.execute("play aces --seed 7")
    assert reply.ok and shell.current.id == "aces-up"
    assert shell.recorder.lines[-1] == "play aces-up --seed 7"
    unique = shell.execute("play p")  # pictures is the only game starting with p here
    assert unique.ok and shell.current.id == "pictures"
    shell.execute("quit")
    reply = shell.execute("play u")
    assert reply.ok and shell.current.id == "up-and-down"


def test_an_ambiguous_prefix_names_the_candidates_and_changes_nothing():
    shell = Shell.create(plugins=["pictures"], extra_modules=["toy_pairs"], seed=3)
    reply = shell.execute("play p")
    assert not reply.ok and reply.error == "'p' could be pairs, pictures; type more of its name"
    assert shell.current is None and shell.sessions == {}
    assert shell.execute("play pa --row 1,1").ok and shell.current.id == "pairs"


def test_help_and_games_never_break_a_word_at_80_columns(shell):
    shell.execute("play aces-up --seed 7")
    for line in ("help", "help all", "games"):
        text = shell.execute(line).output
        assert all(len(row) <= 80 for row in text.splitlines()), text
    words = " ".join(shell.execute("help all").output.split())
    assert "show this menu, or help for one command" in words


def test_table_wraps_the_right_column_under_itself():
    text = helptext.table([("a", "one two three four five six seven eight nine ten")], width=30)
    lines = text.splitlines()
    assert lines[0] == "  a  one two three four five"
    assert all(line.startswith("     ") for line in lines[1:]) and max(map(len, lines)) <= 30
    assert " ".join(text.split()) == "a one two three four five six seven eight nine ten"


def test_help_game_shows_the_rules_page_without_a_game_in_progress():
    shell = Shell.create(plugins=["minesweeper", "aces-up"], seed=1)
    page = shell.execute("help minesweeper")
    assert page.ok and page.output.startswith("Minesweeper (minesweeper)\n")  # rendered: no '#'

    assert "--level" in page.output and "beginner" in page.output
    assert all(len(line) <= 80 for line in page.output.splitlines())
    assert shell.execute("help mines").output == page.output  # a unique prefix
    assert shell.execute("rules minesweeper").output == page.output
    shell.execute("play aces-up --seed 7")
    assert shell.execute("rules").output.startswith("Aces Up (aces-up)\n")
    assert "did you mean 'minesweeper'?" in shell.execute("help minesweepr").error


def test_a_game_without_a_rules_page_gets_one_from_its_records():
    shell = Shell.create(plugins=[], extra_modules=["toy_pairs"])
    page = shell.execute("help pairs").output
    assert page.startswith("Pairs (pairs): remove equal neighbours")
    assert "take i  remove the pair" in page and "--row" in page and "--seed N" in page


BUILT_IN_GAMES = ["aces-up", "blackjack", "minesweeper", "pictures", "snap", "thumb-and-pouch", "up-and-down"]


@pytest.mark.parametrize("game_id", BUILT_IN_GAMES)
def test_every_game_takes_the_hosts_words_by_their_full_names(game_id):
    """help, show, restart, new and quit, typed in full, do the host's job in every game
    (issue 12 item 3), whatever single letters the game has of its own."""
    shell = Shell.create(plugins=[game_id], seed=5, autosave=False)
    assert shell.execute(f"play {game_id} --seed 11").ok
    session = shell.current
    menu = shell.execute("help")
    assert menu.ok and "Shell commands:" in menu.output and "restart" in menu.output
    shown = shell.execute("show")
    assert shown.ok and shown.output == session.game.render(session.state)
    restarted = shell.execute("restart")
    assert restarted.ok and shell.current.seed == 11 and shell.current.moves == 0
    assert shell.current.state == session.game.new(11, shell.current.options)
    renewed = shell.execute("new")
    assert renewed.ok and shell.current.id == game_id and shell.current.seed != 11
    assert shell.execute("quit").ok and shell.current is None
