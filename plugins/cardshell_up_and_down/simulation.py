"""Estimating the probabilities of Up-and-Down by playing many games (Section 4.3).

``simulate(n, i)`` plays the games of seeds i, i + 1, ..., i + n - 1 (one
shuffle each) and prints the table of
Section 4.3 as settled in ``plugins/cardshell_up_and_down/NOTES.md``.  The
counts are data (:func:`simulate_counts`); the table is a view of them
(:func:`format_table`).  ``jobs`` spreads chunks of seeds over processes
(:mod:`cardshell.montecarlo`); the counts do not depend on it.

In the shell, ``simulate`` runs on the host's sweep engine
(:data:`SIMULATION`, :mod:`cardshell.sweep`): the same counts and table,
plus ``--first``, ``--jobs``, ``--scheduler`` and ``--plot``.
"""

from __future__ import annotations

from cardshell import montecarlo, sweep

# Re-exported (the seeds' chunking and jobs are the host's):
from cardshell.montecarlo import MAX_CHUNK, Progress, chunks, resolve_jobs  # noqa: F401
from cardshell_up_and_down.rules import DECK_SIZE, cards_left_counts

#: Header of the table: 20 + 3 + 9 = 32 characters.
OUTCOME_HEADER = "Number of cards left"
FREQUENCY_HEADER = "Frequency"
HEADER = f"{OUTCOME_HEADER} | {FREQUENCY_HEADER}"
#: Width of every line of the table (Section 4.3).
WIDTH = len(HEADER)


def simulate_counts(n: int, i: int, jobs: int | None = 1, progress: Progress | None = None) -> list[int]:
    """Play ``n`` games from seed ``i`` and count the cards each left unplaced.

    Args:
        n (int): number of games, >= 1 (Section 4.3: strictly positive).
        i (int): seed of the first game (any int).
        jobs (int | None), progress (Progress | None): as for
            :func:`cardshell.montecarlo.simulate_counts` (1 plays in this
            process, None or 0 uses every core; the result does not depend
            on it).

    Returns:
        list[int]: 53 counts; ``counts[k]`` games ended with k cards left
        (0: won); they sum to ``n``.

    Raises:
        ValueError: if ``n`` < 1 or ``jobs`` < 0.
    """
    return montecarlo.simulate_counts(cards_left_counts, n, i, DECK_SIZE + 1, jobs=jobs, progress=progress)


def format_table(counts: list[int]) -> str:
    """The table of Section 4.3 for counts of :func:`simulate_counts`.

    Header, a line of ``-``, then one row per number of cards left whose
    count is above zero, in decreasing order: the number right-aligned
    under the header's left column, `` | ``, the frequency ``count / total``
    as ``.2%`` right-aligned in 9.  Every line is 32 characters.

    Args:
        counts (list[int]): ``counts[k]`` games ended with k cards left.

    Returns:
        str: the lines joined with newlines, no final newline.

    Raises:
        ValueError: if the counts add up to zero.
    """
    total = sum(counts)
    if total <= 0:
        raise ValueError("no games were counted")
    lines = [HEADER, "-" * WIDTH]
    for outcome in range(len(counts) - 1, -1, -1):
        count = counts[outcome]
        if count > 0:
            lines.append(f"{outcome:>{len(OUTCOME_HEADER)}} | {count / total:>{len(FREQUENCY_HEADER)}.2%}")
    return "\n".join(lines)


def simulate(n: int, i: int, jobs: int | None = 1) -> None:
    """Print the table of Section 4.3 for ``n`` games from seed ``i``.

    ``from cardshell_up_and_down import simulate`` then ``simulate(n, i)``
    behaves as the hand-out's ``solitaire_2.simulate``.

    Args:
        n (int): number of games, >= 1.
        i (int): seed of the first game.
        jobs (int | None): processes (see :func:`simulate_counts`).

    Raises:
        ValueError: if ``n`` < 1 or ``jobs`` < 0.
    """
    print(format_table(simulate_counts(n, i, jobs)))


def _task(state: object, args: sweep.SweepArgs) -> sweep.RangeCounter:
    return sweep.RangeCounter(cards_left_counts)


def _report(counts: list[int], run: sweep.SweepRun) -> str:
    return format_table(counts)


def histogram(counts: list[int], run: sweep.SweepRun | None = None) -> sweep.Histogram:
    """What ``simulate --plot`` draws: the games per number of cards left
    (the table's rows, in its order, with the empty ones between them).

    Args:
        counts (list[int]): counts of :func:`simulate_counts`.
        run (sweep.SweepRun | None): unused (the engine passes it).

    Returns:
        sweep.Histogram: titled like the table's left column.
    """
    return sweep.Histogram(OUTCOME_HEADER, sweep.trimmed(counts, descending=True))


#: ``simulate N [I]`` in the shell: the table of Section 4.3 for seeds
#: I .. I + N - 1 (I defaults to the game's seed), on the sweep engine.
SIMULATION = sweep.Simulation(
    game="up-and-down",
    task=_task,
    report=_report,
    histogram=histogram,
    summary="play N games from seed I; print the frequencies of cards left",
    help=(
        "Play the games of seeds I, I+1, ..., I+N-1 (I, or --first SEED, defaults to this game's "
        "seed) and print the table of Section 4.3: for each number of cards left that "
        "occurred, its frequency."
    ),
    grammar=sweep.Grammar(positional_first=True),
)
