"""The one reader of the host's count, seconds and seed option values.

Every count (``--nodes``, ``--samples``, ``--jobs``, ``simulate N``),
time limit (``--seconds``) and seed (``play --seed``, ``new --seed``,
``cardshell --seed``, ``simulate --first``, ``winnability --deals``, the
seed of a save) of the host is read here, so they all follow the same rules.
What a served plugin contract accepted is never narrowed
(docs/compatibility.md): seeds and seconds are read as Python's ``int()``
and ``float()`` read them, with only the length of a word bounded before it
is converted:

* a count (``--nodes``, ``simulate N``) is ASCII digits with an optional
  leading ``-``, its length checked before it is converted (a 60,000-digit
  word costs nothing), within its option's range, as counts always were;
* seconds are what ``float(word)`` reads (``10``, ``2.5``, ``.5``, ``1e1``,
  ``1_0``), at most :data:`MAX_SECONDS_LENGTH` characters, finite, above 0
  and at most the option's bound;
* a seed is what ``int(word)`` reads (``12``, ``-3``, ``+5``, ``1_000``),
  any whole number of at most :data:`MAX_SEED_DIGITS` digits (Python's
  ``random.seed`` takes any integer), except the deals of
  ``winnability`` and ``simulate --first``, which are within
  ``±MAX_SEED`` (the winnability table keys deals by SQLite's 64-bit
  integers);
* an option may be abbreviated to any unique prefix (argparse's
  ``allow_abbrev``), in ``play``, ``new``, ``hint`` and ``solve``;
  ``winnability`` spells its options in full, as it always did;
* an option's value may start with ``-`` (``--deals -5:3``, ``--seconds -1``):
  it is read as the value and refused by its own rule, not as "expected one
  argument";
* every message repeats what was typed through :func:`cardshell.parsers.quoted`
  or :func:`cardshell.parsers.clipped` (at most
  :data:`cardshell.parsers.QUOTE_LENGTH` characters, then ``…`` and the
  length), and no message of :class:`OptionParser` is longer than
  :data:`MAX_MESSAGE` characters.
"""

from __future__ import annotations

import argparse
import difflib
import math
import re
from collections.abc import Sequence
from typing import Any, NoReturn

from cardshell.errors import UsageError
from cardshell.messages import say
from cardshell.parsers import quoted

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



def whole(word: str, what: str) -> int:
    """Read a whole number as ``int(word)`` does, its length bounded first.

    Args:
        word: as typed.
        what: its name in messages (``"--nodes"``, ``"the seed"``).

    Raises:
        UsageError: longer than :data:`MAX_NUMBER_LENGTH` characters, or not
            a whole number; the message quotes at most
            :data:`cardshell.parsers.QUOTE_LENGTH` characters of it.
    """
    if len(word) > MAX_NUMBER_LENGTH:
        raise UsageError(say("option.number-too-long", what=what, limit=f"{MAX_NUMBER_LENGTH:,}",
                             length=f"{len(word):,}"))
    value = _read_int(word)
    if value is None:
        raise UsageError(say("option.not-whole", what=what, word=quoted(word)))
    return value


def count(word: str, what: str, low: int, high: int) -> int:
    """Read a whole number from ``low`` to ``high``: ASCII digits with an
    optional leading ``-``, as counts always were read.

    Args:
        word: as typed.
        what: its name in messages (``"--nodes"``, ``"the number of games N"``).
        low: the smallest value allowed.
        high: the largest value allowed.

    Returns:
        int: the value, ``low <= value <= high``.

    Raises:
        UsageError: not a whole number, or out of range; the message quotes
            at most :data:`cardshell.parsers.QUOTE_LENGTH` characters of it.
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
    """``int(word)``, or None when it reads no whole number or the word is
    longer than :data:`MAX_NUMBER_LENGTH` characters (never converted)."""
    if len(word) > MAX_NUMBER_LENGTH:
        return None
    try:
        return int(word)
    except ValueError:
        return None


def seed(word: str, what: str = "--seed", low: int | None = None, high: int | None = None) -> int:
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
    """Read a time limit: what ``float(word)`` reads, above 0 and at most ``high``.

    Args:
        word: as typed.
        what: its name in messages (``"--seconds"``).
        high: the largest value allowed, in seconds.

    Returns:
        float: the seconds.

    Raises:
        UsageError: longer than :data:`MAX_SECONDS_LENGTH` characters, not a
            number, or not in ``(0, high]`` (``inf`` and ``nan`` are not).
    """
    try:
        value = float(word) if len(word) <= MAX_SECONDS_LENGTH else math.nan
    except ValueError:
        value = math.nan
    if not 0 < value <= high:
        raise UsageError(say("option.seconds", what=what, high=f"{high:g}", word=quoted(word)))
    return value


def check_seed(value: object) -> bool:
    """Whether a seed read from elsewhere (a save file's JSON) is one
    :func:`seed` would accept: an ``int`` (not a ``bool``) of at most
    :data:`MAX_SEED_DIGITS` digits."""
    return isinstance(value, int) and not isinstance(value, bool) and -_SEED_LIMIT < value < _SEED_LIMIT


class OptionParser(argparse.ArgumentParser):
    """argparse for the host commands' options (``play``, ``new``, ``hint``,
    ``solve``, ``winnability``): raises :class:`UsageError` instead of
    exiting, reads a value that starts with ``-`` as the value
    (:meth:`parse_words`) and bounds its messages to :data:`MAX_MESSAGE`
    characters.

    Args:
        *args: as :class:`argparse.ArgumentParser`.
        **kwargs: as :class:`argparse.ArgumentParser`; ``allow_abbrev``
            (unique prefixes of options) defaults to True, as argparse's.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._takes_value: set[str] = set()
        self._names: set[str] = set()

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """As :meth:`argparse.ArgumentParser.add_argument`; also notes the
        options that take exactly one value."""
        action = super().add_argument(*args, **kwargs)
        self._names.update(action.option_strings)
        if action.option_strings and action.nargs is None:
            self._takes_value.update(action.option_strings)
        return action

    def parse_words(self, words: Sequence[str]) -> argparse.Namespace:
        """Parse shell words; ``--deals -5:3`` is read as ``--deals=-5:3``.

        Args:
            words (Sequence[str]): the words typed after the command.

        Returns:
            argparse.Namespace: the options.

        Raises:
            UsageError: an unknown option (``unknown option '--sed' (did
                you mean '--seed'?)``) or argument (``unexpected argument
                '3'``), a missing value, or a value its type refuses (the
                message is bounded).
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
