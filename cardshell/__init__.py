"""cardshell: a command shell that hosts games as pluggy plugins.

The public contract for plugin authors is re-exported here:

* :data:`hookimpl` — the marker for hook implementations
  (specifications in :mod:`cardshell.hookspecs`);
* the records :class:`Game`, :class:`Move`, :class:`Command`,
  :class:`Option`, :class:`Outcome`, :class:`Hint` and
  :class:`CommandContext` (:mod:`cardshell.records`), generic over a game's
  state type;
* the read-only views hooks and handlers receive, :class:`SessionView` and
  :class:`ShellView` (:mod:`cardshell.views`);
* the errors :class:`CommandError` and :class:`UsageError`
  (:mod:`cardshell.errors`);
* the toolkit, with the same stability promise as the hooks (docs/plugins.md,
  "The toolkit"): argument parsers in :mod:`cardshell.parsers`, the card
  model in :mod:`cardshell.cards`, the seeded generator
  :mod:`cardshell.rng`, the sweep engine :mod:`cardshell.sweep`
  (``simulate`` on one core, local processes or Dask; its first version
  :mod:`cardshell.montecarlo`), failing output streams in
  :mod:`cardshell.pipes`, the data directory in :mod:`cardshell.paths`, the
  contract check :mod:`cardshell.contractcheck` and the pytest helpers in
  :mod:`cardshell.testing`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from cardshell.errors import CommandError, UsageError
    from cardshell.hookspecs import CONTRACT_VERSION, hookimpl
    from cardshell.records import Command, CommandContext, Game, Hint, Move, Option, Outcome
    from cardshell.views import SessionView, ShellView

from cardshell.version import __version__

#: Where each public name is defined; imported when first used (PEP 562), so
#: that ``import cardshell.cli`` does not build the records' classes before
#: a command needs them.
_EXPORTS = {
    "CommandError": "cardshell.errors",
    "UsageError": "cardshell.errors",
    "CONTRACT_VERSION": "cardshell.hookspecs",
    "hookimpl": "cardshell.hookspecs",
    "Command": "cardshell.records",
    "CommandContext": "cardshell.records",
    "Game": "cardshell.records",
    "Hint": "cardshell.records",
    "Move": "cardshell.records",
    "Option": "cardshell.records",
    "Outcome": "cardshell.records",
    "SessionView": "cardshell.views",
    "ShellView": "cardshell.views",
}

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
    "SessionView",
    "ShellView",
    "UsageError",
    "__version__",
    "hookimpl",
]


def __getattr__(name: str) -> Any:
    """The public names of the contract, imported from their modules when
    first asked for (``cardshell.Game``, ``from cardshell import hookimpl``).

    Raises:
        AttributeError: for a name that is not public.
    """
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
