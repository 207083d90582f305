"""The sweep engine: play (or solve) many seeded deals, anywhere, same result.

A sweep runs one function of a deal's seed over many seeds and folds the
results; ``simulate`` and ``winnability`` run on it.  A game supplies:

* a **task** ``task(chunk) -> result`` over a chunk of seeds (a ``range``
  or a tuple), returning a small picklable result and depending on nothing
  but its argument (bind options with ``functools.partial``): a
  module-level function or a wrapper of :mod:`cardshell.sweep.tasks`
  (``PerDeal(play)``, ``Tally(play, outcomes)``, ``RangeCounter(count)``);
* a **reduction**: ``start`` and ``add(total, result)`` run here in deal
  order, or any ``consume(chunk, result)`` callback.

The engine (:func:`run`, :func:`reduce`) makes chunks lazily, keeps a few in
flight per worker and hands results over in deal order, so the result is
the same on one core (:class:`Serial`), ``--jobs J`` processes
(:class:`Pool`) or a Dask cluster (:class:`DaskCluster`), chosen by
:func:`choose_backend`.  Ctrl-C stops at once; SIGTERM and SIGHUP stop the
workers first.  It also gives the progress line, the ``simulate`` grammar,
the ``--plot`` histogram and the whole ``simulate`` command
(:class:`Simulation`)::

    SIMULATION = sweep.Simulation(
        game="pictures",
        task=lambda state, args: sweep.RangeCounter(uncovered_counts),
        report=lambda counts, run: format_table(counts),
        histogram=lambda counts, run: sweep.Histogram("Pictures uncovered", sweep.trimmed(counts)),
        summary="play N games; print the frequencies",
        help="play the games of seeds ...",
    )
    # in cardshell_commands(): return [..., SIMULATION.command()]

A consumer that stores each chunk's results as they come resumes by
running the same task over the deals it has not stored (``deals`` may be
any iterable of seeds), since nothing reaches it after an interruption.
"""

from cardshell.progress import ProgressLine
from cardshell.sweep.backends import ENV_SCHEDULER, choose_backend, resolve_jobs, usable_cores
from cardshell.sweep.cluster import DaskCluster
from cardshell.sweep.command import Simulation, SweepRun
from cardshell.sweep.deals import MAX_CHUNK, MAX_DEALS, Chunk, chunk_size, chunked
from cardshell.sweep.engine import Backend, reduce, run
from cardshell.sweep.grammar import MAX_SEED, Extra, Grammar, SweepArgs
from cardshell.sweep.histogram import Histogram, binned, trimmed
from cardshell.sweep.pool import Pool
from cardshell.sweep.serial import Serial
from cardshell.sweep.tasks import PerDeal, RangeCounter, Tally, add_counts

__all__ = [
    "ENV_SCHEDULER",
    "MAX_CHUNK",
    "MAX_DEALS",
    "MAX_SEED",
    "Backend",
    "Chunk",
    "DaskCluster",
    "Extra",
    "Grammar",
    "Histogram",
    "PerDeal",
    "Pool",
    "ProgressLine",
    "RangeCounter",
    "Serial",
    "Simulation",
    "SweepArgs",
    "SweepRun",
    "Tally",
    "add_counts",
    "binned",
    "choose_backend",
    "chunk_size",
    "chunked",
    "reduce",
    "resolve_jobs",
    "run",
    "trimmed",
    "usable_cores",
]
