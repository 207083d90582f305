"""Pictures as a cardshell game: :mod:`.rules` and :mod:`.simulation` on the plugin contract.

The game plays itself, so it is over once dealt: won when the 12 pictures were
put aside, scored by the pictures uncovered (0..12); ``simulate N [I]`` is a
report on the host's sweep engine (plugins/cardshell_pictures/NOTES.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import cardshell
from cardshell import Command, Game, Outcome

from . import rules, simulation

#: The plugin contract version this plugin was written for.
CARDSHELL_CONTRACT = 2

#: The game id typed after ``play``.
GAME_ID = "pictures"


def new_game(seed: int, options: Mapping[str, Any]) -> rules.PicturesGame:
    """``Game.new``: the whole game for ``seed`` (no options)."""
    return rules.play(seed)


def render(state: rules.PicturesGame) -> str:
    """``Game.render``: the game's output of Section 3.2."""
    return state.text


def outcome(state: rules.PicturesGame) -> Outcome:
    """``Game.outcome``: won or lost at once, scored by the pictures uncovered."""
    return Outcome("won" if state.won else "lost", float(state.uncovered), rules.final_line(state.uncovered))


@cardshell.hookimpl
def cardshell_games() -> list[Game]:
    """Register the Pictures game."""
    return [
        Game(
            id=GAME_ID,
            title="Pictures",
            summary="COMP9021 solitaire 1: put the 12 pictures aside (plays itself)",
            new=new_game,
            render=render,
            outcome=outcome,
            immutable=True,
            legal_moves=rules.legal_moves,
            host_aliases={"q": "quit"},  # the quit letter of every game (Up-and-Down's too)
        )
    ]


@cardshell.hookimpl
def cardshell_commands() -> list[Command]:
    """Register ``simulate`` for Pictures."""
    return [simulation.SIMULATION.command()]
