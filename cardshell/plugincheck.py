"""Checks of the answers a plugin's functions give the host (docs/plugins.md).

A wrong answer is reported as the plugin's, naming it and the hook
(:class:`PluginFault`); :class:`StateGuard` tells whether plugin code
changed a state declared immutable, nearly free for a state whose type
proves it immutable (:func:`cardshell.statekind.proven_immutable`).
Answers that can be left out (a listed legal move its rules reject) are
dropped by their users with one warning.
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
from cardshell.render import Text
from cardshell.statekind import own_fields, proven_immutable

_REPR = reprlib.Repr()
_REPR.maxstring = 40
_REPR.maxother = 40
_REPR.maxlist = _REPR.maxtuple = 6


class PluginFault(CommandError):
    """A plugin's function answered the host wrongly.

    Args:
        plugin: the plugin's name, as ``plugins`` lists it.
        hook: the function or hook, e.g. ``key``, ``move 'take 1'``.
        problem: what is wrong, e.g. ``returned list [2, 2], which is not
            hashable`` (a ``plugin.*`` message of :mod:`cardshell.messages`).
    """

    def __init__(self, plugin: str, hook: Text, problem: Text) -> None:
        super().__init__(say("plugin.fault", plugin=repr(plugin), hook=hook, problem=problem))
        self.plugin = plugin
        self.hook = hook
        self.problem = problem

    def __reduce__(self) -> tuple[type[PluginFault], tuple[str, Text, Text]]:
        """Pickled with its three parts (a sweep worker's fault reaches the sweep)."""
        return type(self), (self.plugin, self.hook, self.problem)


class Mutated(PluginFault):
    """A :class:`PluginFault`: plugin code changed a state its game declares immutable."""


def shown(value: object) -> str:
    """A value for a message: its type and a repr of about 40 characters at most (``list [2, 2]``)."""
    return f"{type(value).__name__} {_REPR.repr(value)}"


def checked_key(plugin: str, value: Any) -> Hashable:
    """``value`` if it is hashable (a transposition-table key), else a
    :class:`PluginFault` naming ``plugin`` and its ``key`` is raised.
    """
    try:
        hash(value)
    except TypeError:
        raise PluginFault(plugin, "key", say("plugin.not-hashable", value=shown(value))) from None
    return value


def checked_score(plugin: str, value: Any) -> float:
    """``value`` if it is a finite real number (a heuristic's score; bool counts
    as 0/1), else a :class:`PluginFault` naming ``plugin``'s ``heuristic`` is raised.
    """
    if (type(value) is float or type(value) is int or isinstance(value, numbers.Real)) and math.isfinite(value):
        return value  # type: ignore[return-value]  # (a Real is used as a float)
    raise PluginFault(plugin, "heuristic", say("plugin.not-a-number", value=shown(value)))


def checked_hint(plugin: str, value: Any) -> Hint:
    """``value`` if it is a :class:`~cardshell.records.Hint` of strings, else a
    :class:`PluginFault` naming ``plugin``'s ``hint`` is raised.
    """
    if not isinstance(value, Hint):
        raise PluginFault(plugin, "hint", say("plugin.not-a-hint", value=shown(value)))
    if not isinstance(value.move, str) or not isinstance(value.why, str):
        raise PluginFault(plugin, "hint", say("plugin.hint-not-text", value=shown(value)))
    return value


class StateGuard:
    """A state's fingerprint (and copy), to tell whether plugin code changed a
    state its game declares immutable.

    A state proven immutable by its type (:func:`cardshell.statekind.proven_immutable`,
    taken at its word when ``by_type``) is fingerprinted by the identity of its
    fields, its copy a shallow one: only ``object.__setattr__`` can change it.
    A hashable state is fingerprinted by its hash; an unhashable one is always
    deep-copied and compared with ``==`` (one whose copy does not equal it
    cannot be checked: :meth:`changed` is then always False).  ``keep`` keeps
    a copy (:attr:`backup`, else None) in every case.
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


def mutated(plugin: str, game_id: str, hook: Text, after: Text | None = None) -> Mutated:
    """The fault of plugin code (``hook``: ``move 'take 1'``, ``hint``) that changed
    a state of a game declaring immutable states; ``after`` says what the host
    did about it (None: ``plugin.left-as-it-was``).
    """
    return Mutated(plugin, hook, say("plugin.mutated", game=repr(game_id),
                                     after=say("plugin.left-as-it-was") if after is None else after))
