"""The seeded random generator each game instance owns.

A game's randomness comes from one seeded generator in its state, never the
global ``random`` (docs/howto/write-a-game.md).  :class:`GameRandom` gives
``random.Random``'s sequences, deep-copies with its position and compares
equal to a generator at the same position, so states compare with ``==``
and rollback restores it.  A contract-2 state keeps the generator's state
instead (:data:`GeneratorState`) and draws through a pure function.
"""

from __future__ import annotations

import random
from typing import Any

#: The state of a :class:`random.Random` as :meth:`~random.Random.getstate`
#: gives it and :meth:`~random.Random.setstate` takes it: the version, 625
#: ints and the next Gaussian value (or None).  A state that keeps its
#: generator immutably keeps this tuple; declared with this type, the field
#: lets the host prove the state immutable (docs/howto/write-a-game.md,
#: "What the host checks").
GeneratorState = tuple[int, tuple[int, ...], float | None]


class GameRandom(random.Random):
    """A :class:`random.Random` that compares by position (``getstate()``); a seed
    gives the same sequence as ``random.Random(seed)``.
    """

    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, random.Random):
            return NotImplemented
        return self.getstate() == other.getstate()

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable
