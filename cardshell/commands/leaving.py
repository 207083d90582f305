"""The default plugin ``cardshell.session``: ``history``, ``set``, ``quit`` and ``exit``."""

from __future__ import annotations

from cardshell import help as helptext
from cardshell.commands.base import ShellPlugin
from cardshell.errors import CommandError
from cardshell.hookspecs import hookimpl
from cardshell.messages import say
from cardshell.parsers import clipped, words
from cardshell.persistence import describe
from cardshell.records import Command, CommandContext
from cardshell.settings import HELP


class SessionCommands(ShellPlugin):
    """The session's record, leaving a game and leaving the shell."""

    @hookimpl
    def cardshell_commands(self) -> list[Command]:
        """The commands ``history``, ``set``, ``quit``, ``exit``."""
        return [
            Command("history", "print this session's accepted commands as a replayable script",
                    self.history,
                    help="Pipe the lines into 'cardshell' to replay the session with the same output "
                         "('cardshell --record FILE' writes them to FILE as you go)."),
            Command("set", "show or change the session's settings (set autoplay on)", self.set, parse=words,
                    usage="set [NAME VALUE]", complete=self._complete_set,
                    help="Settings last for this session and apply to every game: 'set' lists them. "
                         "autoplay: after each of your moves, the moves that can never hurt are played "
                         "for you (cards to the foundations that no other card needs), in games that "
                         "declare them (Thumb and Pouch); each is shown and undone on its own. "
                         "'play GAME --autoplay' turns it on as a game starts. "
                         "samples: the re-drawn deals 'hint' judges on when you give no --samples. "
                         "pace: the seconds between the moves 'solve --play' plays, when you give no --pace. "
                         "A setting is never saved: a saved game and a script play alike whatever was set."),
            Command("quit", "leave (abandon) the current game; outside a game, leave the shell", self.quit),
            Command("exit", "leave the shell", self.exit),
        ]

    def history(self, ctx: CommandContext, args: None) -> None:
        """``history``: the accepted commands so far, one per line, replayable."""
        recorder = self.shell.recorder
        if recorder.dropped:
            ctx.echo(say("history.dropped", count=recorder.dropped))
        ctx.echo(say("history.lines", lines="\n".join(recorder.lines)) if recorder.lines else say("history.empty"))

    def set(self, ctx: CommandContext, args: list[str]) -> None:
        """``set``: list the settings; ``set NAME VALUE``: change one (:mod:`cardshell.settings`).

        Raises:
            CommandError: an unknown setting, a value it does not take, or more words.
            UsageError: a number out of the setting's bounds.
        """
        settings = self.shell.settings
        if not args:
            rows = [(name, say("settings.row", value=settings.shown(name), help=HELP[name]))
                    for name in settings.names()]
            for row in helptext.table_rows(rows, width=self.shell.front_end.width):  # a message each: ids kept, wrapped
                ctx.echo(row)
            return
        name = args[0].lower()
        if name not in settings.names():
            raise CommandError(say("settings.unknown", name=repr(clipped(args[0])), names=", ".join(settings.names())))
        if len(args) == 1:
            raise CommandError(say("settings.usage-value" if settings.is_switch(name) else "settings.usage-number",
                                   name=name, value=settings.shown(name)))
        setattr(settings, name, settings.read(name, args[1:]))
        ctx.echo(say("settings.changed", name=name, value=settings.shown(name)))

    def _complete_set(self, state: object, index: int) -> list[str]:
        """Completion of ``set``: a setting's name, then ``on``/``off`` for a switch."""
        return self.shell.settings.names() if index == 0 else ["on", "off"] if index == 1 else []

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
