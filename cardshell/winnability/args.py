"""The grammar of ``winnability``, with its bounds::

    winnability GAME [--deals A:B] [--seconds S] [--nodes N]
                [--thoughtful | --honest] [--samples K]
                [--jobs J] [--scheduler ADDR] [--export FILE.csv] [--plot [FILE.png]]
                [--retry-unknown] [--list]

``--deals A:B`` is seeds A to B-1; ``--seconds`` and ``--nodes`` are per
deal when thoughtful, per move when honest; each number is checked against
its bound (:data:`MAX_DEALS`, :data:`MAX_SECONDS`, :data:`MAX_NODES`)
before anything runs, and a bad option is a
:class:`~cardshell.errors.UsageError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardshell import option_values, parsers
from cardshell.assist import MAX_NODES, MAX_SECONDS
from cardshell.errors import UsageError
from cardshell.messages import say
from cardshell.option_values import OptionParser
from cardshell.settings import MAX_SAMPLES
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
#: Default positions per move and re-drawn deal (honest): each legal move is
#: judged on every re-drawn deal with this many positions of its own
#: (:func:`cardshell.judged_hint.judge`).
HONEST_NODES = 200
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
    """The parsed arguments of ``winnability``, named after its options.

    Attributes:
        game: the game as typed (an id or a prefix).
        deals: the seeds, step 1, 1 to :data:`MAX_DEALS` of them.
        mode: ``"thoughtful"`` or ``"honest"``.
        nodes: positions per deal (thoughtful) or per move (honest).
        samples: determinizations per move (honest); 0 when thoughtful.
        jobs, scheduler, export, plot_file: as typed, None if not given.
        list_all: ``--list``.
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
    """Parse what followed ``winnability`` (``Command.parse``), every bound checked.

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
