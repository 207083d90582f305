"""The cardshell plugin: Pairs, written for plugin contract 2.

The game gives the host its legal moves, its own hint (``Game.hint``) and
its own search fields (``successors``, ``key``, ``prune``, ``heuristic``);
it also registers its own ``hint``, ``show`` and ``moves`` commands, words
the host uses too (the host's stay reachable as ``%hint`` and so on).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import cardshell
from cardshell import parsers

from cardshell_compat_pairs import display, rules

#: The plugin contract this plugin is written for.
CARDSHELL_CONTRACT = 2

#: The id typed after ``play``.
GAME_ID = "compat-pairs"


def new(seed: int, options: Mapping[str, Any]) -> rules.PairsState:
    """``Game.new``: a fresh deal of ``--size`` cards."""
    return rules.new_game(seed, options["size"])


def outcome(state: rules.PairsState) -> cardshell.Outcome | None:
    """``Game.outcome``: won with an empty row, lost with no pair left."""
    result = rules.result(state)
    if result is None:
        return None
    return cardshell.Outcome(result, len(state.row), f"{len(state.row)} cards left")


def prompt(state: rules.PairsState) -> str:
    """``Game.prompt``."""
    return "game over (new or quit): " if rules.result(state) else "pair I J: "


def game_hint(state: rules.PairsState, rng: random.Random) -> cardshell.Hint:
    """``Game.hint``: the game's own hint, which the host's ``hint`` (``%hint``
    here) shows instead of its search."""
    move, left = rules.advice(state)
    return cardshell.Hint(move, f"leaves {left} pairs" if move else "")


PAIR = cardshell.Move[rules.PairsState](
    "pair", "remove two cards of the same rank, 1 or 3 apart", apply=rules.remove, check=rules.check_pair,
    aliases=("p",), usage="pair I J", parse=parsers.integers(2, 1, 20),
)


def do_hint(ctx: cardshell.CommandContext[rules.PairsState], args: None) -> None:
    """The game's own ``hint`` command."""
    move, left = rules.advice(ctx.state)
    ctx.echo(f"Pairs hint: {move}, which leaves {left} pairs." if move else "Pairs hint: no pair is left.")


def do_show(ctx: cardshell.CommandContext[rules.PairsState], args: None) -> None:
    """The game's own ``show`` command: the row with positions."""
    ctx.echo(display.positions(ctx.state))


def do_moves(ctx: cardshell.CommandContext[rules.PairsState], args: None) -> None:
    """The game's own ``moves`` command: the pairs as ``I-J``."""
    found = [f"{i}-{j}" for i, j in rules.pairs(ctx.state)]
    ctx.echo(f"Pairs to remove: {' '.join(found)}" if found else "Pairs to remove: none.")


@cardshell.hookimpl
def cardshell_games() -> list[cardshell.Game]:
    """Register Pairs."""
    return [
        cardshell.Game[rules.PairsState](
            id=GAME_ID,
            title="Pairs",
            summary="remove pairs of the same rank from a row of cards",
            new=new,
            render=display.render,
            outcome=outcome,
            prompt=prompt,
            options=(cardshell.Option("size", "cards dealt (8, 12, 16 or 20)", int, 12, choices=rules.SIZES),),
            immutable=True,
            moves=(PAIR,),
            legal_moves=rules.legal_moves,
            hint=game_hint,
            successors=rules.successors,
            key=rules.key,
            prune=rules.prune,
            heuristic=rules.heuristic,
        )
    ]


@cardshell.hookimpl
def cardshell_commands() -> list[cardshell.Command]:
    """Register the game's own ``hint``, ``show`` and ``moves``."""
    report: dict[str, Any] = {"game": GAME_ID, "show_state": False, "changes_state": False}
    return [
        cardshell.Command[rules.PairsState]("hint", "Pairs' own advice: the pair that leaves the most", do_hint,
                                            **report),
        cardshell.Command[rules.PairsState]("show", "the row with each card's position", do_show, **report),
        cardshell.Command[rules.PairsState]("moves", "the pairs you can remove now", do_moves, **report),
    ]
