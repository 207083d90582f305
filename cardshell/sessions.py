"""The games in progress: starting, installing and leaving a game, its
outcome and lifecycle events, its display and prompt.

:class:`Sessions` is the part of :class:`cardshell.shell.Shell` that owns
the :class:`~cardshell.session.GameSession` of each game id and the
current one.  It fires the lifecycle hooks (``cardshell_game_started``,
``cardshell_command_applied``, ``cardshell_game_over``) and the display
hook (``cardshell_render``) by pluggy's rules, each implementation guarded
(:mod:`cardshell.hookcall`), and reports a failing plugin once, naming it
(:mod:`cardshell.problems`).  Undo and redo walk the session's snapshots
(:mod:`cardshell.undo`).  No terminal I/O happens here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

from cardshell import blame

if TYPE_CHECKING:  # pragma: no cover
    import random
    from pathlib import Path

    from cardshell.hookcall import GuardedHooks
    from cardshell.problems import ProblemReporter
    from cardshell.records import Game, Outcome
    from cardshell.registry import Registry
    from cardshell.session import GameSession

#: Seeds the host picks when ``play`` gets no ``--seed`` are in 1..MAX_SEED.
MAX_SEED = 999_999


class Sessions:
    """The games in progress (a part of :class:`cardshell.shell.Shell`,
    which provides the attributes below).

    Attributes:
        sessions (dict[str, GameSession]): games in progress by game id.
        current (GameSession | None): the game being played, if any.
        registry (Registry): the games and commands.
        hooks (GuardedHooks): calls the lifecycle and display hooks.
        problems (ProblemReporter): plugin failures, reported once each.
        data_dir (Path): where saves and statistics are kept.
    """

    sessions: dict[str, GameSession]
    current: GameSession | None
    hooks: GuardedHooks
    problems: ProblemReporter
    data_dir: Path
    _retired: set[str]
    _seeds_before: Any

    if TYPE_CHECKING:  # provided by Shell (read-only properties there)
        @property
        def registry(self) -> Registry: ...

        @property
        def width(self) -> int: ...

        @property
        def _seeds(self) -> random.Random: ...

        def host_word(self, word: str) -> str: ...

    def need_hook(self, hook_name: str) -> None:  # pragma: no cover - provided by Shell
        raise NotImplementedError

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
            try:
                going_on = list(session.game.legal_moves(session.state))
            except BaseException as exc:  # the ending line must not fail an accepted move: reported once
                if not blame.is_plugin_failure(exc):
                    raise
                self._game_failed(session.game, "legal_moves", exc)
                going_on = []
        from cardshell import help as helptext

        text = helptext.ending(session.game, session.outcome, going_on if len(going_on) <= 4 else (),
                               self.host_word)
        return helptext.wrap(text, self.width, "  ")

    def next_seed(self) -> int:
        """A seed for a game started without ``--seed`` (1..:data:`MAX_SEED`).

        The generator's state before the first draw of a command is kept, so
        that a rejected command gives its seeds back (see :class:`_Snapshot`).
        """
        import random

        if self._seeds_before is None and type(self._seeds) is random.Random:
            self._seeds_before = self._seeds.getstate()
        return self._seeds.randint(1, MAX_SEED)

    def prompt_text(self) -> str:
        """The prompt for the next line: ``cardshell> ``, ``aces-up> ``, or
        the game's own question after its id (``minesweeper: Enter the cell
        (10 mines left): ``)."""
        session = self.current
        if session is None:
            return "cardshell> "
        question = None
        if session.game.prompt is not None:
            try:
                question = session.game.prompt(session.state)
            except BaseException as exc:  # a broken prompt must not stop input: the plain prompt, reported once
                if not blame.is_plugin_failure(exc):
                    raise
                self._game_failed(session.game, "prompt", exc)
                question = None
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
        import copy

        state = session.state if session.game.immutable else copy.deepcopy(session.state)
        answers: list[tuple[pluggy.HookImpl, Any]] = []
        self.need_hook("cardshell_render")
        text = self.hooks.call("cardshell_render", answers, game=session.game, state=state)
        if text is not None and not isinstance(text, str):
            plugin = next((impl.plugin_name for impl, value in answers if value is text), "?")
            self._hook_failed(plugin, "cardshell_render", TypeError(f"it returned {type(text).__name__}, not str"))
            text = None
        if text is None:
            try:
                text = session.game.render(state)
            except BaseException as exc:
                if not blame.is_plugin_failure(exc):
                    raise
                self._game_failed(session.game, "render", exc)
                text = ""
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
        from cardshell.session import GameSession
        from cardshell.views import SessionView

        session = GameSession(game=game, seed=seed, options=dict(options), state=state, data_dir=self.data_dir)
        self.install(session)
        self.notify("cardshell_game_started", warnings, session=SessionView(session))
        return session

    def install(self, session: GameSession) -> None:
        """Make a session the current game, replacing one of the same id.

        Args:
            session (GameSession): a new or rebuilt game.
        """
        previous = self.sessions.get(session.id)
        if previous is not None and previous is not session:
            self._retired.add(previous.uid)
        self.sessions[session.id] = session
        self.current = session

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
        try:
            outcome = session.game.outcome(session.state)
        except BaseException as exc:
            if not blame.is_plugin_failure(exc):
                raise
            self._game_failed(session.game, "outcome", exc)
            return None
        if outcome is not None and session.outcome is None:
            session.outcome = outcome
            if session.ending_undone:
                session.ending_undone = False
            elif announce:
                from cardshell.views import SessionView

                self.notify("cardshell_game_over", warnings, session=SessionView(session), outcome=outcome)
        elif outcome is None:
            if undoing and session.outcome is not None:
                session.ending_undone = True
            session.outcome = None
        return outcome

    def leave(self, abandon: bool) -> GameSession | None:
        """Leave the current game.

        Args:
            abandon (bool): True drops the game (``quit``); False keeps it in
                progress so ``play`` resumes it (Ctrl-D, switching games).

        Returns:
            GameSession | None: the game left, if there was one.
        """
        session, self.current = self.current, None
        if session is not None and abandon:
            self.sessions.pop(session.id, None)
            self._retired.add(session.uid)
        return session

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
        self.need_hook(hook_name)
        self.hooks.call(hook_name, **kwargs)

    # -- reporting plugin failures ----------------------------------------
    def _hook_failed(self, plugin: str, hook_name: str, exc: BaseException) -> None:
        """A hook implementation raised: report it once (see :mod:`cardshell.problems`)."""
        self.problems.failure(plugin, hook_name, exc)

    def _game_failed(self, game: Game, function: str, exc: BaseException) -> None:
        """One of a game's own functions (``render``, ``outcome``, ``prompt``) raised."""
        self.problems.failure(self.registry.game_plugins.get(game.id), f"{function} of game {game.id!r}", exc)

