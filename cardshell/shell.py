"""The command model: resolving, parsing, validating and dispatching a line.

:class:`Shell` is the host's core, shared by both front ends.  It owns the
games in progress (one :class:`~cardshell.session.GameSession` per game id),
turns one input line into one :class:`Reply`, and keeps the promises of
DESIGN.md: a rejected command, or any exception from plugin code, leaves
every game state exactly as it was.  For a game with immutable states
(contract 2) a move returns a new state and the old one is the rollback, so
nothing is copied; a game with mutable states (contract 1) only ever gives
plugin code a deep copy, kept only when the command succeeds.  It does no
terminal I/O.
"""

from __future__ import annotations

import copy
import difflib
import os
import random
import shutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import pluggy

from cardshell import blame, gamepage, hookcall, hookspecs
from cardshell import help as helptext
from cardshell.discovery import PluginFailure, PluginInfo, load_entry_points
from cardshell.errors import CommandError, UsageError
from cardshell.records import Command, CommandContext, Game, Outcome
from cardshell.paths import data_dir as resolve_data_dir
from cardshell.problems import ProblemReporter
from cardshell.recording import Recorder
from cardshell.persistence import Persistence, SaveResult
from cardshell.registry import HOST_PLUGINS, Entry, Registry, Scope
from cardshell.ruleset import RuleSet
from cardshell.saves import SaveError
from cardshell.session import GameSession
from cardshell.views import SessionView, ShellView

#: The name the host's own command plugin is registered under.
BUILTIN_PLUGIN = "cardshell.builtin"

#: Seeds the host picks when ``play`` gets no ``--seed`` are in 1..MAX_SEED.
MAX_SEED = 999_999


@dataclass
class Reply:
    """What one input line produced.

    Attributes:
        ok (bool): True if the line was accepted (blank lines and comments are).
        output (str): text for standard output, no trailing newline ("" if none).
        error (str | None): the message of a rejected line.
        warnings (list[str]): reports about plugins that misbehaved while
            the line ran (a hook, or a game's display, outcome or prompt,
            raised): each distinct problem once per shell, naming the plugin
            (see :mod:`cardshell.problems`); the front ends print them on
            standard error.
        interrupted (bool): the line was stopped by Ctrl-C (then ``ok`` is
            False and nothing was changed); a script stops there.
        follow_up (list[str]): lines the command asked to run next
            (:meth:`CommandContext.then`); :meth:`Shell.execute` runs them.
    """

    ok: bool = True
    output: str = ""
    error: str | None = None
    warnings: list[str] = field(default_factory=list)
    interrupted: bool = False
    follow_up: list[str] = field(default_factory=list)


