"""cardshell: a command shell that hosts games as pluggy plugins.

Re-exports the plugin contract: :data:`hookimpl`, the records of
:mod:`cardshell.records`, the views of :mod:`cardshell.views` and the
errors of :mod:`cardshell.errors`.  The toolkit, with the same stability
promise (docs/plugins.md): :mod:`cardshell.parsers`, :mod:`cardshell.cards`,
:mod:`cardshell.rng`, :mod:`cardshell.sweep` (:mod:`cardshell.montecarlo`
is deprecated), :mod:`cardshell.pipes`, :mod:`cardshell.paths`,
:mod:`cardshell.contractcheck` and :mod:`cardshell.testing`.
"""

from __future__ import annotations

from cardshell.errors import CommandError, UsageError
from cardshell.hookspecs import CONTRACT_VERSION, hookimpl
from cardshell.records import (
    Budget,
    Command,
    CommandContext,
    Game,
    Hint,
    Move,
    Option,
    Outcome,
    Players,
    Search,
    Verdict,
)
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
    "Players",
    "Search",
    "SessionView",
    "ShellView",
    "UsageError",
    "Verdict",
    "__version__",
    "hookimpl",
]
