"""The default plugin ``cardshell.undo``: ``undo`` and ``redo`` for every game (:mod:`cardshell.undo`)."""

from __future__ import annotations

from typing import Any

from cardshell import undo
from cardshell.commands.common import HostPlugin, _count, game_commands
from cardshell.errors import CommandError
from cardshell.hookspecs import hookimpl
from cardshell.messages import say
from cardshell.records import Command, CommandContext
from cardshell.session import GameSession


class UndoCommands(HostPlugin):
    """Taking moves back and making them again."""

    @hookimpl
    def cardshell_commands(self) -> list[Command]:
        """The commands ``undo``, ``redo``."""
        return [
            Command("undo", "take back the last move (or the last N)", self.undo, usage="undo [N]",
                    parse=_count,
                    help="Every move can be undone back to the deal, in every game that allows it "
                         "(a game turns undo off where it would reveal hidden cards).  A game won after "
                         "undo counts as won, but not as a perfect win."),
            Command("redo", "make an undone move again (or the last N)", self.redo, usage="redo [N]",
                    parse=_count,
                    help="A new move after undo clears what could be redone."),
        ]

    def undo(self, ctx: CommandContext, count: int) -> None:
        """``undo [N]``: take back the last N moves and show the game."""
        session = self._current()
        self._check_moves(session, session.undo_stack)
        lifecycle = self.shell.lifecycle
        lines = undo.undo(session, count)
        lifecycle.check_outcome(session, [], undoing=True)  # failures go to the reply's warnings
        ctx.echo(undo.describe(lines))
        ctx.echo(lifecycle.render(session))

    def redo(self, ctx: CommandContext, count: int) -> None:
        """``redo [N]``: make the last N undone moves again and show the game."""
        session = self._current()
        self._check_moves(session, session.redo_stack)
        lifecycle = self.shell.lifecycle
        lines = undo.redo(session, count)
        before = session.outcome
        lifecycle.check_outcome(session, [])  # failures go to the reply's warnings
        ctx.echo(undo.describe(lines, redo=True))
        ctx.echo(lifecycle.render(session))
        ending = lifecycle.announce_ending(session, before)
        if ending:
            ctx.echo(ending)

    def _check_moves(self, session: GameSession, stack: list[tuple[Any, str]]) -> None:
        """Refuse ``undo``/``redo`` with nothing on ``stack`` in a game that
        plays itself (:func:`cardshell.undo.plays_itself`), saying why.

        Raises:
            CommandError: the game plays itself and ``stack`` is empty.
        """
        if not stack and undo.plays_itself(session.game, game_commands(self.shell.registry, session.id)):
            raise CommandError(say("undo.plays-itself", title=session.game.title))
