"""The contract-1 adapter: a game with mutable states, given the contract-2 shape.

A contract-1 game (``Game(immutable=False)``, docs/howto/contract-1.md)
changes its state in place in its command handlers.  The host keeps one
state path for every game, the contract-2 one: a state is a value, a
command gives back a new one, and the old one is the rollback and the undo
snapshot, never copied by the host.  So at registration
(:mod:`cardshell.registry`) a contract-1 game and the commands of its
scope are wrapped here, so that every plugin function that receives a
state receives a deep copy of it:

* the game's own functions (``render``, ``outcome``, ``prompt``,
  ``legal_moves`` and the rest of :data:`STATE_FUNCTIONS`, and those of its
  :class:`~cardshell.records.Search`);
* each command's validators and completer, and its handler, which then
  changes its own copy in place (``ctx.state``), as contract 1 says.

A state that cannot be deep-copied (it holds a lock, a generator, an open
file) is the game's plugin's fault: :func:`copied` raises a
:class:`~cardshell.plugincheck.PluginFault` naming it.

The one thing the adapter cannot wrap is another plugin's hook reading a
state (``cardshell_render``, a lifecycle hook's ``session.state``): those
reads go through :func:`cardshell.views.exposed_state`.  A contract-2 game passes through
unchanged (:func:`cardshell.statekind.immutable_states` tells them apart).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
from collections.abc import Callable
from typing import Any, TypeVar

from cardshell import blame
from cardshell.messages import say
from cardshell.plugincheck import PluginFault
from cardshell.records import Command, CommandContext, Game
from cardshell.statekind import immutable_states

#: The fields of :class:`~cardshell.records.Game` that are functions whose
#: first argument is a state (besides those of its ``search``,
#: :data:`SEARCH_FUNCTIONS`).
STATE_FUNCTIONS = ("render", "outcome", "prompt", "legal_moves", "determinize", "hint")

#: The fields of :class:`~cardshell.records.Search`, each a function whose first argument is a state.
SEARCH_FUNCTIONS = ("key", "heuristic", "successors", "prune", "solver")

F = TypeVar("F", bound=Callable[..., Any])


def copied(state: Any, plugin: str | None, game_id: str) -> Any:
    """A deep copy of a contract-1 game's state.

    Args:
        state (Any): the state.
        plugin (str | None): the plugin that registered the game (None: the
            game's id names it).
        game_id (str): the game.

    Raises:
        PluginFault: ``plugin 'lockbox': the state of game 'lockbox' cannot
            be deep-copied (TypeError: cannot pickle '_thread.lock'
            object); a game with mutable states (contract 1) must allow it``.
    """
    try:
        return copy.deepcopy(state)
    except Exception as exc:  # TypeError (a lock), RecursionError, a __deepcopy__ of the plugin's that raises
        raise PluginFault(plugin or game_id, say("plugin.hook-the-state"),
                          say("plugin.not-copyable", game=repr(game_id), error=blame.describe(exc))) from None


def _on_a_copy(function: F, plugin: str | None, game_id: str) -> F:
    """``function`` called with a deep copy of its first argument (a state)."""
    @functools.wraps(function)
    def copying(state: Any, *args: Any, **kwargs: Any) -> Any:
        return function(copied(state, plugin, game_id), *args, **kwargs)

    return copying  # type: ignore[return-value]


def _handler_on_a_copy(handler: Callable[[CommandContext[Any], Any], None], plugin: str | None, game_id: str
                       ) -> Callable[[CommandContext[Any], Any], None]:
    """A contract-1 handler that changes ``ctx.state`` in place, given its own copy first."""
    @functools.wraps(handler)
    def copying(ctx: CommandContext[Any], args: Any) -> None:
        ctx.state = copied(ctx.state, plugin, game_id)
        handler(ctx, args)

    return copying


def adapt_game(game: Game, plugin: str | None = None) -> Game:
    """A game whose state functions never see the host's own state object.

    Args:
        game: a game being registered, its search part gathered in
            ``Game.search`` (:func:`cardshell.flatsearch.gathered`).
        plugin: the plugin that registered it, named when its state cannot
            be copied (:func:`copied`).

    Returns:
        Game: ``game`` itself for contract 2 (``immutable=True``); for
        contract 1, a copy whose :data:`STATE_FUNCTIONS` and
        :data:`SEARCH_FUNCTIONS` each get a deep copy of the state.
        ``immutable`` stays False: it is what the plugin declared (search
        needs a true declaration, see :class:`cardshell.ruleset.RuleSet`).
    """
    if immutable_states(game):
        return game
    wrapped: dict[str, Any] = {name: _on_a_copy(function, plugin, game.id) for name in STATE_FUNCTIONS
                               if (function := getattr(game, name)) is not None}
    if game.search is not None:
        wrapped["search"] = dataclasses.replace(
            game.search, **{name: _on_a_copy(function, plugin, game.id) for name in SEARCH_FUNCTIONS
                            if (function := getattr(game.search, name)) is not None})
    return dataclasses.replace(game, **wrapped)


def adapt_command(command: Command, game: Game | None, plugin: str | None = None) -> Command:
    """A command of a contract-1 game that never changes the host's state object.

    Args:
        command (Command): a command being registered.
        game (Game | None): the game whose scope it joins (None: global).
        plugin (str | None): the plugin that registered the game, named
            when its state cannot be copied (:func:`copied`).

    Returns:
        Command: ``command`` itself for a global command or a contract-2
        game's; else a copy whose validators and completer get a deep copy
        of the state, and whose handler changes a deep copy of it
        (``ctx.state``), which the host keeps only if the command succeeds.
    """
    if game is None or immutable_states(game):
        return command
    return dataclasses.replace(
        command,
        handler=_handler_on_a_copy(command.handler, plugin, game.id),
        validators=tuple(_on_a_copy(validator, plugin, game.id) for validator in command.validators),
        complete=None if command.complete is None else _on_a_copy(command.complete, plugin, game.id),
    )
