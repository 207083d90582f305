"""Up-and-Down's line browser over the collected output (Section 4.2), as pure functions.

Answers: ``q`` quits, ``n`` the first n lines, ``-n`` the last n, ``m--n``
lines m to n (1-based, inclusive); spaces are allowed around the numbers and
the ``--``, never after a minus sign (grammar: plugins/cardshell_up_and_down/NOTES.md).
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
        kind: ``"first"`` (``n``), ``"last"`` (``-n``) or ``"range"`` (``m--n``).
        a: n, or m for a range.
        b: n for a range, else equal to ``a``.
    """

    kind: str
    a: int
    b: int

    def span(self, total: int) -> tuple[int, int] | None:
        """The lines asked for of ``total``, as (first, last), 1-based and inclusive; None if out of range."""
        if self.kind == "first":
            return (1, self.a) if 1 <= self.a <= total else None
        if self.kind == "last":
            return (total - self.a + 1, total) if 1 <= self.a <= total else None
        return (self.a, self.b) if 1 <= self.a <= self.b <= total else None


def parse_request(text: str) -> LineRequest | None:
    """Read an answer as typed as ``n``, ``-n`` or ``m--n``; None if it does not fit (``q`` included)."""
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
    # Past MAX_DIGITS digits, int() could reach Python's limit on conversion.
    digits = digits.lstrip("0")
    if len(digits) > MAX_DIGITS:
        return TOO_LONG
    return int(digits) if digits else 0


def shown(value: int) -> str:
    """A number of a request as a message names it (:data:`TOO_LONG` as ``a number of more than 18 digits``)."""
    return f"a number of more than {MAX_DIGITS} digits" if value >= TOO_LONG else str(value)


def lines_for(text: str, lines: Sequence[str]) -> list[str] | None:
    """The lines of ``lines`` (the collected output) a correct answer asks for; None for an incorrect one."""
    request = parse_request(text)
    span = request.span(len(lines)) if request else None
    if span is None:
        return None
    return list(lines[span[0] - 1 : span[1]])


def menu(total: int) -> str:
    """The browser's 4-line menu for ``total`` lines of output (Section 4.2); :data:`PROMPT` follows it."""
    return (
        "Enter: q to quit\n"
        f"{PROMPT}a last line number (between 1 and {total})\n"
        f"{PROMPT}a first line number (between -1 and -{total})\n"
        f"{PROMPT}a range of line numbers (of the form m--n with 1 <= m <= n <= {total})"
    )


def question(total: int) -> str:
    """``There are N lines of output; what do you want me to do?``"""
    return f"There are {total} lines of output; what do you want me to do?"
