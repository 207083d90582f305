"""Starting, showing and ending games: the lifecycle and display hooks.

:class:`Sessions` starts a game (``Game.new``, then ``cardshell_game_started``),
shows a state (``cardshell_render``, else the game's ``render``), notices an
ending (``Game.outcome``, then ``cardshell_game_over``) and builds the
prompt.  Hooks are called guarded (:mod:`cardshell.hookcall`) and a failing
plugin is reported once (:mod:`cardshell.problems`).  No terminal I/O here.
"""

from __future__ import annotations

import re
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
from cardshell.render import Text, laid, plugin_text
from cardshell.savefile import SaveRecord
from cardshell.screen import Exact, board_fits
from cardshell.session import GameSession
from cardshell.statekind import immutable_states
from cardshell.views import SessionView, exposed_state


class Saves(Protocol):
    """What the lifecycle needs of the saves (:class:`cardshell.persistence.Persistence`)."""

    def record_of(self, session: GameSession) -> SaveRecord:
        """The save record of a game."""

    def abandon(self, record: SaveRecord) -> str:
        """Keep a game left with moves loadable until exit; the name it is kept under."""

    def trim_abandoned(self) -> None:
        """Drop the oldest abandoned games beyond the bound."""

    def drop_automatic_save(self, session: GameSession) -> None:
        """Remove the automatic save of a game that just ended."""


