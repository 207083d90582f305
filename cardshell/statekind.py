"""The kind of a game's states: immutable values or objects changed in place.

The one place the host reads :attr:`Game.immutable <cardshell.records.Game.immutable>`
and decides whether a state's type proves it immutable
(docs/howto/write-a-game.md, "States the host proves immutable").
"""

from __future__ import annotations

import copy
from typing import Any, Protocol

from cardshell import immutability


class Declaring(Protocol):
    """What this module reads of a :class:`~cardshell.records.Game`."""

    @property
    def immutable(self) -> bool:
        """The game's states are immutable values."""


def immutable_states(game: Declaring) -> bool:
    """Whether ``game`` declares its states immutable values (never copied, searchable, guarded)."""
    return bool(game.immutable)


def given_state(game: Declaring, state: Any) -> Any:
    """``state`` for plugin code outside the game: itself if the states are values, else a deep copy."""
    return state if immutable_states(game) else copy.deepcopy(state)


def proven_immutable(state: Any) -> bool:
    """Whether ``state``'s class proves by its field types that it cannot change in place
    (:func:`cardshell.immutability.proven`); such a state is guarded by
    :func:`own_fields`, not by its hash."""
    return immutability.proven(state)


def own_fields(state: Any) -> tuple[Any, ...]:
    """The own fields' values of a :func:`proven_immutable` state, in field order, to compare by identity."""
    return immutability.fields_of(state)


def misfit_of_declaration(state: Any) -> str | None:
    """Where a :func:`proven_immutable` state breaks its declared field types
    (:func:`cardshell.immutability.misfit`), or None."""
    return immutability.misfit(state, type(state))