class Shell:
    """The host: games in progress and the dispatch of input lines.

    Args:
        pm (pluggy.PluginManager): plugins already registered (see
            :meth:`create`).
        seed (int | None): the session seed (``cardshell --seed``): games
            started without ``--seed`` draw their seed from a generator
            seeded with it, so a whole script replays exactly.  None draws
            seeds from the operating system.
        interactive (bool): True when a person types at a terminal.
        plugins (list[PluginInfo]): the plugins that loaded, for ``plugins``.
        failures (list[PluginFailure]): the plugins that were refused.
        data_dir (str | PathLike | None): the data directory (saves,
            statistics, history); None resolves it with
            :func:`cardshell.paths.data_dir` (``CARDSHELL_DATA_DIR``, then
            the user data directory).
        autosave (bool | None): save games in progress on :meth:`close`,
            offer them in ``games`` and resume them with ``play GAME``.
            None means: on for an interactive shell, off for scripts (so
            that a piped script's output never depends on what was saved
            before, and a script never overwrites the player's saves).
        record (TextIO | None): a stream receiving the recording of the
            session's accepted commands (``cardshell --record FILE``).
        tracebacks (bool | None): print the traceback of every plugin
            failure on standard error (``cardshell --traceback``); None
            follows ``CARDSHELL_TRACEBACK``.

    Attributes:
        sessions (dict[str, GameSession]): games in progress by game id.
        current (GameSession | None): the game being played, if any.
        exiting (bool): set by ``exit``; the front ends stop reading.
        registry (Registry): games and commands.
        data_dir (Path): where saves and statistics are kept.
        autosave (bool): whether automatic saves are written and offered.
        recorder (Recorder): the accepted commands so far (``history``).
        record_as (str | None): set by a host command while it runs to
            record its line in an explicit form (``play GAME --seed N``).
        problems (ProblemReporter): plugin failures in play, each reported
            once; handed out with each reply's warnings.
        hooks (GuardedHooks): calls the lifecycle and display hooks
            (:mod:`cardshell.hookcall`: pluggy's rules, each implementation guarded).
        confirm (Callable[[str], bool] | None): set by the interactive front
            end (like ``progress``): asks the person a yes/no question, e.g.
            before ``new`` abandons a game that has moves.  None (scripts):
            nothing is asked, the command goes on and says what it dropped.
        persistence (Persistence): the saves of this session
            (:mod:`cardshell.persistence`): what it read and wrote, and the
            games it abandoned.
    """

    def __init__(
        self,
        pm: pluggy.PluginManager,
        *,
        seed: int | None = None,
        interactive: bool = False,
        plugins: list[PluginInfo] | None = None,
        failures: list[PluginFailure] | None = None,
        data_dir: str | os.PathLike[str] | None = None,
        autosave: bool | None = None,
        record: TextIO | None = None,
        tracebacks: bool | None = None,
    ) -> None:
        from cardshell.assist import PLUGIN_NAME as ASSIST_PLUGIN
        from cardshell.assist import AssistCommands
        from cardshell.builtin import HostCommands  # the host's own commands, via the same hook
        from cardshell.scaffold import PLUGIN_NAME as SCAFFOLD_PLUGIN
        from cardshell.scaffold import ScaffoldCommands
        from cardshell.winnability.command import PLUGIN_NAME as WINNABILITY_PLUGIN
        from cardshell.winnability.command import WinnabilityCommands

        self.pm = pm
        self.interactive = interactive
        self.problems = ProblemReporter(lambda: blame.plugin_roots(pm.list_name_plugin(), HOST_PLUGINS),
                                        blame.tracebacks_wanted(tracebacks))
        self.hooks = hookcall.GuardedHooks(pm, self._hook_failed)
        defaults = []
        for name, plugin in ((BUILTIN_PLUGIN, HostCommands(self)), (ASSIST_PLUGIN, AssistCommands(self)),
                             (SCAFFOLD_PLUGIN, ScaffoldCommands(self)), (WINNABILITY_PLUGIN, WinnabilityCommands(self))):
            pm.register(plugin, name=name)
            info = PluginInfo(name, name, "cardshell", _own_version())
            info.hooks = sorted(c.name for c in pm.get_hookcallers(plugin) or ())
            defaults.append(info)
        self.plugins = [*defaults, *(plugins or [])]
        dists = {info.name: (info.dist, info.version) for info in self.plugins}
        self.registry = Registry(pm, dists, tracebacks=self.problems.tracebacks)
        self.failures = (failures or []) + self.registry.failures
        self.plugins = [info for info in self.plugins if info.name not in self.registry.refused]
        for info in self.plugins:
            info.games = self.registry.plugin_games(info.name)
        self._seeds: random.Random = random.Random(seed) if seed is not None else random.SystemRandom()
        self.sessions: dict[str, GameSession] = {}
        self.current: GameSession | None = None
        self.exiting = False
        self.progress: Any = None  # set by the interactive front end
        self.data_dir: Path = resolve_data_dir(data_dir)
        self.autosave = interactive if autosave is None else autosave
        self.recorder = Recorder(record)
        self.record_as: str | None = None
        self._retired: set[str] = set()  # uids of games finished, abandoned or replaced here
        self._rules: dict[str, RuleSet] = {}
        self._seeds_before: Any = None  # the seed generator's state before this command's first draw
        self.view = ShellView(self)
        self.confirm: Callable[[str], bool] | None = None  # set by the interactive front end
        self.persistence = Persistence(self)

    # -- construction ----------------------------------------------------
    @classmethod
    def create(
        cls,
        plugins: Iterable[str] | None = None,
        *,
        seed: int | None = None,
        interactive: bool = False,
        disabled: Iterable[str] = (),
        extra_modules: Iterable[str] = (),
        data_dir: str | os.PathLike[str] | None = None,
        autosave: bool | None = None,
        record: TextIO | None = None,
        tracebacks: bool | None = None,
    ) -> Shell:
        """Build a shell with the host's own commands and the installed plugins.

        Args:
            plugins (Iterable[str] | None): plugin names (entry point or
                distribution names) to load, or None for all installed ones
                (subject to ``CARDSHELL_LOAD_PLUGINS``).
            seed (int | None): the session seed, see :class:`Shell`.
            interactive (bool): whether a person types at a terminal.
            disabled (Iterable[str]): plugin names not to load.
            extra_modules (Iterable[str]): module names to load as plugins
                for this session only.
            data_dir, autosave, record, tracebacks: see :class:`Shell`.

        Returns:
            Shell: ready to :meth:`execute` lines.  Broken plugins are listed
            in :attr:`failures`, never raised.  With ``CARDSHELL_TRACE_PLUGINS``
            set, every hook call is traced on standard error
            (:func:`cardshell.hookcall.trace_calls`).
        """
        pm = pluggy.PluginManager(hookspecs.PROJECT)
        pm.add_hookspecs(hookspecs)
        if hookcall.trace_wanted():
            hookcall.trace_calls(pm)
        loaded, failures = load_entry_points(pm, plugins, disabled, extra_modules,
                                             tracebacks=blame.tracebacks_wanted(tracebacks))
        return cls(pm, seed=seed, interactive=interactive, plugins=loaded, failures=failures,
                   data_dir=data_dir, autosave=autosave, record=record, tracebacks=tracebacks)

    # -- queries ---------------------------------------------------------
    @property
    def games(self) -> dict[str, Game]:
        """Every registered game by id."""
        return self.registry.games

    @property
    def width(self) -> int:
        """The width text is wrapped to: the terminal's columns at a
        terminal, :data:`cardshell.help.DEFAULT_WIDTH` (80) in scripts."""
        if not self.interactive:
            return helptext.DEFAULT_WIDTH
        return shutil.get_terminal_size((helptext.DEFAULT_WIDTH, 24)).columns

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
        text = helptext.ending(session.game, session.outcome, going_on if len(going_on) <= 4 else ())
        return helptext.wrap(text, self.width, "  ")

    def rules(self, game_id: str) -> RuleSet:
        """The rules of a game as functions over states, for search (cached).

        Args:
            game_id (str): a registered game id.

        Returns:
            RuleSet: the game with its registered commands.
        """
        rules = self._rules.get(game_id)
        if rules is None:
            rules = self._rules[game_id] = RuleSet(self.games[game_id], self.registry.scope(game_id))
        return rules

    def next_seed(self) -> int:
        """A seed for a game started without ``--seed`` (1..:data:`MAX_SEED`).

        The generator's state before the first draw of a command is kept, so
        that a rejected command gives its seeds back (see :class:`_Snapshot`).
        """
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
        state = session.state if session.game.immutable else copy.deepcopy(session.state)
        answers: list[tuple[pluggy.HookImpl, Any]] = []
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

    def resolve(self, line: str) -> tuple[Entry, str]:
        """Find the command a line names, and the text of its arguments.

        Args:
            line (str): a stripped, non-empty input line.

        Returns:
            tuple[Entry, str]: the command and the argument text (the whole
            line for a pattern command).

        Raises:
            UsageError: when no command matches.
        """
        word, _, rest = line.partition(" ")
        word, rest = word.strip(), rest.strip()
        scope = self.registry.global_scope
        if self.current is not None:
            scope = self.registry.scope(self.current.id)
            entry = scope.lookup(word)
            if entry is not None:
                return entry, rest
            target = scope.aliases.get(scope.key(word))
            if target is not None:
                word = target
        entry = self.registry.global_scope.lookup(word)
        if entry is not None:
            return entry, rest
        for candidate in (scope, self.registry.global_scope) if scope.game else (scope,):
            matched = candidate.match(line)
            if matched is not None:
                return matched
        where = f" in {self.current.game.title}" if self.current else ""
        hint = self.did_you_mean(word)
        hint = f" (did you mean {hint!r}?)" if hint else ""
        raise UsageError(f"unknown command {word!r}{where}{hint}; type 'help' for the list of commands")

    def did_you_mean(self, word: str) -> str | None:
        """The command word closest to a mistyped one (``exitt`` -> ``exit``).

        Args:
            word (str): the first word of a line that named no command.

        Returns:
            str | None: a word of the current game or of the shell that is
            close (difflib ratio >= 0.75, words of 3 or more letters only),
            or None.
        """
        if len(word) < 3:
            return None
        scope = self.scope()
        words = [w for entry in scope.entries if not entry.command.pattern for w in entry.command.words]
        words += [w for entry in self.registry.global_scope.entries for w in entry.command.words]
        close = difflib.get_close_matches(scope.key(word), {scope.key(w): None for w in words if len(w) >= 3},
                                          n=1, cutoff=0.75)
        return close[0] if close else None

    # -- execution -------------------------------------------------------
    def execute(self, line: str) -> Reply:
        """Run one input line and report what it printed.

        Args:
            line (str): the line as typed or read (surrounding spaces, a
                trailing CR and ``#`` comments lines are fine).

        Returns:
            Reply: never raises for anything the user typed or a plugin did
            (a plugin's ``sys.exit()`` included: it is reported as the
            plugin's internal error); only ``KeyboardInterrupt`` outside
            plugin code and the host's own ``SystemExit`` pass through.
        """
        text = line.strip()
        if not text or text.startswith("#"):
            return Reply()
        self.record_as = None
        reply = self._execute(text)
        reply.warnings.extend(self.problems.drain())
        if reply.ok:
            if self.record_as is None:
                self.recorder.add(text)
            elif self.record_as:  # "" records nothing (the follow-up lines are recorded)
                self.recorder.add(self.record_as)
        self.record_as = None
        follow_up, reply.follow_up = reply.follow_up, []
        for next_line in follow_up:
            step = self.execute(next_line)
            reply.output = _join(reply.output, f"> {next_line}", step.output)
            reply.warnings.extend(step.warnings)
            if not step.ok:
                reply.ok, reply.error, reply.interrupted = False, f"{next_line!r}: {step.error}", step.interrupted
                break
        return reply

    def _execute(self, text: str) -> Reply:
        session = self.current
        game = session.game if session is not None else None
        entry: Entry | None = None
        snapshot: _Snapshot | None = None
        try:
            entry, args_text = self.resolve(text)
            if entry.command.game is None:
                # Host and global commands change the shell directly: all or nothing.
                snapshot = _Snapshot(self)
                try:
                    return self._run(entry, args_text, text, session)
                except BaseException:
                    snapshot.restore(self)
                    raise
            return self._run(entry, args_text, text, session)
        except UsageError as exc:
            in_game = game is not None and (entry is None or entry.command.game is not None)
            if in_game and game is not None and game.invalid_input is not None:
                try:
                    message = game.invalid_input(text)
                except BaseException as failure:  # a broken message must not let the line escape
                    if not blame.is_plugin_failure(failure):
                        raise
                    self._game_failed(game, "invalid_input", failure)
                else:
                    close = self.did_you_mean(text.split()[0]) if entry is None else None
                    return Reply(ok=False, error=message + (f"\nDid you mean {close!r}?" if close else ""))
            usage = f" (usage: {entry.command.usage_text})" if entry is not None else ""
            return Reply(ok=False, error=f"{exc.message}{usage}")
        except CommandError as exc:
            return Reply(ok=False, error=exc.message)
        except KeyboardInterrupt as exc:  # a command that kept part of its work says so in a note (PEP 678)
            notes = getattr(exc, "__notes__", None)
            return Reply(ok=False, error=notes[-1] if notes else "interrupted; nothing was changed", interrupted=True)
        except BaseException as exc:
            if not blame.is_plugin_failure(exc):
                raise
            return Reply(ok=False, error=self._internal_error(exc, entry, game))

    def _run(self, entry: Entry, args_text: str, line: str, session: GameSession | None,
             *, quiet: bool = False) -> Reply:
        """Parse, validate and carry out one command on a working copy.

        ``quiet`` (replaying a saved game) calls no hooks and renders nothing.
        """
        command = entry.command
        game_command = command.game is not None
        args = command.parse(args_text)
        if session is None or not game_command:
            working = None
        elif session.game.immutable:
            working = session.state  # immutable: the old state is the rollback
        else:
            working = copy.deepcopy(session.state)
        for validator in command.validators:
            validator(working, args)
        ctx = CommandContext(
            state=working,
            line=line,
            game_id=session.id if session else None,
            shell=self.view,
            interactive=self.interactive,
        )
        command.handler(ctx, args)
        reply = Reply(output="\n".join(ctx.output), follow_up=ctx.follow_up)
        if not game_command or session is None or not command.changes_state:
            if game_command and session is not None and command.show_state:
                reply.output = _join(reply.output, self.render(session, reply.warnings))
            if ctx.leave_requested and session is not None and self.current is session and not quiet:
                self.leave(abandon=True)
            return reply
        # Accepted: keep the new state and record the move.  This is the commit
        # point: whatever fails after it is a warning on an accepted move.
        before = session.outcome
        session.apply(ctx.state, line)
        if quiet:  # rebuilding a saved game: no hooks, no display, never leave
            self.check_outcome(session, reply.warnings, announce=False)
            return reply
        try:
            self.notify("cardshell_command_applied", reply.warnings, session=SessionView(session),
                        command=command, line=line)
            if command.show_state:
                reply.output = _join(reply.output, self.render(session, reply.warnings))
            self.check_outcome(session, reply.warnings)
            reply.output = _join(reply.output, self.announce_ending(session, before))
        except KeyboardInterrupt:
            reply.warnings.append(f"interrupted after {line!r} was accepted: the move stands "
                                  "('undo' takes it back where the game allows)")
            reply.interrupted = True
            self.check_outcome(session, reply.warnings, announce=False)
        if ctx.leave_requested and self.current is session:
            self.leave(abandon=True)
        return reply

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
        return self.persistence.close()

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
        self.hooks.call(hook_name, **kwargs)

    # -- reporting plugin failures ----------------------------------------
    def _hook_failed(self, plugin: str, hook_name: str, exc: BaseException) -> None:
        """A hook implementation raised: report it once (see :mod:`cardshell.problems`)."""
        self.problems.failure(plugin, hook_name, exc)

    def _game_failed(self, game: Game, function: str, exc: BaseException) -> None:
        """One of a game's own functions (``render``, ``outcome``, ``prompt``) raised."""
        self.problems.failure(self.registry.game_plugins.get(game.id), f"{function} of game {game.id!r}", exc)

    def _at(self, exc: BaseException) -> str:
        """`` (FILE:LINE)`` of the plugin frame that raised ``exc``, or ""."""
        where = self.problems.locate(exc).where
        return f" ({where})" if where else ""

    def _internal_error(self, exc: BaseException, entry: Entry | None, game: Game | None) -> str:
        """The one-line report of a command that failed in plugin code.

        ``internal error in plugin 'golf' (golf.py:12): ZeroDivisionError:
        division by zero``: the plugin whose code raised (so a failing
        ``Game.new`` under ``play`` is the game's plugin's, not the host's),
        else the command's plugin; the file and line of the raising frame.
        With ``--traceback`` the traceback is printed on standard error.
        """
        plugin = self.problems.locate(exc).plugin or (entry.plugin if entry is not None else "?")
        at = self._at(exc)
        rolled = f" (game {game.id!r} rolled back to before the command)" if game else ""
        if self.problems.tracebacks:
            blame.print_traceback(exc)
        return f"internal error in plugin {plugin!r}{at}: {blame.describe(exc)}{rolled}"

    def scope(self) -> Scope:
        """The command scope of the current game, or the global scope."""
        return self.registry.scope(self.current.id if self.current else None)

    def game_page(self, game_id: str) -> str:
        """``help GAME``: the game's rules, commands and ``play`` options.

        Args:
            game_id (str): a registered game id.

        Returns:
            str: the page, wrapped to :attr:`width`.
        """
        game = self.games[game_id]
        plugin = self.pm.get_plugin(self.registry.game_plugins[game_id])
        return gamepage.page(game, self.game_commands(game_id), gamepage.rules_text(game, plugin), self.width)

    def game_commands(self, game_id: str) -> list[Command]:
        """The commands of a game, in registration order."""
        return [entry.command for entry in self.registry.commands(game_id)]


