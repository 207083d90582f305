"""Up-and-Down simulate (Section 4.3): the table's format, its data, jobs."""

from __future__ import annotations

import re

import pytest

from cardshell_up_and_down import format_table, play, simulate, simulate_counts
from cardshell_up_and_down.simulation import WIDTH, chunks

#: A row of the table: the outcome right-aligned under its header, `` | ``,
#: the frequency as ``.2%`` right-aligned under ``Frequency``.
ROW = re.compile(r" +\d{1,2} \| +\d{1,3}\.\d\d%")
#: The width of the outcome column (its header, ``Number of cards left``).
OUTCOME_WIDTH = 20


def parse_rows(table: str) -> list[tuple[int, float]]:
    """The rows of a printed table as ``(outcome, percent)`` pairs, in its order."""
    lines = table.rstrip("\n").split("\n")
    return [(int(line[:OUTCOME_WIDTH]), float(line[OUTCOME_WIDTH + 3:].strip("% "))) for line in lines[2:]]


def test_table_layout_exact():
    counts = [0] * 53
    counts[0], counts[3], counts[52] = 1, 1, 2
    assert format_table(counts) == (
        "Number of cards left | Frequency\n"
        "--------------------------------\n"
        "                  52 |    50.00%\n"
        "                   3 |    25.00%\n"
        "                   0 |    25.00%"
    )


def test_table_keeps_tiny_frequencies_as_0_00_percent():
    counts = [0] * 53
    counts[10], counts[40] = 99_999, 1
    assert format_table(counts).split("\n")[2:] == [
        "                  40 |     0.00%",
        "                  10 |   100.00%",
    ]


def test_simulate_prints_the_table(capsys):
    simulate(300, 5)
    out = capsys.readouterr().out
    assert out == format_table(simulate_counts(300, 5)) + "\n"
    lines = out.rstrip("\n").split("\n")
    assert lines[0] == "Number of cards left | Frequency"
    assert lines[1] == "-" * 32
    assert all(len(line) == WIDTH == 32 for line in lines)
    assert all(ROW.fullmatch(line) for line in lines[2:])
    rows = parse_rows(out)
    outcomes = [k for k, _ in rows]
    assert outcomes == sorted(outcomes, reverse=True) and len(set(outcomes)) == len(outcomes)
    assert abs(sum(p for _, p in rows) - 100) < 0.01 * len(rows)


def test_counts_are_the_games_of_seeds_i_to_i_plus_n_minus_1():
    counts = simulate_counts(60, -30)
    expected = [0] * 53
    for seed in range(-30, 30):
        expected[play(seed).cards_left] += 1
    assert counts == expected and sum(counts) == 60
    rows = parse_rows(format_table(counts))
    assert sorted(k for k, _ in rows) == [k for k, c in enumerate(counts) if c > 0]


def test_jobs_do_not_change_the_result():
    assert simulate_counts(400, 1000, jobs=2) == simulate_counts(400, 1000, jobs=1)


def test_chunks_cover_the_seeds_in_order():
    parts = chunks(4_321, 10, 3)
    assert [s for start, count in parts for s in range(start, start + count)] == list(range(10, 4_331))


def test_bad_arguments():
    with pytest.raises(ValueError):
        simulate_counts(0, 0)
    with pytest.raises(ValueError):
        simulate_counts(5, 0, jobs=-2)
