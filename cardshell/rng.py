"""The seeded random generator each game instance owns.

docs/howto/write-a-game.md, section 2: a game's randomness comes from one seeded generator
owned by the game instance, never the global ``random`` state.  Keep a
:class:`GameRandom` in the game state: it is a :class:`random.Random` (same
sequence for the same seed, so hand-out results are reproduced exactly),
deep-copies with its position, and compares equal to another generator in
the same position, so that two states can be compared with ``==`` in tests
and the host's rollback restores the generator too.  A contract-2 state,
an immutable value, keeps the generator's state instead
(:data:`GeneratorState`) and draws through a pure function.
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
    """A :class:`random.Random` that compares by position (``getstate()``).

    Args:
        seed (int | None): the seed; the same seed gives the same sequence as
            ``random.Random(seed)``.
    """

    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, random.Random):
            return NotImplemented
        return self.getstate() == other.getstate()

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable
