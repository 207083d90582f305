"""The default plugin ``cardshell.saves``: ``save``, ``load`` and ``saves``.

Names the player chooses and games' automatic saves are two namespaces
(:mod:`cardshell.saves`): ``play GAME`` resumes only GAME's automatic
save, ``load NAME`` a named save (or, when no save has that name, the
automatic save of the game NAME).  The rules of names and conflicts are
:mod:`cardshell.persistence`'s.
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
        """The commands ``save``, ``load``, ``saves``."""
        return [
            Command("save", "save the current game (under NAME)", self.save, usage="save [NAME]",
                    parse=parsers.words, complete=self._complete_saves,
                    help="Without NAME the game is saved as its automatic save, the one 'play GAME' "
                         "resumes.  'load NAME' resumes a named save.  Games in progress are also "
                         "saved automatically when you leave an interactive cardshell (not a game "
                         "without moves).  Names you choose never stand for a game: a save named like a "
                         "game installed later does not take over 'play GAME'.  A save that "
                         "this session has not read or written, or that another cardshell changed, is "
                         "never replaced: the game goes to NAME-2 (and the reply says so); a save this "
                         "version cannot read is moved aside as NAME.unreadable-DATE first."),
            Command("load", "resume a saved game; without NAME, list the saves", self.load,
                    usage="load [NAME]", parse=parsers.words, complete=self._complete_saves,
                    help="Games abandoned in this session (by new, restart, play GAME --seed N or "
                         "load) are listed too and can be loaded until you exit (the last "
                         f"{MAX_ABANDONED} are kept).  NAME is a save's name, or a game's id for its "
                         "automatic save when no save has that name."),
            Command("saves", "list, delete or rename saves", self.saves, usage="saves [delete NAME | rename OLD NEW]",
                    parse=parsers.words, complete=self._complete_saves_command,
                    help="Without arguments, the saves as 'load' lists them.  'saves delete NAME' removes "
                         "a save; 'saves rename OLD NEW' gives it a new name (an automatic save renamed "
                         "becomes a named save, so 'play GAME' then deals a new game).  NAME is a save's "
                         "name, or a game's id for its automatic save when no save has that name."),
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
        if name == session.id:  # the game's own id: its automatic save
            name = saves.automatic(session.id)
        try:
            result = self.shell.persistence.save(session, name)
        except saves.SaveError as exc:
            raise CommandError(exc.message) from None
        for note in result.notes:
            ctx.echo(note)
        auto = saves.is_automatic(result.name)
        shown = saves.plain_name(result.name)
        how = f"play {shown}" if auto else f"load {shown}"
        instead = (say("save.instead", name=repr(saves.plain_name(name)), reason=result.reason) if result.renamed
                   else "")
        said = "save.saved"
        if session.outcome is not None:  # shown by 'load NAME', never resumed (cardshell.commands.switching)
            said = "save.saved-over-auto" if auto else "save.saved-over"
        ctx.echo(say(said, what=describe(session.game.title, session.seed, session.moves),
                     name=repr(shown), instead=instead, how=how))

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
        name = self._save_key(words[0])
        try:
            record = self.shell.persistence.read(name)
            game = self.shell.registry.games.get(record.game)
            title = game.title if game else record.game
            # The automatic save of a game says what 'play GAME' says when it
            # resumes it, so that a recording (which writes that as 'load GAME')
            # replays byte for byte.
            if game is not None and not game.undo:
                self._refuse_a_take_back(record, title, name)
            verb = (say("save.resuming", title=title) if saves.is_automatic(name)
                    else say("save.loaded", name=repr(name), title=title))
            self._resume_saved(ctx, name, verb, record)
        except saves.SaveError as exc:
            raise CommandError(exc.message) from None

    def _refuse_a_take_back(self, record: saves.SaveRecord, title: str, name: str) -> None:
        """Refuse to load, in a game without undo, a save of a game this shell has played on since
        (the same game by its uid, still in progress with more moves now): it would take moves back.
        A save of a game played on to its end is refused by the replay, naming the ending.

        Raises:
            CommandError: such a game is in progress here.
        """
        for session in self.shell.table.sessions.values():  # a game played on to its end: refused with its ending
            if session.outcome is None and session.uid == record.uid and session.moves > len(record.log):
                raise CommandError(say("save.no-undo-take-back", title=title, name=repr(saves.plain_name(name)),
                                       saved=helptext.moves(len(record.log)), played=helptext.moves(session.moves)))

    def _abandoned_rows(self) -> list[tuple[str, Text]]:
        rows: list[tuple[str, Text]] = []
        for name, record in self.shell.persistence.abandoned.items():
            game = self.shell.registry.games.get(record.game)
            rows.append((name, say("save.row-abandoned", title=game.title if game else record.game, seed=record.seed,
                                   moves=helptext.moves(len(record.log)), name=name)))
        return rows

    def saves(self, ctx: CommandContext, words: list[str]) -> None:
        """``saves [delete NAME | rename OLD NEW]``: list, delete or rename saves."""
        if not words:
            self.load(ctx, [])
            return
        action, rest = words[0], words[1:]
        persistence, data_dir = self.shell.persistence, self.shell.places.data_dir
        if action == "delete" and len(rest) == 1:
            name = self._save_key(rest[0])
            if name in persistence.abandoned:
                del persistence.abandoned[name]
            else:
                with saves.locked(data_dir):
                    saves.delete(data_dir, name)
                persistence.baselines[name] = None
            ctx.echo(say("save.deleted", name=repr(saves.plain_name(name)),
                         what=say("save.what-auto") if saves.is_automatic(name) else ""))
            return
        if action == "rename" and len(rest) == 2:
            old = self._save_key(rest[0])
            new = self._save_name(rest[1])
            if old in persistence.abandoned:
                raise CommandError(say("save.rename-abandoned", name=repr(old), name_plain=old, new=new))
            try:
                with saves.locked(data_dir):
                    saves.rename(data_dir, old, new)
            except saves.SaveError as exc:
                raise CommandError(exc.message) from None
            persistence.baselines[old] = None
            persistence.baselines.pop(new, None)  # written by no one here: never replaced without a look
            ctx.echo(say("save.renamed", old=repr(saves.plain_name(old)), new=repr(new), how=f"load {new}"))
            return
        raise UsageError(say("save.saves-usage"))

    def _save_key(self, word: str) -> str:
        """The save a typed name means (:meth:`cardshell.persistence.Persistence.find`); UsageError
        for a bad name, CommandError when there is no such save."""
        name = self._save_name(word)
        key = self.shell.persistence.find(name)
        if key is None:
            raise CommandError(say("save.not-found", name=repr(name)))
        return key

    def _save_names(self) -> list[str]:
        """What completes a save's name: named saves, games with an automatic save, abandoned games."""
        names = []
        for key, found in saves.list_saves(self.shell.places.data_dir):
            if saves.is_automatic(key) and isinstance(found, saves.SaveRecord) and not found.log:
                continue
            plain = saves.plain_name(key)
            if plain not in names:
                names.append(plain)
        return names + [name for name in self.shell.persistence.abandoned if name not in names]

    def _complete_saves(self, state: Any, index: int) -> list[str]:
        return self._save_names() if index == 0 else []

    def _complete_saves_command(self, state: Any, index: int) -> list[str]:
        if index == 0:
            return ["delete", "rename"]
        return self._save_names() if index == 1 else []
