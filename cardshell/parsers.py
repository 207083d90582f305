"""Reusable argument parsers for :class:`cardshell.records.Command`.

A parser is any callable ``parse(text) -> args`` given the stripped text
after the command name (for a pattern command, the whole line) that returns
the arguments or raises :class:`cardshell.errors.UsageError`.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from typing import Any

from cardshell.errors import UsageError
from cardshell.messages import say

Parser = Callable[[str], Any]

#: The most digits an integer argument may have, leading zeros not counted.
#: Every number a game takes is far shorter; the bound keeps ``int()`` away
#: from Python's 4,300-digit conversion limit (a ``ValueError``) and from
#: work that grows with the length of a number nobody means.
MAX_DIGITS = 100

#: The longest argument text :func:`shell_words` splits, in characters.
#: ``shlex`` takes time that grows with the square of the text's length
#: (about 60 s for 1 MiB), so a longer text is refused before splitting.
MAX_SHELL_WORDS_LENGTH = 4096

#: How many characters of a rejected word an error message quotes.
QUOTE_LENGTH = 40

_INTEGER = re.compile(r"[+-]?[0-9]+")  # [0-9] matches ASCII digits only; linear time


def quoted(word: str) -> str:
    """A word as a message quotes it: ``'x'``, or ``'123456…' (5000 characters)``
    past :data:`QUOTE_LENGTH` characters.
    """
    if len(word) <= QUOTE_LENGTH:
        return repr(word)
    return f"{word[:QUOTE_LENGTH]!r}… ({len(word)} characters)"


def clipped(text: str) -> str:
    """Text as a message repeats it unquoted: ``F 9``, or ``xxxxxxxx… (70000
    characters)`` past :data:`QUOTE_LENGTH` characters.
    """
    if len(text) <= QUOTE_LENGTH:
        return text
    return f"{text[:QUOTE_LENGTH]}… ({len(text)} characters)"


def integer(word: str) -> int:
    """Read one integer: an optional ``+`` or ``-`` then ASCII digits.

    The one integer reader of the host and the built-in games: ``--1``,
    ``1_000``, ``٣`` and ``1.0`` are not numbers, and more than
    :data:`MAX_DIGITS` digits are refused before conversion.

    Raises:
        UsageError: not a number, or too many digits; never ``ValueError``.
    """
    if _INTEGER.fullmatch(word) is None:
        raise UsageError(say("parser.not-a-number", word=quoted(word)))
    sign = word[0] if word[0] in "+-" else ""
    digits = word.lstrip("+-").lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        raise UsageError(say("parser.too-many-digits", word=quoted(word), limit=MAX_DIGITS))
    return int(sign + digits)


def shell_words(text: str) -> list[str]:
    """Split an argument text into words as a POSIX shell does (``shlex``).

    Raises:
        UsageError: longer than :data:`MAX_SHELL_WORDS_LENGTH` characters
            (refused before splitting) or an unclosed quote.
    """
    if len(text) > MAX_SHELL_WORDS_LENGTH:
        raise UsageError(say("parser.too-long", length=len(text), limit=MAX_SHELL_WORDS_LENGTH))
    try:
        return shlex.split(text)
    except ValueError as exc:
        raise UsageError(say("parser.shell-words", problem=str(exc))) from None


def no_args(text: str) -> None:
    """Accept an empty argument text only; :class:`UsageError` if anything followed the name (``D 2``)."""
    if text.strip():
        raise UsageError(say("parser.no-arguments", got=repr(text.strip())))
    return None


def integers(count: int, low: int | None = None, high: int | None = None) -> Parser:
    """A parser of exactly ``count`` whitespace-separated integers (``T x y`` is
    2), each in ``[low, high]`` where given: ``parse(text)`` returns a tuple.

    The parser raises only :class:`UsageError`: a wrong count, a word that is
    not an :func:`integer`, a value out of range.
    """

    def parse(text: str) -> tuple[int, ...]:
        words = text.split()
        if len(words) != count:
            raise UsageError(say("parser.count" if count != 1 else "parser.count-one", count=count, got=len(words)))
        values = []
        for word in words:
            value = integer(word)
            if (low is not None and value < low) or (high is not None and value > high):
                raise UsageError(say("parser.out-of-range", value=value, range=_range(low, high)))
            values.append(value)
        return tuple(values)

    return parse


def optional_integer(low: int | None = None, high: int | None = None, default: int | None = None) -> Parser:
    """A parser of zero or one integer in ``[low, high]`` (``undo`` / ``undo
    3``), giving ``default`` when nothing is typed; errors as :func:`integers`.
    """
    one = integers(1, low, high)

    def parse(text: str) -> int | None:
        if not text.strip():
            return default
        value: int = one(text)[0]
        return value

    return parse


def words(text: str) -> list[str]:
    """The argument text split on whitespace, possibly empty; never fails."""
    return text.split()


def _range(low: int | None, high: int | None) -> str:
    return f"{'' if low is None else low}..{'' if high is None else high}"
