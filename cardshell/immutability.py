"""Which states are immutable by their type, so the host need not hash them to guard them.

:func:`proven` accepts, once per class, a frozen dataclass (or NamedTuple)
whose fields are all declared with types that cannot change in place
(ints, strings, enums, cards, ``tuple[X, ...]``, ``frozenset[X]`` of such
...), and whose first state has those types all the way down.  The rule is
docs/howto/write-a-game.md, "States the host proves immutable".  The
declarations decide, not the values: a first state cannot show what later
ones hold.  ``object.__setattr__`` on the state itself is still caught by
:func:`fields_of`; on an object nested inside it, it is not.

Bounds: one cached proof per state class; values are walked without recursion.
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
    """Whether no plugin code can change a state of ``state``'s class in place (short of ``object.__setattr__``).

    The first state of a class decides for the class, cached for the process.
    """
    cls = type(state)
    if cls not in _PROVEN:
        _PROVEN[cls] = _getter(cls) if _is_immutable_type(cls, set()) and conforms(state, cls) else None
    return _PROVEN[cls] is not None


def fields_of(state: object) -> tuple[Any, ...]:
    """The own fields' values of a state :func:`proven` accepted, in field order, to compare by identity."""
    getter = _PROVEN[type(state)]
    assert getter is not None
    return getter(state)


def _getter(cls: type) -> Callable[[Any], Any]:
    """What :func:`fields_of` reads: a dataclass's fields; nothing of a tuple, which cannot be set."""
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
    """Whether every value of ``declared`` is immutable; ``seen``: classes being proven."""
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
    """Where ``value`` does not have the declared type, all the way down, or None when it fits.

    Args:
        value: a state, or part of one.
        declared: a type :func:`proven`'s rule accepts.

    Returns:
        None, or the first misfit: ``.stock is list [...], declared tuple[Card, ...]``.
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
