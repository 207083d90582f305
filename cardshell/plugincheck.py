"""Checks of the answers a plugin's functions give the host.

The host trusts a plugin's answers only as far as it checks them, where
they are used (docs/plugins.md; /work/shared/DESIGN.md, "Promises the host
keeps for every plugin"), and a wrong answer is reported as the plugin's,
naming the plugin and the hook, never as the player's error or the host's:

* :class:`PluginFault`: a :class:`~cardshell.errors.CommandError` whose
  message reads ``plugin 'golf': key returned list [2, 2], which is not
  hashable``.  A command that cannot go on without the answer fails with it;
* :func:`shown`: a value as such messages show it (its type, a short repr);
* :func:`checked_key`, :func:`checked_score`, :func:`checked_hint`: one
  answer checked against :class:`~cardshell.records.Game`'s documented
  types (a hashable key, a finite number, a :class:`~cardshell.records.Hint`);
* :class:`StateGuard`: a copy and a fingerprint of a state declared
  immutable, taken before plugin code runs on it, to tell afterwards whether
  that code changed it (and to put it back); nearly free for a state whose
  type proves it immutable (:func:`cardshell.statekind.proven_immutable`).

Answers that can be left out (a listed legal move its rules reject, a
``successors`` child the rules do not produce, a game hint that is not a
legal move) are dropped by their users (:mod:`cardshell.ruleset`,
:mod:`cardshell.search`) with one warning each.
"""

from __future__ import annotations

import copy
import math
import numbers
import operator
import reprlib
from collections.abc import Hashable
from typing import Any

from cardshell.errors import CommandError
from cardshell.messages import say
from cardshell.records import Hint
from cardshell.statekind import own_fields, proven_immutable

_REPR = reprlib.Repr()
_REPR.maxstring = 40
_REPR.maxother = 40
_REPR.maxlist = _REPR.maxtuple = 6


class PluginFault(CommandError):
    """A plugin's function answered the host wrongly.

    Args:
        plugin (str): the plugin's name (the one ``plugins`` lists).
        hook (str): the function or hook, e.g. ``key``, ``legal_moves``,
            ``hint``, ``move 'take 1'``.
        problem (str): what is wrong, e.g. ``returned list [2, 2], which is
            not hashable`` (a ``plugin.*`` message of :mod:`cardshell.messages`).

    Attributes:
        plugin (str), hook (str), problem (str): as given.
    """

    def __init__(self, plugin: str, hook: str, problem: str) -> None:
        super().__init__(say("plugin.fault", plugin=repr(plugin), hook=hook, problem=problem))
        self.plugin = plugin
        self.hook = hook
        self.problem = problem

    def __reduce__(self) -> tuple[type[PluginFault], tuple[str, str, str]]:
        """Pickled with its three parts (a sweep worker's fault reaches the sweep)."""
        return type(self), (self.plugin, self.hook, self.problem)


class Mutated(PluginFault):
    """A :class:`PluginFault`: plugin code changed a state its game declares
    immutable (made by :func:`mutated`)."""


def shown(value: object) -> str:
    """A value for a message: its type's name and a repr of at most about 40
    characters, e.g. ``list [2, 2]`` or ``str 'high'``."""
    return f"{type(value).__name__} {_REPR.repr(value)}"


def checked_key(plugin: str, value: Any) -> Hashable:
    """``value`` if it is hashable (a transposition-table key).

    Raises:
        PluginFault: naming ``plugin`` and its ``key``, when it is not.
    """
    try:
        hash(value)
    except TypeError:
        raise PluginFault(plugin, "key", say("plugin.not-hashable", value=shown(value))) from None
    return value


def checked_score(plugin: str, value: Any) -> float:
    """``value`` if it is a finite real number (a heuristic's score; bool counts as 0/1).

    Raises:
        PluginFault: naming ``plugin`` and its ``heuristic``, when it is not.
    """
    if (type(value) is float or type(value) is int or isinstance(value, numbers.Real)) and math.isfinite(value):
        return value  # type: ignore[return-value]  # (a Real is used as a float)
    raise PluginFault(plugin, "heuristic", say("plugin.not-a-number", value=shown(value)))


