"""Which backend a sweep runs on: one core, ``--jobs J`` processes, or Dask.

``--scheduler ADDR`` runs on the Dask cluster at ADDR; without it,
:data:`ENV_SCHEDULER` names one unless ``--jobs`` is given.  Otherwise
``--jobs J`` processes: J = 0 or no ``--jobs`` is every usable core, J = 1
runs in this process, and J is capped at the usable cores (more processes
would only share them), with a note.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from cardshell.errors import CommandError, UsageError
from cardshell.messages import say
from cardshell.render import Text
from cardshell.sweep.engine import Backend
from cardshell.sweep.grammar import check_address
from cardshell.sweep.serial import Serial

__all__ = ["ENV_SCHEDULER", "choose_backend", "resolve_jobs", "usable_cores"]

#: The environment variable naming a default Dask scheduler address.
ENV_SCHEDULER = "CARDSHELL_DASK_SCHEDULER"


def usable_cores() -> int:
    """The number of cores this process may run on (``os.sched_getaffinity``, else ``os.cpu_count``), >= 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - platforms without affinity
        return os.cpu_count() or 1


def resolve_jobs(jobs: int | None, cores: int | None = None) -> tuple[int, Text | None]:
    """The number of processes for ``--jobs``, and a note when it was capped.

    Args:
        jobs: as typed; None or 0 for every usable core.
        cores: the usable cores; None asks :func:`usable_cores`.

    Returns:
        Processes, 1 .. cores, and the note (``"note: --jobs 100 is more than
        the 2 usable cores; using 2"``) or None.

    Raises:
        ValueError: if ``jobs`` is negative.
    """
    if jobs is not None and jobs < 0:
        raise ValueError(f"jobs must be >= 0, got {jobs}")
    cores = usable_cores() if cores is None else cores
    if not jobs:
        return cores, None
    if jobs > cores:
        return cores, say("sweep.jobs-capped" if cores != 1 else "sweep.jobs-capped-one", jobs=jobs, cores=cores)
    return jobs, None


def choose_backend(jobs: int | None, scheduler: str | None,
                   environ: Mapping[str, str] | None = None) -> tuple[Backend, list[Text]]:
    """The backend for a sweep by this module's rules, not started, and notes for the user.

    Args:
        jobs, scheduler: ``--jobs`` and ``--scheduler`` as typed (None: not given).
        environ: the environment (None: ``os.environ``).

    Raises:
        ValueError: if ``jobs`` is negative.
        CommandError: :data:`ENV_SCHEDULER` is used and is not an address.
    """
    environ = os.environ if environ is None else environ
    if scheduler is None and jobs is None and environ.get(ENV_SCHEDULER, "").strip():
        try:
            scheduler = check_address(environ[ENV_SCHEDULER].strip(), ENV_SCHEDULER)
        except UsageError as exc:
            raise CommandError(exc.said) from None
    if scheduler is not None:
        from cardshell.sweep.cluster import DaskCluster

        return DaskCluster(scheduler), []
    processes, note = resolve_jobs(jobs)
    notes: list[Text] = [note] if note else []
    if processes == 1:
        return Serial(), notes
    from cardshell.sweep.pool import Pool

    return Pool(processes), notes
