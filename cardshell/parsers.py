"""Reusable argument parsers for :class:`cardshell.records.Command`.

A parser is any callable ``parse(text: str) -> args`` that receives the text
typed after the command name (already stripped of surrounding spaces; for a
pattern command, the whole line) and returns the parsed arguments, or raises
:class:`cardshell.errors.UsageError`.  The functions here build the common
ones so that a game rarely writes its own.  A parser of words from fixed
sets (:func:`choice`, :func:`choices`) also gives the completion of its
words (:meth:`Choice.complete`, for ``Move.complete``).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
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

#: How many of the allowed words a :class:`Choice`'s error message lists.
LISTED_WORDS = 16

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


@dataclass(frozen=True)
class Choice:
    """A parser of words from fixed sets: one word from each set, in order.

    Build it with :func:`choice` (one word) or :func:`choices` (several).
    Called with the argument text, it returns the words as the sets spell
    them (``"W"`` typed, ``"w"`` returned, unless ``case_sensitive``): a
    ``str`` for one set, a tuple of them for several (which a
    :class:`~cardshell.records.Move` spreads into ``check`` and ``apply``).
    Its :meth:`complete` offers the words of each set, for
    ``Move(complete=parse.complete)``.

    Attributes:
        sets: the allowed words of each argument, in order.
        case_sensitive: whether a word must match the case of its set's spelling.

    Raises:
        ValueError: (when built) no set, an empty set, a word that is empty
            or holds a space, or two words of one set that are the same
            (once case is ignored, unless ``case_sensitive``).
    """

    sets: tuple[tuple[str, ...], ...]
    case_sensitive: bool = False
    _spelled: tuple[dict[str, str], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.sets:
            raise ValueError("a choice needs at least one set of words")
        spelled = []
        for words in self.sets:
            if not words:
                raise ValueError("a choice's set of words is empty")
            keys: dict[str, str] = {}
            for word in words:
                if not word or word.split() != [word]:
                    raise ValueError(f"a choice's word must be one word without spaces, got {word!r}")
                key = self._key(word)
                if key in keys:
                    raise ValueError(f"a choice's words {keys[key]!r} and {word!r} are the same word")
                keys[key] = word
            spelled.append(keys)
        object.__setattr__(self, "_spelled", tuple(spelled))

    def _key(self, word: str) -> str:
        return word if self.case_sensitive else word.casefold()

    def __call__(self, text: str) -> str | tuple[str, ...]:
        """The words of ``text``, one from each set, as the sets spell them.

        Raises:
            UsageError: for another number of words than of sets, or a word
                not in its set (quoted, at most :data:`QUOTE_LENGTH`
                characters, with at most :data:`LISTED_WORDS` of the allowed
                words listed).
        """
        typed = text.split()
        count = len(self.sets)
        if len(typed) != count:
            if count > 1:
                raise UsageError(say("parser.choice-count", count=count, got=len(typed)))
            if typed:
                raise UsageError(say("parser.choice-too-many", words=_listed(self.sets[0]), got=len(typed)))
            raise UsageError(say("parser.choice-missing", words=_listed(self.sets[0])))
        found = []
        for number, (word, spelled) in enumerate(zip(typed, self._spelled, strict=True)):
            known = spelled.get(self._key(word))
            if known is None:
                words = _listed(self.sets[number])
                raise UsageError(say("parser.choice-unknown", word=quoted(word), words=words) if count == 1 else
                                 say("parser.choice-unknown-nth", number=number + 1, word=quoted(word), words=words))
            found.append(known)
        return found[0] if count == 1 else tuple(found)

    def complete(self, state: object, index: int) -> list[str]:
        """The words of argument ``index`` (0-based), for ``Move.complete`` (a
        :data:`~cardshell.records.Completer`); none past the last."""
        return list(self.sets[index]) if 0 <= index < len(self.sets) else []


def choice(*words: str, case_sensitive: bool = False) -> Choice:
    """A parser of one word among ``words``: ``choice("w", "1", "2", "3")``.

    Args:
        words: the allowed words, each without spaces.
        case_sensitive: match case exactly (by default ``W`` is ``w``).

    Returns:
        Choice: ``parse(text) -> str``, the word as ``words`` spells it;
        :class:`UsageError` for anything else (``'x' is not one of w, 1, 2
        or 3``); ``parse.complete`` offers the words.

    Raises:
        ValueError: no words, a word with a space, or the same word twice.
    """
    return Choice((tuple(words),), case_sensitive)


def choices(*sets: Iterable[str], case_sensitive: bool = False) -> Choice:
    """A parser of one word from each of ``sets``, in order: a source and a
    target, ``choices(["w", "1", "2"], ["f", "1", "2"])`` reads ``w f`` as
    ``("w", "f")``.

    Args:
        sets: the allowed words of each argument.
        case_sensitive: match case exactly.

    Returns:
        Choice: ``parse(text) -> tuple[str, ...]`` (a ``str`` for one set);
        :class:`UsageError` for another number of words or a word outside
        its set; ``parse.complete(state, index)`` offers set ``index``.

    Raises:
        ValueError: no sets, an empty set, a word with a space, or the same
            word twice in one set.
    """
    return Choice(tuple(tuple(words) for words in sets), case_sensitive)


def _listed(words: tuple[str, ...]) -> str:
    """``w, 1, 2 or 3``: allowed words for a message, at most :data:`LISTED_WORDS` of them."""
    shown = [quoted(word) if len(word) > QUOTE_LENGTH else word for word in words[:LISTED_WORDS]]
    if len(words) > LISTED_WORDS:
        return ", ".join(shown) + f" ... ({len(words)} words)"
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]
