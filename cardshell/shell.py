"""The command model: resolving, parsing, validating and dispatching a line.

:class:`Shell` is the host's core, shared by both front ends.  It owns the
games in progress (one :class:`~cardshell.session.GameSession` per game id),
turns one input line into one :class:`Reply`, and keeps the promises of
DESIGN.md: a rejected command, or any exception from plugin code, leaves
every game state exactly as it was (plugin code only ever sees a deep copy,
kept only when the command succeeds).  It does no terminal I/O.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pluggy

from cardshell import hookspecs
from cardshell.discovery import PluginFailure, PluginInfo, load_entry_points
from cardshell.errors import CommandError, UsageError
from cardshell.records import Command, CommandContext, Game, Outcome
from cardshell.registry import Entry, Registry, Scope
from cardshell.session import GameSession

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
        warnings (list[str]): reports about plugins that misbehaved in a
            lifecycle or display hook while the line itself succeeded.
    """

    ok: bool = True
    output: str = ""
    error: str | None = None
    warnings: list[str] = field(default_factory=list)


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

    Attributes:
        sessions (dict[str, GameSession]): games in progress by game id.
        current (GameSession | None): the game being played, if any.
        exiting (bool): set by ``exit``; the front ends stop reading.
        registry (Registry): games and commands.
    """

    def __init__(
        self,
        pm: pluggy.PluginManager,
        *,
        seed: int | None = None,
        interactive: bool = False,
        plugins: list[PluginInfo] | None = None,
        failures: list[PluginFailure] | None = None,
    ) -> None:
        from cardshell.builtin import HostCommands  # the host's own commands, via the same hook

        self.pm = pm
        self.interactive = interactive
        host = HostCommands(self)
        pm.register(host, name=BUILTIN_PLUGIN)
        host_info = PluginInfo(BUILTIN_PLUGIN, "cardshell.builtin", "cardshell", _own_version())
        host_info.hooks = sorted(c.name for c in pm.get_hookcallers(host) or ())
        self.plugins = [host_info, *(plugins or [])]
        dists = {info.name: (info.dist, info.version) for info in self.plugins}
        self.registry = Registry(pm, dists)
        self.failures = (failures or []) + self.registry.failures
        self.plugins = [info for info in self.plugins if info.name not in self.registry.refused]
        for info in self.plugins:
            info.games = self.registry.plugin_games(info.name)
        self._seeds: random.Random = random.Random(seed) if seed is not None else random.SystemRandom()
        self.sessions: dict[str, GameSession] = {}
        self.current: GameSession | None = None
        self.exiting = False
        self.progress: Any = None  # set by the interactive front end

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

        Returns:
            Shell: ready to :meth:`execute` lines.  Broken plugins are listed
            in :attr:`failures`, never raised.
        """
        pm = pluggy.PluginManager(hookspecs.PROJECT)
        pm.add_hookspecs(hookspecs)
        loaded, failures = load_entry_points(pm, plugins, disabled, extra_modules)
        return cls(pm, seed=seed, interactive=interactive, plugins=loaded, failures=failures)

    # -- queries ---------------------------------------------------------
    @property
    def games(self) -> dict[str, Game]:
        """Every registered game by id."""
        return self.registry.games

    def next_seed(self) -> int:
        """A seed for a game started without ``--seed`` (1..:data:`MAX_SEED`)."""
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
            except Exception:  # a broken prompt must not stop input
                question = None
        return f"{session.id}: {question}" if question else f"{session.id}> "

    def render(self, session: GameSession, warnings: list[str] | None = None) -> str:
        """The text of a game's current state (display hooks, then the game's own).

        Args:
            session (GameSession): the game to show.
            warnings (list[str] | None): receives a report if a display hook
                raised; the game's own ``render`` is used then.

        Returns:
            str: the display, without a trailing newline.
        """
        state = copy.deepcopy(session.state)
        try:
            text = self.pm.hook.cardshell_render(game=session.game, state=state)
        except Exception as exc:
            text = None
            if warnings is not None:
                warnings.append(f"a cardshell_render hook failed: {type(exc).__name__}: {exc}")
        if text is None:
            text = session.game.render(state)
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
        raise UsageError(f"unknown command {word!r}{where}; type 'help' for the list of commands")

    # -- execution -------------------------------------------------------
    def execute(self, line: str) -> Reply:
        """Run one input line and report what it printed.

        Args:
            line (str): the line as typed or read (surrounding spaces, a
                trailing CR and ``#`` comments lines are fine).

        Returns:
            Reply: never raises for anything the user typed or a plugin did;
            only ``KeyboardInterrupt`` outside plugin code and
            ``SystemExit`` pass through.
        """
        text = line.strip()
        if not text or text.startswith("#"):
            return Reply()
        session = self.current
        game = session.game if session is not None else None
        entry: Entry | None = None
        try:
            entry, args_text = self.resolve(text)
            return self._run(entry, args_text, text, session)
        except UsageError as exc:
            in_game = game is not None and (entry is None or entry.command.game is not None)
            if in_game and game.invalid_input is not None:
                return Reply(ok=False, error=game.invalid_input(text))
            usage = f" (usage: {entry.command.usage_text})" if entry is not None else ""
            return Reply(ok=False, error=f"{exc.message}{usage}")
        except CommandError as exc:
            return Reply(ok=False, error=exc.message)
        except KeyboardInterrupt:
            return Reply(ok=False, error="interrupted; nothing was changed")
        except Exception as exc:
            plugin = entry.plugin if entry is not None else "?"
            where = f" (game {game.id!r} rolled back to before the command)" if game else ""
            return Reply(
                ok=False,
                error=f"internal error in plugin {plugin!r}: {type(exc).__name__}: {exc}{where}",
            )

    def _run(self, entry: Entry, args_text: str, line: str, session: GameSession | None) -> Reply:
        command = entry.command
        game_command = command.game is not None
        args = command.parse(args_text)
        working = copy.deepcopy(session.state) if (session is not None and game_command) else None
        for validator in command.validators:
            validator(working, args)
        ctx = CommandContext(
            state=working,
            line=line,
            game_id=session.id if session else None,
            shell=self,
            interactive=self.interactive,
        )
        command.handler(ctx, args)
        reply = Reply(output="\n".join(ctx.output))
        if not game_command or session is None or not command.changes_state:
            if game_command and session is not None and command.show_state:
                reply.output = _join(reply.output, self.render(session, reply.warnings))
            if ctx.leave_requested and session is not None and self.current is session:
                self.leave(abandon=True)
            return reply
        # Accepted: keep the working copy and record the move.
        session.undo_stack.append((session.state, line))
        session.redo_stack.clear()
        session.state = ctx.state
        session.log.append(line)
        session.moves += 1
        self.notify("cardshell_command_applied", reply.warnings, session=session, command=command, line=line)
        if command.show_state:
            reply.output = _join(reply.output, self.render(session, reply.warnings))
        self.check_outcome(session, reply.warnings)
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
        session = GameSession(game=game, seed=seed, options=dict(options), state=state)
        self.sessions[game.id] = session
        self.current = session
        self.notify("cardshell_game_started", warnings, session=session)
        return session

    def check_outcome(self, session: GameSession, warnings: list[str]) -> Outcome | None:
        """Fire ``cardshell_game_over`` if the game's outcome just appeared.

        Args:
            session (GameSession): the game to check.
            warnings (list[str]): receives failures of the game's ``outcome``
                or of the hooks.

        Returns:
            Outcome | None: the game's current outcome.
        """
        try:
            outcome = session.game.outcome(session.state)
        except Exception as exc:
            warnings.append(f"game {session.id!r} failed to report its outcome: {type(exc).__name__}: {exc}")
            return None
        if outcome is not None and session.outcome is None:
            session.outcome = outcome
            self.notify("cardshell_game_over", warnings, session=session, outcome=outcome)
        elif outcome is None:
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
        return session

    def notify(self, hook_name: str, warnings: list[str], **kwargs: Any) -> None:
        """Call a lifecycle hook on every plugin, each under its own guard.

        Args:
            hook_name (str): ``cardshell_game_started``, ``cardshell_command_applied``
                or ``cardshell_game_over``.
            warnings (list[str]): receives one line per implementation that raised.
            **kwargs: the hook's arguments.
        """
        caller = getattr(self.pm.hook, hook_name)
        for impl in reversed(caller.get_hookimpls()):
            try:
                impl.function(**{name: kwargs[name] for name in impl.argnames})
            except Exception as exc:
                warnings.append(f"plugin {impl.plugin_name!r} failed in {hook_name}: {type(exc).__name__}: {exc}")

    def scope(self) -> Scope:
        """The command scope of the current game, or the global scope."""
        return self.registry.scope(self.current.id if self.current else None)

    def game_commands(self, game_id: str) -> list[Command]:
        """The commands of a game, in registration order."""
        return [entry.command for entry in self.registry.commands(game_id)]


def _join(*parts: str) -> str:
    return "\n".join(part for part in parts if part)


def _own_version() -> str:
    from cardshell import __version__

    return __version__
