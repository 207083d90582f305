"""A game's ``simulate`` command on the sweep engine.

A game describes its simulation once as a :class:`Simulation` (the chunk
task, the fold, the report, the ``--plot`` distribution);
:meth:`Simulation.command` makes the ``Command`` record it registers.  The
grammar, backends, progress line, Ctrl-C and histogram are the engine's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardshell import layout
from cardshell.messages import say
from cardshell.progress import ProgressLine
from cardshell.records import Command, CommandContext
from cardshell.render import Text
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
        n: deals played.
        first: the first deal's seed (deals ``first .. first + n - 1``).
        args: the parsed arguments (``args.extras``: the game's own integers).
        state: the game's state when ``simulate`` was typed.
    """

    n: int
    first: int
    args: SweepArgs
    state: Any


@dataclass(frozen=True)
class Simulation:
    """A game's simulation, as the engine needs it.

    Attributes:
        game: the game id the command belongs to.
        task: ``task(state, args)`` gives the picklable chunk task, e.g.
            ``Tally(play_round, 3)``.
        report, histogram: the text printed and what ``--plot`` draws for the total.
        summary, help: the command's; the engine adds the options' help.
        grammar: the game's variant of the grammar.
        unit: what a deal is called, plural (``"games"``, ``"rounds"``).
        start, add: make the empty total and fold a chunk's result into it.
        max_chunk: the most deals in one chunk.
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

    def run(self, state: Any, args: SweepArgs, ctx: CommandContext | None = None) -> tuple[Any, SweepRun, list[Text]]:
        """Play the deals ``args`` asks for and fold their results.

        ``state.seed`` is the default first seed; ``ctx`` shows progress (None: none).

        Returns:
            The total, what was run, and notes for the user (a capped ``--jobs``).

        Raises:
            CommandError: the backend cannot run (Dask missing or unreachable, a
                bad ``CARDSHELL_DASK_SCHEDULER``).
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
        """The handler of ``simulate``: echo the notes, the report and, with ``--plot``, the histogram.

        Raises:
            CommandError: the PNG cannot be written (checked before the sweep), or
                the backend cannot run.
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
        """The game's ``simulate`` Command record, to register in ``cardshell_commands``.

        The command changes no state and shows none.
        """
        aliases = "".join(f" (or {alias} SEED)" for alias in self.grammar.first_aliases)
        seeds = (f"N is at most {self.grammar.max_deals:,}.  " if "SEED" in self.help  # the game's help says the rule
                 else f"Deals are seeds SEED .. SEED+N-1 (N at most {self.grammar.max_deals:,}), SEED being "
                      f"--first SEED{aliases}, else this game's seed.  ")
        options_help = (
            f"{seeds}"
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
            help="\n".join([*layout.paragraph(self.help, HELP_WIDTH), *layout.paragraph(options_help, HELP_WIDTH)]),
            parse=self.grammar.parse,
            show_state=False,
            changes_state=False,
        )
