"""The dispatcher: one input line to one :class:`Reply`.

:class:`Dispatcher` finds the command a line names (:meth:`~Dispatcher.resolve`),
parses and validates it, runs its handler and commits the result: a game's
command through the game's rules (:meth:`cardshell.ruleset.RuleSet.run`,
the one path from a line to a new state), the shell's here.  It keeps
the host's promises (docs/howto/testing.md, "Property tests of your game"):
a rejected command, or any exception from plugin code, leaves every game
state exactly as it was.  A move returns a new state and the old one is the
rollback, so nothing is copied: every game has that shape, a contract-1
game (mutable states) through the adapter of :mod:`cardshell.contract1`,
whose handlers change a deep copy of their own.  A
:class:`cardshell.plugincheck.StateGuard` checks that promise: for a state
whose declared type proves it immutable
(:func:`cardshell.statekind.proven_immutable`),
by the identity of its own fields only; for any other, by its hash before
and after the command (a copy is taken only of a state that is not
hashable).  A command that changes the state anyway fails naming its
plugin, the state put back from that copy or rebuilt from the undo
snapshot or the log.  A host or
global command is all or nothing: the dispatcher snapshots
what it may change (the :class:`~cardshell.gametable.GameTable`, the seeds)
and restores it if the command fails.  No terminal I/O happens here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from cardshell import blame, layout, screen, watchdog
from cardshell.context import FrontEnd
from cardshell.defaults import DEFAULT_PLUGIN_NAMES
from cardshell.errors import CommandError, UsageError
from cardshell.gametable import GameTable
from cardshell.messages import HostMessage, say
from cardshell.parsers import quoted
from cardshell.problems import ProblemReporter
from cardshell.recording import Recorder
from cardshell.records import Command, CommandContext, Game
from cardshell.registry import ESCAPE, Entry, Registry, Scope
from cardshell.render import Text, message_of, note_of, text_of
from cardshell.reply import GAME, HOST, Part, Reply, part
from cardshell.ruleset import HostContext, StateChanged, what_ran
from cardshell.seeds import SeedSource
from cardshell.session import GameSession
from cardshell.sessions import Sessions
from cardshell.settings import Settings, autoplay_moves
from cardshell.views import SessionView

if TYPE_CHECKING:  # pragma: no cover - annotations only: the view is built by the shell, above this module
    from cardshell.views import ShellView


class Dispatcher:
    """Resolving, parsing, validating and running input lines.

    Args:
        table (GameTable): the games in progress and the current one.
        seeds (SeedSource): the seeds drawn (a failed host command puts
            back the ones it drew).
        sessions (Sessions): renders states, notices endings, fires hooks.
        registry (Registry): the games and commands (it imports a deferred
            plugin when a line needs it).
        problems (ProblemReporter): plugin failures, reported once each.
        recorder (Recorder): receives the accepted lines.
        front_end (FrontEnd): whether a person types at a terminal, the
            width replies are fitted to, and whether a command's steps are
            left to the front end (``FrontEnd.pace``).
        view (ShellView): what handlers see as ``ctx.shell``.

    Attributes:
        host (HostContext): what a game command's line runs with besides
            its state (``view`` and ``front_end``,
            :meth:`RuleSet.run <cardshell.ruleset.RuleSet.run>`); the
            replayer runs a save's lines with it too.
        record_as (str | None): set by a host command while it runs to record
            its line in another form (``play GAME --seed N``; "" records
            nothing).
        exiting (bool): set by ``exit`` (and ``quit`` outside a game): the
            front ends stop reading.
        rollback (Callable[[], None] | None): while a host or global
            command runs, puts back what it changed so far (for a front end
            that must end the process inside it: :meth:`cardshell.shell.Shell.abandon_command`).
    """

    def __init__(self, table: GameTable, seeds: SeedSource, sessions: Sessions, registry: Registry,
                 problems: ProblemReporter, recorder: Recorder, front_end: FrontEnd, view: ShellView,
                 settings: Settings | None = None) -> None:
        self.table = table
        self.settings = settings if settings is not None else Settings()
        self.stepping = False  # a follow-up step runs: no autoplay of its own
        self.seeds = seeds
        self.sessions = sessions
        self.registry = registry
        self.problems = problems
        self.recorder = recorder
        self.front_end = front_end
        self.view = view
        self.host = HostContext(view, front_end)
        self.record_as: str | None = None
        self.ran: str | None = None  # the plugin whose command the line being run ran (Reply.plugin)
        self.exiting = False
        self.rollback: Callable[[], None] | None = None

    def scope(self) -> Scope:
        """The command scope of the current game, or the global scope."""
        current = self.table.current
        return self.registry.scope(current.id if current else None)

    def resolve(self, line: str) -> tuple[Entry, str]:
        """Find the command a line names, and the text of its arguments.

        In the current game's scope, by the precedence of
        :meth:`Registry.find <cardshell.registry.Registry.find>` (the
        game's own word first, ``%WORD`` the shell's).

        Args:
            line (str): a stripped, non-empty input line.

        Returns:
            tuple[Entry, str]: the command and the argument text (the whole
            line for a pattern command).

        Raises:
            UsageError: when no command matches.
        """
        session = self.table.current
        found = self.registry.find(line, session.id if session is not None else None)
        if found is not None:
            return found
        if line.startswith(ESCAPE):  # '%hint': only the shell's own commands were looked at
            word = line[len(ESCAPE):].lstrip().partition(" ")[0].strip()
            close = self.did_you_mean(word) if word else None
            suggestion = say("command.did-you-mean-escaped", word=close) if close else ""
            raise UsageError(say("command.unknown-shell", word=quoted(line.split(' ')[0]), suggestion=suggestion))
        word = line.partition(" ")[0].strip()
        if session is not None:
            scope = self.registry.scope(session.id)
            word = scope.aliases.get(scope.key(word), word)  # the game's word for a host command
        where = say("command.in-game", title=session.game.title) if session is not None else ""
        close = self.did_you_mean(word)
        near = say("command.did-you-mean", word=repr(close)) if close else None
        raise UsageError(say("command.unknown", word=quoted(word), where=where,
                             suggestion=near or (self._command_elsewhere(word) if session is None else ""),
                             help=repr(self.sessions.host_word('help'))))

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
        import difflib  # here: only a mistyped word needs it

        close = difflib.get_close_matches(scope.key(word), {scope.key(w): None for w in words if len(w) >= 3},
                                          n=1, cutoff=0.75)
        return close[0] if close else None

    def _command_elsewhere(self, word: str) -> HostMessage | str:
        """For a word typed outside any game that is a game's own command (``D``):
        which game takes it and how to start it (``command.of-game`` or
        ``command.of-games``), else ""."""
        owners: list[tuple[str, str]] = []
        for game_id, game in sorted(self.registry.games.items()):
            entry = self.registry.scope(game_id).lookup(word)
            if entry is not None and entry.command.game is not None:
                owners.append((game_id, game.title))
        titles = [title for _, title in owners]
        if len(owners) == 1:
            return say("command.of-game", word=repr(word), title=titles[0], game=owners[0][0])
        if owners:
            return say("command.of-games", word=repr(word),
                       titles=say("help.list-and", items=", ".join(titles[:-1]), last=titles[-1]))
        return ""

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
        self.ran = None
        reply = self._execute(text)
        reply.plugin = self.ran
        reply.warned.extend(self.problems.drain())
        if reply.ok:
            recorded = text if self.record_as is None else self.record_as  # "": nothing (the follow-ups are)
            problem = self.recorder.add(recorded) if recorded else None
            if problem is not None:  # the disk is full: the recording stops, the game goes on
                reply.warned.append(problem)
        self.record_as = None
        if reply.error:  # a message, never a board: fitted like any text
            reply.error_parts = reply.error_as_parts()
            reply.error = layout.wrap(reply.error, self.front_end.fit_width)
        if reply.steps and self.front_end.pace:  # the front end plays them, one at a time
            return reply
        follow_up, reply.follow_up = reply.follow_up, []
        for next_line in follow_up:  # a script sees every step and its board (what plugins' golden files hold)
            step = self.execute_step(next_line)
            marker = say("command.step", line=next_line)
            reply.output = screen.compose([reply.output, marker.text, step.output], None)
            reply.parts += [part(marker, HOST), *step.output_as_parts()]
            reply.exact.extend(step.exact)
            reply.pageable = reply.pageable and step.pageable
            reply.warned.extend(step.warned)
            if not step.ok:
                lead = say("command.step-rejected", line=repr(next_line))
                reply.ok, reply.error, reply.interrupted = False, lead.text + (step.error or ""), step.interrupted
                step_parts = step.error_as_parts()
                if step_parts:
                    step_parts[0] = dataclasses.replace(step_parts[0], inline=True)
                reply.error_parts = [part(lead, HOST, "error"), *step_parts]
                break
        return reply

    def execute_step(self, line: str) -> Reply:
        """:meth:`execute` for a step a command asked for (``solve --play``'s moves, autoplay's):
        the same, except that it never starts autoplay of its own."""
        outer, self.stepping = self.stepping, True
        try:
            return self.execute(line)
        finally:
            self.stepping = outer

    def _execute(self, text: str) -> Reply:
        session = self.table.current
        game = session.game if session is not None else None
        entry: Entry | None = None
        try:
            entry, args_text = self.resolve(text)
            self.ran = _plugin(entry)
            if entry.command.game is None and entry.command.name != "help" and asks_for_help(args_text):
                # 'winnability --help' is 'help winnability' (the shell's help, even in a game with its own)
                return self._execute(f"{ESCAPE}help {ESCAPE}{entry.command.name}")
            if entry.command.game is None:
                # Host and global commands change the shell directly: all or nothing.
                restore = self._begin()
                outer, self.rollback = self.rollback, restore
                try:
                    return self._run(entry, args_text, text, session)
                except BaseException:
                    restore()
                    raise
                finally:
                    self.rollback = outer
            return self._run(entry, args_text, text, session)
        except UsageError as exc:
            in_game = game is not None and (entry is None or entry.command.game is not None)
            close = self.did_you_mean(text.split()[0]) if in_game and entry is None else None
            if close and self.front_end.interactive:
                # a shell word mistyped at a terminal: the host's one line, as at cardshell> (a script
                # keeps the game's rejection with the suggestion under it, as its golden files hold)
                return _rejected([_error_part(exc, entry)])
            if in_game and game is not None and game.invalid_input is not None:
                # a broken message must not let the line escape: reported, then the host's own message
                failed = self.sessions.game_failed
                with blame.guard(lambda failure: failed(game, "invalid_input", failure)) as guarded, \
                        watchdog.plugin_bound(self.registry.game_plugins.get(game.id), "invalid_input"):
                    message = game.invalid_input(text)
                if guarded.failed is None:
                    parts = [part(message, GAME, "error")]
                    if close:
                        parts.append(part(say("command.did-you-mean-line", word=repr(close)), HOST, "error",
                                          inline=True))
                    return _rejected(parts)
            parts = [_error_part(exc, entry)]
            if entry is not None:
                parts.append(part(say("command.usage", usage=entry.command.usage_text), HOST, "error", inline=True))
            return _rejected(parts)
        except CommandError as exc:
            return _rejected([_error_part(exc, entry)])
        except KeyboardInterrupt as exc:  # a command that kept part of its work says so in a note (PEP 678)
            note = note_of(exc)  # the command's own word on what it kept: the plugin's when its code noted it
            said = (part(note, _origin(entry), "error", plugin=_plugin(entry)) if note
                    else part(say("command.interrupted"), HOST, "error"))
            return _rejected([said], interrupted=True)
        except BaseException as exc:
            if not blame.is_plugin_failure(exc):
                raise
            return _rejected([part(self._internal_error(exc, entry, game), HOST, "error")])

    def _run(self, entry: Entry, args_text: str, line: str, session: GameSession | None) -> Reply:
        """Parse, validate and carry out one command: a game's through its
        rules (:meth:`RuleSet.run <cardshell.ruleset.RuleSet.run>`), the
        shell's here."""
        command = entry.command
        game_command = command.game is not None
        if game_command and session is not None:
            rules = self.registry.rules(session.id)
            try:
                _, ctx = rules.run(session.state, line, self.host, found=(entry, args_text))
            except StateChanged as fault:
                rules.put_back(session, fault)
            assert ctx is not None  # a player's line always has its context
        else:
            ctx = self._run_shell_command(entry, args_text, line, session)
        reply = Reply(follow_up=ctx.follow_up, steps=ctx.steps, pace=ctx.pace)
        pieces: list[Text | Part] = list(ctx.output)
        try:
            self._carry_out(session, command, line, ctx, reply, pieces)
            if game_command and command.changes_state and session is not None and not reply.follow_up:
                self._autoplay(session, reply)
        finally:
            self.compose(reply, pieces, _origin(entry), _plugin(entry))
            # a game's own display, or play that follows (the steps, their boards): never paged
            reply.pageable = not reply.exact and not (game_command and command.changes_state) and not ctx.follow_up
        return reply

    def _autoplay(self, session: GameSession, reply: Reply) -> None:
        """With ``set autoplay on``, after the player's move: the game's safe moves
        (``Search.safe``) from the new state as the reply's steps, each played and shown
        as its own line (each undone alone; :func:`cardshell.settings.autoplay_moves`); none while a
        step runs, once the game is over, or when ``safe`` fails (a warning naming it)."""
        if not self.settings.autoplay or self.stepping or session.outcome is not None or reply.interrupted:
            return
        rules = self.registry.rules(session.id)
        if rules.search.safe is None:
            return
        moves: list[str] = []
        try:
            with blame.guard(lambda exc: self.sessions.game_failed(session.game, "safe", exc)) as guarded, \
                    watchdog.plugin_bound(self.registry.game_plugins.get(session.id), "safe"):
                moves, _ = autoplay_moves(rules, session.state)
        except CommandError:  # a safe move the rules reject: the plugin's fault, nothing played
            moves = []
        except KeyboardInterrupt:  # after the player's move was made: it stays made, nothing is autoplayed
            reply.warned.append(say("command.interrupted-after-move", line=repr(session.log[-1] if session.log else ""),
                                    undo=repr(self.sessions.host_word('undo'))))
            reply.interrupted = True
            return
        if guarded.failed is None and moves:
            reply.follow_up, reply.steps = moves, True

    def _run_shell_command(self, entry: Entry, args_text: str, line: str,
                           session: GameSession | None) -> CommandContext[Any]:
        """Parse, validate and run a host or global command (no game state:
        ``ctx.state`` is None); its context."""
        command = entry.command
        args = command.parse(args_text)
        plugin = None if entry.plugin in DEFAULT_PLUGIN_NAMES else entry.plugin  # the host's own: not bounded
        with watchdog.plugin_bound(plugin, lambda: what_ran(command, line)):  # a label only if it fires
            ctx: CommandContext[Any] = CommandContext(
                state=None,
                line=line,
                game_id=session.id if session else None,
                shell=self.view,
                interactive=self.front_end.interactive,
            )
            for validator in command.validators:
                validator(None, args)
            command.handler(ctx, args)
        return ctx

    def _carry_out(self, session: GameSession | None, command: Command, line: str, ctx: CommandContext[Any],
                   reply: Reply, pieces: list[Text | Part]) -> None:
        """After the handler: commit the new state, call the hooks, add the
        board and the ending line to ``pieces``, leave when asked."""
        game_command = command.game is not None
        if not game_command or session is None or not command.changes_state:
            if game_command and session is not None and command.show_state:
                pieces.append(part(self.sessions.render(session), GAME))
            if ctx.leave_requested and session is not None and self.table.current is session:
                self.sessions.leave(abandon=True)
            return
        # Accepted: keep the new state and record the move.  This is the commit
        # point: whatever fails after it is a warning on an accepted move.
        before = session.outcome
        session.apply(ctx.state, line)
        try:
            self.sessions.notify("cardshell_command_applied", session=SessionView(session), command=command, line=line)
            if command.show_state:
                pieces.append(part(self.sessions.render(session), GAME))
            self.sessions.check_outcome(session, reply.warned)
            words = " ".join(text_of(piece) for piece in ctx.output if message_of(piece) is None)
            pieces.append(part(self.sessions.announce_ending(session, before, said=words), HOST))
        except KeyboardInterrupt:
            reply.warned.append(say("command.interrupted-after-move", line=repr(line),
                                      undo=repr(self.sessions.host_word('undo'))))
            reply.interrupted = True
            self.sessions.check_outcome(session, reply.warned, announce=False)
        if ctx.leave_requested and self.table.current is session:
            self.sessions.leave(abandon=True)

    def compose(self, reply: Reply, pieces: Sequence[Text | Part], origin: str = HOST,
                plugin: str | None = None) -> None:
        """Set ``reply.parts`` to the pieces as parts (a :class:`Part` as it is, any other
        piece written by ``origin``: :func:`cardshell.reply.part`), ``reply.output`` to
        their text fitted to the screen (:func:`cardshell.screen.compose` at the width
        of ``fit_width``, boards kept) and ``reply.exact`` to the pieces shown as they are.
        ``plugin`` names the plugin whose code wrote the pieces (a game's command)."""
        parts = [piece if isinstance(piece, Part) else part(piece, origin, plugin=plugin) for piece in pieces if piece]
        shown = [(piece, piece.text) for piece in parts]
        reply.parts = [piece for piece, text in shown if text]
        texts = [text for _, text in shown if text]
        width, terminal = self.front_end.fit_width, self.front_end.interactive
        reply.lay_out(lambda: screen.compose(texts, width, terminal=terminal))
        reply.exact = [text for text in texts if isinstance(text, screen.Exact)]

    def _begin(self) -> Callable[[], None]:
        """Snapshot what a host command may change; the function that restores it.

        The table (games in progress, the current game's bookkeeping, the
        retired games), the seeds drawn and :attr:`exiting`.  Files a
        command wrote (saves) are not taken back.
        """
        snapshot, exiting = self.table.snapshot(), self.exiting
        self.seeds.mark()

        def restore() -> None:
            self.table.restore(snapshot)
            self.seeds.rollback()
            self.exiting = exiting

        return restore

    def _at(self, exc: BaseException) -> Text:
        """The ``plugin.raised-at`` note of the plugin frame that raised ``exc`` (its FILE:LINE), or ""."""
        where = self.problems.locate(exc).where
        return say("plugin.raised-at", where=where) if where else ""

    def _internal_error(self, exc: BaseException, entry: Entry | None, game: Game | None) -> Text:
        """The one-line report of a command that failed in plugin code.

        ``internal error in plugin 'golf' (golf.py:12): ZeroDivisionError:
        division by zero``: the plugin whose code raised (so a failing
        ``Game.new`` under ``play`` is the game's plugin's, not the host's),
        else the command's plugin; the file and line of the raising frame.
        With ``--traceback`` the traceback is printed on standard error.
        """
        plugin = self.problems.locate(exc).plugin or (entry.plugin if entry is not None else "?")
        at = self._at(exc)
        rolled = say("plugin.rolled-back", game=repr(game.id)) if game else ""
        if self.problems.tracebacks:
            blame.print_traceback(exc)
        return say("plugin.internal-error", plugin=repr(plugin), at=at, error=blame.describe(exc), rolled=rolled)



