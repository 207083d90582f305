"""cardshell: a command shell that hosts games as pluggy plugins.

The public contract for plugin authors is re-exported here:

* :data:`hookimpl` — the marker for hook implementations
  (specifications in :mod:`cardshell.hookspecs`);
* the records :class:`Game`, :class:`Move`, :class:`Command`,
  :class:`Option`, :class:`Outcome`, :class:`Hint` and
  :class:`CommandContext` (:mod:`cardshell.records`);
* the errors :class:`CommandError` and :class:`UsageError`
  (:mod:`cardshell.errors`);
* argument parsers in :mod:`cardshell.parsers`, the card model in
  :mod:`cardshell.cards`, the seeded generator :mod:`cardshell.rng`, the
  Monte Carlo runner :mod:`cardshell.montecarlo`, and the pytest helpers
  in :mod:`cardshell.testing`.
"""

from cardshell.errors import CommandError, UsageError
from cardshell.hookspecs import CONTRACT_VERSION, hookimpl
from cardshell.records import Command, CommandContext, Game, Hint, Move, Option, Outcome

__version__ = "0.1.0"

__all__ = [
    "CONTRACT_VERSION",
    "Command",
    "CommandContext",
    "CommandError",
    "Game",
    "Hint",
    "Move",
    "Option",
    "Outcome",
    "UsageError",
    "__version__",
    "hookimpl",
]
