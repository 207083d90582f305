"""Where lines break: every layout of the host's text, in one module.

A reply's pieces stay data (:mod:`cardshell.reply`, :mod:`cardshell.render`);
a host message that needs a layout carries a *shape* beside it
(:class:`cardshell.render.Laid`), and its text is made from the shape only
when a front end prints it.  The shapes:

* :class:`Layout`: each line wider than the width broken between words,
  continuation lines indented (a sentence, a note, a warning);
* :class:`Columns`: a table row, its right column wrapped under itself;
* :class:`Hanging`: a paragraph with its own first and continuation indents
  (a table row whose right column goes under its left one);
* :class:`Listing`: a sentence ending in a list, broken between items
  (``Legal moves: F 1, D``, a usage);
* :class:`Markdown`: a rules page, rendered (:func:`markdown`).

The shapes other than :class:`Layout` are named tuples: immutable values,
compared by their fields, made at start without generated methods (a plain
start imports this module); the Markdown patterns are compiled on first
use (:mod:`re`'s cache), as a start renders no rules page.

The functions beside them lay out text that is no host message (a plugin's
command help, :func:`reflow`; completion's grid, :func:`grid`; a board line
wider than the terminal, :func:`break_board_line`; ``--help``'s paragraphs,
:func:`paragraph`).  No other module of the package breaks lines: a test
keeps :mod:`textwrap` imported here alone.  Lines break between words, never
inside one (a longer word overflows alone); no line has trailing spaces.
"""

from __future__ import annotations

import math
import re
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

#: The width host text is laid out for when the screen's is unknown (a
#: script's menus and tables), in characters.
DEFAULT_WIDTH = 80

#: The narrowest right column of a table before it moves under the left one, in characters.
MIN_RIGHT = 20
#: The largest share of the width the left column of a table takes.
LEFT_SHARE = 0.5


def paragraph(text: str, width: int, first: str = "", rest: str = "") -> list[str]:
    """``text`` as lines of at most ``width`` characters, broken at spaces only.

    Args:
        text (str): one paragraph (its newlines count as spaces).
        width (int): the most characters per line, indents included.
        first (str): put before the first line.
        rest (str): put before every other line.

    Returns:
        list[str]: the lines; ``[]`` for a text of spaces only.  A word longer
        than the width is a line of its own, never broken (nor at hyphens).
    """
    return textwrap.wrap(text, width, initial_indent=first, subsequent_indent=rest,
                         break_long_words=False, break_on_hyphens=False)


class Shape(Protocol):
    """What :class:`cardshell.render.Laid` asks of a layout: the text of a message, laid out."""

    def wrap(self, text: str) -> str:
        """``text`` (a message's wording) as it is printed."""
        ...  # pragma: no cover


def _after_blank_lines(text: str) -> tuple[str, str]:
    """``text`` split into its leading newlines and the rest (a piece after a blank line, ``help.spaced``)."""
    body = text.lstrip("\n")
    return text[:len(text) - len(body)], body


@dataclass(frozen=True)
class Layout:
    """Each line broken between words where it is wider than :attr:`width`.

    Attributes:
        width: the most characters per line; None keeps every line whole.
        indent: put before each continuation line (after the line's own
            leading spaces).
    """

    width: int | None = DEFAULT_WIDTH
    indent: str = ""

    def wrap(self, text: str) -> str:
        """Each line of ``text`` longer than :attr:`width`, broken between words.

        Short lines are kept (aligned columns keep their layout);
        continuation lines are indented like the line plus :attr:`indent`
        (when that leaves at least half the width); a word longer than the
        width overflows alone.
        """
        width = self.width
        if width is None:
            return text
        out = []
        for line in text.split("\n"):
            if len(line) <= width:
                out.append(line)
                continue
            lead = line[:len(line) - len(line.lstrip())]
            more = lead + self.indent if len(lead + self.indent) <= width // 2 else ""
            out.extend(paragraph(line, width, "", more) or [line])
        return "\n".join(out)


class Columns(NamedTuple):
    """A table row: the text's first :attr:`column` characters are its left
    column (indent, left text, padding); the rest, the right column, is
    wrapped to the width left and continued under itself.

    Attributes:
        width: the most characters per line; None keeps the row whole.
        column: where the right column starts, in characters.
    """

    width: int | None
    column: int

    def wrap(self, text: str) -> str:
        """The row's lines (:func:`table_plan` chooses a column that leaves at least :data:`MIN_RIGHT`)."""
        blank, text = _after_blank_lines(text)
        width, column = self.width, self.column
        if width is None or len(text) <= width:
            return blank + text.rstrip()
        chunks = paragraph(text[column:], max(width - column, 1))
        if not chunks:
            return blank + text.rstrip()
        lines = [(text[:column] + chunks[0]).rstrip(), *(" " * column + chunk for chunk in chunks[1:])]
        return blank + "\n".join(lines)