def checked_hint(plugin: str, value: Any) -> Hint:
    """``value`` if it is a :class:`~cardshell.records.Hint` with a str move and reason.

    Raises:
        PluginFault: naming ``plugin`` and its ``hint``, when it is not.
    """
    if not isinstance(value, Hint):
        raise PluginFault(plugin, "hint", say("plugin.not-a-hint", value=shown(value)))
    if not isinstance(value.move, str) or not isinstance(value.why, str):
        raise PluginFault(plugin, "hint", say("plugin.hint-not-text", value=shown(value)))
    return value


class StateGuard:
    """A state's fingerprint (and copy), to tell whether plugin code changed it.

    For a game that declares immutable states (:attr:`Game.immutable
    <cardshell.records.Game.immutable>`).  Three kinds of state:

    * proven immutable by its type (:func:`cardshell.statekind.proven_immutable`:
      a frozen dataclass whose declared fields cannot change in place):
      nothing can change it but ``object.__setattr__``, so the fingerprint is
      the identity of its own fields, and the copy (``keep``) a shallow one;
    * hashable: the fingerprint is the state's hash, and a deep copy is kept
      only if asked (``keep``);
    * not hashable (a frozen dataclass holding a list, already outside the
      contract): always copied, and the copy compared with ``==``; one whose
      copy does not even equal it (equality by identity) cannot be checked,
      and :meth:`changed` is then always False.

    Cost: for a proven state, reading its fields when made and per
    :meth:`changed` (no hash, no copy without ``keep``); else one hash of
    the state when made and per :meth:`changed`, and with ``keep`` or an
    unhashable state one ``copy.deepcopy`` more, and ``==`` instead of the
    second hash.

    Args:
        state: the state plugin code is about to be given.
        keep: keep a copy of it (:attr:`backup`) even when hashable.
        by_type: take a state proven immutable at its type's word
            (False: fingerprint it by its hash like any other, as the
            contract check does).

    Attributes:
        backup: a copy equal to ``state`` as it was, or None
            (a hashable or proven state, ``keep`` false).
    """

    __slots__ = ("backup", "_hash", "_state", "_checkable", "_fields")

    def __init__(self, state: Any, *, keep: bool = True, by_type: bool = True) -> None:
        self._state = state
        self._hash: int | None = None
        self._fields: tuple[Any, ...] | None = None
        if by_type and proven_immutable(state):
            self._fields = own_fields(state)
            self.backup = copy.copy(state) if keep else None
            self._checkable = True
            return
        try:
            self._hash = hash(state)
        except TypeError:
            self._hash = None
        self.backup = copy.deepcopy(state) if keep or self._hash is None else None
        try:
            self._checkable = self._hash is not None or bool(self.backup == state)
        except Exception:  # an == that raises: nothing to compare with
            self._checkable = False

    def changed(self) -> bool:
        """Whether the state differs now from what it was when guarded."""
        if self._fields is not None:
            return not all(map(operator.is_, own_fields(self._state), self._fields))
        if not self._checkable:
            return False
        if self._hash is not None:
            try:
                return hash(self._state) != self._hash
            except TypeError:  # it was hashable: a list appeared in it
                return True
        try:
            return not bool(self.backup == self._state)
        except Exception:
            return True


def mutated(plugin: str, game_id: str, hook: str, after: str | None = None) -> Mutated:
    """The fault of plugin code that changed a state of a game declaring immutable states.

    Args:
        plugin (str): the plugin whose code ran.
        game_id (str): the game.
        hook (str): what changed it: ``move 'take 1'``, ``command 'take'``,
            ``hint``, ``its rules``.
        after (str | None): what the host did about it (a sweep: ``deal 3
            was not stored``); None: ``the game is left as it was``
            (``plugin.left-as-it-was``).

    Returns:
        Mutated: ``plugin 'P': move 'take 1' changed the state it was
        given, though game 'G' declares immutable states; the game is left
        as it was``.
    """
    return Mutated(plugin, hook, say("plugin.mutated", game=repr(game_id),
                                     after=say("plugin.left-as-it-was") if after is None else after))
