"""The default plugin ``cardshell.saves``: ``save`` and ``load``.

The rules of names and conflicts are :mod:`cardshell.persistence`'s.
"""

from __future__ import annotations

from typing import Any

from cardshell import help as helptext
from cardshell import parsers, saves
from cardshell.commands.switching import GameSwitching
from cardshell.errors import CommandError, UsageError
from cardshell.hookspecs import hookimpl
from cardshell.messages import say
from cardshell.persistence import MAX_ABANDONED, describe
from cardshell.records import Command, CommandContext
from cardshell.render import Text


class SaveCommands(GameSwitching):
    """Saving and loading games."""

    @hookimpl
    def cardshell_commands(self) -> list[Command]:
        """The commands ``save``, ``load``."""
        return [
            Command("save", "save the current game (under NAME)", self.save, usage="save [NAME]",
                    parse=parsers.words, complete=self._complete_saves,
                    help="Without NAME the game is saved as its automatic save, the one 'play GAME' "
                         "resumes.  'load NAME' resumes a named save.  Games in progress are also "
                         "saved automatically when you leave an interactive cardshell.  A save that "
                         "this session has not read or written, or that another cardshell changed, is "
                         "never replaced: the game goes to NAME-2 (and the reply says so); a save this "
                         "version cannot read is moved aside as NAME.unreadable-DATE first."),
            Command("load", "resume a saved game; without NAME, list the saves", self.load,
                    usage="load [NAME]", parse=parsers.words, complete=self._complete_saves,
                    help="Games abandoned in this session (by new, restart, play GAME --seed N or "
                         "load) are listed too and can be loaded until you exit (the last "
                         f"{MAX_ABANDONED} are kept)."),
        ]

    def save(self, ctx: CommandContext, words: list[str]) -> None:
        """``save [NAME]``: save the current game (default: its automatic save).

        A save not ours to replace is kept, and the game goes to a new name the
        reply gives (:mod:`cardshell.persistence`).
        """
        session = self._current()
        if len(words) > 1:
            raise UsageError(say("save.too-many"))
        name = self._save_name(words[0]) if words else session.id
        other = self.shell.registry.games.get(name)
        if other is not None and other.id != session.id:
            raise CommandError(say("save.name-reserved", name=repr(name), title=other.title))
        try:
            result = self.shell.persistence.save(session, name)
        except saves.SaveError as exc:
            raise CommandError(exc.message) from None
        for note in result.notes:
            ctx.echo(note)
        how = f"play {result.name}" if result.name == session.id else f"load {result.name}"
        instead = say("save.instead", name=repr(name), reason=result.reason) if result.renamed else ""
        said = "save.saved"
        if session.outcome is not None:  # shown by 'load NAME', never resumed (cardshell.commands.switching)
            said = "save.saved-over-auto" if result.name == session.id else "save.saved-over"
        ctx.echo(say(said, what=describe(session.game.title, session.seed, session.moves),
                     name=repr(result.name), instead=instead, how=how))

    def load(self, ctx: CommandContext, words: list[str]) -> None:
        """``load [NAME]``: resume a saved game; without NAME, list the saves and abandoned games."""
        if len(words) > 1:
            raise UsageError(say("save.load-too-many"))
        if not words:
            rows = self._saved_rows()
            abandoned = self._abandoned_rows()
            if not rows and not abandoned:
                ctx.echo(say("save.none"))
            for heading, listed in ((say("save.list-heading"), rows), (say("save.abandoned-heading"), abandoned)):
                if listed:
                    ctx.echo(heading)
                    for piece in helptext.table_rows(listed, width=self.shell.front_end.width):
                        ctx.echo(piece)
            return
        name = self._save_name(words[0])
        try:
            record = self.shell.persistence.read(name)
            game = self.shell.registry.games.get(record.game)
            title = game.title if game else record.game
            # The automatic save of a game says what 'play GAME' says when it
            # resumes it, so that a recording (which writes that as 'load GAME')
            # replays byte for byte.
            verb = (say("save.resuming", title=title) if name == record.game
                    else say("save.loaded", name=repr(name), title=title))
            self._resume_saved(ctx, name, verb, record)
        except saves.SaveError as exc:
            raise CommandError(exc.message) from None

    def _abandoned_rows(self) -> list[tuple[str, Text]]:
        rows: list[tuple[str, Text]] = []
        for name, record in self.shell.persistence.abandoned.items():
            game = self.shell.registry.games.get(record.game)
            rows.append((name, say("save.row-abandoned", title=game.title if game else record.game, seed=record.seed,
                                   moves=helptext.moves(len(record.log)), name=name)))
        return rows

    def _complete_saves(self, state: Any, index: int) -> list[str]:
        if index != 0:
            return []
        abandoned = list(self.shell.persistence.abandoned)
        return [name for name, _ in saves.list_saves(self.shell.places.data_dir)] + abandoned
