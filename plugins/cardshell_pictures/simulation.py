"""Pictures' probabilities by playing many games: the table of Section 3.3 (NOTES.md).

``simulate(n, i)`` plays seeds i .. i + n - 1 and prints the table; the counts
(:func:`simulate_counts`) do not depend on ``jobs``.  The shell's ``simulate``
(:data:`SIMULATION`) runs on the host's sweep engine.
"""

from __future__ import annotations

# Re-exported (the seeds' chunking and jobs are the sweep engine's):
from cardshell_comp9021.frequencies import (  # noqa: F401 (re-exported)
    FREQUENCY_HEADER,
    MAX_CHUNK,
    FrequencyTable,
    Progress,
    chunks,
    resolve_jobs,
)
from cardshell_pictures.rules import PICTURES, uncovered_counts

#: The table of Section 3.3, its counts and its ``simulate`` command.
TABLE = FrequencyTable(
    game="pictures",
    section="3.3",
    outcome_header="Number of uncovered pictures",
    outcome="uncovered pictures",
    count=uncovered_counts,
    outcomes=PICTURES + 1,
    descending=False,
)
#: Header of the table: 28 + 3 + 9 = 40 characters.
OUTCOME_HEADER = TABLE.outcome_header
HEADER = TABLE.header
#: Width of every line of the table (Section 3.3).
WIDTH = TABLE.width

#: ``simulate_counts(n, i, jobs=1, progress=None) -> list[int]``: play ``n``
#: games from seed ``i`` and count each game's outcome (see
#: :meth:`~cardshell_comp9021.frequencies.FrequencyTable.counts`).
simulate_counts = TABLE.counts
#: ``format_table(counts) -> str``: the table of Section 3.3 for counts of
#: :func:`simulate_counts` (see :meth:`~cardshell_comp9021.frequencies.FrequencyTable.format`).
format_table = TABLE.format
#: ``histogram(counts, run=None) -> sweep.Histogram``: what ``simulate --plot`` draws.
histogram = TABLE.histogram


#: ``simulate(n, i, jobs=1)``: print the table of Section 3.3 for ``n`` games
#: from seed ``i``; ``from cardshell_pictures import simulate`` then ``simulate(n, i)``
#: behaves as the hand-out's ``solitaire_1.simulate``.
simulate = TABLE.simulate


#: ``simulate N [I]`` in the shell: the table of Section 3.3 for seeds
#: I .. I + N - 1 (I defaults to the game's seed), on the sweep engine.
SIMULATION = TABLE.simulation()
