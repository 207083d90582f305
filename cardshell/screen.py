"""The text layer: what the host prints, fitted to the player's screen.

Every reply the host builds goes through :func:`fit` (in
:meth:`cardshell.dispatch.Dispatcher.execute`): a line wider than the screen
is broken between words, never inside one (``textwrap`` with
``break_long_words=False, break_on_hyphens=False``), its continuation lines
indented like the line itself plus two spaces, as a board's list
continues (Blackjack's hand).  Lists (legal moves, a winning line, saved
games) are wrapped as lists by :func:`wrap_list`, so an item such as
``tt 5 6 1`` is never split; tables shrink or drop columns before they wrap
(:func:`cardshell.help.table`, the ``stats`` table).

The width is the terminal's (:func:`size`: ``COLUMNS``, else the tty's
size, else :data:`DEFAULT_WIDTH`, as :func:`shutil.get_terminal_size`
decides).  A script whose output is a terminal, or run with ``COLUMNS``
set, is fitted the same way; a script piped to a file or a program, with
``COLUMNS`` unset, is not (its output stays byte for byte what the commands
wrote, as golden files and hand-outs compare it), except the menus and
tables, laid out for 80 columns (:attr:`cardshell.shell.Shell.width`).

The exceptions, text shown as it is, are listed in one place:
:data:`EXCEPTIONS`.  Such text is marked by wrapping it in :class:`Exact`
(the host's display of a state does; a command's ``ctx.echo(text,
exact=True)`` does).

No text the host prints can drive the terminal: :func:`printable` shows
every control character (C0, DEL, C1: Unicode category ``Cc``) as an
escape such as ``\\x1b``, except the two that lay text out (newline,
tab) and, in a board only, SGR colour sequences (:data:`ALLOWED`).  It is
applied where text leaves the host: each piece of a reply here
(:func:`compose`, so a board keeps its colours and a reply's output arrives
at the front ends as :class:`Printable`), and everything else the front
ends write (messages, warnings, the prompt, notes, the names of saves and
games) by the front ends themselves, through the same function.  Text
without control characters is never changed, so scripted output stays
byte for byte what the commands wrote.
"""

from __future__ import annotations

import os
import re
import shutil
import textwrap
from collections.abc import Iterable

