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

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pluggy

from cardshell import blame
from cardshell import help as helptext
from cardshell.gametable import GameTable
from cardshell.hookcall import GuardedHooks
from cardshell.problems import ProblemReporter
from cardshell.records import Game, Outcome
from cardshell.registry import ESCAPE, Registry
from cardshell.session import GameSession
from cardshell.views import SessionView


class Sessions:
    """The lifecycle and display of the games on one table.

    Args:
        table (GameTable): the games in progress and the current one.
        hooks (GuardedHooks): calls the lifecycle and display hooks.
        problems (ProblemReporter): plugin failures, reported once each.
        registry (Callable[[], Registry]): the registry now (it is rebuilt
            when a deferred plugin is imported).
        need_hook (Callable[[str], None]): imports the deferred plugins
            implementing a hook, before it is called.
        data_dir (Callable[[], Path]): the data directory (given to each
            new session, for plugins that keep files).
        width (Callable[[], int]): the width text is wrapped to.
    """

    def __init__(self, table: GameTable, hooks: GuardedHooks, problems: ProblemReporter, *,
                 registry: Callable[[], Registry], need_hook: Callable[[str], None],
                 data_dir: Callable[[], Path], width: Callable[[], int]) -> None:
        self.table = table
        self.hooks = hooks
        self.problems = problems
        self._registry = registry
        self._need_hook = need_hook
        self._data_dir = data_dir
        self._width = width

    def host_word(self, word: str) -> str:
        """How the player types the shell's command ``word`` in the current game.

        Args:
            word (str): a global command word (``help``, ``undo``).

        Returns:
            str: ``%word`` (:data:`cardshell.registry.ESCAPE`) where the
            current game's own command shadows it, else ``word``.
        """
        current = self.table.current
        if current is not None and self._registry().scope(current.id).lookup(word) is not None:
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
            with blame.guard(lambda exc: self.game_failed(session.game, "legal_moves", exc)):
                going_on = list(session.game.legal_moves(session.state))
        text = helptext.ending(session.game, session.outcome, going_on if len(going_on) <= 4 else (),
                               self.host_word)
        return helptext.wrap(text, self._width(), "  ")

    def prompt_text(self) -> str:
        """The prompt for the next line: ``cardshell> ``, ``aces-up> ``, or
        the game's own question after its id (``minesweeper: Enter the cell
        (10 mines left): ``)."""
        session = self.table.current
        if session is None:
            return "cardshell> "
        question = None
        if session.game.prompt is not None:
            # a broken prompt must not stop input: the plain prompt, reported once
            with blame.guard(lambda exc: self.game_failed(session.game, "prompt", exc)):
                question = session.game.prompt(session.state)
        return f"{session.id}: {question}" if question else f"{session.id}> "

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
            str: the display, without a trailing newline ("" if it failed).
        """
        state = session.state if session.game.immutable else copy.deepcopy(session.state)
        answers: list[tuple[pluggy.HookImpl, Any]] = []
        self._need_hook("cardshell_render")
        text = self.hooks.call("cardshell_render", answers, game=session.game, state=state)
        if text is not None and not isinstance(text, str):
            plugin = next((impl.plugin_name for impl, value in answers if value is text), "?")
            self.hook_failed(plugin, "cardshell_render", TypeError(f"it returned {type(text).__name__}, not str"))
            text = None
        if text is None:
            text = ""
            with blame.guard(lambda exc: self.game_failed(session.game, "render", exc)):
                text = session.game.render(state)
        return text.rstrip("\n")

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
        state = game.new(seed, dict(options))
        session = GameSession(game=game, seed=seed, options=dict(options), state=state, data_dir=self._data_dir())
        self.table.install(session)
        self.notify("cardshell_game_started", warnings, session=SessionView(session))
        return session

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
        with blame.guard(lambda exc: self.game_failed(session.game, "outcome", exc)) as guarded:
            outcome = session.game.outcome(session.state)
        if guarded.failed is not None:
            return None
        if outcome is not None and session.outcome is None:
            session.outcome = outcome
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
        self._need_hook(hook_name)
        self.hooks.call(hook_name, **kwargs)

    # -- reporting plugin failures ----------------------------------------
    def hook_failed(self, plugin: str, hook_name: str, exc: BaseException) -> None:
        """A hook implementation raised: report it once (see :mod:`cardshell.problems`)."""
        self.problems.failure(plugin, hook_name, exc)

    def game_failed(self, game: Game, function: str, exc: BaseException) -> None:
        """One of a game's own functions (``render``, ``outcome``, ``prompt``) raised."""
        self.problems.failure(self._registry().game_plugins.get(game.id), f"{function} of game {game.id!r}", exc)

