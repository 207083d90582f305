"""The user-facing errors of the plugin contract.

A plugin raises :class:`CommandError` (or its subclass :class:`UsageError`)
whenever a typed command cannot be carried out.  The host catches it, prints
its message the same way for every game (inline at the interactive prompt,
``FILE:LINE: message`` on stderr in scripts), and guarantees that the game
state is exactly what it was before the command.  No traceback is shown.

Any *other* exception escaping plugin code is treated as a plugin bug: the
host reports it with the plugin's name, rolls the game back, and goes on.
"""

from __future__ import annotations


class CommandError(Exception):
    """A command was understood but cannot be carried out (an illegal move).

    Args:
        message (str): the complete text shown to the user, e.g.
            ``"Error, cannot move A♠."``.  It is printed as given.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class UsageError(CommandError):
    """A command's arguments do not fit its grammar (bad syntax).

    Raised by argument parsers.  When the current game defines
    :attr:`cardshell.records.Game.invalid_input`, the host replaces this
    message with the game's own "invalid option" text (the hand-outs quote
    the whole line the user typed); otherwise the message is shown followed
    by the command's usage.
    """
