"""The flat search fields of a game, read once at registration into its :class:`Search`.

A game may give its search part as five deprecated fields of
:class:`~cardshell.records.Game` (``key``, ``heuristic``, ``successors``,
``prune``, ``solver``) instead of ``Game(search=Search(...))``
(docs/compatibility.md).  :func:`gathered` moves them into ``Game.search`` so
the host reads that alone; :func:`deprecation` and :func:`warn` tell the
player and the plugin's author.
"""

from __future__ import annotations

import dataclasses
import inspect
import sys
import warnings
from typing import Any

from cardshell.messages import HostMessage, say
from cardshell.records import Game, Search
from cardshell.render import Text

#: The flat search fields of :class:`~cardshell.records.Game`, as :class:`Search` names them.
FLAT_FIELDS = ("key", "heuristic", "successors", "prune", "solver")

#: The release that removes the flat fields at the earliest (with contract 2).
REMOVAL = "0.2.0"


class BothForms(ValueError):
    """A game gives its search part both as ``Game.search`` and as flat fields."""


def flat_fields(game: Game) -> tuple[str, ...]:
    """The flat search fields ``game`` sets (not None), in :data:`FLAT_FIELDS` order."""
    return tuple(name for name in FLAT_FIELDS if getattr(game, name) is not None)


def gathered(game: Game) -> Game:
    """``game`` with its whole search part in ``Game.search`` and its flat fields None.

    Raises:
        BothForms: the game sets ``search`` and a flat field.
    """
    flat = flat_fields(game)
    if game.search is not None:
        if flat:
            raise BothForms(say("plugin.both-search-forms-many" if len(flat) > 1 else "plugin.both-search-forms",
                                game=repr(game.id), fields=", ".join(flat)))
        return game
    search = Search(key=game.key, heuristic=game.heuristic, successors=game.successors, prune=game.prune,
                    solver=game.solver)
    return dataclasses.replace(game, search=search, key=None, heuristic=None, successors=None, prune=None,
                               solver=None)


def deprecation(plugin: Text, game: Game, fields: tuple[str, ...]) -> HostMessage:
    """The host's line saying that ``plugin``'s ``game`` uses the deprecated flat ``fields``.

    Args:
        plugin: the plugin as messages name it (quoted, with its distribution).
        game: the game as the plugin registered it.
        fields: the flat fields it sets (:func:`flat_fields`).
    """
    instead = say("plugin.search-instead", fields=", ".join(f"{name}=..." for name in fields))
    return say("plugin.deprecated-search-fields", plugin=plugin, game=repr(game.id), fields=", ".join(fields),
               removal=REMOVAL, instead=instead)


def warn(message: HostMessage, plugin: object) -> None:
    """Issue ``message`` as a :class:`DeprecationWarning` at the plugin's ``cardshell_games``, for its own suite.

    Args:
        message: the deprecation line (:func:`deprecation`).
        plugin: the plugin object as registered (a module or an instance).
    """
    hook = getattr(plugin, "cardshell_games", None)
    function = inspect.unwrap(getattr(hook, "__func__", hook)) if hook is not None else None
    code = getattr(function, "__code__", None)
    module = getattr(function, "__module__", None) or getattr(plugin, "__name__", None) or type(plugin).__module__
    loaded = sys.modules.get(module)
    filename = code.co_filename if code is not None else getattr(loaded, "__file__", None) or module
    lineno = code.co_firstlineno if code is not None else 1
    registry: dict[Any, Any] = vars(loaded).setdefault("__warningregistry__", {}) if loaded is not None else {}
    warnings.warn_explicit(str(message), DeprecationWarning, filename, lineno, module=module, registry=registry)
