"""cardshell: a command shell that hosts games as pluggy plugins.

The public contract for plugin authors is re-exported here: :data:`hookimpl`
(hooks in :mod:`cardshell.hookspecs`); the records :class:`Game`,
:class:`Move`, :class:`Command`, :class:`Option`, :class:`Outcome`,
:class:`Hint`, :class:`CommandContext`, :class:`Search`, :class:`Budget`
and :class:`Verdict` (:mod:`cardshell.records`); the read-only views
:class:`SessionView` and :class:`ShellView`; the errors
:class:`CommandError` and :class:`UsageError`.  The toolkit, with the same
stability promise (docs/plugins.md, "The toolkit"): :mod:`cardshell.parsers`,
:mod:`cardshell.cards`, :mod:`cardshell.rng`, the sweep engine
:mod:`cardshell.sweep` (:mod:`cardshell.montecarlo` is deprecated),
:mod:`cardshell.pipes`, :mod:`cardshell.paths`,
:mod:`cardshell.contractcheck` and :mod:`cardshell.testing`.
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
