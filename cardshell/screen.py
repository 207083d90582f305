"""The text layer: what the host prints, fitted to the player's screen.

:func:`fit` breaks a line wider than the screen (:func:`size`) between
words, never inside one (:mod:`cardshell.layout` says where).
A script piped with ``COLUMNS`` unset is not fitted: its output stays byte
for byte what the commands wrote.  :class:`Exact` text (kinds in
:data:`EXCEPTIONS`) is shown as it is.  :func:`printable` escapes every
control character but newline, tab and a board's SGR colours, so no text
the host prints can drive the terminal; text without any is unchanged.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

from cardshell.layout import DEFAULT_WIDTH, break_board_line, wrap
from cardshell.render import Text, text_of

#: The height of a screen when the terminal's is unknown, in lines.
DEFAULT_HEIGHT = 24
#: The narrowest width text is fitted to (a smaller ``COLUMNS`` counts as this).
MIN_WIDTH = 20
#: The lines a terminal shows around a board after a move: the line typed above it, the prompt below.
BOARD_MARGIN_LINES = 2

#: The text the host never wraps, by kind, and why.  Everything else a
#: reply holds (messages, errors, help, rules, tables, lists) fits the width.
EXCEPTIONS: dict[str, str] = {
    "board": (
        "A game's display of its state (Game.render or a cardshell_render hook), shown after a move and by "
        "play, show, undo, redo and solve --play.  A board keeps its layout: in scripts it is byte-exact, as "
        "hand-out displays are compared byte for byte (Thumb and Pouch's 'Stock #(k) --> [c1, c2, ...]' waste "
        "line, Pictures' 'A (47): Q J 3 ...' hand, Blackjack's 'Your current value is 19 with the hand: ...'); "
        "at a terminal a board line wider than the screen is broken only between the items of a list "
        "(after ', ', or between the cards after a 'label: '), never elsewhere."
    ),
    "exact": (
        "What a command prints with ctx.echo(text, exact=True): a game's own diagram or hand-out-exact "
        "text, kept as the game laid it out (like a board)."
    ),
    "word": (
        "A single word longer than the screen (a file path, a long usage word): never broken, it stands "
        "alone on its line and overflows."
    ),
}


#: The control characters :func:`printable` lets through, and why; every
#: other control character is shown escaped.
ALLOWED: dict[str, str] = {
    "newline": "\\n ends a line.",
    "tab": "\\t lays out columns (Pictures' grid).",
    "SGR colour": (
        "ESC [ PARAMETERS m (Select Graphic Rendition: colours, bold, underline; at most 64 digits, ';' or "
        "':' between ESC [ and m), in a board only (Game.render, a cardshell_render hook), so a game's "
        "display keeps its colours; it changes how text looks, never where it goes nor what the terminal does."
    ),
}

# C0 controls but newline and tab, DEL, C1 controls (U+0080..U+009F: CSI is U+009B).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_SGR = re.compile(r"\x1b\[[0-9;:]{0,64}m")
_SGR_OR_CONTROL = re.compile(r"(\x1b\[[0-9;:]{0,64}m)|[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_SHOWN = {"\r": "\\r"}


class Printable(str):
    """Text already made printable (a reply's output): :func:`printable` returns it as it is.

    Joining or formatting it gives a plain ``str`` again.
    """


def _shown(match: re.Match[str]) -> str:
    if match.lastindex:
        return match.group(1)
    char = match.group(0)
    return _SHOWN.get(char) or f"\\x{ord(char):02x}"


def printable(text: str, *, colours: bool = False) -> Printable:
    r"""Text as the terminal may receive it: no control character that could drive the terminal.

    Every control character (U+0000..U+001F, U+007F..U+009F) becomes its
    escape (``\r``, ``\x1b``) except newline and tab and, with ``colours`` (a
    board's text), SGR sequences (:data:`ALLOWED`).  Text without any is
    returned unchanged.
    """
    if isinstance(text, Printable):
        return text
    pattern = _SGR_OR_CONTROL if colours else _CONTROL
    if _CONTROL.search(text) is None:
        return Printable(text)
    return Printable(pattern.sub(_shown, text))


class Exact(str):
    """Text shown as it is, never wrapped; ``kind`` is a key of :data:`EXCEPTIONS` (else ValueError).

    Joining or formatting it gives a plain ``str`` again.
    """

    kind: str

    def __new__(cls, text: str, kind: str = "board") -> Exact:
        if kind not in EXCEPTIONS:
            raise ValueError(f"unknown kind of exact text {kind!r}: one of {', '.join(EXCEPTIONS)}")
        made = super().__new__(cls, text)
        made.kind = kind
        return made


def size() -> os.terminal_size:
    """The screen's size (:func:`shutil.get_terminal_size`), never narrower than :data:`MIN_WIDTH`."""
    import shutil  # here: shutil loads three compression libraries a start never uses

    columns, lines = shutil.get_terminal_size((DEFAULT_WIDTH, DEFAULT_HEIGHT))
    return os.terminal_size((max(columns, MIN_WIDTH), max(lines, 2)))


def board_fits(text: str, size: os.terminal_size) -> bool:
    """Whether a board's text fits a terminal of ``size`` as it is shown after a move.

    It fits when no line is wider than ``size.columns`` (SGR colours take no
    room) and it has at most ``size.lines`` less :data:`BOARD_MARGIN_LINES`
    lines, so its top line stays on screen with the line typed and the prompt.
    """
    lines = text.rstrip("\n").split("\n")
    if len(lines) > size.lines - BOARD_MARGIN_LINES:
        return False
    return all(len(_SGR.sub("", line)) <= size.columns for line in lines)


def fit(text: str, width: int | None = DEFAULT_WIDTH, *, terminal: bool = False) -> str:
    """One piece of a reply, fitted to the screen.

    Args:
        width: the screen's width in characters; None (a piped script) changes
            nothing.
        terminal: a person reads it: a board line wider than the screen is
            broken between list items; in scripts an :class:`Exact` is kept
            byte for byte.

    Returns:
        Every line at most ``width`` characters, except a single word (or board
        item) wider than that and an :class:`Exact`'s lines in scripts.
    """
    if isinstance(text, Exact):
        if not terminal or width is None:
            return text
        lines: list[str] = []
        for line in text.split("\n"):
            lines.extend(break_board_line(line, width) if len(line) > width else [line])
        return Exact("\n".join(lines), text.kind)
    return wrap(text, width, "  ")


def compose(pieces: Iterable[Text], width: int | None = DEFAULT_WIDTH, *, terminal: bool = False) -> Printable:
    """The pieces of a reply, their text made (:func:`cardshell.render.text_of`), each made
    printable and fitted, joined by newlines; empty ones dropped."""
    texts = (text_of(piece) for piece in pieces)
    return Printable("\n".join(fit(_printable_piece(text), width, terminal=terminal) for text in texts if text))


def _printable_piece(piece: str) -> str:
    if isinstance(piece, Printable):
        return piece
    if isinstance(piece, Exact):
        shown = printable(piece, colours=piece.kind == "board")
        return piece if shown == piece else Exact(shown, piece.kind)
    return printable(piece)


def too_wide(text: str, width: int, exact: Iterable[str] = ()) -> list[str]:
    """The lines of ``text`` wider than ``width`` that are none of :data:`EXCEPTIONS`.

    Lines of the ``exact`` pieces (boards) and single words are allowed.
    """
    allowed = {line for piece in exact for line in piece.split("\n")}
    return [line for line in text.split("\n")
            if len(line) > width and line not in allowed and len(line.split()) > 1]
