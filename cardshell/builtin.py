"""The host's own commands, registered through ``cardshell_commands`` like
any plugin's (as datasette's and tox's defaults are): ``help``, ``games``,
``play``, ``new``, ``restart``, ``undo``, ``redo``, ``save``, ``load``,
``history``, ``quit``, ``exit`` and ``plugins``.

Undo, redo, save and load work for every game without the game writing a
line for them: undo and redo walk the snapshots the host keeps
(:mod:`cardshell.undo`), saves are the seed, options and accepted moves,
rebuilt by replay (:mod:`cardshell.saves`, :meth:`cardshell.shell.Shell.replay`).
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import shlex
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, NoReturn

from cardshell import help as helptext
from cardshell import parsers, saves, timestamps, undo
from cardshell.errors import CommandError, UsageError
from cardshell.hookspecs import hookimpl
from cardshell.persistence import MAX_ABANDONED, describe
from cardshell.records import Command, CommandContext, Game

if TYPE_CHECKING:  # pragma: no cover
    from cardshell.shell import Shell


class OptionParser(argparse.ArgumentParser):
    """argparse that raises :class:`UsageError` instead of exiting (the
    host commands' option parsers: ``play``, ``new``, ``hint``, ``solve``)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def play_parser(game: Game) -> argparse.ArgumentParser:
    """The argument parser of ``play GAME``: ``--seed N`` and the game's options.

    Args:
        game (Game): the game whose :attr:`Game.options` to accept.

    Returns:
        argparse.ArgumentParser: raises :class:`UsageError` on bad input.
    """
    parser = OptionParser(prog=f"play {game.id}", add_help=False)
    parser.add_argument("--seed", type=int, default=None)
    for option in game.options:
        parser.add_argument(f"--{option.name}", type=option.type, default=None, choices=option.choices,
                            help=option.help)
    return parser


def _new_parser() -> argparse.ArgumentParser:
    parser = OptionParser(prog="new", add_help=False)
    parser.add_argument("--seed", type=int, default=None)
    return parser


def _count(text: str) -> int:
    """``undo``/``redo`` argument: nothing (1) or a positive number of moves."""
    words = text.split()
    if not words:
        return 1
    if len(words) > 1 or not (words[0].isascii() and words[0].isdigit()):
        raise UsageError(f"{parsers.quoted(text.strip())} is not a number of moves (1 or more)")
    count = parsers.integer(words[0])  # at most parsers.MAX_DIGITS digits
    if count < 1:
        raise UsageError(f"{parsers.quoted(text.strip())} is not a number of moves (1 or more)")
    return count


def _split(text: str) -> list[str]:
    """``play``/``new`` arguments: shell words of at most parsers.MAX_SHELL_WORDS_LENGTH characters."""
    return parsers.shell_words(text)


def _did_you_mean(word: str, candidates: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.75)
    return f" (did you mean {close[0]!r}?)" if close else ""


def find_game(games: Mapping[str, Game], word: str) -> Game:
    """The game a word names: its id, or a prefix of exactly one id (``aces``).

    Args:
        games (Mapping[str, Game]): the registered games by id.
        word (str): what the player typed (any case).

    Returns:
        Game: the game.

    Raises:
        CommandError: no game, or more than one, starts so (the message lists
            the candidates, or suggests a close id and lists the games).
    """
    key = word.lower()
    game = games.get(key)
    if game is not None:
        return game
    starting = [gid for gid in games if gid.startswith(key)]
    if len(starting) == 1:
        return games[starting[0]]
    if len(starting) > 1:
        raise CommandError(f"{word!r} could be {', '.join(sorted(starting))}; type more of its name")
    known = ", ".join(sorted(games)) or "none installed"
    raise CommandError(f"no game {word!r}{_did_you_mean(key, games)}; the games are: {known}")


class HostCommands:
    """The plugin object that registers the host's commands for one shell.

    Args:
        shell (Shell): the shell whose games the commands act on.
    """

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    @hookimpl
    def cardshell_commands(self) -> list[Command]:
        """The host's global commands."""
        return [
            Command("help", "show this menu, or help for one command or game", self.help,
                    usage="help [COMMAND|GAME]",
                    parse=parsers.words, complete=self._complete_help),
            Command("games", "list the games and the games in progress", self.games),
            Command("play", "start a game, or resume the one in progress", self.play,
                    usage="play GAME [--seed N] [--OPTION VALUE ...]", parse=_split, complete=self._complete_play,
                    help="Playing another game suspends the current one; 'play' with only the game's id "
                         "resumes a game in progress exactly where it was.  --seed N replays a deal; "
                         "without it, a seed is picked and shown."),
            Command("new", "start a new deal of the current game with a new seed", self.new,
                    usage="new [--seed N]", parse=_split,
                    help="Without --seed a new seed is picked and shown; --seed N deals that one."),
            Command("restart", "replay the current deal from its seed", self.restart),
            Command("undo", "take back the last move (or the last N)", self.undo, usage="undo [N]",
                    parse=_count,
                    help="Every move can be undone back to the deal, in every game that allows it "
                         "(a game turns undo off where it would reveal hidden cards).  A game won after "
                         "undo counts as won, but not as a perfect win."),
            Command("redo", "make an undone move again (or the last N)", self.redo, usage="redo [N]",
                    parse=_count,
                    help="A new move after undo clears what could be redone."),
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
            Command("history", "print this session's accepted commands as a replayable script",
                    self.history,
                    help="Pipe the lines into 'cardshell' to replay the session with the same output "
                         "('cardshell --record FILE' writes them to FILE as you go)."),
            Command("quit", "leave (abandon) the current game; outside a game, leave the shell", self.quit),
            Command("exit", "leave the shell", self.exit),
            Command("plugins", "list the loaded plugins and any that failed", self.plugins),
        ]

    # -- help ------------------------------------------------------------
    def _global_commands(self) -> list[Command]:
        return [entry.command for entry in self.shell.registry.global_scope.entries]

    def help(self, ctx: CommandContext, words: list[str]) -> None:
        """``help [COMMAND]``: the menu, or one command's help."""
        shell = self.shell
        session = shell.current
        if not words:
            game = session.game if session else None
            game_commands = shell.game_commands(game.id) if game else []
            ctx.echo(helptext.menu(self._global_commands(), game, game_commands, width=shell.width))
            return
        if len(words) > 1:
            raise UsageError("help takes at most one command name")
        word = words[0]
        scope = shell.scope()
        entry = scope.lookup(word) or next(
            (e for e in scope.entries if e.command.pattern and scope.key(e.command.name) == scope.key(word)), None)
        if entry is None:
            target = scope.aliases.get(scope.key(word))
            entry = shell.registry.global_scope.lookup(target or word)
        if entry is None:  # an example of a pattern command, as the menu shows it: 'help a5'
            matched = scope.match(word)
            entry = matched[0] if matched is not None else None
        if entry is None:
            game_id = self._game_id(word)
            if game_id is not None:  # help GAME: the game's page
                ctx.echo(shell.game_page(game_id))
                return
            close = shell.did_you_mean(word)
            hint = f" (did you mean {close!r}?)" if close else _did_you_mean(word.lower(), shell.games)
            raise CommandError(f"no command or game {word!r}{hint}; type 'help' for the list of commands "
                               "and 'games' for the games")
        game = shell.games.get(entry.command.game) if entry.command.game else None
        ctx.echo(helptext.command_help(entry.command, game))

    def _complete_help(self, state: Any, index: int) -> list[str]:
        if index != 0:
            return []
        scope = self.shell.scope()
        words = [w for e in scope.entries for w in (e.command.words if not e.command.pattern else ())]
        return (words + [w for e in self.shell.registry.global_scope.entries for w in e.command.words]
                + sorted(self.shell.games))

    # -- games -----------------------------------------------------------
    def games(self, ctx: CommandContext, args: None) -> None:
        """``games``: the available games and the games in progress."""
        shell = self.shell
        if not shell.games:
            ctx.echo("No games are installed.")
        else:
            ctx.echo("Games:")
            ctx.echo(helptext.games_list(shell.games, shell.width))
        playing: list[tuple[str, str]] = []
        finished: list[tuple[str, str]] = []
        for gid, session in sorted(shell.sessions.items()):
            marker = " (current)" if session is shell.current else ""
            row = f"seed {session.seed}, {helptext.moves(session.moves)}"
            if session.outcome is None:
                playing.append((gid, f"{row}{marker}"))
            else:
                finished.append((gid, f"{row}, {session.outcome.result}{marker}"))
        if playing:
            ctx.echo("In progress:")
            ctx.echo(helptext.table(playing, width=shell.width))
        if finished:
            ctx.echo("Finished ('new' or 'restart' plays again):")
            ctx.echo(helptext.table(finished, width=shell.width))
        if shell.autosave:
            rows = self._saved_rows()
            if rows:
                ctx.echo("Saved:")
                ctx.echo(helptext.table(rows, width=shell.width))

    def _saved_rows(self) -> list[tuple[str, str]]:
        """One row per save: resumable ones with how to resume, broken ones with why not."""
        rows = []
        for name, found in saves.list_saves(self.shell.data_dir):
            if isinstance(found, saves.SaveError):
                rows.append((name, f"cannot be used: {found.message}"))
                continue
            game = self.shell.games.get(found.game)
            if game is None:
                rows.append((name, f"game {found.game!r} is not installed"))
                continue
            how = f"play {name}" if name == found.game else f"load {name}"
            rows.append((name, f"{game.title}, seed {found.seed}, {helptext.moves(len(found.log))}, "
                               f"saved {timestamps.readable(found.saved)} ('{how}')"))
        return rows

    # -- play / new / restart ----------------------------------------------
    def _game_id(self, word: str) -> str | None:
        """The id of the game a word names (its id or a unique prefix), or None."""
        try:
            return self._find_game(word).id
        except CommandError:
            return None

    def _find_game(self, word: str) -> Game:
        return find_game(self.shell.games, word)

    def play(self, ctx: CommandContext, words: list[str]) -> None:
        """``play GAME [--seed N] [options]``: start or resume a game.

        A new deal (``--seed`` or an option given) of a game that has moves
        in progress here, or whose automatic save has moves, abandons that
        game: see :meth:`_replacing`.
        """
        shell = self.shell
        if not words:
            raise UsageError("which game? type 'games' for the list")
        game = self._find_game(words[0])
        if words[0] != game.id:  # a prefix: record the game's id, so a replay means the same game
            shell.record_as = shlex.join(["play", game.id, *words[1:]])
        namespace = play_parser(game).parse_args(words[1:])
        given = {k: v for k, v in vars(namespace).items() if v is not None}
        session = shell.sessions.get(game.id)
        if session is not None and not given:
            shell.current = session
            ctx.echo(f"Resuming {game.title}, seed {session.seed} ({helptext.moves(session.moves)} so far).")
            ctx.echo(shell.render(session))
            return
        if session is None and not given and shell.autosave and saves.exists(shell.data_dir, game.id):
            try:
                self._resume_saved(ctx, game.id, f"Resuming saved {game.title}")
                return
            except saves.SaveError as exc:
                ctx.echo(f"warning: {exc.message}; starting a new game instead.")
        seed = given.pop("seed", None)
        options = {option.name.replace("-", "_"): option.default for option in game.options} | given
        with self._replacing(ctx, game.id):
            if seed is None:
                seed = shell.next_seed()
                shell.record_as = f"{shlex.join(['play', game.id, *words[1:]])} --seed {seed}"
            self._start(ctx, game, seed, options, "")

    def _resume_saved(self, ctx: CommandContext, name: str, verb: str,
                      record: saves.SaveRecord | None = None) -> None:
        """Rebuild the save ``name``, make it current and show it.

        Raises SaveError (nothing changed) when it cannot be read or
        rebuilt; CommandError when the player declines to abandon the game
        it replaces.
        """
        shell = self.shell
        if record is None:
            record = shell.persistence.read(name)
        with self._replacing(ctx, record.game, incoming=record):
            session = shell.persistence.rebuild(name, record)
            shell.persistence.abandoned.pop(name, None)  # an abandoned game resumed is in progress again
            shell.install(session)
        shell.record_as = f"load {name}"
        ctx.echo(f"{verb}, seed {session.seed} ({helptext.moves(session.moves)} so far).")
        ctx.echo(shell.render(session))
        if session.outcome is not None:
            ctx.echo(f"This game is over: {session.outcome.result}"
                     f"{f' ({session.outcome.detail})' if session.outcome.detail else ''}.")

    @contextlib.contextmanager
    def _replacing(self, ctx: CommandContext, game_id: str, incoming: saves.SaveRecord | None = None,
                   ) -> Iterator[None]:
        """Guard a command that puts a new game of ``game_id`` in place.

        The game it drops is the one in progress here, if it has moves and
        is not over, or else (autosave on) the automatic save with moves
        that exit would replace.  At a terminal (:attr:`Shell.confirm`) the
        player is asked first; declining raises :class:`CommandError` and
        changes nothing.  In a script the command goes on.  Either way the
        dropped game is kept loadable until exit
        (:meth:`cardshell.persistence.Persistence.abandon`) and one line
        names it (game, seed, moves) and how to get it back.  If the body
        fails, nothing is kept (the shell's host-command snapshot puts the
        rest back, the session seed generator included).

        Args:
            ctx (CommandContext): the command's context (for the note).
            game_id (str): the game about to be started or loaded.
            incoming (SaveRecord | None): the save being loaded, if any.
        """
        shell, persistence = self.shell, self.shell.persistence
        record, snapshot, what = None, None, ""
        session = shell.sessions.get(game_id)
        if session is not None:
            same = incoming is not None and (incoming.uid, incoming.log) == (session.uid, session.log)
            if session.outcome is None and session.moves and not same:
                record = persistence.record_of(session)
                what = describe(session.game.title, session.seed, session.moves)
        else:
            record, snapshot = persistence.automatic_save_at_stake(game_id, incoming)
            if record is not None:
                game = shell.games.get(game_id)
                what = "the saved " + describe(game.title if game else game_id, record.seed, len(record.log))
        if record is not None and shell.confirm is not None and not shell.confirm(f"This abandons {what}. Go on?"):
            raise CommandError(f"Nothing was changed: {what} is kept.")
        name = persistence.abandon(record) if record is not None else None
        if name is not None:
            ctx.echo(f"Abandoned {what}: 'load {name}' brings it back until you exit.")
        try:
            yield
        except BaseException:
            if name is not None:
                persistence.abandoned.pop(name, None)
            raise
        persistence.trim_abandoned()
        persistence.claim(game_id, snapshot)

    def _start(self, ctx: CommandContext, game: Game, seed: int, options: dict[str, Any], verb: str) -> None:
        shell = self.shell
        warnings: list[str] = []
        session = shell.start(game, seed, options, warnings)
        ctx.echo(f"{verb}{game.title}, seed {seed}.")
        ctx.echo(shell.render(session, warnings))
        shell.check_outcome(session, warnings)
        ending = shell.announce_ending(session, None)
        if ending:  # a game played out by its deal (Pictures, Up-and-Down)
            ctx.echo(ending)
        for warning in warnings:
            ctx.echo(f"warning: {warning}")

    def _current(self) -> Any:
        session = self.shell.current
        if session is None:
            raise CommandError("no game in progress; type 'play GAME' to start one")
        return session

    def new(self, ctx: CommandContext, words: list[str]) -> None:
        """``new [--seed N]``: a new deal of the current game (new seed, same
        options); abandons the game in progress if it has moves (:meth:`_replacing`)."""
        session = self._current()
        seed = _new_parser().parse_args(words).seed
        with self._replacing(ctx, session.id):
            if seed is None:
                seed = self.shell.next_seed()
                self.shell.record_as = f"new --seed {seed}"
            self._start(ctx, session.game, seed, session.options, "New game: ")

    def restart(self, ctx: CommandContext, args: None) -> None:
        """``restart``: the same deal again from its seed; abandons the game
        in progress if it has moves (:meth:`_replacing`)."""
        session = self._current()
        with self._replacing(ctx, session.id):
            self._start(ctx, session.game, session.seed, session.options, "Restarted: ")

    # -- undo / redo -------------------------------------------------------
    def undo(self, ctx: CommandContext, count: int) -> None:
        """``undo [N]``: take back the last N moves and show the game."""
        session = self._current()
        lines = undo.undo(session, count)
        warnings: list[str] = []
        self.shell.check_outcome(session, warnings, undoing=True)
        ctx.echo(undo.describe("Undid", lines))
        ctx.echo(self.shell.render(session))
        for warning in warnings:
            ctx.echo(f"warning: {warning}")

    def redo(self, ctx: CommandContext, count: int) -> None:
        """``redo [N]``: make the last N undone moves again and show the game."""
        session = self._current()
        lines = undo.redo(session, count)
        warnings: list[str] = []
        before = session.outcome
        self.shell.check_outcome(session, warnings)
        ctx.echo(undo.describe("Redid", lines))
        ctx.echo(self.shell.render(session))
        ending = self.shell.announce_ending(session, before)
        if ending:
            ctx.echo(ending)
        for warning in warnings:
            ctx.echo(f"warning: {warning}")

    # -- save / load / history ----------------------------------------------
    def _save_name(self, word: str) -> str:
        try:
            return saves.check_name(word)
        except saves.SaveError as exc:
            raise UsageError(exc.message) from None

    def save(self, ctx: CommandContext, words: list[str]) -> None:
        """``save [NAME]``: save the current game (default: its automatic save).

        A save this session did not read or write, or that another process
        changed since, is not replaced: the game goes to a new name and the
        reply says which and why (:mod:`cardshell.persistence`).
        """
        session = self._current()
        if len(words) > 1:
            raise UsageError("save takes at most one name")
        name = self._save_name(words[0]) if words else session.id
        other = self.shell.games.get(name)
        if other is not None and other.id != session.id:
            raise CommandError(f"the name {name!r} is kept for {other.title}'s automatic save; choose another")
        try:
            result = self.shell.save(session, name)
        except saves.SaveError as exc:
            raise CommandError(exc.message) from None
        for note in result.notes:
            ctx.echo(note)
        how = f"play {result.name}" if result.name == session.id else f"load {result.name}"
        instead = f" instead of {name!r} ({result.reason})" if result.renamed else ""
        ctx.echo(f"Saved {describe(session.game.title, session.seed, session.moves)} as {result.name!r}{instead}: "
                 f"'{how}' resumes it.")

    def load(self, ctx: CommandContext, words: list[str]) -> None:
        """``load [NAME]``: resume a saved game; without NAME, list the saves
        and the games abandoned in this session."""
        if len(words) > 1:
            raise UsageError("load takes at most one name")
        if not words:
            rows = self._saved_rows()
            abandoned = self._abandoned_rows()
            if not rows and not abandoned:
                ctx.echo("No saved games.")
            if rows:
                ctx.echo("Saved:")
                ctx.echo(helptext.table(rows))
            if abandoned:
                ctx.echo("Abandoned in this session (kept until exit):")
                ctx.echo(helptext.table(abandoned))
            return
        name = self._save_name(words[0])
        try:
            record = self.shell.persistence.read(name)
            game = self.shell.games.get(record.game)
            title = game.title if game else record.game
            # The automatic save of a game says what 'play GAME' says when it
            # resumes it, so that a recording (which writes that as 'load GAME')
            # replays byte for byte.
            verb = f"Resuming saved {title}" if name == record.game else f"Loaded {name!r}: {title}"
            self._resume_saved(ctx, name, verb, record)
        except saves.SaveError as exc:
            raise CommandError(exc.message) from None

    def _abandoned_rows(self) -> list[tuple[str, str]]:
        """One row per game abandoned in this session, oldest first."""
        rows = []
        for name, record in self.shell.persistence.abandoned.items():
            game = self.shell.games.get(record.game)
            rows.append((name, f"{game.title if game else record.game}, seed {record.seed}, "
                               f"{helptext.moves(len(record.log))} ('load {name}')"))
        return rows

    def _complete_saves(self, state: Any, index: int) -> list[str]:
        if index != 0:
            return []
        return [name for name, _ in saves.list_saves(self.shell.data_dir)] + list(self.shell.persistence.abandoned)

    def history(self, ctx: CommandContext, args: None) -> None:
        """``history``: the accepted commands so far, one per line, replayable."""
        recorder = self.shell.recorder
        if recorder.dropped:
            ctx.echo(f"# {recorder.dropped} earlier lines are not kept in memory "
                     "('cardshell --record FILE' keeps every line)")
        ctx.echo("\n".join(recorder.lines) if recorder.lines else "No commands yet.")

    def _complete_play(self, state: Any, index: int) -> list[str]:
        if index == 0:
            return sorted(self.shell.games)
        return ["--seed"]

    # -- leaving -----------------------------------------------------------
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

    # -- plugins -----------------------------------------------------------
    def plugins(self, ctx: CommandContext, args: None) -> None:
        """``plugins``: loaded plugins with distribution, version, games and hooks; failures."""
        rows = []
        for info in self.shell.plugins:
            dist = f"{info.dist} {info.version}" if info.dist else "(no distribution)"
            games = f"games: {', '.join(info.games)}; " if info.games else ""
            rows.append((info.name, f"{dist}; {games}hooks: {', '.join(info.hooks) or 'none'}"))
        ctx.echo("Plugins:")
        ctx.echo(helptext.table(rows))
        if self.shell.failures:
            ctx.echo("Failed plugins:")
            ctx.echo("\n".join(f"  {failure.describe()}" for failure in self.shell.failures))