class Hanging(NamedTuple):
    """A paragraph with its own indents: the text (after :attr:`first`)
    wrapped to the width, the first line after :attr:`first`, every other
    after :attr:`rest`.

    Attributes:
        width: the most characters per line; None keeps the text whole.
        first: the first line's indent (spaces the text starts with).
        rest: every other line's indent.
    """

    width: int | None
    first: str
    rest: str

    def wrap(self, text: str) -> str:
        """The paragraph's lines; a text that does not start with :attr:`first` is wrapped whole."""
        blank, text = _after_blank_lines(text)
        if self.width is None:
            return blank + text
        body = text[len(self.first):] if text.startswith(self.first) else text
        return blank + "\n".join(paragraph(body, self.width, self.first, self.rest) or [""])


class Listing(NamedTuple):
    """A sentence ending in a list (``Legal moves: F 1, D``), broken between
    items (:func:`wrap_list`).

    Attributes:
        width: the most characters per line; None: one line.
        items: the list's items, as the text joins them.
        sep: what the text puts between two items.
        end: what follows the last item.
    """

    width: int | None
    items: tuple[str, ...]
    sep: str = ", "
    end: str = ""

    def wrap(self, text: str) -> str:
        """The text broken between items after its lead (what precedes the list); a
        text that does not end in the list (another wording), or whose lead and one
        item leave no room, or an empty list, is broken between words, continuation lines indented by two spaces."""
        blank, text = _after_blank_lines(text)
        width = self.width
        if width is None:
            return blank + text
        listed = self.sep.join(self.items) + self.end
        if not self.items or not text.endswith(listed):
            return blank + Layout(width, "  ").wrap(text)
        return blank + wrap_list(text[:len(text) - len(listed)], self.items, width, sep=self.sep, end=self.end)


class Markdown(NamedTuple):
    """A rules page, its Markdown rendered at :attr:`width` (:func:`markdown`).

    Attributes:
        width: the width of the terminal the page is read at, in characters.
    """

    width: int = DEFAULT_WIDTH

    def wrap(self, text: str) -> str:
        """The page rendered."""
        blank, text = _after_blank_lines(text)
        return blank + markdown(text, self.width)


class Figure(NamedTuple):
    """A report's row: a label of :attr:`column` characters, then a figure
    right-aligned in :attr:`figure` characters (the figure runs to two spaces
    or the line's end: ``  won              61``), then the rest; the row
    broken as :class:`Layout` breaks it.

    Attributes:
        column: where the figure's field starts, in characters.
        figure: the width of the figure's field, in characters.
        width: the most characters per line; None keeps the row whole.
        indent: put before each continuation line.
    """

    column: int
    figure: int
    width: int | None = DEFAULT_WIDTH
    indent: str = ""

    def wrap(self, text: str) -> str:
        """The row with its figure aligned, then broken between words."""
        blank, text = _after_blank_lines(text)
        value, gap, rest = text[self.column:].partition("  ")
        return blank + Layout(self.width, self.indent).wrap(text[:self.column] + value.rjust(self.figure) + gap + rest)


def wrap(text: str, width: int | None = DEFAULT_WIDTH, indent: str = "") -> str:
    """``text`` laid out by :class:`Layout` (``width`` None: unchanged)."""
    return Layout(width, indent).wrap(text)


def reflow(text: str, width: int | None = DEFAULT_WIDTH) -> str:
    """Wrap a text of paragraphs with hard line breaks (a command's long help), no word broken.

    A paragraph that fits is kept; a wider one is rewrapped as a whole when
    none of its lines is indented (prose), else line by line (a table, an
    example).  ``width`` None keeps the text.
    """
    if width is None:
        return text
    paragraphs = []
    for block in text.split("\n\n"):
        lines = block.split("\n")
        if all(len(line) <= width for line in lines):
            paragraphs.append(block)
        elif any(line[:1].isspace() for line in lines):
            paragraphs.append(wrap(block, width))
        else:
            paragraphs.append("\n".join(paragraph(" ".join(lines), width)))
    return "\n\n".join(paragraphs)


