"""The grammar of ``winnability``, with its bounds.

::

    winnability GAME [--deals A:B] [--seconds S] [--nodes N]
                [--thoughtful | --honest] [--samples K]
                [--jobs J] [--scheduler ADDR] [--export FILE.csv] [--plot [FILE.png]]
                [--retry-unknown] [--list]

* ``GAME``: a game id or a unique prefix (``aces``);
* ``--deals A:B``: the deals (seeds) A, A+1, ..., B-1, with
  ``0 <= A < B <= MAX_SEED`` and at most :data:`MAX_DEALS` of them
  (default ``0:100``);
* ``--seconds S``: the time limit per deal, above 0 and at most
  :data:`MAX_SECONDS` (default :data:`SECONDS`, honest :data:`HONEST_SECONDS`);
* ``--nodes N``: positions, 1 to :data:`MAX_NODES`; per deal when
  thoughtful (default :data:`THOUGHTFUL_NODES`), per move when honest
  (default :data:`HONEST_NODES`);
* ``--thoughtful`` (default) or ``--honest``; ``--samples K`` (honest only,
  1 to :data:`MAX_SAMPLES`, default :data:`SAMPLES`);
* ``--jobs J`` / ``--scheduler ADDR``: as for ``simulate``
  (:mod:`cardshell.sweep.backends`), not both;
* ``--export FILE.csv``: write the rows of the run's deals as CSV;
* ``--plot``: a text histogram of the time per settled deal;
  ``--plot FILE.png`` also writes it as a PNG (matplotlib);
* ``--retry-unknown``: solve again the deals stored as unknown with this
  very budget (their time limit is wall-clock seconds, so a run on a busy
  machine may leave unknowns that an idle one settles);
* ``--list``: the report lists every deal won, not won and unknown (by
  default the first :data:`cardshell.winnability.report.LISTED` of each).

Options are argparse's (:class:`cardshell.option_values.OptionParser`: a
bad option is a :class:`~cardshell.errors.UsageError`, nothing runs; full
option names only; ``--deals -5:3`` is read as the value of ``--deals``);
every number is read by :mod:`cardshell.option_values` and checked against
its bound before anything is solved.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardshell import option_values, parsers
from cardshell.assist import MAX_NODES, MAX_SAMPLES, MAX_SECONDS
from cardshell.errors import UsageError
from cardshell.messages import say
from cardshell.option_values import OptionParser
from cardshell.sweep.grammar import MAX_JOBS, MAX_PATH, MAX_SEED, check_address, integer

__all__ = ["DEFAULT_DEALS", "HONEST_NODES", "HONEST_SECONDS", "MAX_DEALS", "MAX_NODES", "MAX_SAMPLES", "MAX_SECONDS",
           "OPTIONS", "SAMPLES", "SECONDS", "THOUGHTFUL_NODES", "USAGE", "WinnabilityArgs", "parse", "parse_deals"]

#: The most deals one run may cover (lazy chunks keep the memory flat; this
#: bounds typing mistakes and the report's list of times, 8 bytes a deal).
MAX_DEALS = 1_000_000
#: The deals when ``--deals`` is not given.
DEFAULT_DEALS = range(0, 100)
#: Default seconds per deal (thoughtful).
SECONDS = 10.0
#: Default seconds per deal (honest: all the moves of a deal together).
HONEST_SECONDS = 60.0
#: Default positions per deal (thoughtful): a bound on memory (a solver keeps
#: at most this many positions, a few hundred bytes each, about 0.5 GB), set
#: above what the solvers reach in :data:`SECONDS` (Aces Up at most 366,592
#: over deals 0..1,999) so that the time limit is the one that stops a deal.
THOUGHTFUL_NODES = 1_000_000
#: Default positions per move (honest), shared by the samples.
HONEST_NODES = 2_000
#: Default determinizations per move (honest).
SAMPLES = 10

#: The usage line of help menus; :data:`OPTIONS` lists the options.
USAGE = "winnability GAME [OPTIONS]"
#: The options, as the command's help lists them.
OPTIONS = ("--deals A:B, --seconds S, --nodes N, --thoughtful | --honest, --samples K, --jobs J, "
           "--scheduler ADDR, --export FILE.csv, --plot [FILE.png], --retry-unknown, --list")

_DEALS = re.compile(r"([0-9]+):([0-9]+)")


@dataclass(frozen=True)
class WinnabilityArgs:
    """The parsed arguments of ``winnability``.

    Attributes:
        game (str): the game as typed (an id or a prefix).
        deals (range): the seeds, step 1, 1 to :data:`MAX_DEALS` of them.
        mode (str): ``"thoughtful"`` or ``"honest"``.
        seconds (float): seconds per deal.
        nodes (int): positions per deal (thoughtful) or per move (honest).
        samples (int): determinizations per move (honest); 0 when thoughtful.
        jobs (int | None): ``--jobs`` as typed, None if not given.
        scheduler (str | None): ``--scheduler``, None if not given.
        export (str | None): the CSV file to write, or None.
        plot (bool): ``--plot`` was given.
        plot_file (str | None): the PNG to write, or None.
        retry_unknown (bool): solve again the deals stored as unknown with
            this budget.
        list_all (bool): ``--list``: the report lists every deal won, not
            won and unknown (else the first :data:`cardshell.winnability.report.LISTED`
            of each).
    """

    game: str
    deals: range = DEFAULT_DEALS
    mode: str = "thoughtful"
    seconds: float = SECONDS
    nodes: int = THOUGHTFUL_NODES
    samples: int = 0
    jobs: int | None = None
    scheduler: str | None = None
    export: str | None = None
    plot: bool = False
    plot_file: str | None = None
    retry_unknown: bool = False
    list_all: bool = False


def parse_deals(text: str) -> range:
    """``A:B`` as the range of seeds A .. B-1.

    Raises:
        UsageError: not two whole numbers, A >= B, B above MAX_SEED, or more
            than :data:`MAX_DEALS` deals.
    """
    found = _DEALS.fullmatch(text) if text.isascii() and len(text) <= 45 else None
    if found is None:
        raise UsageError(say("winnability.deals-form", limit=f"{MAX_SEED:,}", deals=parsers.quoted(text)))
    start = integer(found[1], say("winnability.what-first-deal"), 0, MAX_SEED)
    stop = integer(found[2], say("winnability.what-end"), 0, MAX_SEED)
    if start >= stop:
        raise UsageError(say("winnability.deals-empty", start=start, stop=stop))
    if stop - start > MAX_DEALS:
        raise UsageError(say("winnability.too-many-deals", start=start, stop=stop, count=f"{stop - start:,}",
                             limit=f"{MAX_DEALS:,}"))
    return range(start, stop)


def _parser() -> OptionParser:
    parser = OptionParser(prog="winnability", add_help=False, allow_abbrev=False)
    parser.add_argument("game", nargs="?")
    parser.add_argument("--deals")
    parser.add_argument("--seconds")
    parser.add_argument("--nodes")
    modes = parser.add_mutually_exclusive_group()
    modes.add_argument("--thoughtful", dest="mode", action="store_const", const="thoughtful")
    modes.add_argument("--honest", dest="mode", action="store_const", const="honest")
    parser.add_argument("--samples")
    parser.add_argument("--jobs", "-j")
    parser.add_argument("--scheduler")
    parser.add_argument("--export")
    parser.add_argument("--plot", nargs="?", const=True, default=False)
    parser.add_argument("--retry-unknown", action="store_true")
    parser.add_argument("--list", action="store_true")
    return parser


_PARSER = _parser()


def parse(text: str) -> WinnabilityArgs:
    """Parse what followed ``winnability`` (usable as ``Command.parse``).

    Args:
        text (str): the argument text (shell words).

    Returns:
        WinnabilityArgs: the arguments, every bound checked.

    Raises:
        UsageError: no game, an unknown option, a value out of its bound or
            of the wrong form, ``--samples`` without ``--honest``, ``--jobs``
            with ``--scheduler``, an export not ending in ``.csv`` or a plot
            file not ending in ``.png``.
    """
    namespace = _PARSER.parse_words(parsers.shell_words(text))
    if not namespace.game:
        raise UsageError(say("winnability.which-game"))
    mode = namespace.mode or "thoughtful"
    honest = mode == "honest"
    deals = DEFAULT_DEALS if namespace.deals is None else parse_deals(namespace.deals)
    seconds = (HONEST_SECONDS if honest else SECONDS) if namespace.seconds is None else \
        option_values.seconds(namespace.seconds, "--seconds", MAX_SECONDS)
    nodes = (HONEST_NODES if honest else THOUGHTFUL_NODES) if namespace.nodes is None else \
        integer(namespace.nodes, "--nodes", 1, MAX_NODES)
    if namespace.samples is not None and not honest:
        raise UsageError(say("winnability.samples-honest-only"))
    samples = 0 if not honest else SAMPLES if namespace.samples is None else \
        integer(namespace.samples, "--samples", 1, MAX_SAMPLES)
    jobs = None if namespace.jobs is None else integer(namespace.jobs, "--jobs", 0, MAX_JOBS)
    scheduler = None if namespace.scheduler is None else check_address(namespace.scheduler)
    if jobs is not None and scheduler is not None:
        raise UsageError(say("sweep.jobs-and-scheduler"))
    export = namespace.export
    if export is not None and (not export.lower().endswith(".csv") or len(export) > MAX_PATH):
        raise UsageError(say("winnability.export-not-csv", limit=MAX_PATH, file=parsers.quoted(export)))
    plot_file = namespace.plot if isinstance(namespace.plot, str) else None
    if plot_file is not None and (not plot_file.lower().endswith(".png") or len(plot_file) > MAX_PATH):
        raise UsageError(say("sweep.plot-not-png", limit=MAX_PATH, file=parsers.quoted(plot_file)))
    return WinnabilityArgs(namespace.game, deals, mode, seconds, nodes, samples, jobs, scheduler, export,
                           bool(namespace.plot), plot_file, namespace.retry_unknown, namespace.list)
