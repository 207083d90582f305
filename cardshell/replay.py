"""Saved games from the shell's side: save, load, replay, close.

:class:`SavedGames` is the part of :class:`cardshell.shell.Shell` that
rebuilds a game from its seed, options and accepted moves
(:meth:`~SavedGames.replay`, the same dispatch as typed lines, quietly),
checks a saved log and rebuilds a save's game (:meth:`~SavedGames.check_log`,
:meth:`~SavedGames.rebuild`), and hands saving, loading and the end of the
session to :class:`cardshell.persistence.Persistence` (the rules of saves:
names, conflicts, abandoned games, autosave).  The file format is
:mod:`cardshell.savefile`, the files :mod:`cardshell.saves`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from cardshell import blame
from cardshell.errors import CommandError, UsageError

if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path

    from cardshell.persistence import Persistence, SaveResult
    from cardshell.records import Game
    from cardshell.savefile import SaveRecord
    from cardshell.session import GameSession


class SavedGames:
    """Save, load, replay and close (a part of :class:`cardshell.shell.Shell`,
    which provides the attributes below).

    Attributes:
        persistence (Persistence): the saves of this session.
        current (GameSession | None): the game being played.
        data_dir (Path): where saves are kept.
    """

    current: GameSession | None
    data_dir: Path
    autosave: bool
    _persistence: Persistence | None = None
    _closed_early: bool = False

    if TYPE_CHECKING:  # the rest of Shell's methods, which this mixin uses
        def __getattr__(self, name: str) -> Any: ...

    @property
    def persistence(self) -> Persistence:
        """The saves of this session (:class:`cardshell.persistence.Persistence`),
        made when first needed: a session that never saves nor loads never
        imports the save machinery."""
        if self._persistence is None:
            from cardshell.persistence import Persistence

            self._persistence = Persistence(self)  # type: ignore[arg-type]
            self._persistence.closed = self._closed_early
        return self._persistence

    def replay(self, game: Game, seed: int, options: dict[str, Any], log: Iterable[str]) -> GameSession:
        """Rebuild a game from its seed, options and accepted moves.

        ``game.new(seed, options)``, then every line through the same
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
            SaveError: when the game refuses the options or a move is
                rejected (the log does not fit this version of the game),
                or plugin code raises.
        """
        from cardshell.savefile import SaveError
        from cardshell.session import GameSession

        try:
            state = game.new(seed, dict(options))
        except CommandError as exc:
            raise SaveError(f"{game.title} refuses the saved options: {exc.message}") from None
        except BaseException as exc:
            if not blame.is_plugin_failure(exc):
                raise
            raise SaveError(f"{game.title} failed to deal{self._at(exc)}: {blame.describe(exc)}") from None
        session = GameSession(game=game, seed=seed, options=dict(options), state=state, data_dir=self.data_dir)
        current = self.current
        self.current = session
        try:
            for number, line in enumerate(log, start=1):
                moves = session.moves
                try:
                    entry, args_text = self.resolve(line.strip())
                    if entry.command.game is None:
                        raise CommandError("it is not a move of the game")
                    self._run(entry, args_text, line.strip(), session, quiet=True)
                except CommandError as exc:
                    raise SaveError(f"move {number} ({line!r}) was rejected: {exc.message}") from None
                except BaseException as exc:
                    if not blame.is_plugin_failure(exc):
                        raise
                    raise SaveError(f"move {number} ({line!r}) failed{self._at(exc)}: {blame.describe(exc)}") from None
                if session.moves != moves + 1:
                    raise SaveError(f"move {number} ({line!r}) did not change the game")
        finally:
            self.current = current
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
        from cardshell.savefile import SaveError
        from cardshell.session import GameSession

        shell: Any = self  # a Shell: resolve() is the dispatcher's
        current = shell.current
        # resolve() looks commands up in the current game's scope: a stand-in
        # session of this game (never installed, never dealt) gives it that.
        shell.current = GameSession(game=game, seed=0, options={}, state=None, uid="")
        try:
            for number, line in enumerate(log, start=1):
                text = line.strip()
                try:
                    entry, _ = shell.resolve(text) if text else (None, "")
                except UsageError:
                    entry = None
                command = entry.command if entry is not None else None
                if command is None or command.game != game.id or not command.changes_state:
                    raise SaveError(f"line {number} of its log ({line[:80]!r}) is not a move of {game.title}")
        finally:
            shell.current = current

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
        from cardshell.savefile import SaveError

        shell: Any = self  # a Shell: games and replay()
        game = shell.games.get(record.game)
        if game is None:
            raise SaveError(f"save {name!r} is for game {record.game!r}, which is not installed")
        ended = shell.endings.ended_at(record.uid)
        behind = ended is not None and len(record.log) < ended
        if behind and not game.undo:  # played on from this save to an ending (cardshell.endings)
            raise SaveError(f"save {name!r} cannot be resumed: this {game.title} deal (seed {record.seed}) "
                            f"was played on from it to an ending, and {game.title} has no undo; "
                            f"'play {game.id} --seed {record.seed}' deals it again as a new game")
        try:
            self.check_log(game, record.log)
            session = shell.replay(game, record.seed, record.options, record.log)
        except SaveError as exc:
            raise SaveError(f"save {name!r} cannot be resumed: {exc.message}") from None
        session.ending_undone = behind  # a game with undo: that ending was counted once already
        session.uid = record.uid or session.uid
        session.undo_used = record.undo_used
        session.assisted = record.assisted
        session.started -= max(0.0, record.elapsed)
        session.save_name = name
        return session

    # -- saves (the rules are in cardshell.persistence) -----------------------
    def save(self, session: GameSession, name: str) -> SaveResult:
        """Save a game under a name (atomically; see :mod:`cardshell.persistence`).

        Args:
            session (GameSession): the game.
            name (str): a checked save name.

        Returns:
            SaveResult: the name and file written (another name when ``name``
            holds a save this session did not read or write, or that another
            process changed), and any note to show.

        Raises:
            SaveError: when it cannot be written.
        """
        return self.persistence.save(session, name)

    def load(self, name: str) -> GameSession:
        """Rebuild a saved game (not installed: see :meth:`install`).

        Args:
            name (str): a checked save name (a file, or a game abandoned in
                this session).

        Returns:
            GameSession: the game, in the saved position, with its undo
            history rebuilt and its outcome set without firing hooks.

        Raises:
            SaveError: the save is missing, damaged, foreign, of an unknown
                version, for a game that is not installed, has a log line
                that is not a move, or does not replay.
        """
        return self.persistence.load(name)

    def close(self) -> list[str]:
        """End the session: with autosave on, save every game in progress.

        Called by the front ends on ``exit``, Ctrl-D at the top level, EOF,
        SIGHUP and SIGTERM; runs once.  See
        :meth:`cardshell.persistence.Persistence.close`.

        Returns:
            list[str]: one line per game saved or per problem, to show.
        """
        if self._persistence is None and not self.autosave:  # nothing was saved, read or abandoned
            self._closed_early = True
            return []
        return self.persistence.close()

