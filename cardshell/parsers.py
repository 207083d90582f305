"""Reusable argument parsers for :class:`cardshell.records.Command`.

A parser is any callable ``parse(text) -> args`` given the stripped text
after the command name (for a pattern command, the whole line) that returns
the arguments or raises :class:`cardshell.errors.UsageError`.  A parser of
words from fixed sets (:func:`choice`, :func:`choices`) also completes its
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


@dataclass(frozen=True)
class Choice:
    """A parser of words from fixed sets, one word from each set in order, made
    by :func:`choice` or :func:`choices`.

    It returns the words as the sets spell them (``"W"`` typed gives ``"w"``
    unless ``case_sensitive``): a ``str`` for one set, else a tuple, which a
    :class:`~cardshell.records.Move` spreads into ``check`` and ``apply``.
    :meth:`complete` offers each set's words (``Move(complete=parse.complete)``).

    Attributes:
        sets: the allowed words of each argument, in order.
        case_sensitive: whether a word must match its set's spelling's case.

    Raises:
        ValueError: (when built) no set, an empty set, a word that is empty or
            holds a space, or the same word twice in one set (case ignored
            unless ``case_sensitive``).
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
            UsageError: another number of words than of sets, or a word not in its
                set (quoted, with at most :data:`LISTED_WORDS` allowed words listed).
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
    """A parser of one word among ``words`` (each without spaces; ``W`` is ``w``
    unless ``case_sensitive``): ``choice("w", "1", "2", "3")``.

    The parser returns the word as ``words`` spells it and raises
    :class:`UsageError` for anything else (``'x' is not one of w, 1, 2 or 3``);
    ``parse.complete`` offers the words.

    Raises:
        ValueError: no words, a word with a space, or the same word twice.
    """
    return Choice((tuple(words),), case_sensitive)


def choices(*sets: Iterable[str], case_sensitive: bool = False) -> Choice:
    """A parser of one word from each of ``sets``, in order:
    ``choices(["w", "1", "2"], ["f", "1", "2"])`` reads ``w f`` as ``("w", "f")``.

    The parser returns a tuple (a ``str`` for one set) and raises
    :class:`UsageError` for another number of words or a word outside its set;
    ``parse.complete(state, index)`` offers set ``index``.

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
