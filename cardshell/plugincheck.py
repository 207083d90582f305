"""Checks of the answers a plugin's functions give the host (docs/plugins.md).

A wrong answer is reported as the plugin's, naming it and the hook
(:class:`PluginFault`); :class:`StateGuard` tells whether plugin code
changed a state declared immutable.  Answers that can be left out (a listed
legal move its rules reject) are dropped by their users with one warning.
"""

from __future__ import annotations

import copy
import math
import numbers
import reprlib
from collections.abc import Hashable
from typing import Any

from cardshell.errors import CommandError
from cardshell.messages import say
from cardshell.records import Hint

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

    def __init__(self, plugin: str, hook: str, problem: str) -> None:
        super().__init__(say("plugin.fault", plugin=repr(plugin), hook=hook, problem=problem))
        self.plugin = plugin
        self.hook = hook
        self.problem = problem

    def __reduce__(self) -> tuple[type[PluginFault], tuple[str, str, str]]:
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
    """A state's fingerprint (and copy), to tell whether plugin code changed it.

    For a game declaring immutable states: the fingerprint is the state's hash,
    and a deep copy is kept only with ``keep`` (:attr:`backup`, else None).  An
    unhashable state is always copied and compared with ``==``; one whose copy
    does not equal it cannot be checked (:meth:`changed` is always False).
    """

    __slots__ = ("backup", "_hash", "_state", "_checkable")

    def __init__(self, state: Any, *, keep: bool = True) -> None:
        self._state = state
        try:
            self._hash: int | None = hash(state)
        except TypeError:
            self._hash = None
        self.backup = copy.deepcopy(state) if keep or self._hash is None else None
        try:
            self._checkable = self._hash is not None or bool(self.backup == state)
        except Exception:  # an == that raises: nothing to compare with
            self._checkable = False

    def changed(self) -> bool:
        """Whether the state differs now from what it was when guarded."""
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
    """The fault of plugin code (``hook``: ``move 'take 1'``, ``hint``) that changed
    a state of a game declaring immutable states; ``after`` says what the host
    did about it (None: ``plugin.left-as-it-was``).
    """
    return Mutated(plugin, hook, say("plugin.mutated", game=repr(game_id),
                                     after=say("plugin.left-as-it-was") if after is None else after))
