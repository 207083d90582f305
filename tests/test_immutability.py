"""States immutable by their declared types (cardshell/immutability.py): which
types the proof accepts and refuses, what it costs a game whose states it
proves (no hash before and after each line), and how a declaration the
code does not keep is caught by the contract check."""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, NamedTuple, NewType, Optional

import pytest

from cardshell.cards import Card, Suit, new_deck
from cardshell.contractcheck import check_game
from cardshell.immutability import misfit, proven
from cardshell.plugincheck import StateGuard
from cardshell.shell import Shell

Seed = NewType("Seed", int)


class Colour(enum.Enum):
    RED = 1


@dataclass(frozen=True)
class Placed:
    card: Card
    face_up: bool


class Point(NamedTuple):
    x: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Node:
    value: int
    next: Node | None = None


@dataclass(frozen=True)
class Every:
    piles: tuple[tuple[Card, ...], ...]
    count: int = 0
    name: str | None = None
    cells: frozenset[tuple[int, int]] = frozenset()
    colour: Optional[Colour] = None  # noqa: UP045 - the typing spelling is accepted too
    phase: Literal["deal", "play"] = "deal"
    noted: Annotated[int, "a note"] = 1
    seed: Seed = Seed(3)
    placed: tuple[Placed, ...] = ()
    point: Point = Point(1, ())
    ratio: float = 1
    nothing: tuple[()] = ()
    pair: tuple[int, str] = (1, "a")
    chain: Node | None = None
    hidden: tuple[int, ...] = field(default=(), compare=False, repr=False)
    suit: Suit = Suit.CLUBS
    data: bytes = b""


def test_the_types_a_state_is_made_of_are_proven_immutable():
    deck = new_deck()
    state = Every((tuple(deck[:3]), ()), 2, "x", frozenset({(1, 2)}), Colour.RED, "play", 5, Seed(4),
                  (Placed(deck[5], True),), Point(2, (deck[6],)), 0.5, (), (2, "b"), Node(1, Node(2)), (7,))
    assert proven(state) and misfit(state, Every) is None


def _one_field(declared: Any) -> type:
    @dataclass(frozen=True)
    class State:
        value: declared  # type: ignore[valid-type]
    State.__annotations__["value"] = declared  # the declared type itself, not a string
    return State


@dataclass
class Mutable:
    value: int


class Plain:
    pass


@pytest.mark.parametrize(("declared", "value"), [
    (list, [1]), (tuple, (1,)), (tuple[Any, ...], (1,)), (tuple[object, ...], (1,)), (Sequence[int], (1,)),
    (frozenset, frozenset({1})), (tuple[list, ...], ([1],)), (dict, {}), (set, {1}), (Any, 1), (object, 1),
    (Mutable, Mutable(1)), (tuple[Plain, ...], (Plain(),)), (random.Random, random.Random(1)),
    (tuple[int, ...] | list[int], (1,)),
], ids=["list", "bare-tuple", "tuple-of-any", "tuple-of-object", "sequence", "bare-frozenset", "tuple-of-lists",
        "dict", "set", "any", "object", "mutable-dataclass", "plain-class", "random", "union-with-list"])
def test_a_field_that_could_change_in_place_refuses_the_proof(declared, value):
    assert not proven(_one_field(declared)(value))


def test_the_proof_refuses_a_first_state_that_does_not_keep_its_declaration():
    state = _one_field(tuple[int, ...])([1, 2])
    assert not proven(state)
    assert misfit(state, type(state)) == ".value is list [1, 2], declared tuple[int, ...]"
    placed = _one_field(tuple[Placed, ...])((Placed(new_deck()[0], face_up=[True]),))  # type: ignore[arg-type]
    assert misfit(placed, type(placed)) == ".value[0].face_up is list [True], declared bool"


def test_a_class_that_is_not_a_frozen_dataclass_of_its_own_is_refused():
    @dataclass(frozen=True)
    class Base:
        value: int

    class Loose(Base):  # not decorated: it may add attributes that can change
        pass

    @dataclass(frozen=True)
    class Unresolved:
        value: Nowhere  # type: ignore[name-defined]  # noqa: F821 - a name that does not resolve at run time

    assert proven(Base(1))
    assert not proven(Loose(1)) and not proven(Unresolved(1)) and not proven((1, 2)) and not proven([1])


def test_a_proven_state_is_guarded_by_its_fields_identity_and_object_setattr_is_seen():
    state = _one_field(tuple[int, ...])((1, 2))
    guard = StateGuard(state, keep=True)
    assert not guard.changed() and guard.backup == state and guard.backup is not state
    object.__setattr__(state, "value", (2,))
    assert guard.changed() and guard.backup.value == (1, 2)


def test_the_host_hashes_a_proven_state_neither_before_nor_after_a_line(monkeypatch):
    import toy_declared_row

    monkeypatch.setattr(toy_declared_row, "HASHES", 0)
    shell = Shell.create(plugins=[], extra_modules=["toy_declared_row"], seed=0, autosave=False)
    assert shell.execute("play declared-row --row 1,1,2,2,3,3").ok
    for line in ("take 1", "take 9", "moves", "undo", "redo", "take 1"):
        shell.execute(line)
    assert shell.execute("show").output == "3 3"
    assert toy_declared_row.HASHES == 0


def test_the_contract_check_catches_a_state_that_does_not_keep_its_declaration(monkeypatch):
    import toy_declared_row

    monkeypatch.setattr(toy_declared_row, "LIES", True)
    with pytest.raises(AssertionError, match=r"after 'take \d', \.numbers is list \[.*\], declared tuple\[int, "
                                             r"\.\.\.\]: plugin 'toy_declared_row' declares the types of its "
                                             r"state's fields, and the host trusts them"):
        for seed in range(10):
            check_game("declared-row", seed, plugins=[], extra_modules=["toy_declared_row"])
