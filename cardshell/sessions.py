"""Starting, showing and ending games: the lifecycle and display hooks.

:class:`Sessions` starts a game (``Game.new``, then ``cardshell_game_started``),
shows a state (``cardshell_render``, then the game's own ``render``), notices
an ending (``Game.outcome``, then ``cardshell_game_over``) and says so, and
builds the prompt.  It calls the hooks by pluggy's rules, each
implementation guarded (:mod:`cardshell.hookcall`), and reports a failing
plugin once, naming it (:mod:`cardshell.problems`).  The games themselves
are the :class:`~cardshell.gametable.GameTable`'s; undo and redo walk a
session's snapshots (:mod:`cardshell.undo`).  No terminal I/O happens here.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any, Protocol

import pluggy

from cardshell import blame, watchdog
from cardshell import help as helptext
from cardshell.context import FrontEnd, Places
from cardshell.endings import Endings
from cardshell.gametable import GameTable
from cardshell.messages import say
from cardshell.problems import ProblemReporter
from cardshell.records import Game, Outcome
from cardshell.registry import ESCAPE, Registry
from cardshell.savefile import SaveRecord
from cardshell.screen import Exact
from cardshell.session import GameSession
from cardshell.statekind import immutable_states
from cardshell.views import SessionView, exposed_state


class Saves(Protocol):
    """What the lifecycle needs of the saves (:class:`cardshell.persistence.Persistence`
    provides it; this module, below it, never imports it)."""

    def record_of(self, session: GameSession) -> SaveRecord:
        """The save record of a game."""

    def abandon(self, record: SaveRecord) -> str:
        """Keep a game left with moves loadable until exit; the name it is kept under."""

    def trim_abandoned(self) -> None:
        """Drop the oldest abandoned games beyond the bound."""

    def drop_automatic_save(self, session: GameSession) -> None:
        """Remove the automatic save of a game that just ended."""


class Sessions:
    """The lifecycle and display of the games on one table.

    Args:
        table (GameTable): the games in progress and the current one.
        registry (Registry): the games, their commands, and the lifecycle
            and display hooks (:meth:`cardshell.registry.Registry.call`).
        problems (ProblemReporter): plugin failures, reported once each.
        endings (Endings): the deals that reached an ending
            (:mod:`cardshell.endings`), so that no save replays one.
        persistence (Saves): the saves: a game left with moves is kept
            loadable as abandoned; a game that ends drops its automatic save.
        places (Places): the data directory (given to each new session,
            for plugins that keep files).
        front_end (FrontEnd): the width text is wrapped to, and whether a
            person plays at a terminal (each game put in place is marked
            so, for statistics).
    """

    def __init__(self, table: GameTable, registry: Registry, problems: ProblemReporter, endings: Endings,
                 persistence: Saves, places: Places, front_end: FrontEnd) -> None:
        self.table = table
        self.registry = registry
        self.problems = problems
        self.endings = endings
        self.persistence = persistence
        self.places = places
        self.front_end = front_end

    def host_word(self, word: str) -> str:
        """How the player types the shell's command ``word`` in the current game.

        Args:
            word (str): a global command word (``help``, ``undo``).

        Returns:
            str: ``%word`` (:data:`cardshell.registry.ESCAPE`) where the
            current game's own command shadows it, else ``word``.
        """
        current = self.table.current
        if current is not None and self.registry.scope(current.id).lookup(word) is not None:
            return f"{ESCAPE}{word}"
        return word

    def announce_ending(self, session: GameSession, before: Outcome | None) -> str:
        """The line saying the game just ended, or "" if it did not.

        Args:
            session (GameSession): the game after a command.
            before (Outcome | None): its outcome before the command.

        Returns:
            str: :func:`cardshell.help.ending`, wrapped to :attr:`width`,
            when the outcome went from None to a result; else "".
        """
        if before is not None or session.outcome is None:
            return ""
        going_on: list[str] = []
        if session.game.legal_moves is not None:
            # the ending line must not fail an accepted move: reported once
            with blame.guard(lambda exc: self.game_failed(session.game, "legal_moves", exc)), \
                    self._bound(session.game, "legal_moves"):
                going_on = list(session.game.legal_moves(session.state))
        text = helptext.ending(session.game, session.outcome, going_on if len(going_on) <= 4 else (),
                               self.host_word, menu=self._answers_a_menu(session),
                               undo=session.game.undo and bool(session.log))
        return text.laid_out(self.front_end.width, "  ")

    def _answers_a_menu(self, session: GameSession) -> bool:
        """Whether the game takes bare answers to a menu it shows: a
        whole-line pattern command of its own that changes no state."""
        return any(entry.command.pattern is not None and not entry.command.changes_state
                   for entry in self.registry.commands(session.id))

    def prompt_text(self) -> str:
        """The prompt for the next line: ``cardshell> ``, ``aces-up> ``, or
        the game's own question after its id (``minesweeper: Enter the cell
        (10 mines left): ``)."""
        session = self.table.current
        if session is None:
            return say("prompt.shell")
        question = None
        if session.game.prompt is not None:
            # a broken prompt must not stop input: the plain prompt, reported once
            with blame.guard(lambda exc: self.game_failed(session.game, "prompt", exc)), \
                    self._bound(session.game, "prompt"):
                question = session.game.prompt(session.state)
        if question:
            return say("prompt.question", game=session.id, question=question)
        return say("prompt.game", game=session.id)

    def render(self, session: GameSession, warnings: list[str] | None = None) -> str:
        """The text of a game's current state (display hooks, then the game's own).

        The ``cardshell_render`` hook is called through
        :func:`cardshell.hookcall.call`: a display hook that raises is
        skipped (the next one, or the game's own ``render``, answers).  A
        hook or ``render`` that fails is reported once, naming its plugin,
        in the warnings of the reply being built (:attr:`problems`); a
        display failure never undoes an accepted command.

        Args:
            session (GameSession): the game to show.
            warnings (list[str] | None): kept for callers; plugin failures
                go to :attr:`problems`, which :meth:`execute` hands out with
                the reply's warnings (once each, on standard error).

        Returns:
            str: the display, without a trailing newline ("" if it failed),
            as a :class:`cardshell.screen.Exact` (a board is never
            wrapped: :data:`cardshell.screen.EXCEPTIONS`).
        """
        text = None
        answers: list[tuple[pluggy.HookImpl, Any]] = []
        if immutable_states(session.game):  # an immutable state is handed out as it is: no plugin code runs
            text = self.registry.call("cardshell_render", answers, game=session.game, state=session.state)
        else:
            # What another plugin's hook may read: a contract-1 state's deep copy, which may fail or loop.
            copying = say("plugin.deep-copy")
            with blame.guard(lambda exc: self.game_failed(session.game, copying, exc)) as copied, \
                    self._bound(session.game, copying):
                state = exposed_state(session.game, session.state)
            if copied.failed is None:
                text = self.registry.call("cardshell_render", answers, game=session.game, state=state)
        if text is not None and not isinstance(text, str):
            plugin = next((impl.plugin_name for impl, value in answers if value is text), "?")
            wrong = TypeError(say("plugin.render-not-text", type=type(text).__name__))
            self.hook_failed(plugin, "cardshell_render", wrong)
            text = None
        if text is None:
            text = ""
            with blame.guard(lambda exc: self.game_failed(session.game, "render", exc)), \
                    self._bound(session.game, "render"):
                text = session.game.render(session.state)  # a contract-1 render copies it (contract1)
        return Exact(text.rstrip("\n"), "board")

    # -- games -----------------------------------------------------------
    def start(self, game: Game, seed: int, options: dict[str, Any], warnings: list[str]) -> GameSession:
        """Start a new game and make it current (replacing one of the same id).

        Args:
            game (Game): the game to start.
            seed (int): its seed.
            options (dict[str, Any]): its parsed ``play`` options.
            warnings (list[str]): receives lifecycle-hook failures.

        Returns:
            GameSession: the new current game.

        Raises:
            CommandError: when the game refuses the options.
        """
        with self._bound(game, "new"):
            state = game.new(seed, dict(options))
        session = GameSession(game=game, seed=seed, options=dict(options), state=state, data_dir=self.places.data_dir)
        self.install(session)
        self.notify("cardshell_game_started", warnings, session=SessionView(session))
        return session

    def install(self, session: GameSession) -> None:
        """Make a game the current one (:meth:`GameTable.install
        <cardshell.gametable.GameTable.install>`), marked as played at a
        terminal or by a script as the shell is now.

        Args:
            session (GameSession): a new or rebuilt game.
        """
        session.interactive = self.front_end.interactive
        self.table.install(session)

    def leave(self, abandon: bool) -> GameSession | None:
        """Leave the current game (:meth:`GameTable.leave <cardshell.gametable.GameTable.leave>`).

        Args:
            abandon (bool): True drops the game (``quit``, a game's own
                command that leaves it); False keeps it in progress so
                ``play`` resumes it (Ctrl-D, switching games).  A game
                dropped with moves and not over is kept loadable until exit
                and listed under "Abandoned" by ``load``
                (:meth:`cardshell.persistence.Persistence.abandon`).

        Returns:
            GameSession | None: the game left, if there was one.
        """
        session = self.table.leave(abandon)
        if session is not None and abandon and session.outcome is None and session.moves:
            self.persistence.abandon(self.persistence.record_of(session))
            self.persistence.trim_abandoned()
        return session

    def _ended(self, session: GameSession, warnings: list[str]) -> None:
        """A game just reached an ending: it is finished (the table's
        :attr:`~cardshell.gametable.GameTable.finished`), the ending is noted
        (:attr:`endings`, in the data directory too when the deal was saved
        or resumed from a save), and its automatic save, now behind the
        ending, is removed when it is still what this session read or wrote
        (:meth:`cardshell.persistence.Persistence.drop_automatic_save`)."""
        self.table.ended(session)
        lasting = session.save_name is not None
        problem = self.endings.note(session.uid, session.moves, lasting=lasting)
        if problem is not None:
            warnings.append(problem)
        if lasting:
            self.persistence.drop_automatic_save(session)

    def check_outcome(self, session: GameSession, warnings: list[str], *, announce: bool = True,
                      undoing: bool = False) -> Outcome | None:
        """Fire ``cardshell_game_over`` if the game's outcome just appeared.

        An ending taken back by ``undo`` (``undoing``) marks the session, and
        the next ending reached (by ``redo`` or by other moves) is then not
        announced again: the first ending of a game is the one that counts,
        as in PySolFC, so statistics never count one deal twice.

        Args:
            session (GameSession): the game to check.
            warnings (list[str]): kept for callers; failures of the game's
                ``outcome`` or of the hooks are reported through :attr:`problems`.
            announce (bool): False updates ``session.outcome`` without
                calling the hook (rebuilding a saved game).
            undoing (bool): the state just moved back by ``undo``.

        Returns:
            Outcome | None: the game's current outcome.
        """
        with blame.guard(lambda exc: self.game_failed(session.game, "outcome", exc)) as guarded, \
                self._bound(session.game, "outcome"):
            outcome = session.game.outcome(session.state)
        if guarded.failed is not None:
            return None
        if outcome is not None and session.outcome is None:
            session.outcome = outcome
            if announce:
                self._ended(session, warnings)
            if session.ending_undone:
                session.ending_undone = False
            elif announce:
                self.notify("cardshell_game_over", warnings, session=SessionView(session), outcome=outcome)
        elif outcome is None:
            if undoing and session.outcome is not None:
                session.ending_undone = True
            session.outcome = None
        return outcome

    def notify(self, hook_name: str, warnings: list[str], **kwargs: Any) -> None:
        """Call a lifecycle hook by pluggy's rules, each implementation guarded.

        Through :func:`cardshell.hookcall.call`: wrappers, ``tryfirst`` and
        ``trylast`` work as in pluggy; one implementation raising (or calling
        ``sys.exit()``) stops neither the others nor the shell.

        Args:
            hook_name (str): ``cardshell_game_started``, ``cardshell_command_applied``
                or ``cardshell_game_over``.
            warnings (list[str]): kept for callers; each failing
                implementation is reported once, naming its plugin, through
                :attr:`problems` (handed out with the reply's warnings).
            **kwargs: the hook's arguments.
        """
        self.registry.call(hook_name, **kwargs)

    def _bound(self, game: Game, function: str) -> AbstractContextManager[Any]:
        """The time bound of a call into ``game``'s own code in a script
        (:func:`cardshell.watchdog.plugin_bound`), naming its plugin."""
        if not watchdog.bounding():
            return watchdog.NO_BOUND
        return watchdog.plugin_bound(self.registry.game_plugins.get(game.id, "?"), _of_game(function, game))

    # -- reporting plugin failures ----------------------------------------
    def hook_failed(self, plugin: str, hook_name: str, exc: BaseException) -> None:
        """A hook implementation raised: report it once (see :mod:`cardshell.problems`)."""
        self.problems.failure(plugin, hook_name, exc)

    def game_failed(self, game: Game, function: str, exc: BaseException) -> None:
        """One of a game's own functions (``render``, ``outcome``, ``prompt``) raised."""
        self.problems.failure(self.registry.game_plugins.get(game.id), _of_game(function, game), exc)


def _of_game(function: str, game: Game) -> str:
    """What ran, for messages: ``render of game 'golf'`` (``plugin.hook-of-game``)."""
    return say("plugin.hook-of-game", function=function, game=repr(game.id))

