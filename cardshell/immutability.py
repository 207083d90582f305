"""Which states are immutable by their type, so the host need not check them.

The host promises that plugin code never changes a state a game declares
immutable (:class:`~cardshell.plugincheck.StateGuard` tells when it did).
For most contract-2 games no code *can*: the state is a frozen dataclass
whose fields are tuples of cards and ints, and nothing in it can be
changed in place.  :func:`proven` says so, once per state class, so that
the guard can skip hashing such a state before and after every line.  The
rule (docs/howto/write-a-game.md, "What the host checks"):

* the state is an instance of a **frozen dataclass** (``@dataclass(frozen=True)``
  on the class itself; every class in its method order is a frozen
  dataclass, :class:`typing.Generic` or ``object``, so no base can change
  an attribute);
* each of its fields, init or not, compared or not, is **declared** with a
  type this rule proves, recursively: ``int``, ``float``, ``complex``,
  ``bool``, ``str``, ``bytes``, ``None``, an :class:`enum.Enum`,
  :class:`~cardshell.cards.Card`, another such frozen dataclass, a
  :class:`typing.NamedTuple` of such fields, ``tuple[X, ...]`` or
  ``tuple[X, Y]`` and ``frozenset[X]`` of such types, ``X | Y``,
  ``Optional[X]``, ``Literal[...]``, ``Annotated[X, ...]`` and a
  ``NewType`` of one.  The declarations are read with
  :func:`typing.get_type_hints`, so they must resolve at run time;
* the first state of the class the host meets has exactly those types, all
  the way down (a field declared ``tuple[Card, ...]`` holding a list is
  refused).

Refused, and so checked on every line as before: ``list``, ``dict``,
``set``, a bare ``tuple`` or ``frozenset`` (its elements could be
anything), ``Any``, ``object``, abstract types (``Sequence``), a plain
class, a dataclass that is not frozen, a random generator.

Why the declarations and not the values: a value shows what the first
state holds, not what later states may (an empty tuple says nothing of
what a later one holds, ``None`` nothing of what replaces it); the
declaration covers every state.  The host trusts it after checking the
first state against it; :func:`cardshell.contractcheck.check_game` checks
every state it visits (:func:`conforms`), so a plugin's own tests catch a
declaration its code does not keep.

What a type cannot rule out: ``object.__setattr__(state, name, value)``
changes a frozen dataclass anyway.  The guard still looks at the state's
own fields by identity (:func:`fields_of`), which is cheap; the same trick
on an object nested inside the state is outside the contract and goes
unnoticed.

Bounds: one proof per class, kept for the process (one entry per state
class a game uses); the first state is walked once, without recursion (a
state nested deeper than Python's recursion limit is walked too).
"""

from __future__ import annotations

import dataclasses
import enum
import operator
import types
import typing
from collections.abc import Callable
from typing import Any

from cardshell.cards import Card

#: Types whose values cannot change, accepted wherever declared.
LEAVES: tuple[type, ...] = (int, float, complex, bool, str, bytes, type(None))

_UNIONS = (typing.Union, types.UnionType)

#: Class -> the getter of its fields (its proof held) or None (refused).
_PROVEN: dict[type, Callable[[Any], Any] | None] = {}


def proven(state: object) -> bool:
    """Whether ``state``'s class is proven immutable (see the module's docstring).

    The first state of a class decides for the class, once; the answer is
    cached for the process.

    Args:
        state: a game's state.

    Returns:
        True when no plugin code can change such a state in place
        (short of ``object.__setattr__``).
    """
    cls = type(state)
    if cls not in _PROVEN:
        _PROVEN[cls] = _getter(cls) if _is_immutable_type(cls, set()) and conforms(state, cls) else None
    return _PROVEN[cls] is not None


def fields_of(state: object) -> tuple[Any, ...]:
    """The values of a proven state's own fields, to compare by identity later.

    Args:
        state: a state :func:`proven` accepted.

    Returns:
        The field values, in the order of the class's fields.
    """
    getter = _PROVEN[type(state)]
    assert getter is not None
    return getter(state)


def _getter(cls: type) -> Callable[[Any], Any]:
    """What :func:`fields_of` reads: a dataclass's fields (a tuple's parts
    cannot be set, not even with ``object.__setattr__``: nothing)."""
    names = [field.name for field in dataclasses.fields(cls)] if dataclasses.is_dataclass(cls) else []
    if not names:
        return _nothing
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda state: (one(state),)
    return operator.attrgetter(*names)


def _nothing(state: object) -> tuple[()]:
    return ()


def _hints(cls: type) -> dict[str, Any] | None:
    """The declared types of a class's annotations, or None when they do not resolve."""
    try:
        return typing.get_type_hints(cls, include_extras=True)
    except Exception:  # a name that does not resolve at run time (TYPE_CHECKING imports): not proven
        return None


def _is_frozen_dataclass(cls: type) -> bool:
    params = vars(cls).get("__dataclass_params__")
    return params is not None and bool(params.frozen)


def _is_named_tuple(cls: type) -> bool:
    return issubclass(cls, tuple) and isinstance(vars(cls).get("_fields"), tuple)


