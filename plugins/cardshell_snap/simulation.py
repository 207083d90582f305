"""Snap: many games played to the end, for how often A and B win.

``simulate N`` plays the games of seeds ``SEED .. SEED + N - 1`` (SEED: the
game's seed, or ``--first SEED``), each exactly as ``play snap --seed S``
then ``run`` plays it with the game's turn cap, and prints the wins of A
and B, the draws (turn cap reached) and the mean number of turns.  It runs
on the host's sweep engine (:mod:`cardshell.sweep`), so ``--jobs``,
``--scheduler`` and ``--plot`` (the distribution of game lengths) work as
in every game, with the same counts wherever the games are played.

Source: the hand-out, ``plugins/cardshell_snap/NOTES.md``, issue 5.
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
    """The width, in turns, of a bin of game lengths for a turn cap: the
    smallest of 1, 2, 5, 10, 20, ... that fits lengths 0 .. max_turns in
    :data:`TURN_BINS` bins."""
    return sweep.histogram.nice_number((max_turns + 1) / TURN_BINS)


def tally(chunk: sweep.Chunk, max_turns: int = rules.MAX_TURNS) -> list[int]:
    """Play the games of the seeds in ``chunk`` to the end and count them.

    Args:
        chunk (Sequence[int]): the seeds, one game each.
        max_turns (int): the turn cap of each game (>= 1).

    Returns:
        list[int]: ``4 + TURN_BINS`` counts: A's wins, B's wins, draws, the
        total number of turns, then ``[4 + b]`` games of length in bin b
        (``turns // bin_width(max_turns)``).
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
    """The report of ``simulate``.

    Example::

        Simulated 400 games from seed 1 (turn cap 10000)
        A wins: 202 (50.50%)
        B wins: 198 (49.50%)
        Draws: 0 (0.00%)
        Mean turns: 518.3

    Args:
        counts (list[int]): a tally (see :func:`tally`) of ``games`` games.
        games (int): games played, >= 1.
        first (int): the first seed.
        max_turns (int): the turn cap.

    Returns:
        str: five lines.
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
    """What ``simulate --plot`` draws: the games by length in turns, in at
    most 25 rows of equal width.

    Args:
        counts (list[int]): a tally (see :func:`tally`).
        run (sweep.SweepRun): what was run (its state gives the turn cap).

    Returns:
        sweep.Histogram: rows labelled ``LOW-HIGH`` turns.
    """
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
