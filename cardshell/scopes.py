"""Command scopes: the words of one scope (the shell's, or one game's) and
the command each names, built by :mod:`cardshell.registry`; the dispatcher
and a game's rules (:mod:`cardshell.ruleset`) look words up in them.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from cardshell.records import Command, Game

#: The prefix that reaches the shell's (global) command from inside a game
#: whose own command uses the same word: ``%hint`` is the host's ``hint``
#: even in a game that registers its own ``hint``.  At the shell prompt
#: (no game) ``%WORD`` and ``WORD`` are the same command.
ESCAPE = "%"


class Entry(NamedTuple):
    """A registered command together with the plugin that registered it."""

    command: Command
    plugin: str


class Scope:
    """The commands of one scope: the global one (``game`` None) or a game's.

    Attributes:
        game: as given.
        entries: the commands in registration order.
        words: every name and alias (lower-cased unless the game is case
            sensitive) to its command.
        patterns: the commands matched by a whole-line pattern, with it.
        aliases: the game's own words for host commands
            (``Game.host_aliases``), keyed like ``words``.
    """

    __slots__ = ("game", "entries", "words", "patterns", "aliases")

    def __init__(self, game: Game | None) -> None:
        self.game = game
        self.entries: list[Entry] = []
        self.words: dict[str, Entry] = {}
        self.patterns: list[tuple[re.Pattern[str], Entry]] = []
        self.aliases: dict[str, str] = {}

    @property
    def case_sensitive(self) -> bool:
        """Whether words in this scope match case exactly."""
        return self.game is not None and self.game.case_sensitive

    def key(self, word: str) -> str:
        """The lookup key of a typed word in this scope."""
        return word if self.case_sensitive else word.lower()

    def lookup(self, word: str) -> Entry | None:
        """The command a typed word names here, or None."""
        return self.words.get(self.key(word))

    def match(self, line: str) -> tuple[Entry, str] | None:
        """The first pattern command whose pattern matches the whole line, and the line."""
        for pattern, entry in self.patterns:
            if pattern.fullmatch(line):
                return entry, line
        return None
