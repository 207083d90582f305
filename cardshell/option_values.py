"""The one reader of the host's counts, seconds and seeds (docs/compatibility.md, "Never narrowed").

Counts are ASCII digits with an optional ``-``, within the option's range;
seconds what ``float()`` reads, finite, in ``(0, bound]``; seeds what
``int()`` reads, at most :data:`MAX_SEED_DIGITS` digits (``±MAX_SEED`` for
stored deals).  Lengths are bounded before conversion, a value may start
with ``-``, and messages are at most :data:`MAX_MESSAGE` characters.
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Sequence
from typing import Any, NoReturn

from cardshell.errors import UsageError
from cardshell.messages import say
from cardshell.parsers import quoted
from cardshell.render import Text

__all__ = ["MAX_MESSAGE", "MAX_NUMBER_LENGTH", "MAX_SECONDS_LENGTH", "MAX_SEED", "MAX_SEED_DIGITS", "OptionParser",
           "check_seed", "count", "seconds", "seed", "whole"]

#: The largest deal of ``winnability`` and ``simulate --first``: deals are
#: ``-MAX_SEED .. MAX_SEED`` (a deal is a key of the winnability table, an
#: SQLite 64-bit integer).
MAX_SEED = 10**18
#: The most digits of a game's seed (``play --seed``, ``cardshell --seed``,
#: a save's seed): below Python's limit of 4,300 digits for converting a
#: text to an integer.
MAX_SEED_DIGITS = 4000
#: The longest word read as a whole number, in characters (a seed's sign,
#: digits and a few underscores).
MAX_NUMBER_LENGTH = MAX_SEED_DIGITS + 100
_SEED_LIMIT = 10**MAX_SEED_DIGITS
_WHOLE = re.compile(r"-?[0-9]+")  # [0-9]: ASCII digits only
#: The longest ``--seconds`` value, in characters.
MAX_SECONDS_LENGTH = 32
#: The longest message :class:`OptionParser` gives, in characters.
MAX_MESSAGE = 300



def whole(word: str, what: Text) -> int:
    """Read a whole number as ``int(word)`` does; ``what`` names it in messages (``"the seed"``).

    Raises:
        UsageError: longer than :data:`MAX_NUMBER_LENGTH` characters, or not a
            whole number.
    """
    if len(word) > MAX_NUMBER_LENGTH:
        raise UsageError(say("option.number-too-long", what=what, limit=f"{MAX_NUMBER_LENGTH:,}",
                             length=f"{len(word):,}"))
    value = _read_int(word)
    if value is None:
        raise UsageError(say("option.not-whole", what=what, word=quoted(word)))
    return value


def count(word: str, what: Text, low: int, high: int) -> int:
    """Read a whole number from ``low`` to ``high``: ASCII digits with an optional
    leading ``-``; ``what`` names it in messages (``"--nodes"``).

    Raises:
        UsageError: not a whole number, or out of range.
    """
    if not (word.isascii() and _WHOLE.fullmatch(word)):
        raise UsageError(say("option.not-in-range", what=what, low=f"{low:,}", high=f"{high:,}", word=quoted(word)))
    digits = len(word.lstrip("-").lstrip("0"))
    if digits > len(str(max(abs(low), abs(high)))) + 1:
        below = word.startswith("-")
        raise UsageError(say("option.too-low-digits" if below else "option.too-high-digits", what=what,
                             bound=f"{low if below else high:,}", digits=f"{digits:,}"))
    value = int(word)
    if not low <= value <= high:
        raise UsageError(say("option.out-of-range", what=what, low=f"{low:,}", high=f"{high:,}", value=f"{value:,}"))
    return value


def _read_int(word: str) -> int | None:
    """``int(word)``, or None when it is no whole number or longer than :data:`MAX_NUMBER_LENGTH`."""
    if len(word) > MAX_NUMBER_LENGTH:
        return None
    try:
        return int(word)
    except ValueError:
        return None


def seed(word: str, what: Text = "--seed", low: int | None = None, high: int | None = None) -> int:
    """Read a seed: any whole number of at most :data:`MAX_SEED_DIGITS`
    digits, or, when ``low`` and ``high`` are given (a deal of the
    winnability table), :func:`count` from ``low`` to ``high``.

    Raises:
        UsageError: not a whole number, too many digits, or out of range.
    """
    if low is not None or high is not None:
        return count(word, what, -MAX_SEED if low is None else low, MAX_SEED if high is None else high)
    value = whole(word, what)
    if not check_seed(value):
        raise UsageError(say("option.seed-digits", what=what, limit=f"{MAX_SEED_DIGITS:,}"))
    return value


def seconds(word: str, what: str, high: float) -> float:
    """Read a time limit in seconds, what ``float(word)`` reads, in ``(0, high]``;
    :class:`UsageError` when longer than :data:`MAX_SECONDS_LENGTH`, not a
    number, or out of range (``inf`` and ``nan`` are).
    """
    try:
        value = float(word) if len(word) <= MAX_SECONDS_LENGTH else math.nan
    except ValueError:
        value = math.nan
    if not 0 < value <= high:
        raise UsageError(say("option.seconds", what=what, high=f"{high:g}", word=quoted(word)))
    return value


def check_seed(value: object) -> bool:
    """Whether a seed read from a save's JSON is one :func:`seed` accepts: an ``int``
    (not a ``bool``) of at most :data:`MAX_SEED_DIGITS` digits.
    """
    return isinstance(value, int) and not isinstance(value, bool) and -_SEED_LIMIT < value < _SEED_LIMIT


class OptionParser(argparse.ArgumentParser):
    """argparse for the host commands' options: raises :class:`UsageError` instead
    of exiting, reads a value starting with ``-`` as the value
    (:meth:`parse_words`) and bounds its messages to :data:`MAX_MESSAGE`
    characters.  Arguments as :class:`argparse.ArgumentParser`'s.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._takes_value: set[str] = set()
        self._names: set[str] = set()

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """As :meth:`argparse.ArgumentParser.add_argument`; also notes the options taking one value."""
        action = super().add_argument(*args, **kwargs)
        self._names.update(action.option_strings)
        if action.option_strings and action.nargs is None:
            self._takes_value.update(action.option_strings)
        return action

    def parse_words(self, words: Sequence[str]) -> argparse.Namespace:
        """Parse the words typed after a command; ``--deals -5:3`` is read as ``--deals=-5:3``.

        Raises:
            UsageError: an unknown option (with a did-you-mean) or argument, a
                missing value, or a value its type refuses.
        """
        joined: list[str] = []
        index = 0
        while index < len(words):
            word = words[index]
            following = words[index + 1] if index + 1 < len(words) else None
            if (word in self._takes_value and following is not None and following.startswith("-")
                    and following not in self._names):
                joined.append(f"{word}={following}")
                index += 2
                continue
            joined.append(word)
            index += 1
        namespace, extra = self.parse_known_args(joined)
        if extra:
            word = extra[0]
            if word.startswith("-"):  # a mistyped option gets a did-you-mean, as a mistyped command does
                name = word.partition("=")[0]
                import difflib  # here: a start never needs it
                close = difflib.get_close_matches(name, sorted(self._names), n=1, cutoff=0.75)
                hint = say("option.did-you-mean", name=repr(close[0])) if close else ""
                raise UsageError(say("option.unknown", name=quoted(name), suggestion=hint))
            raise UsageError(say("option.unexpected", word=quoted(word)))
        return namespace

    def error(self, message: str) -> NoReturn:
        """Raise :class:`UsageError` with argparse's message, cut to :data:`MAX_MESSAGE` characters
        (the messages ``option.argparse`` and ``option.argparse-cut``)."""
        if len(message) > MAX_MESSAGE:
            raise UsageError(say("option.argparse-cut", problem=message[:MAX_MESSAGE], length=f"{len(message):,}"))
        raise UsageError(say("option.argparse", problem=message))
