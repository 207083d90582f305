"""Reusable argument parsers for :class:`cardshell.records.Command`.

A parser is any callable ``parse(text: str) -> args`` that receives the text
typed after the command name (already stripped of surrounding spaces; for a
pattern command, the whole line) and returns the parsed arguments, or raises
:class:`cardshell.errors.UsageError`.  The functions here build the common
ones so that a game rarely writes its own.
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
    """A word as an error message quotes it: ``repr``, shortened past :data:`QUOTE_LENGTH` characters.

    Args:
        word (str): the word the user typed.

    Returns:
        str: ``'x'``, or ``'123456…' (5000 characters)`` for a long word.
    """
    if len(word) <= QUOTE_LENGTH:
        return repr(word)
    return f"{word[:QUOTE_LENGTH]!r}… ({len(word)} characters)"


def clipped(text: str) -> str:
    """Text as an error message repeats it unquoted: as typed, shortened past
    :data:`QUOTE_LENGTH` characters (the unquoted form of :func:`quoted`).

    Args:
        text (str): what the user typed.

    Returns:
        str: ``F 9``, or ``xxxxxxxx… (70000 characters)`` for a long text.
    """
    if len(text) <= QUOTE_LENGTH:
        return text
    return f"{text[:QUOTE_LENGTH]}… ({len(text)} characters)"


def integer(word: str) -> int:
    """Read one integer: an optional ``+`` or ``-`` then ASCII digits.

    The one integer reader of the host and the built-in games, so that
    they agree on what a number is: ``--1``, ``+-1``, ``1_000``, ``٣``
    (a non-ASCII digit) and ``1.0`` are not numbers, and a number of more
    than :data:`MAX_DIGITS` digits is refused before conversion.

    Args:
        word (str): one word, without spaces.

    Returns:
        int: its value.

    Raises:
        UsageError: ``'--1' is not a number`` or ``'99…' (5000 characters)
            has more than 100 digits``; never ``ValueError``.
    """
    if _INTEGER.fullmatch(word) is None:
        raise UsageError(say("parser.not-a-number", word=quoted(word)))
    sign = word[0] if word[0] in "+-" else ""
    digits = word.lstrip("+-").lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        raise UsageError(say("parser.too-many-digits", word=quoted(word), limit=MAX_DIGITS))
    return int(sign + digits)


def shell_words(text: str) -> list[str]:
    """Split an argument text like a POSIX shell (quotes group words), with ``shlex``.

    Args:
        text (str): what followed the command name, at most
            :data:`MAX_SHELL_WORDS_LENGTH` characters.

    Returns:
        list[str]: the words.

    Raises:
        UsageError: for a longer text (refused before any splitting, so in
            time independent of its length) or an unclosed quote.
    """
    if len(text) > MAX_SHELL_WORDS_LENGTH:
        raise UsageError(say("parser.too-long", length=len(text), limit=MAX_SHELL_WORDS_LENGTH))
    try:
        return shlex.split(text)
    except ValueError as exc:
        raise UsageError(say("parser.shell-words", problem=str(exc))) from None


def no_args(text: str) -> None:
    """Accept an empty argument text only.

    Args:
        text (str): what followed the command name.

    Returns:
        None.

    Raises:
        UsageError: if anything followed the command name (``D 2``).
    """
    if text.strip():
        raise UsageError(say("parser.no-arguments", got=repr(text.strip())))
    return None


def integers(count: int, low: int | None = None, high: int | None = None) -> Parser:
    """Build a parser for exactly ``count`` whitespace-separated integers.

    Args:
        count (int): how many integers the command takes (``F x`` is 1,
            ``T x y`` is 2).
        low (int | None): smallest value allowed for each, inclusive.
        high (int | None): largest value allowed for each, inclusive.

    Returns:
        Parser: ``parse(text) -> tuple[int, ...]`` of length ``count``.
        The parser raises :class:`UsageError` (never another exception,
        whatever the text) on a wrong count, a word that is not an integer
        as :func:`integer` reads them, or a value outside ``[low, high]``.
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
    """Build a parser for zero or one integer (``undo`` / ``undo 3``).

    Args:
        low (int | None): smallest value allowed, inclusive.
        high (int | None): largest value allowed, inclusive.
        default (int | None): the value returned when nothing is typed.

    Returns:
        Parser: ``parse(text) -> int | None``; raises :class:`UsageError`
        like :func:`integers`.
    """
    one = integers(1, low, high)

    def parse(text: str) -> int | None:
        if not text.strip():
            return default
        value: int = one(text)[0]
        return value

    return parse


def words(text: str) -> list[str]:
    """Split the argument text on whitespace; never fails.

    Args:
        text (str): what followed the command name.

    Returns:
        list[str]: the words, possibly empty.
    """
    return text.split()


def _range(low: int | None, high: int | None) -> str:
    """``1..4``, ``1..`` or ``..4``: the allowed values, for messages."""
    return f"{'' if low is None else low}..{'' if high is None else high}"