def _declared(cls: type) -> dict[str, Any] | None:
    """A proof candidate's fields and their declared types, or None when it cannot be one."""
    if _is_frozen_dataclass(cls):
        if not all(base in (object, typing.Generic) or _is_frozen_dataclass(base) for base in cls.__mro__):
            return None
        hints = _hints(cls)
        if hints is None:
            return None
        names = [field.name for field in dataclasses.fields(cls)]
        if any(name not in hints for name in names):
            return None
        return {name: hints[name] for name in names}
    if _is_named_tuple(cls):
        hints = _hints(cls)
        parts: tuple[str, ...] = vars(cls)["_fields"]
        if hints is None or any(name not in hints for name in parts):
            return None
        return {name: hints[name] for name in parts}
    return None


def _is_immutable_type(declared: Any, seen: set[type]) -> bool:
    """Whether every value of the declared type ``declared`` is immutable.

    ``seen`` holds the classes being proven (a recursive type is proven
    when nothing else refuses it).
    """
    if declared is None or declared in LEAVES or declared is Card:
        return True
    if isinstance(declared, typing.NewType):
        return _is_immutable_type(declared.__supertype__, seen)
    origin, args = typing.get_origin(declared), typing.get_args(declared)
    if origin is typing.Annotated:
        return _is_immutable_type(args[0], seen)
    if origin is typing.Literal:
        return True
    if origin in _UNIONS:
        return all(_is_immutable_type(arg, seen) for arg in args)
    if origin is tuple:
        if declared is typing.Tuple:  # noqa: UP006 - the bare typing.Tuple, which means tuple[Any, ...]
            return False
        return all(arg is Ellipsis or _is_immutable_type(arg, seen) for arg in args)
    if origin is frozenset:
        return len(args) == 1 and _is_immutable_type(args[0], seen)
    if origin is not None or not isinstance(declared, type):
        return False  # list[int], Sequence[int], Callable, Any, a TypeVar, an unresolved string ...
    if issubclass(declared, enum.Enum):
        return True
    if declared in seen:
        return True
    fields = _declared(declared)
    if fields is None:
        return False
    seen.add(declared)
    return all(_is_immutable_type(field, seen) for field in fields.values())


def conforms(value: object, declared: Any) -> bool:
    """Whether ``value`` has the declared type all the way down (see :func:`misfit`)."""
    return misfit(value, declared) is None


def misfit(value: object, declared: Any) -> str | None:
    """Where ``value`` does not have the declared type, looking all the way
    down (tuples' and frozensets' elements, fields).

    For a declared type :func:`proven`'s rule accepts; walks ``value``
    once, without recursion.

    Args:
        value: a state, or part of one.
        declared: its declared type.

    Returns:
        None when it fits; else the first part that does not
        (a list declared a tuple, an int declared a string, an instance of
        a class the rule refuses), e.g. ``.stock is list [...], declared
        tuple[Card, ...]``.
    """
    stack: list[tuple[object, Any, str]] = [(value, declared, "")]
    while stack:
        item, kind, path = stack.pop()
        if not _fits(item, kind, path, stack):
            return f"{path or 'the state'} is {type(item).__name__} {_short(item)}, declared {_name(kind)}"
    return None


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _name(kind: Any) -> str:
    return kind.__qualname__ if isinstance(kind, type) else str(kind).replace("typing.", "")


def _fits(item: object, kind: Any, path: str, stack: list[tuple[object, Any, str]]) -> bool:
    """Whether ``item`` fits ``kind`` at its own level; its parts are pushed on ``stack``."""
    if kind is None or kind is type(None):
        return item is None
    if isinstance(kind, typing.NewType):
        stack.append((item, kind.__supertype__, path))
        return True
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is typing.Annotated:
        stack.append((item, args[0], path))
        return True
    if origin is typing.Literal:
        return any(type(item) is type(arg) and item == arg for arg in args)
    if origin in _UNIONS:
        return any(conforms(item, arg) for arg in args)
    if origin is tuple:
        if not isinstance(item, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            stack.extend((element, args[0], f"{path}[{index}]") for index, element in enumerate(item))
            return True
        if args == ((),):  # tuple[()] on older typing
            args = ()
        if len(item) != len(args):
            return False
        stack.extend((element, arg, f"{path}[{index}]") for index, (element, arg) in enumerate(zip(item, args)))
        return True
    if origin is frozenset:
        if not isinstance(item, frozenset):
            return False
        stack.extend((element, args[0], f"{path} element") for element in item)
        return True
    if kind is float:
        return type(item) in (int, float) or isinstance(item, float)
    if kind is complex:
        return type(item) in (int, float, complex) or isinstance(item, complex)
    if not isinstance(kind, type) or not isinstance(item, kind):
        return False
    if kind in LEAVES or issubclass(kind, enum.Enum) or type(item) is Card:
        return True
    cls = type(item)  # the item's own class: a subclass must be provable too
    if cls is not kind and not _is_immutable_type(cls, set()):
        return False
    fields = _declared(cls)
    if fields is None:
        return False
    stack.extend((getattr(item, name), field, f"{path}.{name}") for name, field in fields.items())
    return True
