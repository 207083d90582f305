"""The default plugin ``cardshell.session``: ``history``, ``quit`` and ``exit``."""

from __future__ import annotations

from cardshell.commands.common import HostPlugin
from cardshell.errors import CommandError
from cardshell.hookspecs import hookimpl
from cardshell.messages import say
from cardshell.persistence import describe
from cardshell.records import Command, CommandContext


class SessionCommands(HostPlugin):
    """The session's record, leaving a game and leaving the shell."""

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
            ctx.echo(say("history.dropped", count=recorder.dropped))
        ctx.echo(say("history.lines", lines="\n".join(recorder.lines)) if recorder.lines else say("history.empty"))

    def quit(self, ctx: CommandContext, args: None) -> None:
        """``quit``: abandon the current game; outside a game, leave the shell.

        Leaving a game with moves that is not over asks first at a terminal;
        declining (CommandError) changes nothing.  The game left stays loadable
        until exit (:meth:`cardshell.persistence.Persistence.abandon`).
        """
        shell = self.shell
        session = shell.table.current
        if session is None:
            shell.dispatcher.exiting = True
            return
        name = None
        if session.outcome is None and session.moves:
            what = describe(session.game.title, session.seed, session.moves)
            confirm = shell.front_end.confirm
            if confirm is not None and not confirm(say("game.confirm-abandon", what=what)):
                raise CommandError(say("game.kept", what=what))
        shell.lifecycle.leave(abandon=True)  # keeps a game with moves loadable (Sessions.leave)
        if session.outcome is None and session.moves:
            name = next((n for n, r in reversed(shell.persistence.abandoned.items()) if r.uid == session.uid), None)
        title, seed = session.game.title, session.seed
        if name is not None:
            ctx.echo(say("game.left-loadable", title=title, seed=seed, name=name))
        elif session.outcome is not None:
            ctx.echo(say("game.left-over", title=title, seed=seed, result=session.outcome.result))
        else:
            ctx.echo(say("game.left", title=title, seed=seed))

    def exit(self, ctx: CommandContext, args: None) -> None:
        """``exit``: leave the shell."""
        self.shell.dispatcher.exiting = True
