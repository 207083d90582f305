"""The session's settings: what ``set`` shows and changes, for every game alike.

A setting lives as long as the shell (a terminal session or a script run):
it is never saved, so a saved game and a script see the same rules whatever
was set before.  Each setting has a name, a value and one line of help
(:data:`HELP`); ``set NAME on|off`` changes a switch, ``set NAME VALUE`` a
number within its bounds (:meth:`Settings.read`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from cardshell.errors import CommandError
from cardshell.messages import say
from cardshell.option_values import count, seconds
from cardshell.parsers import clipped

#: The words ``set NAME VALUE`` takes for a switch, and what each means.
SWITCH_WORDS = {"on": True, "off": False, "yes": True, "no": False, "true": True, "false": False}

#: ``hint``'s re-drawn deals when ``--samples`` is not given (the ``samples`` setting's
#: default), and the most ``--samples`` and the setting take.
HINT_SAMPLES, MAX_SAMPLES = 20, 1000
#: ``solve --play`` at a terminal: seconds between two moves when ``--pace`` is not
#: given (the ``pace`` setting's default), and the longest pause either takes.
PLAY_PACE, MAX_PACE = 0.5, 10.0

#: The most moves autoplay plays after one of the player's (a game with safe moves never needs
#: more than its cards; a plugin whose ``safe`` never stops is stopped here).
AUTOPLAY_LIMIT = 104

def autoplay_moves(rules: Any, state: Any) -> tuple[list[str], Any]:
    """The moves autoplay plays from ``state``: the game's safe move (``rules.search.safe``,
    a :class:`cardshell.ruleset.RuleSet`'s), again from the state it leads to, until there is
    none or :data:`AUTOPLAY_LIMIT` are played; with the state after them.

    Raises:
        CommandError: the rules reject a safe move (the plugin's fault).
        Exception: whatever the plugin's ``safe`` raises.
    """
    moves: list[str] = []
    safe = rules.search.safe
    while safe is not None and len(moves) < AUTOPLAY_LIMIT:
        move = safe(state)
        if not isinstance(move, str) or not move:
            break
        state = rules.play(state, move)
        moves.append(move)
    return moves, state


#: One line of help per setting, by name.
HELP = {
    "autoplay": "after each of your moves, play the moves that can never hurt (cards to the foundations "
                "no other card needs), in games that declare them",
    "samples": f"the re-drawn deals 'hint' judges its moves on, without --samples (1 to {MAX_SAMPLES:,})",
    "pace": f"seconds between the moves 'solve --play' plays at a terminal, without --pace (at most {MAX_PACE:g})",
}


@dataclass
class Settings:
    """The session's settings.

    Attributes:
        autoplay (bool): play a game's safe moves (``Search.safe``) after each
            of the player's moves; off by default, as in PySolFC's
            "Auto drop" turned off.
        samples (int): the re-drawn deals ``hint`` judges on when ``--samples``
            is not given, 1 to :data:`MAX_SAMPLES`.
        pace (float): seconds between two moves of ``solve --play`` at a
            terminal when ``--pace`` is not given, in (0, :data:`MAX_PACE`].
    """

    autoplay: bool = False
    samples: int = HINT_SAMPLES
    pace: float = PLAY_PACE

    def names(self) -> list[str]:
        """The settings' names, in the order ``set`` lists them."""
        return [field.name for field in fields(self)]

    def shown(self, name: str) -> str:
        """A setting's value as ``set`` prints it (``on``/``off`` for a switch)."""
        value = getattr(self, name)
        if isinstance(value, bool):
            return "on" if value else "off"
        return f"{value:g}" if isinstance(value, float) else str(value)

    def is_switch(self, name: str) -> bool:
        """Whether the setting ``name`` is on or off (else a number)."""
        return isinstance(getattr(self, name), bool)

    def read(self, name: str, words: list[str]) -> bool | int | float:
        """The value ``words`` give the setting ``name`` (one of :meth:`names`): ``on``/``off``
        (:data:`SWITCH_WORDS`) for a switch, a whole number for ``samples``, seconds for ``pace``.

        Raises:
            CommandError: not one word, or a word the setting does not take.
            UsageError: a number out of the setting's bounds (its message names them).
        """
        if self.is_switch(name):
            value = SWITCH_WORDS.get(words[0].lower()) if len(words) == 1 else None
            if value is None:
                raise CommandError(say("settings.bad-value", name=name, value=repr(clipped(" ".join(words)))))
            return value
        if len(words) != 1:
            raise CommandError(say("settings.bad-number", name=name, value=repr(clipped(" ".join(words)))))
        if name == "samples":
            return count(words[0], name, 1, MAX_SAMPLES)
        return seconds(words[0], name, MAX_PACE)
