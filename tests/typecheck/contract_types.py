"""Static checks of the plugin contract's types, run by mypy (``.ci/run``),
not by pytest.

Each ``# type: ignore[CODE]`` below marks a line that mypy must reject:
``warn_unused_ignores`` (pyproject.toml) turns an ignore that is no longer
needed into an error, so these lines fail the type check if the state type
stops flowing through :class:`cardshell.Game`, :class:`cardshell.Move`,
:class:`cardshell.Command` and :class:`cardshell.CommandContext`.  The other
lines must be accepted as written: untyped records (contract 1 plugins) and
typed ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import cardshell
from cardshell import Command, CommandContext, Game, Move, SessionView, hookimpl, parsers


@dataclass(frozen=True)
class Pile:
    """A toy immutable state."""

    cards: tuple[int, ...]


def new(seed: int, options: Mapping[str, Any]) -> Pile:
    return Pile((seed % 52,))


def render(state: Pile) -> str:
    return " ".join(map(str, state.cards))


def take(state: Pile, count: int) -> Pile:
    return replace(state, cards=state.cards[count:])


def count_cards(ctx: CommandContext[Pile], args: None) -> None:
    ctx.echo(f"{len(ctx.state.cards)} cards")


typed_game = Game[Pile]("pile", "Pile", "a toy", new=new, render=render,
                        moves=(Move[Pile]("take", "take cards", take, parse=parsers.integers(1, 1, 3)),))
typed_command = Command[Pile]("count", "count cards", count_cards, game="pile", changes_state=False)

# Contract 1 plugins write the records without a state type: still accepted.
untyped_game = Game("old", "Old", "a contract 1 game", new=lambda seed, options: [seed], render=str)
untyped_command = Command("poke", "poke", lambda ctx, args: ctx.echo(str(ctx.state)), game="old")


def render_text(state: str) -> str:
    return state.upper()


def wrong_handler(ctx: CommandContext[str], args: None) -> None:
    ctx.echo(ctx.state.upper())


# The state type is checked across a record's functions:
wrong_render = Game[Pile]("bad", "Bad", "render takes a str", new=new, render=render_text)  # type: ignore[arg-type]
wrong_new = Game[str]("bad", "Bad", "new gives a Pile", new=new, render=render_text)  # type: ignore[arg-type]
wrong_context = Command[Pile]("bad", "bad", wrong_handler, game="pile")  # type: ignore[arg-type]


def inferred(ctx: CommandContext[Pile], args: None) -> None:
    ctx.state = Pile(())
    ctx.state = "not a pile"  # type: ignore[assignment]


@hookimpl
def cardshell_games() -> Iterable[Game[Any]]:
    return [typed_game, untyped_game]


@hookimpl
def cardshell_commands() -> list[Command]:
    return [typed_command, untyped_command]


@hookimpl
def cardshell_game_over(session: SessionView, outcome: cardshell.Outcome) -> None:
    moves: int = session.moves
    session.moves = moves + 1  # type: ignore[misc]
