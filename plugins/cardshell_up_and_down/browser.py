"""The line browser of Up-and-Down (Section 4.2), as pure functions.

After a game, the hand-out's program offers to show parts of the collected
output.  The grammar (``plugins/cardshell_up_and_down/NOTES.md``):

* ``q`` exactly (no spaces around it): quit;
* ``n`` with 1 <= n <= N: the first n lines;
* ``-n`` with 1 <= n <= N: the last n lines;
* ``m--n`` with 1 <= m <= n <= N: lines m to n, both included.

Spaces (the space character only) are allowed at the start, at the end,
before the first ``-`` of a range and after the second; no space between a
minus sign and its digits; no ``+``; ASCII digits only; leading zeros are
fine.  Anything else is incorrect and does nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

#: What the player types to leave the browser.
QUIT = "q"
#: The prompt of the browser: 7 spaces, under the ``q`` of ``Enter: q``.
PROMPT = " " * 7

#: Numbers of more digits than this are out of range (no output has that many lines).
MAX_DIGITS = 18
#: What a number of more than :data:`MAX_DIGITS` digits is read as: a value
#: above any line number, so that no request accepts it (:func:`shown` names it).
TOO_LONG = 10**MAX_DIGITS

_FIRST = re.compile(r" *([0-9]+) *")
_LAST = re.compile(r" *-([0-9]+) *")
_RANGE = re.compile(r" *([0-9]+) *-- *([0-9]+) *")


@dataclass(frozen=True)
class LineRequest:
    """A syntactically correct request for lines, before the range check.

    Attributes:
        kind (str): ``"first"`` (``n``), ``"last"`` (``-n``) or ``"range"``
            (``m--n``).
        a (int): n, or m for a range.
        b (int): n for a range, else equal to ``a``.
    """

    kind: str
    a: int
    b: int

    def span(self, total: int) -> tuple[int, int] | None:
        """The 1-based inclusive line numbers asked for, if in range.

        Args:
            total (int): N, the number of lines of collected output.

        Returns:
            tuple[int, int] | None: (first, last) with 1 <= first <= last <=
            total, or None when a number is out of range (or m > n).
        """
        if self.kind == "first":
            return (1, self.a) if 1 <= self.a <= total else None
        if self.kind == "last":
            return (total - self.a + 1, total) if 1 <= self.a <= total else None
        return (self.a, self.b) if 1 <= self.a <= self.b <= total else None


def parse_request(text: str) -> LineRequest | None:
    """Read ``n``, ``-n`` or ``m--n`` as the browser's grammar allows.

    Args:
        text (str): the answer as typed (without the newline).

    Returns:
        LineRequest | None: None if the text does not fit the grammar
        (``q`` is not a line request and gives None too).
    """
    if match := _FIRST.fullmatch(text):
        value = _number(match[1])
        return LineRequest("first", value, value)
    if match := _LAST.fullmatch(text):
        value = _number(match[1])
        return LineRequest("last", value, value)
    if match := _RANGE.fullmatch(text):
        return LineRequest("range", _number(match[1]), _number(match[2]))
    return None


def _number(digits: str) -> int:
    """The value of a run of ASCII digits; one too long for any line number
    (past :data:`MAX_DIGITS` digits, leading zeros not counted: converting
    it could reach Python's limit on int() conversion) is read as
    :data:`TOO_LONG`, which no request accepts."""
    digits = digits.lstrip("0")
    if len(digits) > MAX_DIGITS:
        return TOO_LONG
    return int(digits) if digits else 0


def shown(value: int) -> str:
    """A number of a request as a message names it: its digits, or for one
    read as :data:`TOO_LONG`, ``a number of more than 18 digits``."""
    return f"a number of more than {MAX_DIGITS} digits" if value >= TOO_LONG else str(value)


def lines_for(text: str, lines: Sequence[str]) -> list[str] | None:
    """The lines a correct answer asks for, or None for an incorrect one.

    Args:
        text (str): the answer as typed.
        lines (Sequence[str]): the collected output, line 1 first.

    Returns:
        list[str] | None: the requested lines (never empty), or None when
        the answer is incorrect (bad syntax, out of range, ``m > n``).
    """
    request = parse_request(text)
    span = request.span(len(lines)) if request else None
    if span is None:
        return None
    return list(lines[span[0] - 1 : span[1]])


def menu(total: int) -> str:
    """The browser's menu (Section 4.2), without the preceding empty line.

    Args:
        total (int): N, the number of lines of collected output.

    Returns:
        str: 4 lines; the prompt (:data:`PROMPT`) goes on the next line.
    """
    return (
        "Enter: q to quit\n"
        f"{PROMPT}a last line number (between 1 and {total})\n"
        f"{PROMPT}a first line number (between -1 and -{total})\n"
        f"{PROMPT}a range of line numbers (of the form m--n with 1 <= m <= n <= {total})"
    )


def question(total: int) -> str:
    """``There are N lines of output; what do you want me to do?``"""
    return f"There are {total} lines of output; what do you want me to do?"
