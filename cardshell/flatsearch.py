"""The flat search fields of a game, read once at registration into its :class:`Search`.

Contract 2 first took a game's search part as five fields of
:class:`~cardshell.records.Game` (``key``, ``heuristic``, ``successors``,
``prune``, ``solver``); the record :class:`~cardshell.records.Search`
(``Game(search=Search(...))``) holds the same five.  Both forms are served
to contracts 1 and 2 (docs/compatibility.md), a game gives them in one form
only, and the flat form is deprecated: it goes with contract 2.

At registration (:class:`cardshell.registry.Registry`) :func:`gathered`
moves the flat fields into ``Game.search``, so a registered game has its
whole search part there and its flat fields None: the host reads
``Game.search`` alone.  :func:`deprecation` is the line that tells the
player and the plugin's author, and :func:`warn` the
:class:`DeprecationWarning` a plugin's own test suite shows.
"""

from __future__ import annotations

import dataclasses
import inspect
import sys
import warnings
from typing import Any

from cardshell.messages import HostText, say
from cardshell.records import Game, Search

#: The flat search fields of :class:`~cardshell.records.Game`, as :class:`Search` names them.
FLAT_FIELDS = ("key", "heuristic", "successors", "prune", "solver")

#: The release that removes the flat fields at the earliest (with contract 2).
REMOVAL = "0.2.0"


class BothForms(ValueError):
    """A game gives its search part both as ``Game.search`` and as flat
    fields; the message names the game and the fields."""


def flat_fields(game: Game) -> tuple[str, ...]:
    """The flat search fields ``game`` sets (not None), in :data:`FLAT_FIELDS` order."""
    return tuple(name for name in FLAT_FIELDS if getattr(game, name) is not None)


def gathered(game: Game) -> Game:
    """``game`` with its whole search part in ``Game.search`` (a
    :class:`Search`, empty when it gives none) and its flat fields None.

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


def deprecation(plugin: str, game: Game, fields: tuple[str, ...]) -> HostText:
    """The host's line saying that ``plugin``'s ``game`` uses the deprecated
    flat ``fields`` (``plugin.deprecated-search-fields``).

    Args:
        plugin: the plugin as messages name it (quoted, with its distribution).
        game: the game as the plugin registered it.
        fields: the flat fields it sets (:func:`flat_fields`).
    """
    instead = say("plugin.search-instead", fields=", ".join(f"{name}=..." for name in fields))
    return say("plugin.deprecated-search-fields", plugin=plugin, game=repr(game.id), fields=", ".join(fields),
               removal=REMOVAL, instead=instead)


def warn(message: str, plugin: object) -> None:
    """Issue ``message`` as a :class:`DeprecationWarning` at the plugin's
    ``cardshell_games`` (its file and line), so that Python's warning
    filters see it as the plugin's: shown by pytest in the plugin's own
    suite, hidden from players by Python's default filters.

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
