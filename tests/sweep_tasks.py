"""Module-level chunk tasks for the sweep engine's tests (picklable by
reference, so worker processes and Dask workers can run them)."""

from __future__ import annotations

import random
import threading

OUTCOMES = 6


def die(seed: int) -> int:
    """A game: deal ``seed`` rolls one die (0..5) with ``random.Random(seed)``."""
    return random.Random(seed).randrange(OUTCOMES)


def seeds_of(chunk) -> list[int]:
    """The chunk's seeds, as a list (shows what each chunk held, in order)."""
    return list(chunk)


def fails_on_seed_13(chunk) -> list[int]:
    """Raises ValueError for a chunk holding seed 13."""
    if 13 in chunk:
        raise ValueError("deal 13 is broken")
    return list(chunk)


#: Held by a thread of the test process while a pool runs (see ``lock_is_free``).
HELD = threading.Lock()


def lock_is_free(chunk) -> bool:
    """Whether this process can take :data:`HELD` within 3 seconds: a worker
    forked while another thread held it cannot (its copy stays held)."""
    free = HELD.acquire(timeout=3)
    if free:
        HELD.release()
    return free


def slow_seed_0(chunk) -> list[int]:
    """The chunk's seeds; a chunk holding seed 0 takes 2 seconds first."""
    if 0 in chunk:
        import time

        time.sleep(2)
    return list(chunk)
