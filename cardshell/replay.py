"""Rebuilding games from their seed, options and moves: replay, check, rebuild.

:class:`Replayer` rebuilds a game from its seed, options and accepted moves
(:meth:`~Replayer.replay`, the same dispatch as typed lines, quietly),
checks a saved log before anything is replayed (:meth:`~Replayer.check_log`)
and rebuilds a save's game (:meth:`~Replayer.rebuild`).
:class:`cardshell.persistence.Persistence` (the rules of saves: names,
conflicts, abandoned games, autosave) calls it directly.  The file format is
:mod:`cardshell.savefile`, the files :mod:`cardshell.saves`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardshell import blame
from cardshell.context import Places
from cardshell.dispatch import Dispatcher
from cardshell.endings import Endings
from cardshell.errors import CommandError, UsageError
from cardshell.game_options import saved_options
from cardshell.gametable import GameTable
from cardshell.messages import say
from cardshell.records import Game, Outcome
from cardshell.savefile import SaveError, SaveRecord
from cardshell.session import GameSession


class Replayer:
    """Rebuilds games through the dispatcher, without output or hooks.

    Args:
        dispatcher (Dispatcher): resolves and runs each move.
        table (GameTable): whose current game stands in for the one being
            rebuilt while its lines are resolved (and is then put back).
        endings (Endings): the deals that reached an ending: a save behind
            one is refused, or resumed without counting it again.
        games (Mapping[str, Game]): the registered games (the registry's).
        places (Places): the data directory, given to each rebuilt game.
    """

    def __init__(self, dispatcher: Dispatcher, table: GameTable, endings: Endings, games: Mapping[str, Game],
                 places: Places) -> None:
        self.dispatcher = dispatcher
        self.table = table
        self.endings = endings
        self._games = games
        self._places = places

    def _at(self, exc: BaseException) -> str:
        """`` (FILE:LINE)`` of the plugin frame that raised ``exc`` (the
        message ``replay.raised-at``), or ""."""
        where = self.dispatcher.problems.locate(exc).where
        return say("replay.raised-at", where=where) if where else ""

    def replay(self, game: Game, seed: int, options: dict[str, Any], log: Iterable[str]) -> GameSession:
        """Rebuild a game from its seed, options and accepted moves.

        The options are first read as ``play`` reads typed ones
        (:func:`cardshell.game_options.saved_options`: the option's own
        type and choices), then ``game.new(seed, options)``, then every line through the same
        dispatch as typed commands (parse, validators, handler), with no
        output and no lifecycle hooks.  The undo stack is rebuilt on the way,
        so a rebuilt game can be undone back to its deal.  The shell's
        current game is not changed.

        Args:
            game (Game): the game.
            seed (int): the deal's seed.
            options (dict[str, Any]): its ``play`` options.
            log (Iterable[str]): the accepted moves, in order.

        Returns:
            GameSession: the rebuilt game (not installed).

        Raises:
            SaveError: when an option is not one ``play`` would give or
                the game refuses the options, or a move is
                rejected (the log does not fit this version of the game),
                or plugin code raises.
        """
        def failed_options(exc: BaseException) -> None:
            raise SaveError(say("replay.options-failed", title=game.title, at=self._at(exc),
                                error=blame.describe(exc))) from None

        def failed_to_deal(exc: BaseException) -> None:
            raise SaveError(say("replay.deal-failed", title=game.title, at=self._at(exc),
                                error=blame.describe(exc))) from None

        try:  # read as 'play' reads typed options, before the game's 'new' sees them
            with blame.guard(failed_options, passes=(CommandError,)):
                options = saved_options(game, options)
        except CommandError as exc:
            raise SaveError(exc.message) from None
        try:
            with blame.guard(failed_to_deal, passes=(CommandError,)):
                state = game.new(seed, dict(options))
        except CommandError as exc:
            raise SaveError(say("replay.options-refused", title=game.title, error=exc.message)) from None
        session = GameSession(game=game, seed=seed, options=dict(options), state=state, data_dir=self._places.data_dir)
        current = self.table.current
        self.table.current = session
        try:
            for number, line in enumerate(log, start=1):
                moves = session.moves
                def failed(exc: BaseException, number: int = number, line: str = line) -> None:
                    raise SaveError(say("replay.move-failed", number=number, line=repr(line), at=self._at(exc),
                                        error=blame.describe(exc))) from None

                try:
                    with blame.guard(failed, passes=(CommandError,)):
                        entry, args_text = self.dispatcher.resolve(line.strip())
                        if entry.command.game is None:
                            raise CommandError(say("replay.not-a-move"))
                        self.dispatcher.run_quietly(entry, args_text, line.strip(), session)
                except CommandError as exc:
                    raise SaveError(say("replay.move-rejected", number=number, line=repr(line),
                                        error=exc.message)) from None
                if session.moves != moves + 1:
                    raise SaveError(say("replay.move-no-change", number=number, line=repr(line)))
        finally:
            self.table.current = current
        return session

    def check_log(self, game: Game, log: list[str]) -> None:
        """Check that every line of a log is a move of the game, before any replay.

        A move is a command of the game's own scope (the game's or one a
        plugin added to it) that changes the state; a line naming a host
        command (``exit``, ``save``), a report-only command (``simulate
        3000000``) or nothing at all is not.

        Args:
            game (Game): the save's game.
            log (list[str]): the saved log.

        Raises:
            SaveError: naming the first line that is not a move.
        """
        current = self.table.current
        # resolve() looks commands up in the current game's scope: a stand-in
        # session of this game (never installed, never dealt) gives it that.
        self.table.current = GameSession(game=game, seed=0, options={}, state=None, uid="")
        try:
            for number, line in enumerate(log, start=1):
                text = line.strip()
                try:
                    entry, _ = self.dispatcher.resolve(text) if text else (None, "")
                except UsageError:
                    entry = None
                command = entry.command if entry is not None else None
                if command is None or command.game != game.id or not command.changes_state:
                    raise SaveError(say("replay.log-not-a-move", number=number, line=repr(line[:80]),
                                        title=game.title))
        finally:
            self.table.current = current

    def rebuild(self, name: str, record: SaveRecord) -> GameSession:
        """Rebuild the game a record holds (not installed).

        Args:
            name (str): the save's name, for messages.
            record (SaveRecord): what :meth:`cardshell.persistence.Persistence.read` returned.

        Returns:
            GameSession: the game in the saved position, with its undo
            history, uid, undo flag and time played.

        A save of a deal that was played on from it to an ending
        (:mod:`cardshell.endings`) is refused for a game without undo (it
        would replay the ending); for a game with undo it is resumed as an
        ``undo`` would, and that ending is not counted again.

        Raises:
            SaveError: the game is not installed, the log holds a line that
                is not a move, it does not replay, or it is behind an ending
                of a game without undo.
        """
        game = self._games.get(record.game)
        if game is None:
            raise SaveError(say("save.game-not-installed", name=repr(name), game=repr(record.game)))
        ended = self.endings.ended_at(record.uid)
        behind = ended is not None and len(record.log) < ended
        if behind and not game.undo:  # played on from this save to an ending (cardshell.endings)
            raise SaveError(say("save.cannot-resume", name=repr(name), error=say(
                "save.played-to-ending", title=game.title, seed=record.seed, game=game.id)))
        try:
            self.check_log(game, record.log)
            session = self.replay(game, record.seed, record.options, record.log)
        except SaveError as exc:
            raise SaveError(say("save.cannot-resume", name=repr(name), error=exc.message)) from None
        if session.outcome is None:  # a game over at once (it played itself) is known to be over
            session.outcome = _outcome(game, session.state)
        session.ending_undone = behind  # a game with undo: that ending was counted once already
        session.uid = record.uid or session.uid
        session.undo_used = record.undo_used
        session.assisted = record.assisted
        session.started -= max(0.0, record.elapsed)
        session.save_name = name
        return session


def _outcome(game: Game, state: Any) -> Outcome | None:
    """The outcome of a rebuilt state, or None when the game's ``outcome``
    fails (reported when the game is played, not here)."""
    try:
        return game.outcome(state)
    except Exception:
        return None