def asks_for_help(args_text: str) -> bool:
    """Whether a host command's arguments ask for its help page.

    ``--help`` or ``-h`` anywhere among the words (``winnability --help``,
    ``play --help``) shows ``help COMMAND`` instead of running the command,
    as every argparse program does; a game's own commands keep their words.

    Args:
        args_text (str): the text after the command word.
    """
    return not {"--help", "-h"}.isdisjoint(args_text.split())


def _origin(entry: Entry | None) -> str:
    """Who wrote what a command says without saying it: the host for the
    host's own commands (its default plugins) and for a line that named no
    command, the game (the plugin) for every other."""
    return HOST if entry is None or entry.plugin in DEFAULT_PLUGIN_NAMES else GAME


def _plugin(entry: Entry | None) -> str | None:
    """The plugin whose code a command runs, None for the host's own (:func:`_origin`)."""
    return None if _origin(entry) == HOST or entry is None else entry.plugin


def _error_part(exc: CommandError, entry: Entry | None) -> Part:
    """The part of a rejected line's :class:`CommandError`: as raised when host code
    raised it (a host message keeps its id: the argument grammar's parsers, the
    host's own commands), its text, naming the plugin, when plugin code did."""
    plugin = _plugin(entry)
    if plugin is not None and _raised_by_host(exc):
        return part(exc.said, HOST, "error")
    return part(exc.message if plugin else exc.said, _origin(entry), "error", plugin=plugin,
                code=_rejection_id(exc) if plugin else None)


def _rejection_id(exc: CommandError) -> str | None:
    """The id a game gave its rejection (``CommandError(..., id=...)``), if it is a string."""
    given = getattr(exc, "id", None)
    return given if isinstance(given, str) and given else None


def _raised_by_host(exc: BaseException) -> bool:
    """Whether the innermost frame of ``exc``'s traceback (where it was raised) is host code
    (:func:`cardshell.blame.is_host_file`), and what it says is a host message."""
    if message_of(exc.said if isinstance(exc, CommandError) else None) is None:
        return False
    tb = exc.__traceback__
    if tb is None:
        return False
    while tb.tb_next is not None:
        tb = tb.tb_next
    return blame.is_host_file(tb.tb_frame.f_code.co_filename)


def _rejected(parts: list[Part], *, interrupted: bool = False) -> Reply:
    """A reply rejecting its line with the message ``parts``."""
    return Reply(ok=False, error=_text(parts), error_parts=parts, interrupted=interrupted)


def _text(parts: list[Part]) -> str:
    """The message of parts: their text joined (an inline part on its previous part's line)."""
    text = ""
    for number, piece in enumerate(parts):
        text += ("" if number == 0 or piece.inline else "\n") + piece.text
    return text
