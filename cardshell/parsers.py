"""Reusable argument parsers for :class:`cardshell.records.Command`.

A parser is any callable ``parse(text: str) -> args`` that receives the text
typed after the command name (already stripped of surrounding spaces; for a
pattern command, the whole line) and returns the parsed arguments, or raises
:class:`cardshell.errors.UsageError`.  The functions here build the common
ones so that a game rarely writes its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardshell.errors import UsageError

Parser = Callable[[str], Any]


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
        raise UsageError(f"this command takes no arguments, got {text.strip()!r}")
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
        The parser raises :class:`UsageError` on a wrong count, a word that
        is not an integer, or a value outside ``[low, high]``.
    """

    def parse(text: str) -> tuple[int, ...]:
        words = text.split()
        if len(words) != count:
            raise UsageError(f"expected {count} number{'s' if count != 1 else ''}, got {len(words)}")
        values = []
        for word in words:
            if not (word.isascii() and word.lstrip("+-").isdigit()):
                raise UsageError(f"{word!r} is not a number")
            value = int(word)
            if (low is not None and value < low) or (high is not None and value > high):
                raise UsageError(f"{value} is out of range {low}..{high}")
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
        return one(text)[0]

    return parse


def words(text: str) -> list[str]:
    """Split the argument text on whitespace; never fails.

    Args:
        text (str): what followed the command name.

    Returns:
        list[str]: the words, possibly empty.
    """
    return text.split()
