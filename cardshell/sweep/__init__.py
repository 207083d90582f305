"""The sweep engine: play (or solve) many seeded deals, anywhere, same result.

A sweep runs one function of a deal's seed over many seeds and folds the
results; ``simulate`` and ``winnability`` run on it.  A game supplies a
**task** ``task(chunk) -> result`` over a chunk of seeds, small, picklable
and depending only on its argument (:mod:`cardshell.sweep.tasks`), and a
**reduction** (``start`` and ``add(total, result)``, or a
``consume(chunk, result)`` callback).

:func:`run` and :func:`reduce` make chunks lazily and hand results over in
deal order, so the result is the same on one core (:class:`Serial`),
``--jobs J`` processes (:class:`Pool`) or a Dask cluster
(:class:`DaskCluster`), chosen by :func:`choose_backend`.  A consumer that
stores each chunk's results resumes by sweeping the deals it has not
stored.  :class:`Simulation` makes a game's whole ``simulate`` command
(docs/howto/write-a-game.md).
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
