"""The kind of a game's states: immutable values or mutable objects.

A game declares which with :attr:`Game.immutable <cardshell.records.Game.immutable>`
(contract 2: immutable values; contract 1: objects its handlers change in
place).  What the host does with a game follows from this one answer:

* its functions and handlers get copies of the state (the contract-1
  adapter, :mod:`cardshell.contract1`), and another plugin's hook reads a
  copy (:func:`given_state`), unless the states are values;
* only a game whose states are values can be searched (``moves``' checks,
  ``hint``, ``solve``, sweeps: :class:`cardshell.ruleset.RuleSet`), and only
  such a state is guarded against plugin code changing it
  (:class:`cardshell.plugincheck.StateGuard`).

:func:`immutable_states` is the one place the host reads the declaration.
Of a game whose states are values, a state may also be immutable by its
type, which the host then need not hash to guard it:
:func:`proven_immutable` is the one place that decides so (the rule is
:mod:`cardshell.immutability`'s, documented in docs/howto/write-a-game.md,
"States the host proves immutable").  This module imports nothing of
cardshell but that rule (which imports only :mod:`cardshell.cards`), so any
module may use it.
"""

from __future__ import annotations

import copy
from typing import Any, Protocol

from cardshell import immutability


class Declaring(Protocol):
    """What this module reads of a game: its declaration (a
    :class:`~cardshell.records.Game` provides it)."""

    @property
    def immutable(self) -> bool:
        """The game's states are immutable values."""


def immutable_states(game: Declaring) -> bool:
    """Whether the host treats ``game``'s states as immutable values (never
    copied, searchable, guarded), as the game declares
    (:attr:`Game.immutable <cardshell.records.Game.immutable>`)."""
    return bool(game.immutable)


def given_state(game: Declaring, state: Any) -> Any:
    """A state as plugin code outside the game's own adapted functions may be
    given it: ``state`` itself when the states are immutable values, else a
    deep copy (a plugin that changes it changes nothing of the game)."""
    return state if immutable_states(game) else copy.deepcopy(state)


def proven_immutable(state: Any) -> bool:
    """Whether ``state``'s class proves, by its declared field types, that no
    plugin code can change such a state in place, short of
    ``object.__setattr__`` (:func:`cardshell.immutability.proven`: a frozen
    dataclass of tuples, frozensets, ints, strings, enums, cards ...; the
    first state of a class decides for the class, once per process).

    Asked only of a state of a game whose states are values
    (:func:`immutable_states`): such a state is guarded by the identity of
    its own fields (:func:`own_fields`), not by its hash."""
    return immutability.proven(state)


def own_fields(state: Any) -> tuple[Any, ...]:
    """The values of the own fields of a state :func:`proven_immutable`
    accepted, in its class's field order, to compare by identity later
    (what ``object.__setattr__`` on the state would change)."""
    return immutability.fields_of(state)


def misfit_of_declaration(state: Any) -> str | None:
    """Where a state :func:`proven_immutable` accepted does not keep its
    class's declared field types, all the way down
    (:func:`cardshell.immutability.misfit`, e.g. ``.stock is list [...],
    declared tuple[Card, ...]``), or None when it keeps them: the host
    checks only a class's first state, :func:`cardshell.contractcheck.check_game`
    every state it visits."""
    return immutability.misfit(state, type(state))
