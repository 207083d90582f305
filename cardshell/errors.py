"""The user-facing errors of the plugin contract.

A plugin raises :class:`CommandError` (or :class:`UsageError`) when a typed
command cannot be carried out: the host prints its message alike for every
game, without a traceback, and the state is as before the command.  Any
other exception from plugin code is a plugin bug, reported naming the plugin.
"""

from __future__ import annotations

from cardshell.render import Text, text_of


class CommandError(Exception):
    """A command was understood but cannot be carried out (an illegal move);
    ``message`` is printed as given (``"Error, cannot move A♠."``).

    Args:
        message: a ``str``, or a message of the host's catalog
            (:func:`cardshell.messages.say`: what the host's own commands and
            the toolkit's parsers raise), kept whole in :attr:`said`.
        id: a game's own stable name for this kind of rejection
            (``"illegal-move"``, ``"not-your-turn"``), which porcelain schema
            2 gives programs as the error record's ``id`` (docs/porcelain.md);
            None: no id.  Keep it once released, as the host keeps its own.

    Attributes:
        said: the message as raised (a host message keeps its id and arguments).
        id: as given.
    """

    def __init__(self, message: Text, *, id: str | None = None) -> None:  # noqa: A002 - the porcelain's word
        super().__init__(message)
        self.said: Text = message
        self.id = id

    @property
    def message(self) -> str:
        """The message's text (a host message in its wording now)."""
        return text_of(self.said)

    def __str__(self) -> str:
        return self.message


class UsageError(CommandError):
    """A command's arguments do not fit its grammar, raised by argument parsers.

    Shown followed by the command's usage, or replaced by the game's
    :attr:`cardshell.records.Game.invalid_input` text when it has one.
    """
