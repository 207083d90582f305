"""The contract-1 adapter: a game with mutable states, given the contract-2 shape.

A contract-1 game (docs/howto/contract-1.md) changes its state in place; the
host keeps contract 2's one state path, so at registration the game's state
functions and its commands' validators, completers and handlers are wrapped
to receive a deep copy of the state.  Other plugins' hooks read states
through :func:`cardshell.views.exposed_state`.
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
STATE_FUNCTIONS = ("render", "compact", "outcome", "prompt", "legal_moves", "determinize", "hint")

#: The fields of :class:`~cardshell.records.Search`, each a function whose first argument is a state.
SEARCH_FUNCTIONS = ("key", "heuristic", "successors", "prune", "solver")

F = TypeVar("F", bound=Callable[..., Any])


def copied(state: Any, plugin: str | None, game_id: str) -> Any:
    """A deep copy of a contract-1 game's state.

    Raises:
        PluginFault: naming ``plugin`` (else the game) when the state cannot
            be deep-copied (a lock, a generator, an open file).
    """
    try:
        return copy.deepcopy(state)
    except Exception as exc:  # TypeError (a lock), RecursionError, a __deepcopy__ of the plugin's that raises
        raise PluginFault(plugin or game_id, say("plugin.hook-the-state"),
                          say("plugin.not-copyable", game=repr(game_id), error=blame.describe(exc))) from None


def _on_a_copy(function: F, plugin: str | None, game_id: str) -> F:
    @functools.wraps(function)
    def copying(state: Any, *args: Any, **kwargs: Any) -> Any:
        return function(copied(state, plugin, game_id), *args, **kwargs)

    return copying  # type: ignore[return-value]


def _handler_on_a_copy(handler: Callable[[CommandContext[Any], Any], None], plugin: str | None, game_id: str
                       ) -> Callable[[CommandContext[Any], Any], None]:
    @functools.wraps(handler)
    def copying(ctx: CommandContext[Any], args: Any) -> None:
        ctx.state = copied(ctx.state, plugin, game_id)
        handler(ctx, args)

    return copying


def adapt_game(game: Game, plugin: str | None = None) -> Game:
    """``game`` itself for contract 2; for contract 1, a copy whose state
    functions each get a deep copy of the state.

    ``game``'s search part is gathered in ``Game.search`` already; ``plugin``
    is named when a state cannot be copied.  ``immutable`` stays False, as the
    plugin declared it.
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
    """``command`` itself when global or of a contract-2 game; else a copy whose
    validators, completer and handler each get a deep copy of the state (the
    host keeps the handler's only if the command succeeds).
    """
    if game is None or immutable_states(game):
        return command
    return dataclasses.replace(
        command,
        handler=_handler_on_a_copy(command.handler, plugin, game.id),
        validators=tuple(_on_a_copy(validator, plugin, game.id) for validator in command.validators),
        complete=None if command.complete is None else _on_a_copy(command.complete, plugin, game.id),
    )
