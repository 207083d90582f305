"""Pictures simulate (Section 3.3): the table's format, its data, jobs."""

from __future__ import annotations

import re

import pytest

from cardshell_pictures import format_table, play, simulate, simulate_counts
from cardshell_pictures.simulation import WIDTH, chunks, resolve_jobs

#: A row of the table: the outcome right-aligned under its header, `` | ``,
#: the frequency as ``.2%`` right-aligned under ``Frequency``.
ROW = re.compile(r" +\d{1,2} \| +\d{1,3}\.\d\d%")
#: The width of the outcome column (its header, ``Number of uncovered pictures``).
OUTCOME_WIDTH = 28


def parse_rows(table: str) -> list[tuple[int, float]]:
    """The rows of a printed table as ``(outcome, percent)`` pairs, in its order."""
    lines = table.rstrip("\n").split("\n")
    return [(int(line[:OUTCOME_WIDTH]), float(line[OUTCOME_WIDTH + 3:].strip("% "))) for line in lines[2:]]


def test_table_layout_exact():
    counts = [0] * 13
    counts[5], counts[9], counts[12] = 1, 2, 1
    assert format_table(counts) == (
        "Number of uncovered pictures | Frequency\n"
        "----------------------------------------\n"
        "                           5 |    25.00%\n"
        "                           9 |    50.00%\n"
        "                          12 |    25.00%"
    )


def test_table_keeps_tiny_frequencies_as_0_00_percent():
    counts = [0] * 13
    counts[4], counts[11] = 1, 99_999
    lines = format_table(counts).split("\n")
    assert lines[2] == "                           4 |     0.00%"
    assert lines[3] == "                          11 |   100.00%"


def test_table_rejects_no_games():
    with pytest.raises(ValueError):
        format_table([0] * 13)


def test_simulate_prints_the_table(capsys):
    simulate(200, 0)
    out = capsys.readouterr().out
    assert out == format_table(simulate_counts(200, 0)) + "\n"
    lines = out.rstrip("\n").split("\n")
    assert all(len(line) == WIDTH == 40 for line in lines)
    assert lines[1] == "-" * 40
    assert all(ROW.fullmatch(line) for line in lines[2:])
    rows = parse_rows(out)
    outcomes = [k for k, _ in rows]
    assert outcomes == sorted(outcomes) and len(set(outcomes)) == len(outcomes)
    assert abs(sum(p for _, p in rows) - 100) < 0.01 * len(rows)


def test_counts_are_the_games_of_seeds_i_to_i_plus_n_minus_1():
    counts = simulate_counts(40, 7)
    expected = [0] * 13
    for seed in range(7, 47):
        expected[play(seed).uncovered] += 1
    assert counts == expected and sum(counts) == 40


def test_only_positive_counts_are_rows():
    counts = simulate_counts(30, 100)
    rows = parse_rows(format_table(counts))
    assert [k for k, _ in rows] == [k for k, c in enumerate(counts) if c > 0]


def test_jobs_do_not_change_the_result():
    assert simulate_counts(300, -50, jobs=2) == simulate_counts(300, -50, jobs=1)


def test_progress_sees_every_chunk():
    seen = []

    def progress(items, total):
        for item in items:
            seen.append(total)
            yield item

    counts = simulate_counts(50, 0, progress=progress)
    assert sum(counts) == 50 and len(seen) == seen[0] == len(chunks(50, 0, 1))


def test_chunks_cover_the_seeds_in_order():
    parts = chunks(10_001, -3, 2)
    seeds = [s for start, count in parts for s in range(start, start + count)]
    assert seeds == list(range(-3, 10_001 - 3))


def test_bad_arguments():
    with pytest.raises(ValueError):
        simulate_counts(0, 0)
    with pytest.raises(ValueError):
        resolve_jobs(-1)
    assert resolve_jobs(0) >= 1 and resolve_jobs(None) >= 1 and resolve_jobs(3) == 3
