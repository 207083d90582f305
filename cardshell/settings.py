"""The session's settings: what ``set`` shows and changes, for every game alike.

A setting lives as long as the shell (a terminal session or a script run):
it is never saved, so a saved game and a script see the same rules whatever
was set before.  Each setting has a name, a value and one line of help
(:data:`HELP`); ``set NAME on|off`` changes a switch.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

#: The words ``set NAME VALUE`` takes for a switch, and what each means.
SWITCH_WORDS = {"on": True, "off": False, "yes": True, "no": False, "true": True, "false": False}

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
}


@dataclass
class Settings:
    """The session's settings.

    Attributes:
        autoplay (bool): play a game's safe moves (``Search.safe``) after each
            of the player's moves; off by default, as in PySolFC's
            "Auto drop" turned off.
    """

    autoplay: bool = False

    def names(self) -> list[str]:
        """The settings' names, in the order ``set`` lists them."""
        return [field.name for field in fields(self)]

    def shown(self, name: str) -> str:
        """A setting's value as ``set`` prints it (``on``/``off`` for a switch)."""
        value = getattr(self, name)
        return ("on" if value else "off") if isinstance(value, bool) else str(value)