class Sessions:
    """The lifecycle and display of the games on one ``table``, with the
    ``registry``'s hooks, failures reported to ``problems``, ``endings`` noted,
    ``persistence`` keeping abandoned games and dropping ended games' automatic
    saves, and ``places`` and ``front_end`` for new sessions and wrapping.
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
        """How the shell's command ``word`` is typed in the current game: ``%word``
        (:data:`cardshell.registry.ESCAPE`) where the game shadows it, else ``word``.
        """
        current = self.table.current
        if current is not None and self.registry.scope(current.id).lookup(word) is not None:
            return f"{ESCAPE}{word}"
        return word

    def announce_ending(self, session: GameSession, before: Outcome | None, *, said: str = "") -> Text:
        """The line saying ``session`` just ended (:func:`cardshell.help.ending`,
        wrapped), when its outcome went from ``before`` (None) to a result; else "".
        ``said`` is the game's own words printed with the ending move: when they
        name the result (``You won!`` for ``won``, as a word, in any case), the
        host does not say it again.
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
                               undo=session.game.undo and bool(session.log),
                               said=names_result(said, session.outcome.result))
        return laid(text, self.front_end.width, "  ")

    def _answers_a_menu(self, session: GameSession) -> bool:
        """Whether the game takes bare answers to a menu: a whole-line pattern command that changes no state."""
        return any(entry.command.pattern is not None and not entry.command.changes_state
                   for entry in self.registry.commands(session.id))

    def prompt_text(self) -> Text:
        """The prompt: ``cardshell> ``, ``aces-up> ``, or the game's question after its id."""
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

    def render(self, session: GameSession) -> str:
        """The display of a game's state (no trailing newline, "" if it failed) as a
        :class:`cardshell.screen.Exact`: the ``cardshell_render`` hook (given the
        terminal's size, None in a script), else the game's ``render``, or at a
        terminal its ``compact`` where that does not fit; failures are reported
        through :attr:`problems`.
        """
        text = None
        answers: list[tuple[pluggy.HookImpl, Any]] = []
        size = self.front_end.size
        if immutable_states(session.game):  # an immutable state is handed out as it is: no plugin code runs
            text = self.registry.call("cardshell_render", answers, game=session.game, state=session.state,
                                      size=size)
        else:
            # What another plugin's hook may read: a contract-1 state's deep copy, which may fail or loop.
            copying = say("plugin.deep-copy")
            with blame.guard(lambda exc: self.game_failed(session.game, copying, exc)) as copied, \
                    self._bound(session.game, copying):
                state = exposed_state(session.game, session.state)
            if copied.failed is None:
                text = self.registry.call("cardshell_render", answers, game=session.game, state=state, size=size)
        text = plugin_text(text)  # a plugin's say() is its own words
        if text is not None and not isinstance(text, str):
            plugin = next((impl.plugin_name for impl, value in answers if value is text), "?")
            wrong = TypeError(say("plugin.render-not-text", type=type(text).__name__))
            self.hook_failed(plugin, "cardshell_render", wrong)
            text = None
        if text is None:
            text = ""
            with blame.guard(lambda exc: self.game_failed(session.game, "render", exc)), \
                    self._bound(session.game, "render"):
                text = plugin_text(session.game.render(session.state))  # a contract-1 render copies it
            if size is not None and session.game.compact is not None and isinstance(text, str) \
                    and not board_fits(text, size):
                # a broken compact form leaves the full one, reported once
                with blame.guard(lambda exc: self.game_failed(session.game, "compact", exc)), \
                        self._bound(session.game, "compact"):
                    text = plugin_text(session.game.compact(session.state))
        return Exact(text.rstrip("\n"), "board")

    # -- games -----------------------------------------------------------
    def start(self, game: Game, seed: int, options: dict[str, Any]) -> GameSession:
        """Start a new game with its parsed ``play`` options and make it current,
        replacing one of the same id.

        Raises:
            CommandError: the game refuses the options.
        """
        with self._bound(game, "new"):
            state = game.new(seed, dict(options))
        session = GameSession(game=game, seed=seed, options=dict(options), state=state, data_dir=self.places.data_dir)
        self.install(session)
        self.notify("cardshell_game_started", session=SessionView(session))
        return session

    def install(self, session: GameSession) -> None:
        """Make a game current (:meth:`cardshell.gametable.GameTable.install`),
        marked as played at a terminal or by a script.
        """
        session.interactive = self.front_end.interactive
        self.table.install(session)

    def leave(self, abandon: bool) -> GameSession | None:
        """Leave the current game and return it, if any: ``abandon`` drops it
        (``quit``; kept loadable as abandoned if it has moves and is not over),
        else it stays in progress for ``play`` to resume.
        """
        session = self.table.leave(abandon)
        if session is not None and abandon and session.outcome is None and session.moves:
            self.persistence.abandon(self.persistence.record_of(session))
            self.persistence.trim_abandoned()
        return session

    def _ended(self, session: GameSession, warnings: list[Text]) -> None:
        """Note a game's ending: finished on the table, noted in :attr:`endings`, its automatic save removed."""
        self.table.ended(session)
        lasting = session.save_name is not None
        problem = self.endings.note(session.uid, session.moves, lasting=lasting)
        if problem is not None:
            warnings.append(problem)
        if lasting:
            self.persistence.drop_automatic_save(session)

    def check_outcome(self, session: GameSession, warnings: list[Text], *, announce: bool = True,
                      undoing: bool = False) -> Outcome | None:
        """Fire ``cardshell_game_over`` if the game's outcome just appeared; the outcome.

        The first ending counts (as in PySolFC): one taken back (``undoing``) is
        not announced again, so statistics never count a deal twice.  ``warnings``
        receives the endings' note when it cannot be written; ``announce`` False
        only updates ``session.outcome`` (rebuilding a save).
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
                self.notify("cardshell_game_over", session=SessionView(session), outcome=outcome)
        elif outcome is None:
            if undoing and session.outcome is not None:
                session.ending_undone = True
            session.outcome = None
        return outcome

    def notify(self, hook_name: str, **kwargs: Any) -> None:
        """Call a lifecycle hook (``cardshell_game_started``, ...) by pluggy's rules,
        each implementation guarded (failures go to :attr:`problems`).
        """
        self.registry.call(hook_name, **kwargs)

    def _bound(self, game: Game, function: Text) -> AbstractContextManager[Any]:
        """The time bound of a call into ``game``'s own code in a script (:func:`cardshell.watchdog.plugin_bound`)."""
        if not watchdog.bounding():
            return watchdog.NO_BOUND
        return watchdog.plugin_bound(self.registry.game_plugins.get(game.id, "?"),
                                     lambda: _of_game(function, game))  # a label only if it fires

    # -- reporting plugin failures ----------------------------------------
    def hook_failed(self, plugin: str, hook_name: str, exc: BaseException) -> None:
        """A hook implementation raised: report it once."""
        self.problems.failure(plugin, hook_name, exc)

    def game_failed(self, game: Game, function: Text, exc: BaseException) -> None:
        """One of a game's own functions (``render``, ``outcome``, ``prompt``) raised: report it once."""
        self.problems.failure(self.registry.game_plugins.get(game.id), _of_game(function, game), exc)


def _of_game(function: Text, game: Game) -> Text:
    """What ran, for messages: ``render of game 'golf'`` (``plugin.hook-of-game``)."""
    return say("plugin.hook-of-game", function=function, game=repr(game.id))


def names_result(words: str, result: str) -> bool:
    """Whether a game's ``words`` name its ``result`` (``won``) as a word, in any case."""
    return bool(result) and re.search(rf"(?<!\w){re.escape(result)}(?!\w)", words, re.IGNORECASE) is not None