def wrap_list(lead: str, items: Iterable[str], width: int | None = DEFAULT_WIDTH, *, sep: str = ", ",
              end: str = "") -> str:
    """``lead`` then the items joined by ``sep``, wrapped between items, ending with ``end``.

    Continuation lines are indented by the width of ``lead`` when that leaves
    at least half the width, else by two spaces; an item longer than the
    width overflows alone; no line has trailing spaces.  ``width`` None: one line.
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


def list_indent(lead: str, width: int | None) -> str:
    """The continuation indent :func:`wrap_list` gives a list after ``lead``."""
    return " " * len(lead) if width is None or len(lead) <= width // 2 else "  "


class RowPlan(NamedTuple):
    """Where one table row's lines go (:func:`table_plan`).

    Attributes:
        column: where its right column starts on the left's line, in
            characters; None when the right text goes under the left
            (:class:`Hanging`, indented by ``indent + 4``).
        pad: the spaces between the left text and the right column.
    """

    column: int | None
    pad: str = ""


def table_plan(rows: Sequence[tuple[str, str]], indent: int = 2, gap: int = 2,
               width: int = DEFAULT_WIDTH) -> list[RowPlan]:
    """The layout of a table of two columns, a plan per row.

    The left column is as wide as its longest text within :data:`LEFT_SHARE`
    of the width; a longer left text, or a row whose right column would be
    under :data:`MIN_RIGHT` characters or narrower than its longest word,
    has its right text on the next lines, indented.

    Args:
        rows: (left, right) texts.
        indent: spaces before the left column.
        gap: spaces between the columns.
        width: the most characters per line.
    """
    fitting = [len(left) for left, _ in rows if indent + len(left) + gap <= width * LEFT_SHARE]
    left_width = max(fitting, default=0)
    column = indent + left_width + gap
    plans = []
    for left, right in rows:
        longest = max((len(word) for word in right.split()), default=0)
        if len(left) <= left_width and (column + len(right) <= width or width - column >= max(MIN_RIGHT, longest)):
            plans.append(RowPlan(column, " " * (column - indent - len(left))))
        else:
            plans.append(RowPlan(None))
    return plans


def grid(words: Sequence[str], width: int) -> str:
    """Words in columns, down then across, in at most ``width`` characters a line.

    A longer word has a line of its own; no trailing spaces; "" for no words.
    """
    if not words:
        return ""
    cell = max(len(word) for word in words) + 2
    per_line = max(1, (width + 2) // cell)
    rows = math.ceil(len(words) / per_line)
    return "\n".join("".join(word.ljust(cell) for word in words[row::rows]).rstrip() for row in range(rows))


def break_board_line(line: str, width: int) -> list[str]:
    """A board line wider than ``width``, broken only between the items of a list
    (``Waste: 7h, 8c, ...``, or the words after ``Label: ``); other lines whole."""
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


#: The Markdown a rules page uses, as patterns (compiled on first use by :mod:`re`'s cache).
_FENCE = r"^\s*(```|~~~)"
_ITEM = r"^(\s*)([-*+]|\d+[.)])\s+(.*)$"
_HEADING = r"^(#{1,6})\s+(.*?)\s*#*\s*$"
_LINK = r"\[([^\]]+)\]\([^)]*\)"
_STRONG = r"(\*\*|__)(.+?)\1"

#: Stands for a space inside a code span while a paragraph is wrapped
#: (:func:`paragraph` breaks at ASCII whitespace only), so that ``tt 5 6 1`` stays whole.
_KEEP = "\xa0"


def inline(text: str, keep: str = " ") -> str:
    """Markdown's inline marks taken out: code spans in single quotes (their
    spaces become ``keep``), strong marks dropped, a link's text kept.
    """
    text = re.sub(_LINK, r"\1", text)
    text = re.sub(_STRONG, r"\2", text)
    return re.sub(r"`+([^`]*)`+", lambda span: "'" + span.group(1).replace(" ", keep) + "'", text)


def markdown(page: str, width: int = DEFAULT_WIDTH) -> str:
    """A Markdown page as a player reads it at a terminal ``width`` wide.

    The subset rules pages use: ``#`` headings (the title first, a blank line
    before each section), paragraphs and list items (``-``, ``*``, ``1.``)
    wrapped, fenced code kept line for line, inline marks (:func:`inline`).
    No line is over ``width`` but a longer word or code line; no trailing spaces.
    """
    out: list[str] = []
    block: list[str] = []
    marker = ""
    lead = ""

    def flush() -> None:
        nonlocal block, marker, lead
        if block:
            text = inline(" ".join(part.strip() for part in block), _KEEP)
            first = lead + (f"{marker} " if marker else "")
            out.extend(line.replace(_KEEP, " ")
                       for line in paragraph(text, max(width, len(first) + 10), first, " " * len(first)))
        block, marker, lead = [], "", ""

    fenced = False
    for line in page.splitlines():
        if re.match(_FENCE, line):
            flush()
            fenced = not fenced
            continue
        if fenced:
            out.append(line.rstrip())
            continue
        heading = re.match(_HEADING, line)
        item = re.match(_ITEM, line)
        if not line.strip():
            flush()
            if out and out[-1]:
                out.append("")
        elif heading:
            flush()
            if out and out[-1]:
                out.append("")
            out.append(inline(heading.group(2)))
        elif item:
            flush()
            lead, marker, block = "  " * (len(item.group(1)) // 2), item.group(2), [item.group(3)]
        else:
            block.append(line)
    flush()
    while out and not out[-1]:
        out.pop()
    return "\n".join(out)
