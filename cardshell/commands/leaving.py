"""The default plugin ``cardshell.session``: ``history``, ``quit`` and
``exit``: the session's replayable record and its end."""

from __future__ import annotations

from cardshell.commands.common import HostPlugin
from cardshell.hookspecs import hookimpl
from cardshell.records import Command, CommandContext


class SessionCommands(HostPlugin):
    """The session's record, leaving a game and leaving the shell.

    Args:
        shell (Host): the shell whose games the commands act on.
    """

    @hookimpl
    def cardshell_commands(self) -> list[Command]:
        """The commands ``history``, ``quit``, ``exit``."""
        return [
            Command("history", "print this session's accepted commands as a replayable script",
                    self.history,
                    help="Pipe the lines into 'cardshell' to replay the session with the same output "
                         "('cardshell --record FILE' writes them to FILE as you go)."),
            Command("quit", "leave (abandon) the current game; outside a game, leave the shell", self.quit),
            Command("exit", "leave the shell", self.exit),
        ]

    def history(self, ctx: CommandContext, args: None) -> None:
        """``history``: the accepted commands so far, one per line, replayable."""
        recorder = self.shell.recorder
        if recorder.dropped:
            ctx.echo(f"# {recorder.dropped} earlier lines are not kept in memory "
                     "('cardshell --record FILE' keeps every line)")
        ctx.echo("\n".join(recorder.lines) if recorder.lines else "No commands yet.")

    def quit(self, ctx: CommandContext, args: None) -> None:
        """``quit``: abandon the current game; outside a game, leave the shell."""
        session = self.shell.leave(abandon=True)
        if session is None:
            self.shell.exiting = True
            return
        ctx.echo(f"Left {session.game.title} (seed {session.seed}).")

    def exit(self, ctx: CommandContext, args: None) -> None:
        """``exit``: leave the shell."""
        self.shell.exiting = True
