"""A game's display fits the terminal: ``Game.compact`` where ``render``'s board
does not fit (by width or by height), never in a script; ``cardshell_render``
is given the terminal's size, None in a script."""

import os

import pytest

import toy_fitted
from cardshell import screen
from cardshell.context import FrontEnd
from cardshell.shell import Shell

TALL = "\n".join(["n=0", *(f"row {i}".ljust(30, ".") for i in range(1, 10))])


@pytest.mark.parametrize("columns, lines, fits", [
    (80, 24, True),
    (30, 12, True),   # 10 lines and the line typed and the prompt: exactly the height
    (30, 11, False),  # one line short: the top line would scroll off
    (29, 24, False),  # 'row 1....' is 30 characters
    (200, 2, False),
])
def test_a_board_fits_by_width_and_by_height(columns, lines, fits):
    assert screen.board_fits(TALL, os.terminal_size((columns, lines))) is fits


def test_colours_take_no_room_and_a_trailing_newline_no_line():
    coloured = "\x1b[31mrow 1\x1b[0m\n" * 10
    assert screen.board_fits(coloured, os.terminal_size((5, 12)))
    assert not screen.board_fits(coloured + "x", os.terminal_size((5, 12)))


def terminal(monkeypatch, columns, lines, game="tall"):
    """A shell as at a terminal of that size (``shutil.get_terminal_size`` reads COLUMNS and LINES first)."""
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("LINES", str(lines))
    shell = Shell.create(plugins=[], extra_modules=["toy_fitted"], front_end=FrontEnd(interactive=True))
    assert shell.execute(f"play {game} --seed 1").ok
    return shell


def test_a_terminal_too_short_shows_the_compact_form(monkeypatch):
    shell = terminal(monkeypatch, 80, 11)
    reply = shell.execute("bump")
    assert reply.ok and reply.output == "n=1 (compact)"
    assert shell.execute("show").output == "n=1 (compact)"


def test_a_terminal_too_narrow_shows_the_compact_form(monkeypatch):
    assert terminal(monkeypatch, 29, 40).execute("bump").output == "n=1 (compact)"


def test_a_terminal_that_fits_shows_the_full_form(monkeypatch):
    assert terminal(monkeypatch, 80, 12).execute("bump").output == TALL.replace("n=0", "n=1")


def test_a_game_without_compact_form_keeps_its_board(monkeypatch):
    assert terminal(monkeypatch, 80, 11, "tall-only").execute("bump").output == TALL.replace("n=0", "n=1")


def test_a_broken_compact_form_shows_the_full_one_and_is_reported(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "11")
    shell = Shell.create(plugins=[], extra_modules=["toy_fitted"], front_end=FrontEnd(interactive=True))
    started = shell.execute("play tall-broken --seed 1")
    assert started.ok and started.output.endswith(TALL)
    assert len(started.warnings) == 1 and "compact of game 'tall-broken'" in started.warnings[0]
    assert "ValueError: no compact drawing" in started.warnings[0]
    reply = shell.execute("bump")  # reported once, as a broken render is
    assert reply.ok and reply.output == TALL.replace("n=0", "n=1") and reply.warnings == []


def test_a_script_keeps_the_full_form_whatever_its_screen(monkeypatch):
    monkeypatch.setenv("COLUMNS", "20")
    monkeypatch.setenv("LINES", "5")
    shell = Shell.create(plugins=[], extra_modules=["toy_fitted"], front_end=FrontEnd(columns=20))
    shell.execute("play tall --seed 1")
    assert shell.execute("bump").output == TALL.replace("n=0", "n=1")


def test_the_render_hook_is_given_the_terminals_size_and_none_in_a_script(monkeypatch):
    toy_fitted.SIZES.clear()
    terminal(monkeypatch, 61, 21).execute("bump")
    assert toy_fitted.SIZES and all(size == os.terminal_size((61, 21)) for size in toy_fitted.SIZES)
    toy_fitted.SIZES.clear()
    shell = Shell.create(plugins=[], extra_modules=["toy_fitted"])
    shell.execute("play tall --seed 1")
    shell.execute("bump")
    assert toy_fitted.SIZES == [None, None]


@pytest.mark.parametrize("columns, lines, compact", [
    (60, 20, True),    # the ruled beginner board is 20 lines: its letters would scroll off
    (60, 21, True),
    (80, 22, False),   # 20 lines, the line typed and the prompt
    (38, 40, True),    # the ruled board is 39 characters wide
    (39, 40, False),
])
def test_minesweeper_beginner_is_compact_where_its_ruled_board_does_not_fit(monkeypatch, columns, lines, compact):
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("LINES", str(lines))
    shell = Shell.create(plugins=["minesweeper"], front_end=FrontEnd(interactive=True))
    assert shell.execute("play minesweeper --seed 3").ok
    board = shell.execute("e5").output.splitlines()
    assert board[0] == "    a b c d e f g h i" if compact else "    a   b   c   d   e   f   g   h   i"
    assert len(board) == (12 if compact else 20)
    assert board[2] == ("1 | . . 1 0 0 0 1 . . |" if compact else "1 |   |   | 1 | 0 | 0 | 0 | 1 |   |   |")


@pytest.mark.parametrize(("rows", "columns", "header", "first_row"), [
    (20, 60, "    a b c d e f g h i", "1 | . . 1 0 0 0 1 . . |"),
    (24, 80, "    a   b   c   d   e   f   g   h   i", "1 |   |   | 1 | 0 | 0 | 0 | 1 |   |   |"),
])
def test_minesweeper_beginner_keeps_its_column_letters_on_screen_after_a_move(tmp_path, rows, columns, header,
                                                                             first_row):
    pexpect = pytest.importorskip("pexpect")
    from terminal import spawn_cardshell, wait_for_screen

    child = spawn_cardshell(tmp_path, "minesweeper", rows=rows, columns=columns)
    screen = child.screen
    child.expect_exact("cardshell>")
    child.send("play minesweeper --seed 3\r")
    assert wait_for_screen(child, lambda: screen.cursor_row().startswith("minesweeper:")), screen.text()
    child.send("e5\r")
    assert wait_for_screen(child, lambda: screen.cursor_row().startswith("minesweeper:")
                           and any(row == first_row for row in screen.rows())), screen.text()
    shown = screen.rows()
    at = shown.index(first_row)
    # the line typed, the column letters, the rule, the nine rows, and the prompt at the bottom
    assert shown[at - 3].endswith("mines left): e5") and shown[at - 2] == header, screen.text()
    assert any(row.startswith("9 |") for row in shown[at:]) and screen.cursor_row() == shown[-1], screen.text()
    child.sendcontrol("d")  # leaves the game, kept in progress
    assert wait_for_screen(child, lambda: screen.cursor_row() == "cardshell>"), screen.text()
    child.send("exit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
