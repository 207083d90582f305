"""Snap's ``simulate N``: the games of seeds ``SEED .. SEED + N - 1`` played to the end, on :mod:`cardshell.sweep`.

Each game is played as ``play snap --seed S`` then ``run`` would, with the
game's turn cap; the report gives the wins of A and B, the draws and the
mean number of turns (plugins/cardshell_snap/NOTES.md).
"""

from __future__ import annotations

from functools import partial

from cardshell import sweep
from cardshell_snap import rules

__all__ = ["A", "B", "DRAWS", "SIMULATION", "TURN_BINS", "TURNS", "format_report", "histogram", "tally"]

#: Layout of a tally: A's wins, B's wins, draws, total turns, then the games
#: per bin of length (:data:`TURN_BINS` bins).
A, B, DRAWS, TURNS = 0, 1, 2, 3
#: How many bins of equal width the game lengths 0 .. max_turns are counted in.
TURN_BINS = 200

_RESULTS = {rules.A_WINS: A, rules.B_WINS: B, rules.DRAW: DRAWS}


def bin_width(max_turns: int) -> int:
    """The width in turns of a length bin: the least of 1, 2, 5, 10, ... fitting 0 .. max_turns in :data:`TURN_BINS`."""
    return sweep.histogram.nice_number((max_turns + 1) / TURN_BINS)


def tally(chunk: sweep.Chunk, max_turns: int = rules.MAX_TURNS) -> list[int]:
    """Play the games of the seeds in ``chunk`` and count them: ``4 + TURN_BINS`` counts.

    A's wins, B's wins, draws, the total of turns, then at ``4 + b`` the games
    whose length falls in bin b (``turns // bin_width(max_turns)``).
    """
    counts = [0] * (4 + TURN_BINS)
    width = bin_width(max_turns)
    for seed in chunk:
        state = rules.run(rules.new_game(seed, max_turns))
        assert state.result is not None  # run plays to the end
        counts[_RESULTS[state.result]] += 1
        counts[TURNS] += state.turns
        counts[4 + state.turns // width] += 1
    return counts


def _task(state: rules.SnapState, args: sweep.SweepArgs) -> partial[list[int]]:
    return partial(tally, max_turns=state.max_turns)


def format_report(counts: list[int], games: int, first: int, max_turns: int) -> str:
    """The five lines of ``simulate``'s report of a :func:`tally` of ``games`` games (at least 1), e.g.::

        Simulated 400 games from seed 1 (turn cap 10000)
        A wins: 202 (50.50%)
        B wins: 198 (49.50%)
        Draws: 0 (0.00%)
        Mean turns: 518.3
    """

    def share(count: int) -> str:
        return f"{count:,} ({count / games:.2%})"

    return "\n".join(
        [
            f"Simulated {games:,} games from seed {first:,} (turn cap {max_turns:,})",
            f"A wins: {share(counts[A])}",
            f"B wins: {share(counts[B])}",
            f"Draws: {share(counts[DRAWS])}",
            f"Mean turns: {counts[TURNS] / games:.1f}",
        ]
    )


def _report(counts: list[int], run: sweep.SweepRun) -> str:
    return format_report(counts, run.n, run.first, run.state.max_turns)


def histogram(counts: list[int], run: sweep.SweepRun) -> sweep.Histogram:
    """What ``simulate --plot`` draws: the games by length in turns (``run``'s state gives the turn cap)."""
    rows = sweep.binned(counts[4:], bin_width(run.state.max_turns))
    return sweep.Histogram("Game length in turns", rows)


#: ``simulate N`` in the shell, on the host's sweep engine.
SIMULATION = sweep.Simulation(
    game="snap",
    task=_task,
    report=_report,
    histogram=histogram,
    summary="Play N games from this seed on and print how often A and B win",
    help=(
        "Play N games from seeds SEED .. SEED+N-1 (SEED = --first SEED, else this game's seed), "
        "each with this game's turn cap, and print the wins of A and B, the draws (turn cap) and "
        "the mean number of turns."
    ),
)
