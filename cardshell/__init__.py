"""cardshell: a command shell that hosts games as pluggy plugins.

The public contract for plugin authors is re-exported here:

* :data:`hookimpl` — the marker for hook implementations
  (specifications in :mod:`cardshell.hookspecs`);
* the records :class:`Game`, :class:`Move`, :class:`Command`,
  :class:`Option`, :class:`Outcome`, :class:`Hint`, :class:`CommandContext`,
  and the search part of a game, :class:`Search` with its :class:`Budget`
  and :class:`Verdict` (:mod:`cardshell.records`), generic over a game's
  state type;
* the read-only views hooks and handlers receive, :class:`SessionView` and
  :class:`ShellView` (:mod:`cardshell.views`);
* the errors :class:`CommandError` and :class:`UsageError`
  (:mod:`cardshell.errors`);
* the toolkit, with the same stability promise as the hooks (docs/plugins.md,
  "The toolkit"): argument parsers in :mod:`cardshell.parsers`, the card
  model in :mod:`cardshell.cards`, the seeded generator
  :mod:`cardshell.rng`, the sweep engine :mod:`cardshell.sweep`
  (``simulate`` on one core, local processes or Dask; its first version,
  :mod:`cardshell.montecarlo`, is deprecated), failing output streams in
  :mod:`cardshell.pipes`, the data directory in :mod:`cardshell.paths`, the
  contract check :mod:`cardshell.contractcheck` and the pytest helpers in
  :mod:`cardshell.testing`.
"""

from __future__ import annotations

from cardshell.errors import CommandError, UsageError
from cardshell.hookspecs import CONTRACT_VERSION, hookimpl
from cardshell.records import Budget, Command, CommandContext, Game, Hint, Move, Option, Outcome, Search, Verdict
from cardshell.version import __version__
from cardshell.views import SessionView, ShellView

__all__ = [
    "CONTRACT_VERSION",
    "Budget",
    "Command",
    "CommandContext",
    "CommandError",
    "Game",
    "Hint",
    "Move",
    "Option",
    "Outcome",
    "Search",
    "SessionView",
    "ShellView",
    "UsageError",
    "Verdict",
    "__version__",
    "hookimpl",
]
