"""The seeds of games started without ``--seed``, drawn from the session seed
(``cardshell --seed``, so a script replays exactly) or the operating system;
a rejected command gives back the seeds it drew.
"""

from __future__ import annotations

import random
from typing import Any

#: Seeds the host picks when ``play`` gets no ``--seed`` are in 1..MAX_SEED.
MAX_SEED = 999_999


class SeedSource:
    """The generator of the seeds of games started without ``--seed``; a
    ``session_seed`` of None draws from ``random.SystemRandom``.
    """

    def __init__(self, session_seed: int | None) -> None:
        self._session_seed = session_seed
        self._generator: random.Random | None = None
        self._before: Any = None  # the generator's state before this command's first draw
        self._marked = False

    @property
    def generator(self) -> random.Random:
        """The generator, made at the first draw."""
        if self._generator is None:
            self._generator = (random.Random(self._session_seed) if self._session_seed is not None
                               else random.SystemRandom())
        return self._generator

    def next_seed(self) -> int:
        """A seed in 1..:data:`MAX_SEED`; the first draw after :meth:`mark` keeps the state before it."""
        if self._marked and self._before is None and type(self.generator) is random.Random:
            self._before = self.generator.getstate()
        return self.generator.randint(1, MAX_SEED)

    def mark(self) -> None:
        """A command starts: remember the state before its first draw."""
        self._marked, self._before = True, None

    def rollback(self) -> None:
        """The command since :meth:`mark` failed: give back the seeds it drew."""
        if self._before is not None and self._generator is not None:
            self._generator.setstate(self._before)
        self._before = None
