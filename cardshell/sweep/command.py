"""A game's ``simulate`` command on the sweep engine.

A game describes its simulation once, as a :class:`Simulation`: how to
build the chunk task from the game's state and the arguments, how to fold
the chunk results (by default element-wise sums of counts), the report it
prints, and the distribution ``--plot`` draws.  :meth:`Simulation.command`
turns it into the ``Command`` record the game registers; the grammar
(:mod:`.grammar`), the backends (:mod:`.backends`), the progress line
(:mod:`.progress`), Ctrl-C and the histogram (:mod:`.histogram`) are the
engine's, the same for every game.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardshell.messages import say
from cardshell.progress import ProgressLine
from cardshell.records import Command, CommandContext
from cardshell.sweep import histogram as histograms
from cardshell.sweep.backends import ENV_SCHEDULER, choose_backend
from cardshell.sweep.deals import MAX_CHUNK, Chunk
from cardshell.sweep.engine import reduce
from cardshell.sweep.grammar import Grammar, SweepArgs
from cardshell.sweep.tasks import add_counts

__all__ = ["HELP_WIDTH", "Simulation", "SweepRun"]

#: The width the command's help is wrapped to.
HELP_WIDTH = 88


@dataclass(frozen=True)
class SweepRun:
    """What a report is about: the deals played and the arguments.

    Attributes:
        n (int): deals played.
        first (int): the first deal's seed (deals ``first .. first + n - 1``).
        args (SweepArgs): the parsed arguments (``args.extras`` for the
            game's own integers).
        state (Any): the game's state when ``simulate`` was typed.
    """

    n: int
    first: int
    args: SweepArgs
    state: Any


@dataclass(frozen=True)
class Simulation:
    """A game's simulation, as the engine needs it.

    Attributes:
        game (str): the game id the command belongs to.
        task (Callable[[Any, SweepArgs], Callable[[Chunk], Any]]):
            ``task(state, args)`` returns the picklable chunk task (see
            :mod:`cardshell.sweep.tasks`), e.g. ``Tally(play_round, 3)``.
        report (Callable[[Any, SweepRun], str]): the text printed for the
            total.
        histogram (Callable[[Any, SweepRun], Histogram]): what ``--plot``
            draws for the total.
        summary (str): the command's one-line summary.
        help (str): what the command does, the game's part; the engine adds
            the options' help.
        grammar (Grammar): the game's variant of the grammar.
        unit (str): what a deal is called, plural (``"games"``, ``"rounds"``).
        start (Callable[[], Any]): makes the empty total (``list``: counts).
        add (Callable[[Any, Any], Any]): folds a chunk's result into the
            total, in deal order (:func:`~cardshell.sweep.tasks.add_counts`).
        max_chunk (int): the most deals in one chunk.
    """

    game: str
    task: Callable[[Any, SweepArgs], Callable[[Chunk], Any]]
    report: Callable[[Any, SweepRun], str]
    histogram: Callable[[Any, SweepRun], histograms.Histogram]
    summary: str
    help: str
    grammar: Grammar = field(default_factory=Grammar)
    unit: str = "games"
    start: Callable[[], Any] = list
    add: Callable[[Any, Any], Any] = add_counts
    max_chunk: int = MAX_CHUNK

    def run(self, state: Any, args: SweepArgs, ctx: CommandContext | None = None) -> tuple[Any, SweepRun, list[str]]:
        """Play the deals ``args`` asks for and fold their results.

        Args:
            state (Any): the game's state (its ``seed`` is the default first
                seed; the task may read options from it).
            args (SweepArgs): the parsed arguments.
            ctx (CommandContext | None): the command's context, for the
                progress line (None: no progress shown).

        Returns:
            tuple[Any, SweepRun, list[str]]: the total, what was run, and
            notes for the user (a capped ``--jobs``).

        Raises:
            CommandError: the backend cannot run (Dask missing or
                unreachable, a bad ``CARDSHELL_DASK_SCHEDULER``).
            KeyboardInterrupt: on Ctrl-C; nothing is kept.
        """
        first = args.first if args.first is not None else state.seed
        backend, notes = choose_backend(args.jobs, args.scheduler)
        progress = None
        if ctx is not None:
            label = say("sweep.progress-label", deals=f"{args.n:,}")
            progress = ProgressLine.for_context(ctx, args.n, label, self.unit)
        total = reduce(self.task(state, args), range(first, first + args.n), self.start(), self.add,
                       backend=backend, progress=progress, max_chunk=self.max_chunk)
        return total, SweepRun(args.n, first, args, state), notes

    def handle(self, ctx: CommandContext, args: SweepArgs) -> None:
        """The handler of ``simulate``: check the plot target, run, echo.

        Echoes the notes, the game's report, then with ``--plot`` the text
        histogram and, for ``--plot FILE.png``, the PNG's path once written.

        Raises:
            CommandError: the PNG cannot be written (checked before the
                sweep, so no time is lost), or the backend cannot run.
        """
        data_dir = ctx.shell.data_dir if ctx.shell is not None else None
        target = histograms.check_png_target(args.plot_file, data_dir) if args.plot_file else None
        total, run, notes = self.run(ctx.state, args, ctx)
        for note in notes:
            ctx.echo(note)
        ctx.echo(self.report(total, run))
        if args.plot:
            drawn = self.histogram(total, run)
            width = ctx.shell.width if ctx.shell is not None else histograms.COLUMNS
            ctx.echo(histograms.text(drawn, max(width, 40)))  # the screen's width (at least 40)
            if target is not None:
                histograms.write_png(drawn, target)
                ctx.echo(say("sweep.wrote-histogram", file=target))

    def command(self) -> Command:
        """The ``simulate`` Command record of the game.

        Returns:
            Command: named ``simulate``, for :attr:`game`, with the grammar's
            usage and parser, :meth:`handle` as handler, the game's help
            followed by the options' help; it changes no state and shows
            none.  Register it in the game's ``cardshell_commands``.
        """
        options_help = (
            f"Deals are seeds SEED .. SEED+N-1 (N at most {self.grammar.max_deals:,}); "
            "--first SEED sets the first seed, else this game's seed is used.  "
            "--jobs J spreads the deals over J processes (default and 0: every usable core; "
            "more than the usable cores is capped, with a note); --scheduler tcp://HOST:PORT, or the "
            f"environment variable {ENV_SCHEDULER}, runs them on a Dask cluster "
            "(pip install 'cardshell[dask]').  The result is the same wherever they run.  "
            "--plot adds a text histogram, --plot FILE.png also writes it as a PNG "
            "(pip install 'cardshell[plot]').  Ctrl-C stops at once; the game is not changed."
        )
        return Command(
            name="simulate",
            summary=self.summary,
            handler=self.handle,
            game=self.game,
            usage=self.grammar.usage,
            help=f"{textwrap.fill(self.help, HELP_WIDTH)}\n{textwrap.fill(options_help, HELP_WIDTH)}",
            parse=self.grammar.parse,
            show_state=False,
            changes_state=False,
        )
