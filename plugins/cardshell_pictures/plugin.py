"""Pictures as a cardshell game: adapts :mod:`.rules` and :mod:`.simulation`
to the plugin contract (:mod:`cardshell.hookspecs`).

Source: ``seeds/comp9021-solitaires.txt`` Section 3, ``specs/GAMES.md``
("pictures and up-and-down").  The game plays itself from its seed: ``play
pictures --seed N`` shows the whole game (the output of Section 3.2 after the
prompt) and the game is over at once.

Choices made here:

* the outcome is ``won`` when the 12 pictures were put aside, else
  ``lost``; the score is the number of pictures uncovered (0..12) and the
  detail the final ``You uncovered ...`` line;
* ``simulate N [I] [--jobs J]`` prints the table of Section 3.3 for seeds
  I .. I + N - 1; I defaults to the current game's seed; ``--jobs J`` (or
  ``-j J``) uses J processes, 0 for every core.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import cardshell
from cardshell import Command, CommandContext, Game, Outcome, UsageError

from . import rules, simulation

#: The plugin contract version this plugin was written for.
CARDSHELL_CONTRACT = 1

#: The game id typed after ``play``.
GAME_ID = "pictures"

SIMULATE_USAGE = "simulate N [I] [--jobs J]"


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


@dataclass(frozen=True)
class SimulateArgs:
    """Parsed ``simulate`` arguments.

    Attributes:
        n (int): number of games, >= 1.
        i (int | None): first seed; None for the current game's seed.
        jobs (int): processes, 0 for every core.
    """

    n: int
    i: int | None
    jobs: int


def _integer(word: str, what: str) -> int:
    if not (word.isascii() and re.fullmatch(r"-?[0-9]+", word)):
        raise UsageError(f"{what} must be an integer, got {word!r}")
    return int(word)


def parse_simulate(text: str) -> SimulateArgs:
    """Parse ``N [I] [--jobs J]`` (also ``-j J``, ``--jobs=J``, anywhere).

    Args:
        text (str): what followed ``simulate``.

    Returns:
        SimulateArgs: the arguments.

    Raises:
        UsageError: for a missing N, N < 1, J < 0, a word that is not an
            integer, or too many numbers.
    """
    words = text.split()
    positional: list[str] = []
    jobs = 1
    index = 0
    while index < len(words):
        word = words[index]
        if word in ("--jobs", "-j"):
            if index + 1 >= len(words):
                raise UsageError(f"{word} needs a number of processes")
            jobs = _integer(words[index + 1], "the number of processes")
            index += 2
            continue
        if word.startswith("--jobs="):
            jobs = _integer(word.partition("=")[2], "the number of processes")
        else:
            positional.append(word)
        index += 1
    if not positional:
        raise UsageError("simulate needs the number of games N")
    if len(positional) > 2:
        raise UsageError(f"too many arguments: {' '.join(positional[2:])!r}")
    n = _integer(positional[0], "the number of games N")
    if n < 1:
        raise UsageError(f"the number of games must be at least 1, got {n}")
    i = _integer(positional[1], "the first seed I") if len(positional) == 2 else None
    if jobs < 0:
        raise UsageError(f"the number of processes must be 0 (every core) or more, got {jobs}")
    return SimulateArgs(n, i, jobs)


def run_simulate(ctx: CommandContext, args: SimulateArgs) -> None:
    """``simulate``: print the table of Section 3.3, with a progress bar on a
    terminal (over chunks of seeds)."""
    first = args.i if args.i is not None else ctx.state.seed

    def progress(items: Iterable[list[int]], total: int) -> Iterable[list[int]]:
        return ctx.progress(items, total=total, label=f"simulate {args.n}")

    counts = simulation.simulate_counts(args.n, first, jobs=args.jobs, progress=progress)
    ctx.echo(simulation.format_table(counts))


@cardshell.hookimpl
def cardshell_games() -> list[Game]:
    """Register the Pictures game."""
    return [
        Game(
            id=GAME_ID,
            title="Pictures",
            summary="COMP9021 solitaire 1: put the 12 pictures aside in at most 4 rounds (plays itself)",
            new=new_game,
            render=render,
            outcome=outcome,
        )
    ]


@cardshell.hookimpl
def cardshell_commands() -> list[Command]:
    """Register ``simulate`` for Pictures."""
    return [
        Command(
            name="simulate",
            summary="play N games from seed I and print the frequency of each number of pictures uncovered",
            handler=run_simulate,
            game=GAME_ID,
            usage=SIMULATE_USAGE,
            help=(
                "simulate N [I] [--jobs J]: play the games of seeds I, I+1, ..., I+N-1 (I defaults to this\n"
                "game's seed) and print the table of Section 3.3: for each number of uncovered pictures\n"
                "that occurred, its frequency.  --jobs J (or -j J) spreads the games over J processes\n"
                "(0: every core); the table does not depend on it.  Ctrl-C interrupts."
            ),
            parse=parse_simulate,
            show_state=False,
            changes_state=False,
        )
    ]
