"""The sweep engine: play (or solve) many seeded deals, anywhere, same result.

A *sweep* runs one function of a deal's seed over many seeds and folds the
results.  ``simulate`` of every game runs on it (issue 14), and so will
solver sweeps such as ``winnability GAME``.  The game supplies only what is
its own; the engine owns the rest, the same for every game.

What a game supplies
--------------------

* A **task**: ``task(chunk) -> result``, playing or solving the deals of
  ``chunk`` (a ``range`` of consecutive seeds, or a tuple of seeds) and
  returning a *small picklable* result.  It runs in this process, in worker
  processes or on Dask workers, so it is a module-level function or one of
  the wrappers of :mod:`cardshell.sweep.tasks` around one:
  ``PerDeal(play)`` (a list of per-deal results: ``play(seed) -> R``),
  ``Tally(play, outcomes)`` (counts of ``play(seed) -> k``),
  ``RangeCounter(count)`` (a game's own fast loop over consecutive seeds).
  It must depend on nothing but its argument (options are bound with
  ``functools.partial``).
* A **reduction**: ``start`` (the empty total) and ``add(total, result)``,
  run in this process in deal order (:func:`cardshell.sweep.tasks.add_counts`
  for counts), or any ``consume(chunk, result)`` callback.

What the engine does
--------------------

* :func:`run` / :func:`reduce`: a chunked parallel map with an **ordered
  reduction**: chunks are made lazily (:mod:`cardshell.sweep.deals`; memory
  does not depend on the number of deals, at most a few chunks per worker
  are in flight), and results reach the consumer in deal order, so the
  result is the same on every backend;
* backends: this process (:class:`Serial`), ``--jobs J`` processes
  (:class:`Pool`), a Dask cluster (:class:`DaskCluster`, optional extra
  ``cardshell[dask]``), chosen by :func:`choose_backend`;
* Ctrl-C stops at once (pool terminated, futures cancelled); SIGTERM and
  SIGHUP stop the workers first, then take their usual course
  (:func:`cardshell.sweep.engine.stop_on_termination`);
* the progress line (:class:`ProgressLine`), the ``simulate`` grammar
  (:class:`Grammar`), the ``--plot`` histogram (:mod:`cardshell.sweep.histogram`)
  and the whole ``simulate`` command (:class:`Simulation`).

A resumable consumer
--------------------

``consume`` sees each chunk with its result in deal order, and nothing
after an interruption, so a consumer that stores results as they come
(e.g. one SQLite row per deal) resumes by running the same task over the
deals it has not stored (any iterable of seeds: ``deals`` need not be a
range)::

    from cardshell import sweep

    def consume(chunk, results):              # PerDeal: one result per seed
        with db:                              # one transaction per chunk
            db.executemany("INSERT INTO deals VALUES (?, ?)", zip(chunk, results))

    todo = [seed for seed in range(0, 2000) if seed not in stored]
    sweep.run(sweep.PerDeal(solve_deal), todo, consume,
              backend=sweep.choose_backend(jobs, scheduler)[0], max_chunk=1)

A ``simulate`` command
----------------------

::

    SIMULATION = sweep.Simulation(
        game="pictures",
        task=lambda state, args: sweep.RangeCounter(uncovered_counts),
        report=lambda counts, run: format_table(counts),
        histogram=lambda counts, run: sweep.Histogram("Pictures uncovered", sweep.trimmed(counts)),
        summary="play N games; print the frequencies",
        help="play the games of seeds ...",
    )
    # in cardshell_commands(): return [..., SIMULATION.command()]
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
