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
This module imports nothing of cardshell, so any module may use it.
"""

from __future__ import annotations

import copy
from typing import Any, Protocol


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
