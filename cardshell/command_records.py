"""The records of a command: a :class:`Move`, a :class:`Command` and the
:class:`CommandContext` its handler receives.

Part of the plugin contract, re-exported by :mod:`cardshell.records` (import
them from there).  Generic over the game's state type ``S`` as
:class:`cardshell.records.Game` is.  Nothing here does I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic

from cardshell import parsers
from cardshell.render import Text, text_of
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
    """A move of a game in declarative form (contract 2).

    Two pure functions over an immutable state: ``check(state, *args)`` raises
    :class:`cardshell.errors.CommandError` with the player's message when the
    move is illegal now, ``apply(state, *args)`` returns the new state.  The
    host makes a :class:`Command` of it (:meth:`Command.from_move`).  List it
    in :attr:`Game.moves`, or register it for another plugin's game through
    ``cardshell_commands`` with ``game`` set.  A tuple from ``parse`` is
    spread into the arguments, None means none, any other value is one.

    Attributes:
        name: the command word (``"F"``, ``"tt"``).
        summary: one line for help menus.
        apply: returns the new state.
        check: raises CommandError if the move is illegal now; None when
            ``apply`` raises it itself.
        game: the game's id; filled in from :attr:`Game.moves`.
        aliases: other words for the move.
        usage: the grammar shown in help (``"T x y"``).
        help: longer help for ``help NAME``.
        parse: the argument parser (:mod:`cardshell.parsers`); default: none.
        complete: completion of arguments.
        pattern: a whole-line regular expression, as :attr:`Command.pattern`.
        message: ``message(before, after)``: text printed after the move, before
            the display (``"You won!"``); None or "" prints nothing.  On the
            move that ends the game, words naming its result (``won``, as
            ``Outcome.result``) are the ending's statement: the host's line
            after them gives only the score and what to type next.
        show_state: whether the host shows the state after the move.
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
    """The positional arguments a parsed value stands for: a tuple itself, ``()`` for None, else ``(args,)``."""
    if args is None:
        return ()
    if type(args) is tuple:
        return args
    return (args,)


@dataclass(frozen=True)
class Command(Generic[S]):
    """A command a plugin registers through ``cardshell_commands``.

    A line's first word is looked up among the current game's words, then the
    global ones; else a command whose :attr:`pattern` matches the whole line
    gets it.  ``parse(text)``, each ``validator(state, args)`` and
    ``handler(ctx, args)`` then run on a working copy of the state; a
    :class:`cardshell.errors.CommandError` from any rejects the command.

    Attributes:
        name: the command word (``"F"``, ``"simulate"``).
        summary: one line for help menus.
        handler: carries the command out: changes ``ctx.state`` (or assigns a
            new one) and prints with ``ctx.echo``.
        game: the id of the game it belongs to (any plugin may add to any
            game), or None for a global command.
        aliases: other words for the command.
        usage: the grammar shown in help; defaults to the name.
        help: longer help for ``help NAME``.
        parse: the argument parser (:mod:`cardshell.parsers`); default: none.
        validators: rule checks run before the handler.
        complete: completion of arguments.
        pattern: a regular expression ``re.fullmatch``-ed against the stripped
            line (ignoring case unless the game is case sensitive); the name
            and aliases then only name the command in ``help``.
        show_state: whether the host shows the state after success.
        changes_state: False for commands that only report (``simulate``): not
            logged, not undone, their working copy dropped.
        move: the :class:`Move` this command was made from, else None.
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
        """The command for ``move``: its validator calls ``move.check``, its handler
        ``move.apply`` then ``move.message``, with the arguments spread (:func:`spread`).

        ``game`` is the game id when ``move.game`` is None.
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

    Attributes:
        state: the working copy of the game's state (None for a global command
            outside a game), kept only if the handler returns normally.
        line: the whole line as typed, stripped.
        game_id: the current game's id.
        shell: the shell, read-only (:class:`cardshell.views.ShellView`), for
            cross-cutting plugins such as statistics; None where a handler runs
            outside a shell (the host's search).
        interactive: True when a person is typing at a terminal.

    Methods:
        echo(text, exact=False): print text once the command is accepted.
        progress(iterable, total, label): a progress bar on a terminal.
        leave(): end the current game once the command is accepted.
        then(line, step=False, pace=None): run a line next, as if typed.
    """

    def __init__(self, *, state: S, line: str, game_id: str | None, shell: ShellView | None,
                 interactive: bool) -> None:
        self.state = state
        self.line = line
        self.game_id = game_id
        self.shell = shell
        self.interactive = interactive
        self.output: list[Text] = []
        self.leave_requested = False
        self.follow_up: list[str] = []
        self.steps = False
        self.pace: float | None = None

    def then(self, line: str, *, step: bool = False, pace: float | None = None) -> None:
        """Run ``line`` after this command is accepted, as if typed next (shown,
        recorded, undoable); follow-up lines stop at the first one rejected.

        ``step`` marks one of the moves played for the player (``solve --play``):
        a terminal plays them at a readable pace, ``pace`` seconds apart (None:
        half a second), showing each board, any key stopping the rest.
        """
        self.follow_up.append(line)
        self.steps = self.steps or step
        if pace is not None:
            self.pace = pace

    def leave(self) -> None:
        """End the current game once this command is accepted, as ``quit`` does
        (a "Play again? (y/n)" answered ``n``).
        """
        self.leave_requested = True

    def echo(self, text: Text = "", *, exact: bool = False) -> None:
        """Print ``text`` (lines, no trailing newline needed) if the command is
        accepted, after it and before the state display.

        Lines wider than the terminal (80 characters in scripts) are broken between
        words (:mod:`cardshell.screen`) unless ``exact`` (a game's own diagram, the
        kind ``exact`` of :data:`cardshell.screen.EXCEPTIONS`).
        """
        if exact:
            text = Exact(text_of(text), "exact")
        self.output.append(text)

    def progress(self, iterable: Iterable[Any], total: int | None = None, label: Text = "") -> Iterator[Any]:
        """Iterate over ``iterable`` with a progress bar on a terminal, plainly in scripts.

        ``total`` is the number of items when ``len`` cannot tell; ``label`` is
        shown beside the bar.  Ctrl-C raises KeyboardInterrupt out of the loop, and
        the host rejects the command as interrupted.
        """
        runner = None if self.shell is None else self.shell.progress
        if runner is None or not self.interactive:
            yield from iterable
        else:
            yield from runner(iterable, total=total, label=label)