#: The width text is wrapped to when the terminal's is unknown (scripts), in characters.
DEFAULT_WIDTH = 80
#: The height of a screen when the terminal's is unknown, in lines.
DEFAULT_HEIGHT = 24
#: The narrowest width text is fitted to (a smaller ``COLUMNS`` counts as this).
MIN_WIDTH = 20

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
_SGR_OR_CONTROL = re.compile(r"(\x1b\[[0-9;:]{0,64}m)|[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_SHOWN = {"\r": "\\r"}


class Printable(str):
    """Text already made printable by :func:`printable` (a reply's output,
    built by :func:`compose`): :func:`printable` returns it as it is, so a
    board's colours survive the front end's own pass.  Joining or
    formatting it gives a plain ``str`` again."""


def _shown(match: re.Match[str]) -> str:
    """A control character's escape, or an SGR sequence kept (group 1)."""
    if match.lastindex:
        return match.group(1)
    char = match.group(0)
    return _SHOWN.get(char) or f"\\x{ord(char):02x}"


def printable(text: str, *, colours: bool = False) -> Printable:
    """Text as the terminal may receive it: no control character left that
    could move the cursor, clear the screen, set the window's title or
    change the terminal's state.

    Every control character (Unicode category ``Cc``: U+0000..U+001F,
    U+007F..U+009F) is replaced by its escape, ``\\r`` or ``\\xNN``
    (``ESC`` becomes the four characters ``\\x1b``), except newline and
    tab, and, with ``colours``, SGR sequences (:data:`ALLOWED`).  Text that
    has none is returned unchanged, and a :class:`Printable` as it is.

    Args:
        text (str): what a file or a plugin gave (a save's fields, a game's
            title, a message, a board).
        colours (bool): keep SGR colour sequences (a board's text only).

    Returns:
        Printable: the text, escaped where needed.
    """
    if isinstance(text, Printable):
        return text
    pattern = _SGR_OR_CONTROL if colours else _CONTROL
    if _CONTROL.search(text) is None:
        return Printable(text)
    return Printable(pattern.sub(_shown, text))


class Exact(str):
    """Text shown as it is (one of :data:`EXCEPTIONS`), never wrapped.

    A ``str`` that remembers its kind; joining or formatting it gives a
    plain ``str`` again (which is then fitted like any text).

    Args:
        text (str): the text.
        kind (str): a key of :data:`EXCEPTIONS`.

    Raises:
        ValueError: ``kind`` is not a key of :data:`EXCEPTIONS`.
    """

    kind: str

    def __new__(cls, text: str, kind: str = "board") -> Exact:
        if kind not in EXCEPTIONS:
            raise ValueError(f"unknown kind of exact text {kind!r}: one of {', '.join(EXCEPTIONS)}")
        made = super().__new__(cls, text)
        made.kind = kind
        return made


def size() -> os.terminal_size:
    """The screen's size: ``COLUMNS``/``LINES``, else standard output's
    terminal, else :data:`DEFAULT_WIDTH` x :data:`DEFAULT_HEIGHT`
    (:func:`shutil.get_terminal_size`); never narrower than :data:`MIN_WIDTH`.

    Returns:
        os.terminal_size: (columns, lines).
    """
    columns, lines = shutil.get_terminal_size((DEFAULT_WIDTH, DEFAULT_HEIGHT))
    return os.terminal_size((max(columns, MIN_WIDTH), max(lines, 2)))


def wrap(text: str, width: int | None = DEFAULT_WIDTH, indent: str = "") -> str:
    """Wrap each line of ``text`` longer than ``width`` at word boundaries.

    Lines that are already short enough are kept as they are (aligned
    columns keep their layout); a longer line is broken between words, its
    continuation lines indented like the line itself plus ``indent``.  A
    word longer than the width is never broken (it overflows alone).

    Args:
        text (str): one or more lines.
        width (int | None): the most characters per line (the terminal's
            columns); None: no screen, the text is kept as it is.
        indent (str): extra indentation of continuation lines.

    Returns:
        str: the wrapped text.
    """
    if width is None:
        return text
    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        lead = line[:len(line) - len(line.lstrip())]
        more = lead + indent if len(lead + indent) <= width // 2 else ""
        out.extend(textwrap.wrap(line, width, initial_indent="", subsequent_indent=more,
                                 break_long_words=False, break_on_hyphens=False) or [line])
    return "\n".join(out)


def reflow(text: str, width: int | None = DEFAULT_WIDTH) -> str:
    """Wrap a text of paragraphs (separated by blank lines) written with
    hard line breaks, such as a command's long help.

    A paragraph that fits is kept as written.  One with a line wider than
    ``width`` is joined and wrapped again as one paragraph when none of its
    lines is indented (prose); an indented paragraph (a table, an example)
    is wrapped line by line (:func:`wrap`).

    Args:
        text (str): the paragraphs.
        width (int | None): the screen's width; None keeps the text.

    Returns:
        str: the text, no word broken.
    """
    if width is None:
        return text
    paragraphs = []
    for paragraph in text.split("\n\n"):
        lines = paragraph.split("\n")
        if all(len(line) <= width for line in lines):
            paragraphs.append(paragraph)
        elif any(line[:1].isspace() for line in lines):
            paragraphs.append(wrap(paragraph, width))
        else:
            paragraphs.append("\n".join(textwrap.wrap(" ".join(lines), width, break_long_words=False,
                                                     break_on_hyphens=False)))
    return "\n\n".join(paragraphs)


def wrap_list(lead: str, items: Iterable[str], width: int | None = DEFAULT_WIDTH, *, sep: str = ", ",
              end: str = "") -> str:
    """``lead`` then the items joined by ``sep``, wrapped between items.

    An item (``tt 5 6 1``, ``F 2``) is never split; continuation lines are
    indented by the width of ``lead`` when that leaves at least half the
    width, else by two spaces.  An item longer than the width overflows alone.

    Args:
        lead (str): the start of the first line (``"Legal moves: "``).
        items (Iterable[str]): the items, in order.
        width (int | None): the most characters per line; None: one line.
        sep (str): put between two items (its trailing spaces are dropped
            at a line end).
        end (str): put after the last item (``"."``).

    Returns:
        str: one or more lines, none with trailing spaces.
    """
    words = list(items)
    if width is None:
        return (lead + sep.join(words) + end).rstrip()
    indent = " " * len(lead) if len(lead) <= width // 2 else "  "
    lines: list[str] = []
    line = lead
    for number, item in enumerate(words):
        piece = item + (sep if number < len(words) - 1 else end)
        if line.strip() and len(line) + len(piece.rstrip()) > width:
            lines.append(line.rstrip())
            line = indent
        line += piece
    lines.append(line.rstrip())
    return "\n".join(lines)


def _break_board_line(line: str, width: int) -> list[str]:
    """A board line wider than ``width``, broken only between the items of
    a list: after ``, `` (``Stock #(0) --> [8♦, 7♥, ...]``), else, in a
    ``label: a b c`` line, between the space-separated items after the
    label (Snap's ``A (47): Q J 3 ...``); continuation lines start under the
    list's first item.  Any other line is kept whole."""
    if ", " in line:
        parts, sep = line.split(", "), ","
        opening = max(line.find("["), line.find(": ") + 1 if ": " in line else -1)
    elif ": " in line:
        head, rest = line.split(": ", 1)
        parts, sep = [f"{head}: {rest.split(' ', 1)[0]}", *rest.split(" ")[1:]], ""
        opening = len(head) + 1
    else:
        return [line]
    indent = " " * (opening + 1) if 0 <= opening < width // 2 else "  "
    lines: list[str] = []
    current = ""
    for number, part in enumerate(parts):
        piece = part + (sep if number < len(parts) - 1 else "")
        if current.strip() and len(current) + 1 + len(piece) > width:
            lines.append(current)
            current = indent + piece
        else:
            current = f"{current} {piece}" if current else piece
    lines.append(current)
    return lines


def fit(text: str, width: int | None = DEFAULT_WIDTH, *, terminal: bool = False) -> str:
    """One piece of a reply, fitted to the screen.

    Args:
        text (str): the text; an :class:`Exact` is one of :data:`EXCEPTIONS`.
        width (int | None): the screen's width in characters; None: the
            output goes to no screen (a piped script), nothing is changed.
        terminal (bool): the text goes to a terminal (a person reads it):
            then a board line wider than the screen is broken between the
            items of a list; in scripts an :class:`Exact` is kept byte for byte.

    Returns:
        str: the text, every line at most ``width`` characters except a
        word (or a board item) longer than the width, and the lines of an
        :class:`Exact` in scripts.
    """
    if isinstance(text, Exact):
        if not terminal or width is None:
            return text
        lines: list[str] = []
        for line in text.split("\n"):
            lines.extend(_break_board_line(line, width) if len(line) > width else [line])
        return Exact("\n".join(lines), text.kind)
    return wrap(text, width, "  ")


def compose(pieces: Iterable[str], width: int | None = DEFAULT_WIDTH, *, terminal: bool = False) -> Printable:
    """The pieces of a reply (what a command echoed, a board, the ending
    line), each made printable (:func:`printable`: a board keeps its SGR
    colours, nothing else does; a :class:`Printable` piece, an earlier
    reply's output, is kept) and fitted (:func:`fit`), joined by newlines;
    empty pieces dropped."""
    return Printable("\n".join(fit(_printable_piece(piece), width, terminal=terminal) for piece in pieces if piece))


def _printable_piece(piece: str) -> str:
    """A piece of a reply made printable, keeping its kind (an :class:`Exact`
    stays one, so it is fitted as a board)."""
    if isinstance(piece, Printable):
        return piece
    if isinstance(piece, Exact):
        shown = printable(piece, colours=piece.kind == "board")
        return piece if shown == piece else Exact(shown, piece.kind)
    return printable(piece)


def too_wide(text: str, width: int, exact: Iterable[str] = ()) -> list[str]:
    """The lines of ``text`` wider than ``width`` that are none of
    :data:`EXCEPTIONS`: not a line of the exact pieces ``exact`` (boards),
    not a single word (the check of the width test).

    Args:
        text (str): what was printed.
        width (int): the screen's width.
        exact (Iterable[str]): the :class:`Exact` pieces the text holds.

    Returns:
        list[str]: the offending lines, in order.
    """
    allowed = {line for piece in exact for line in piece.split("\n")}
    return [line for line in text.split("\n")
            if len(line) > width and line not in allowed and len(line.split()) > 1]
