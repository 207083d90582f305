"""The records of a command: a :class:`Move`, a :class:`Command` and the
:class:`CommandContext` its handler receives.

Part of the plugin contract, re-exported by :mod:`cardshell.records` (import
them from there: ``from cardshell.records import Command, CommandContext,
Move``).  A game lists its :class:`Move` records in
:attr:`cardshell.records.Game.moves`; a plugin registers a :class:`Command`
through the ``cardshell_commands`` hook.  Generic over the game's state type
``S`` as :class:`cardshell.records.Game` is.  Nothing here does I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic

from cardshell import parsers
from cardshell.screen import Exact

if TYPE_CHECKING:  # pragma: no cover - the default is for type checkers only
    from typing_extensions import TypeVar

    from cardshell.views import ShellView

    #: The type of a game's state (``Any`` when not given).
    S = TypeVar("S", default=Any)
else:  # at run time a TypeVar's default changes nothing: keep start-up lean
    from typing import TypeVar

    S = TypeVar("S")

Validator = Callable[[Any, Any], None]
"""``validator(state, args)``: raise CommandError if the command is illegal now."""

Completer = Callable[[Any, int], Iterable[str]]
"""``complete(state, index)``: candidate words for argument number ``index``
(0-based) in the current state; for a pattern command, candidates for the
whole line (index 0).  ``state`` is None for global commands outside a game."""



@dataclass(frozen=True)
class Move(Generic[S]):
    """A move of a game in declarative form (plugin contract 2), generic over
    the game's state type ``S`` like :class:`Game`.

    A move is two pure functions over an immutable state: ``check(state,
    *args)`` raises :class:`cardshell.errors.CommandError` (with the message
    the player sees) when the move is illegal now, and ``apply(state, *args)``
    returns the new state; neither changes its argument.  The host turns a
    move into a :class:`Command` (see :meth:`Command.from_move`), so help,
    completion, dispatch, undo and saves treat both alike.  List a game's
    moves in :attr:`Game.moves` (then ``game`` may stay None), or register a
    move for someone else's game through ``cardshell_commands`` with
    ``game`` set.

    ``parse(text)`` returns the arguments: a tuple is spread into ``check``
    and ``apply`` (``parsers.integers(2, 1, 4)`` gives ``(x, y)``, so
    ``apply(state, x, y)``), None means no arguments (``apply(state)``), and
    any other value is passed as one argument.

    Attributes:
        name (str): the command word (``"F"``, ``"tt"``).
        summary (str): one line for help menus.
        apply (Callable[..., Any]): ``apply(state, *args) -> new state``.
        check (Callable[..., None] | None): ``check(state, *args)``: raise
            CommandError if the move is illegal now; None when ``apply``
            itself raises CommandError for illegal moves.
        game (str | None): the game's id; filled in from :attr:`Game.moves`.
        aliases (tuple[str, ...]): other words for the move.
        usage (str): the grammar shown in help (``"T x y"``).
        help (str): longer help for ``help NAME``.
        parse (Callable[[str], Any]): the argument parser
            (:mod:`cardshell.parsers`); defaults to "no arguments".
        complete (Completer | None): completion of arguments.
        pattern (str | None): a whole-line regular expression, for grammars
            without a command word (``a5f``), as :attr:`Command.pattern`
            (the name is then not a typed word).
        message (Callable[[Any, Any], str | None] | None): ``message(before,
            after)``: text printed after an accepted move, before the
            display (``"You won!"``); None or "" prints nothing.
        show_state (bool): whether the host shows the state after the move.
    """

    name: str
    summary: str
    apply: Callable[..., S]
    check: Callable[..., None] | None = None
    game: str | None = None
    aliases: tuple[str, ...] = ()
    usage: str = ""
    help: str = ""
    parse: Callable[[str], Any] = parsers.no_args
    complete: Completer | None = None
    pattern: str | None = None
    message: Callable[[S, S], str | None] | None = None
    show_state: bool = True


def spread(args: Any) -> tuple[Any, ...]:
    """The positional arguments a parsed value stands for (see :class:`Move`).

    Args:
        args (Any): what a parser returned.

    Returns:
        tuple: ``args`` itself if a tuple, ``()`` for None, else ``(args,)``.
    """
    if args is None:
        return ()
    if type(args) is tuple:
        return args
    return (args,)


@dataclass(frozen=True)
class Command(Generic[S]):
    """A command a plugin registers through ``cardshell_commands``, generic
    over the state type ``S`` of its game like :class:`Game` (``Any`` for a
    global command).

    Dispatch: the host splits the line into its first word and the rest; the
    first word is looked up among the names and aliases of the commands of
    the current game (then the global ones).  A command with a
    :attr:`pattern` is tried when no name matched: the pattern must match
    the whole line (``a5f`` in Minesweeper) and ``parse`` receives the whole
    line.  Then, in order: ``parse(text)`` → each ``validator(state, args)``
    → ``handler(ctx, args)`` on a working copy of the state.  Any
    :class:`cardshell.errors.CommandError` from these steps rejects the
    command and the copy is thrown away.

    Attributes:
        name (str): the command word (``"F"``, ``"tt"``, ``"simulate"``).
        summary (str): one line for help menus.
        handler (Callable[[CommandContext, Any], None]): carries the command
            out: reads and changes ``ctx.state`` (or assigns a new one) and
            prints with ``ctx.echo``.
        game (str | None): the id of the game this command belongs to, or
            None for a global command available everywhere.  A plugin may
            add commands to a game it did not define.
        aliases (tuple[str, ...]): other words for the same command.
        usage (str): the grammar shown in help (``"T x y"``); defaults to the
            name.
        help (str): longer help for ``help NAME``.
        parse (Callable[[str], Any]): the argument parser, see
            :mod:`cardshell.parsers`; defaults to "no arguments".
        validators (tuple[Validator, ...]): rule checks run before the handler.
        complete (Completer | None): completion of arguments.
        pattern (str | None): a regular expression matched (``re.fullmatch``,
            case-insensitive unless the game is case sensitive) against the
            whole stripped line, for grammars without a command word.  The
            name and aliases of a pattern command are not words the player
            can type (``column 3`` is unknown unless the pattern matches
            it); they name the command in ``help NAME``.
        show_state (bool): whether the host shows the state after success.
        changes_state (bool): False for commands that only report
            (``simulate``, statistics): they are not logged as moves, not
            undone, and their working copy is discarded.
        move (Move | None): the declarative move this command was made from
            (:meth:`from_move`), else None.
    """

    name: str
    summary: str
    handler: Callable[[CommandContext[S], Any], None]
    game: str | None = None
    aliases: tuple[str, ...] = ()
    usage: str = ""
    help: str = ""
    parse: Callable[[str], Any] = parsers.no_args
    validators: tuple[Validator, ...] = ()
    complete: Completer | None = None
    pattern: str | None = None
    show_state: bool = True
    changes_state: bool = True
    move: Move[S] | None = None

    @classmethod
    def from_move(cls, move: Move[S], game: str | None = None) -> Command[S]:
        """The command the host dispatches for a declarative :class:`Move`.

        Its validator calls ``move.check`` and its handler ``move.apply``
        (then ``move.message``), spreading the parsed arguments (see
        :func:`spread`).

        Args:
            move (Move): the move.
            game (str | None): the game id, when ``move.game`` is None.

        Returns:
            Command: a game command (``changes_state`` true) with
            :attr:`move` set.
        """
        check, apply, message = move.check, move.apply, move.message

        def validate(state: Any, args: Any) -> None:
            check(state, *spread(args))  # type: ignore[misc]

        def handler(ctx: CommandContext[S], args: Any) -> None:
            before = ctx.state
            ctx.state = after = apply(before, *spread(args))
            if message is not None:
                text = message(before, after)
                if text:
                    ctx.echo(text)

        return cls(
            name=move.name,
            summary=move.summary,
            handler=handler,
            game=move.game or game,
            aliases=move.aliases,
            usage=move.usage,
            help=move.help,
            parse=move.parse,
            validators=(validate,) if check is not None else (),
            complete=move.complete,
            pattern=move.pattern,
            show_state=move.show_state,
            move=move,
        )

    @property
    def words(self) -> tuple[str, ...]:
        """The name followed by the aliases."""
        return (self.name, *self.aliases)

    @property
    def usage_text(self) -> str:
        """The usage, or the name when no usage was given."""
        return self.usage or self.name


class CommandContext(Generic[S]):
    """What a command handler receives besides its parsed arguments.

    Generic over the state type ``S`` like :class:`Game`.

    Attributes:
        state (S): the working copy of the current game's state (None for a
            global command outside a game).  Change it in place or assign a
            new state; it is kept only if the handler returns normally.
        line (str): the whole line as typed, stripped.
        game_id (str | None): the current game's id.
        shell (ShellView | None): the shell, read-only
            (:class:`cardshell.views.ShellView`: the registered games, the
            games in progress, the data directory); for cross-cutting
            plugins such as statistics, not for game rules.  None where a
            handler runs outside a shell (the host's search for ``hint``,
            ``solve`` and sweeps applies moves to states it explores).
        interactive (bool): True when a person is typing at a terminal.

    Methods:
        echo(text, exact=False): print text once the command is accepted
            (fitted to the screen unless ``exact``).
        progress(iterable, total, label): a progress bar on a terminal for
            long loops (Ctrl-C aborts the command, the shell goes on).
        leave(): end the current game once the command is accepted, as
            ``quit`` does (a "play again? (y/n)" answered ``n``).
        then(line, step=False): run a line after this command, as if typed
            next (``step``: one of the moves played for the player, paced
            at a terminal, only the last shown in scripts).
    """

    def __init__(self, *, state: S, line: str, game_id: str | None, shell: ShellView | None,
                 interactive: bool) -> None:
        self.state = state
        self.line = line
        self.game_id = game_id
        self.shell = shell
        self.interactive = interactive
        self.output: list[str] = []
        self.leave_requested = False
        self.follow_up: list[str] = []
        self.steps = False
        self.pace: float | None = None

    def then(self, line: str, *, step: bool = False, pace: float | None = None) -> None:
        """Run ``line`` after this command is accepted, as if the player
        typed it next (shown, recorded and undoable like a typed line);
        ``solve --play`` uses it.  Follow-up lines stop at the first one
        rejected.  Nothing happens if this command is rejected.

        Args:
            line (str): one command line.
            step (bool): the line is one step of moves played for the player
                (``solve --play``): at a terminal the front end plays the
                steps at a readable pace, showing each board, and any key
                stops the rest; a script shows every step and its output,
                as for any follow-up line.  Once one line is a step, every
                follow-up line of the command is.
            pace (float | None): seconds between two steps at a terminal
                (``solve --play --pace S``); None leaves the front end's
                default (half a second).  The last value given counts.
        """
        self.follow_up.append(line)
        self.steps = self.steps or step
        if pace is not None:
            self.pace = pace

    def leave(self) -> None:
        """Ask the host to leave (end) the current game once this command is
        accepted, as if the player typed ``quit`` (a "Play again? (y/n)"
        answered ``n``).  Nothing happens if the command is rejected."""
        self.leave_requested = True

    def echo(self, text: str = "", *, exact: bool = False) -> None:
        """Print ``text`` (one or more lines, no trailing newline needed).

        Output is shown only if the command is accepted, after the command
        and before the state display.  The host fits it to the player's
        screen: a line wider than the terminal (80 characters in scripts)
        is broken between words (:mod:`cardshell.screen`).

        Args:
            text (str): the text.
            exact (bool): show it as it is, never wrapped (a game's own
                diagram or hand-out-exact text, like a board: the kind
                ``exact`` of :data:`cardshell.screen.EXCEPTIONS`).
        """
        if exact:
            text = Exact(text, "exact")
        self.output.append(text)

    def progress(self, iterable: Iterable[Any], total: int | None = None, label: str = "") -> Iterator[Any]:
        """Iterate with a progress bar on a terminal, plainly in scripts.

        Args:
            iterable: the work items (e.g. ``range(n)`` games to simulate).
            total (int | None): the number of items, if ``len`` cannot tell.
            label (str): a short text shown beside the bar.

        Yields:
            the items of ``iterable``.  Ctrl-C raises KeyboardInterrupt out of
            the loop; the host then rejects the command as interrupted and
            keeps the shell running.
        """
        runner = None if self.shell is None else self.shell.progress
        if runner is None or not self.interactive:
            yield from iterable
        else:
            yield from runner(iterable, total=total, label=label)
