"""The text layer (cardshell/screen.py, issue 27 item 1): words are never
broken, lists wrap between items, boards are kept, tables shrink before they
wrap, rules pages are rendered; a piped script is left byte for byte."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardshell import help as helptext
from cardshell import layout, screen
from cardshell.shell import Shell
from cardshell_stats import summary

WORD = st.text(alphabet="abcdefghij-/", min_size=1, max_size=15)


@given(st.lists(WORD, min_size=1, max_size=40), st.integers(min_value=20, max_value=120))
def test_wrap_never_breaks_a_word_and_fits_unless_a_word_is_longer(words, width):
    text = " ".join(words)
    lines = layout.wrap(text, width).split("\n")
    assert " ".join(" ".join(lines).split()) == text  # the same words, in order, none cut
    assert all(len(line) <= width or len(line.split()) == 1 for line in lines)


@given(st.lists(st.text(alphabet="abc 123", min_size=1, max_size=12).map(str.strip).filter(bool),
                min_size=1, max_size=40), st.integers(min_value=20, max_value=100))
def test_a_list_wraps_between_items_only(items, width):
    text = layout.wrap_list("Legal moves: ", items, width)
    assert " ".join(text.split()) == " ".join(" ".join(("Legal moves: " + ", ".join(items)).split()).split())
    joined = " ".join(line.strip() for line in text.split("\n"))
    assert joined.removeprefix("Legal moves: ").split(", ") == items  # no item split across lines
    assert all(len(line) <= width or ", " not in line.strip() for line in text.split("\n"))


def test_a_list_continues_under_its_first_item():
    text = layout.wrap_list("Legal moves: ", ["tt 1 2 1", "tf 1 1", "sw"] * 3, 30, end=".")
    assert text.split("\n") == ["Legal moves: tt 1 2 1, tf 1 1,",
                                "             sw, tt 1 2 1,",
                                "             tf 1 1, sw,",
                                "             tt 1 2 1, tf 1 1,",
                                "             sw."]


def test_a_board_is_kept_in_scripts_and_broken_between_items_at_a_terminal():
    waste = ", ".join(["8♦", "7♥", "Q♠", "K♣", "A♠", "2♠", "9♦", "9♠", "8♠", "J♦", "3♦", "5♠"] * 2)
    board = screen.Exact(f"Tableau:\nStock #(0) --> [{waste}]", "board")
    assert screen.fit(board, 40) == board  # byte for byte (hand-out display)
    shown = screen.fit(board, 40, terminal=True).split("\n")
    assert shown[0] == "Tableau:" and all(len(line) <= 40 for line in shown)
    assert all(line.startswith(" " * 16) for line in shown[2:])  # under the first card
    assert " ".join(" ".join(shown[1:]).split()) == f"Stock #(0) --> [{waste}]"
    deck = screen.Exact("A (47): " + " ".join(["10", "Q", "3"] * 16), "board")
    assert all(len(line) <= 40 for line in screen.fit(deck, 40, terminal=True).split("\n"))


def test_exact_text_names_a_listed_exception():
    assert screen.Exact("x", "board").kind == "board"
    with pytest.raises(ValueError, match="unknown kind"):
        screen.Exact("x", "pretty")


def test_no_width_means_no_screen_and_no_change():
    text = "word " * 40
    assert layout.wrap(text, None) == text
    assert screen.compose(["a " * 50, "b"], None) == "a " * 50 + "\nb"


def test_the_width_is_columns_then_the_terminal_then_80(monkeypatch):
    monkeypatch.setenv("COLUMNS", "57")
    assert screen.size().columns == 57
    monkeypatch.setenv("COLUMNS", "3")
    assert screen.size().columns == screen.MIN_WIDTH
    monkeypatch.delenv("COLUMNS")
    assert screen.size().columns == 80  # the tests' standard output is no terminal


def test_a_shell_fits_only_when_it_has_a_screen():
    shell = Shell.create(plugins=["aces-up"], seed=1, autosave=False)
    assert shell.front_end.fit_width is None and shell.width == 80
    reply = shell.execute("help no-such-thing-at-all-to-be-found")
    assert "\n" not in reply.error  # a piped script: the message as written
    shell.front_end.columns = 40
    reply = shell.execute("help no-such-thing-at-all-to-be-found")
    assert max(len(line) for line in reply.error.split("\n")) <= 40


def test_a_script_fits_columns_and_a_piped_one_is_kept(run_cli):
    script = "help no-such-thing-at-all-to-be-found\nplay minesweeper --seed 3\ne5\nmoves\n"
    env = {"CARDSHELL_LOAD_PLUGINS": "minesweeper"}
    piped = run_cli(stdin=script, env=env)
    narrow = run_cli(stdin=script, env={**env, "COLUMNS": "50"})
    assert max(len(line) for line in piped.stdout.splitlines()) > 200  # the legal moves, one line
    assert max(len(line) for line in narrow.stdout.splitlines()) <= 50
    assert len(narrow.stderr.splitlines()) > len(piped.stderr.splitlines()) == 1  # the error, wrapped
    assert " ".join(narrow.stdout.split()) == " ".join(piped.stdout.split())  # the same words


def test_a_table_keeps_a_long_usage_on_its_own_lines():
    rows = [("help", "show this menu"), ("simulate N [I] [--first SEED] [--jobs J] [--plot [FILE.png]]", "play")]
    text = helptext.table(rows, width=40)
    assert text.split("\n")[0] == "  help  show this menu"
    assert all(len(line) <= 40 for line in text.split("\n"))


def test_a_usage_wraps_between_its_groups():
    assert helptext.usage_groups("play GAME [--seed N] [--OPTION VALUE ...]") == [
        "play", "GAME", "[--seed N]", "[--OPTION VALUE ...]"]


def test_the_stats_table_shrinks_then_drops_columns_and_says_which():
    rows = [("thumb-and-pouch", summary.Summary(played=12, won=3, lost=9, best_time=1234.5, best_streak=2))]
    wide = summary.table(rows, width=120)
    assert "best time" in wide and "left out" not in wide
    narrow = summary.table(rows, width=50)
    assert all(len(line) <= 50 for line in narrow.split("\n"))
    assert "left out at this width: best streak" in narrow
    assert "ime" not in narrow.split("\n")[0].split()  # no header cut in two


def test_a_rules_page_is_rendered_without_markdown_marks():
    page = "# Game (game)\n\nSome `tt 5 6 1` text with **strong** words.\n\n## Commands\n\n- `D` deals\n  a card.\n"
    shown = layout.markdown(page, 80)
    assert shown == "Game (game)\n\nSome 'tt 5 6 1' text with strong words.\n\nCommands\n\n- 'D' deals a card."
    narrow = layout.markdown(page, 22)
    assert "'tt 5 6 1'" in narrow  # a code span is never split
    assert layout.markdown("```\n  a  b\n```\ntext", 80) == "  a  b\ntext"
