"""Rebuilding games from their seed, options and moves: replay, check, rebuild.

:class:`Replayer` rebuilds a game from its seed, options and accepted moves
(:meth:`~Replayer.replay`: each line through the game's rules,
:meth:`cardshell.ruleset.RuleSet.run`, as a typed line is, quietly),
checks a saved log before anything is replayed (:meth:`~Replayer.check_log`)
and rebuilds a save's game (:meth:`~Replayer.rebuild`).
:class:`cardshell.persistence.Persistence` (the rules of saves: names,
conflicts, abandoned games, autosave) calls it directly.  The file format is
:mod:`cardshell.savefile`, the files :mod:`cardshell.saves`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardshell import blame, saves
from cardshell.context import Places
from cardshell.endings import Endings
from cardshell.errors import CommandError
from cardshell.game_options import saved_options
from cardshell.messages import say
from cardshell.parsers import clipped
from cardshell.problems import ProblemReporter
from cardshell.records import Game, Outcome
from cardshell.registry import Registry
from cardshell.render import Text
from cardshell.ruleset import HostContext, StateChanged
from cardshell.savefile import SaveError, SaveRecord
from cardshell.session import GameSession
from cardshell.sessions import Sessions
from cardshell.views import playing


class Replayer:
    """Rebuilds games through their rules, without output or hooks.

    Args:
        registry (Registry): the games, their commands (a line is looked
            up as the dispatcher looks it up, :meth:`Registry.find
            <cardshell.registry.Registry.find>`) and their rules.
        host (HostContext): what a move's handler sees (``ctx.shell``,
            ``ctx.interactive``), as for a typed line.
        lifecycle (Sessions): reads a rebuilt game's outcome (quietly:
            no ending is announced, none noted).
        problems (ProblemReporter): where a plugin frame that raised is
            located, for messages.
        endings (Endings): the deals that reached an ending: a save behind
            one is refused, or resumed without counting it again.
        places (Places): the data directory, given to each rebuilt game.
    """

    def __init__(self, registry: Registry, host: HostContext, lifecycle: Sessions, problems: ProblemReporter,
                 endings: Endings, places: Places) -> None:
        self.registry = registry
        self.host = host
        self.lifecycle = lifecycle
        self.problems = problems
        self.endings = endings
        self._places = places

    def _at(self, exc: BaseException) -> Text:
        """`` (FILE:LINE)`` of the plugin frame that raised ``exc`` (the
        message ``replay.raised-at``), or ""."""
        where = self.problems.locate(exc).where
        return say("replay.raised-at", where=where) if where else ""

    def replay(self, game: Game, seed: int, options: dict[str, Any], log: Iterable[str]) -> GameSession:
        """Rebuild a game from its seed, options and accepted moves.

        The options are first read as ``play`` reads typed ones
        (:func:`cardshell.game_options.saved_options`: the option's own
        type and choices), then ``game.new(seed, options)``, then every line
        through the game's rules as a typed line goes
        (:meth:`RuleSet.run <cardshell.ruleset.RuleSet.run>`: parse,
        validators, handler), with no output and no lifecycle hooks.  The
        undo stack is rebuilt on the way, so a rebuilt game can be undone
        back to its deal.  The shell's current game is not changed.

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
            raise SaveError(exc.said) from None
        try:
            with blame.guard(failed_to_deal, passes=(CommandError,)):
                state = game.new(seed, dict(options))
        except CommandError as exc:
            raise SaveError(say("replay.options-refused", title=game.title, error=exc.message)) from None
        session = GameSession(game=game, seed=seed, options=dict(options), state=state, data_dir=self._places.data_dir)
        rules = self.registry.rules(game.id)
        # A move's handler sees the game being rebuilt as the current one (ctx.shell.current).
        shell = self.host.shell
        host = self.host if shell is None else HostContext(playing(shell, session), self.host.front_end)
        for number, line in enumerate(log, start=1):
            text = line.strip()
            moves = session.moves
            def failed(exc: BaseException, number: int = number, line: str = line) -> None:
                raise SaveError(say("replay.move-failed", number=number, line=repr(line), at=self._at(exc),
                                    error=blame.describe(exc))) from None

            try:
                with blame.guard(failed, passes=(CommandError,)):
                    found = self.registry.find(text, game.id) if text else None
                    if found is None or found[0].command.game is None:
                        raise CommandError(say("replay.not-a-move"))
                    try:
                        after, _ = rules.run(session.state, text, host, found=found)
                    except StateChanged as fault:
                        rules.put_back(session, fault)
                    if found[0].command.changes_state:
                        session.apply(after, text)
                        self.lifecycle.check_outcome(session, [], announce=False)
            except CommandError as exc:
                raise SaveError(say("replay.move-rejected", number=number, line=repr(line),
                                    error=exc.message)) from None
            if session.moves != moves + 1:
                raise SaveError(say("replay.move-no-change", number=number, line=repr(line)))
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
        for number, line in enumerate(log, start=1):
            text = line.strip()
            found = self.registry.find(text, game.id) if text else None
            command = found[0].command if found is not None else None
            if command is None or command.game != game.id or not command.changes_state:
                raise SaveError(say("replay.log-not-a-move", number=number, line=repr(line[:80]),
                                    title=game.title))

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
        game = self.registry.games.get(record.game)
        if game is None:
            raise SaveError(say("save.game-not-installed", name=repr(saves.plain_name(name)),
                                game=clipped(repr(record.game))))
        ended = self.endings.ended_at(record.uid)
        behind = ended is not None and len(record.log) < ended
        if behind and not game.undo:  # played on from this save to an ending (cardshell.endings)
            raise SaveError(say("save.cannot-resume", name=repr(saves.plain_name(name)), error=say(
                "save.played-to-ending", title=game.title, seed=record.seed, game=game.id)))
        try:
            self.check_log(game, record.log)
            session = self.replay(game, record.seed, record.options, record.log)
        except SaveError as exc:
            raise SaveError(say("save.cannot-resume", name=repr(saves.plain_name(name)), error=exc.message)) from None
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
