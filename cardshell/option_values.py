"""The one reader of the host's count, seconds and seed option values.

Every count (``--nodes``, ``--samples``, ``--jobs``, ``simulate N``),
time limit (``--seconds``) and seed (``play --seed``, ``new --seed``,
``cardshell --seed``, ``simulate --first``, ``winnability --deals``, the
seed of a save) of the host is read here, so they all follow the same rules
(issue 28, item 7: ``solve --seconds 1_0`` was accepted while ``--nodes
1_000`` was refused, and a save could hold a seed ``play`` refuses):

* a whole number is ASCII digits with an optional leading ``-``: no ``+``,
  no ``_`` (``1_000``), no spaces, no other scripts' digits (``٣``); its
  length is checked before it is converted, so a 60,000-digit word costs
  nothing and is refused with a short message;
* seconds are a plain decimal (``10``, ``2.5``, ``.5``): no exponent, no
  ``_``, no ``inf`` or ``nan``, at most :data:`MAX_SECONDS_LENGTH`
  characters; above 0 and at most the option's bound;
* a seed is a whole number from ``-MAX_SEED`` to :data:`MAX_SEED` (the
  winnability table stores deals as SQLite 64-bit integers);
* options are spelt out in full: :class:`OptionParser` has argparse's
  ``allow_abbrev=False`` (a prefix such as ``--sec`` is an unknown option, so
  a script keeps its meaning when an option is added), and the hand-made
  ``simulate`` grammar (:mod:`cardshell.sweep.grammar`) reads full names
  too;
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
from cardshell.parsers import quoted

__all__ = ["MAX_MESSAGE", "MAX_SECONDS_LENGTH", "MAX_SEED", "OptionParser", "check_seed", "count", "seconds", "seed"]

#: The largest seed magnitude: seeds are ``-MAX_SEED .. MAX_SEED``.
MAX_SEED = 10**18
#: The longest ``--seconds`` value, in characters.
MAX_SECONDS_LENGTH = 32
#: The longest message :class:`OptionParser` gives, in characters.
MAX_MESSAGE = 300

_WHOLE = re.compile(r"-?[0-9]+")  # [0-9]: ASCII digits only
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")


def count(word: str, what: str, low: int, high: int) -> int:
    """Read a whole number from ``low`` to ``high`` by the rules of this module.

    Args:
        word (str): as typed.
        what (str): its name in messages (``"--nodes"``, ``"the number of games N"``).
        low (int): the smallest value allowed.
        high (int): the largest value allowed.

    Returns:
        int: the value, ``low <= value <= high``.

    Raises:
        UsageError: not a whole number, or out of range; the message quotes
            at most :data:`cardshell.parsers.QUOTE_LENGTH` characters of it.
    """
    if not (word.isascii() and _WHOLE.fullmatch(word)):
        raise UsageError(f"{what} must be a whole number from {low:,} to {high:,}, got {quoted(word)}")
    digits = len(word.lstrip("-").lstrip("0"))
    if digits > len(str(max(abs(low), abs(high)))) + 1:
        side, bound = ("at least", low) if word.startswith("-") else ("at most", high)
        raise UsageError(f"{what} must be {side} {bound:,}, got a number of {digits:,} digits")
    value = int(word)
    if not low <= value <= high:
        raise UsageError(f"{what} must be from {low:,} to {high:,}, got {value:,}")
    return value


def seed(word: str, what: str = "--seed", low: int = -MAX_SEED, high: int = MAX_SEED) -> int:
    """Read a seed: :func:`count` from ``low`` to ``high`` (by default ``±MAX_SEED``).

    Raises:
        UsageError: as :func:`count`.
    """
    return count(word, what, max(low, -MAX_SEED), min(high, MAX_SEED))


def seconds(word: str, what: str, high: float) -> float:
    """Read a time limit: a plain decimal above 0 and at most ``high``.

    Args:
        word (str): as typed.
        what (str): its name in messages (``"--seconds"``).
        high (float): the largest value allowed, in seconds.

    Returns:
        float: the seconds.

    Raises:
        UsageError: not a plain decimal of at most
            :data:`MAX_SECONDS_LENGTH` characters, or not in ``(0, high]``.
    """
    value = float(word) if len(word) <= MAX_SECONDS_LENGTH and word.isascii() and _DECIMAL.fullmatch(word) \
        else math.nan
    if not 0 < value <= high:
        raise UsageError(f"{what} must be a number of seconds above 0 and at most {high:g}, got {quoted(word)}")
    return value


def check_seed(value: object) -> bool:
    """Whether a seed read from elsewhere (a save file's JSON) is one
    :func:`seed` would accept: an ``int`` (not a ``bool``) within ``±MAX_SEED``."""
    return isinstance(value, int) and not isinstance(value, bool) and -MAX_SEED <= value <= MAX_SEED


class OptionParser(argparse.ArgumentParser):
    """argparse for the host commands' options (``play``, ``new``, ``hint``,
    ``solve``, ``winnability``): raises :class:`UsageError` instead of
    exiting, refuses abbreviated options, reads a value that starts with
    ``-`` as the value (:meth:`parse_words`) and bounds its messages to
    :data:`MAX_MESSAGE` characters.

    Args:
        *args: as :class:`argparse.ArgumentParser` (``allow_abbrev`` is
            always False).
        **kwargs: as :class:`argparse.ArgumentParser`.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
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
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise UsageError(f"unknown option {quoted(name)}{hint}")
            raise UsageError(f"unexpected argument {quoted(word)}")
        return namespace

    def error(self, message: str) -> NoReturn:
        """Raise :class:`UsageError` with argparse's message, cut to :data:`MAX_MESSAGE` characters."""
        if len(message) > MAX_MESSAGE:
            message = f"{message[:MAX_MESSAGE]}… ({len(message):,} characters)"
        raise UsageError(message)
