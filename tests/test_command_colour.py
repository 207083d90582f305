"""The line coloured while it is typed, as fish colours an unknown command:
the first word in red (the style class ``command.unknown``) when it is
neither a shell command, nor the current game's, nor the start of one;
plain otherwise.  The lexer's fragments are checked directly, then once at
a real terminal."""

from __future__ import annotations

import pytest

from cardshell.testing import new_shell
from terminal import spawn_cardshell, wait_for_screen

pytest.importorskip("prompt_toolkit")

from prompt_toolkit.document import Document  # noqa: E402

from cardshell.interactive import UNKNOWN_COMMAND, CommandLexer  # noqa: E402


def fragments(lexer, text):
    return lexer.lex_document(Document(text))(0)


@pytest.fixture
def shell(tmp_path):
    return new_shell(["aces-up", "minesweeper"], seed=1, data_dir=tmp_path / "data", autosave=False)


@pytest.mark.parametrize("text", ["", "   ", "p", "pl", "play", "play aces-up", "PLAY aces-up", "  he", "%help",
                                  "%he", "games --x"])
def test_a_shell_command_or_the_start_of_one_is_plain_at_the_shell_prompt(shell, text):
    assert all(style == "" for style, _ in fragments(CommandLexer(shell), text))
    assert "".join(piece for _, piece in fragments(CommandLexer(shell), text)) == text


@pytest.mark.parametrize(("text", "expected"), [
    ("plya aces-up", [(UNKNOWN_COMMAND, "plya"), ("", " aces-up")]),
    ("  zzz 1 2", [("", "  "), (UNKNOWN_COMMAND, "zzz"), ("", " 1 2")]),
    ("D", [(UNKNOWN_COMMAND, "D")]),  # an Aces Up move, but no game is played
    ("%zz", [(UNKNOWN_COMMAND, "%zz")]),
])
def test_a_word_no_command_starts_is_styled_unknown_at_the_shell_prompt(shell, text, expected):
    assert fragments(CommandLexer(shell), text) == expected


def test_in_a_game_its_own_words_are_known_and_other_words_are_not(shell):
    lexer = CommandLexer(shell)
    shell.execute("play aces-up --seed 1")
    for text in ("D", "d", "F 2", "un", "undo", "hint", "%hint", "q"):
        assert fragments(lexer, text) == [("", text)], text
    assert fragments(lexer, "x 1") == [(UNKNOWN_COMMAND, "x"), ("", " 1")]
    assert fragments(lexer, "%D") == [(UNKNOWN_COMMAND, "%D")]  # '%' reaches the shell's words only
    shell.lifecycle.leave(abandon=False)  # Ctrl-D: back at the shell prompt, the game's words unknown again
    assert fragments(lexer, "D") == [(UNKNOWN_COMMAND, "D")]


def test_a_game_s_pattern_commands_are_known_from_their_legal_moves(shell):
    """Minesweeper's cells (``a5``, ``a5f``) are no command word: a line its
    pattern takes, or a word starting a legal move, is known; others are not."""
    lexer = CommandLexer(shell)
    shell.execute("play minesweeper --seed 1")
    for text in ("a", "a5", "a5f", "open a5", "fl"):
        assert fragments(lexer, text) == [("", text)], text
    assert fragments(lexer, "zz") == [(UNKNOWN_COMMAND, "zz")]


def _colour_on_cursor_row(screen, word):
    """The colour pyte shows ``word``'s first letter in, on the cursor's row (None: not there)."""
    row = screen.cursor.y
    line = "".join(screen.buffer[row][x].data for x in range(screen.columns))
    at = line.find(word)
    return None if at < 0 else screen.buffer[row][at].fg


@pytest.mark.parametrize("no_color", [None, "1"])
def test_an_unknown_command_is_red_at_a_colour_terminal_and_plain_with_no_color(tmp_path, no_color):
    """What the player sees: 'plya' in red as it is typed (no Enter), the
    same word plain once NO_COLOR is set; 'play' is never red."""
    pexpect = pytest.importorskip("pexpect")
    child = spawn_cardshell(tmp_path, "aces-up", "--no-history", rows=10, columns=60,
                            env={"NO_COLOR": no_color} if no_color else None,
                            without=() if no_color else ["NO_COLOR"])
    child.expect_exact("cardshell>")
    screen = child.screen.screen
    expected = "default" if no_color else "red"
    child.send("plya")
    assert wait_for_screen(child, lambda: _colour_on_cursor_row(screen, "plya") == expected)
    child.send("\b\bay")  # now 'play'
    assert wait_for_screen(child, lambda: _colour_on_cursor_row(screen, "play") == "default")
    child.send("\x15exit\r")  # Ctrl-U clears the line
    child.expect(pexpect.EOF)
    child.close()
