"""Pictures as a cardshell game: adapts :mod:`.rules` and :mod:`.simulation`
to the plugin contract (:mod:`cardshell.hookspecs`).

Source: the hand-out's Section 3, as recorded in
``plugins/cardshell_pictures/NOTES.md``.  The game plays itself from its
seed: ``play pictures --seed N`` shows the whole game (the output of Section 3.2 after the
prompt) and the game is over at once.

Choices made here:

* the outcome is ``won`` when the 12 pictures were put aside, else
  ``lost``; the score is the number of pictures uncovered (0..12) and the
  detail the final ``You uncovered ...`` line;
* ``simulate N [I]`` prints the table of Section 3.3 for seeds
  I .. I + N - 1; I defaults to the current game's seed; the command and
  its options (``--jobs``, ``--scheduler``, ``--plot``) are the host's sweep
  engine's (:data:`.simulation.SIMULATION`).
* plugin contract 2: a state is an immutable value (a frozen dataclass of
  tuples), so the host never copies it; the game plays itself, so
  :func:`.rules.legal_moves` lists no move (``moves`` says so), and
  ``simulate`` is a report that changes nothing, not a move.
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
    """``Game.render``: the game's output (Section 3.2), from
    ``Deck shuffled, ready to start!`` to the ``You uncovered ...`` line."""
    return state.text


def outcome(state: rules.PicturesGame) -> Outcome:
    """``Game.outcome``: always decided (the game plays itself): won with
    score 12, or lost with the number of pictures uncovered."""
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
        )
    ]


@cardshell.hookimpl
def cardshell_commands() -> list[Command]:
    """Register ``simulate`` for Pictures."""
    return [simulation.SIMULATION.command()]