class _Snapshot:
    """What a host command may change, taken before it runs and restored if
    it fails, so that a host command is all or nothing (``play``, ``load``,
    ``undo`` ...): the games in progress, the current game and its
    bookkeeping, the retired games, the session seed generator, ``exiting``.
    Files a command wrote (saves) are not taken back.
    """

    __slots__ = ("sessions", "current", "retired", "exiting", "bookkeeping")

    def __init__(self, shell: Shell) -> None:
        self.sessions = dict(shell.sessions)
        self.current = shell.current
        self.retired = set(shell._retired)
        self.exiting = shell.exiting
        shell._seeds_before = None  # next_seed() keeps the state before its first draw
        session = shell.current
        self.bookkeeping = None if session is None else (
            session.state, list(session.log), list(session.undo_stack), list(session.redo_stack),
            session.moves, session.outcome, session.undo_used, session.ending_undone, session.save_name,
            session.started,
        )

    def restore(self, shell: Shell) -> None:
        """Put the shell back as it was when the snapshot was taken."""
        shell.sessions.clear()
        shell.sessions.update(self.sessions)
        shell.current = self.current
        shell._retired = self.retired
        shell.exiting = self.exiting
        if shell._seeds_before is not None:
            shell._seeds.setstate(shell._seeds_before)
            shell._seeds_before = None
        if self.current is not None and self.bookkeeping is not None:
            session = self.current
            (session.state, log, undo_stack, redo_stack, session.moves, session.outcome, session.undo_used,
             session.ending_undone, session.save_name, session.started) = self.bookkeeping
            session.log[:] = log
            session.undo_stack[:] = undo_stack
            session.redo_stack[:] = redo_stack


def _join(*parts: str) -> str:
    return "\n".join(part for part in parts if part)


def _own_version() -> str:
    from cardshell import __version__

    return __version__
