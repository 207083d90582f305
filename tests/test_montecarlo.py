"""cardshell.montecarlo (deprecated, served until its removal): its
DeprecationWarning on import and on use; chunking, jobs, merging, progress,
the simulate grammar."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell.errors import UsageError

with warnings.catch_warnings():  # its import warns (test_importing_it_warns_at_the_importing_line)
    warnings.simplefilter("ignore", DeprecationWarning)
    from cardshell.montecarlo import (
        CHUNKS_PER_JOB,
        DEPRECATION,
        MAX_CHUNK,
        SimulateArgs,
        chunks,
        parse_simulate,
        resolve_jobs,
        shell_progress,
        simulate_counts,
        simulate_handler,
    )

# Every function warns when called: the behaviour of the deprecated module is tested without the noise.
pytestmark = pytest.mark.filterwarnings("ignore:cardshell.montecarlo is deprecated:DeprecationWarning")


def test_importing_it_warns_at_the_importing_line():
    code = "import sys\nimport cardshell.montecarlo\n"
    result = subprocess.run([sys.executable, "-W", "always::DeprecationWarning", "-c", code], capture_output=True,
                            text=True, timeout=60, check=True)
    assert result.stderr.startswith(f"<string>:2: DeprecationWarning: {DEPRECATION.text}\n")
    assert "removed in cardshell 0.2.0: use cardshell.sweep" in DEPRECATION.text


@pytest.mark.filterwarnings("default::DeprecationWarning")
def test_calling_it_warns_at_the_calling_line():
    with pytest.warns(DeprecationWarning, match="cardshell.montecarlo is deprecated") as caught:
        assert chunks(2, 0, 1) == [(0, 1), (1, 1)]
        parse_simulate("5")
    assert [warning.filename for warning in caught] == [__file__, __file__]

OUTCOMES = 6


def die_counts(start: int, count: int) -> list[int]:
    """A game: seed s rolls one die (0..5) with ``random.Random(s)``."""
    counts = [0] * OUTCOMES
    for seed in range(start, start + count):
        counts[random.Random(seed).randrange(OUTCOMES)] += 1
    return counts


def expected_die_counts(n: int, i: int) -> list[int]:
    counts = [0] * OUTCOMES
    for seed in range(i, i + n):
        counts[random.Random(seed).randrange(OUTCOMES)] += 1
    return counts


def wrong_length(start: int, count: int) -> list[int]:
    return [count]


@settings(max_examples=80, deadline=None)
@given(n=st.integers(0, 50_000), i=st.integers(-10**12, 10**12), jobs=st.integers(1, 64))
def test_chunks_cover_every_seed_exactly_once_in_order(n, i, jobs):
    parts = chunks(n, i, jobs)
    assert all(1 <= count <= MAX_CHUNK for _, count in parts)
    # consecutive: each chunk starts where the previous one ended
    assert all(a + c == b for (a, c), (b, _) in zip(parts, parts[1:]))
    if n:
        assert parts[0][0] == i and parts[-1][0] + parts[-1][1] == i + n
    assert sum(count for _, count in parts) == n


def test_chunks_small_case_exact():
    assert chunks(10, 3, 1) == [(3, 2), (5, 2), (7, 2), (9, 2), (11, 2)]
    seeds = [s for start, count in chunks(10_001, -3, 2) for s in range(start, start + count)]
    assert seeds == list(range(-3, 10_001 - 3))
    assert chunks(0, 5, 4) == []


def test_chunks_aim_at_a_few_per_job_and_cap_their_size():
    assert len(chunks(8_000, 0, 4)) == CHUNKS_PER_JOB * 4
    assert max(count for _, count in chunks(10**6, 0, 1)) == MAX_CHUNK


def test_resolve_jobs():
    cores = len(os.sched_getaffinity(0))  # the usable cores
    assert resolve_jobs(0) == resolve_jobs(None) == cores
    assert resolve_jobs(1) == 1 and resolve_jobs(3) == 3
    with pytest.raises(ValueError):
        resolve_jobs(-1)


def test_counts_are_the_games_of_seeds_i_to_i_plus_n_minus_1():
    assert simulate_counts(die_counts, 500, -250, OUTCOMES) == expected_die_counts(500, -250)
    assert sum(simulate_counts(die_counts, 1, 7, OUTCOMES)) == 1


def test_jobs_1_equals_jobs_2():
    one = simulate_counts(die_counts, 3_000, 11, OUTCOMES, jobs=1)
    two = simulate_counts(die_counts, 3_000, 11, OUTCOMES, jobs=2)
    assert one == two == expected_die_counts(3_000, 11)


def test_bad_arguments_raise():
    with pytest.raises(ValueError):
        simulate_counts(die_counts, 10, 0, OUTCOMES, jobs=-2)
    with pytest.raises(ValueError):
        simulate_counts(die_counts, 0, 0, OUTCOMES)
    with pytest.raises(ValueError, match="expected 6"):
        simulate_counts(wrong_length, 10, 0, OUTCOMES)


def test_progress_sees_one_item_per_chunk_with_the_total():
    seen = []

    def progress(items, total):
        for item in items:
            seen.append((total, sum(item)))
            yield item

    counts = simulate_counts(die_counts, 100, 0, OUTCOMES, progress=progress)
    parts = chunks(100, 0, 1)
    assert counts == expected_die_counts(100, 0)
    assert [total for total, _ in seen] == [len(parts)] * len(parts)
    assert [games for _, games in seen] == [count for _, count in parts]


@pytest.mark.parametrize("jobs", [1, 2])
def test_interrupt_from_progress_propagates(jobs):
    def progress(items, total):
        for index, item in enumerate(items):
            if index == 1:
                raise KeyboardInterrupt
            yield item

    with pytest.raises(KeyboardInterrupt):
        simulate_counts(die_counts, 2_000, 0, OUTCOMES, jobs=jobs, progress=progress)


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ("7", SimulateArgs(7, None, 1)),
        ("  7   -12 ", SimulateArgs(7, -12, 1)),
        ("-j 0 7", SimulateArgs(7, None, 0)),
        ("7 --jobs 3 9", SimulateArgs(7, 9, 3)),
        ("--jobs=2 7 9", SimulateArgs(7, 9, 2)),
        ("7 -j 2 -j 5", SimulateArgs(7, None, 5)),
    ],
)
def test_parse_simulate_forms(text, args):
    assert parse_simulate(text) == args


@pytest.mark.parametrize(
    "text", ["", "0", "-3", "1 2 3", "x", "100 ３", "100 -j", "100 --jobs -1", "100 --jobs=x", "1.5",
             "1" + "0" * 400, "9" * 5000, "1000000000001", "5 " + "9" * 5000, "10**400"]
)
def test_parse_simulate_rejects(text):
    with pytest.raises(UsageError):
        parse_simulate(text)


def test_shell_progress_calls_ctx_progress_with_total_and_label():
    calls = []

    class Ctx:
        def progress(self, items, total=None, label=""):
            calls.append((total, label))
            yield from items

    progress = shell_progress(Ctx(), "simulate 40")
    counts = simulate_counts(die_counts, 40, 0, OUTCOMES, progress=progress)
    assert counts == expected_die_counts(40, 0)
    assert calls == [(len(chunks(40, 0, 1)), "simulate 40")]


class FakeContext:
    """What a handler uses of ``CommandContext``: state, echo, progress."""

    def __init__(self, seed):
        self.state = type("State", (), {"seed": seed})()
        self.output = []
        self.calls = []

    def echo(self, text=""):
        self.output.append(text)

    def progress(self, items, total=None, label=""):
        self.calls.append((total, label))
        yield from items


def die_simulate_counts(n, i, jobs=1, progress=None):
    return simulate_counts(die_counts, n, i, OUTCOMES, jobs=jobs, progress=progress)


def test_simulate_handler_defaults_to_the_games_seed_and_echoes_the_report():
    handler = simulate_handler(die_simulate_counts, lambda counts: ",".join(map(str, counts)))
    ctx = FakeContext(seed=42)
    handler(ctx, SimulateArgs(30, None, 1))
    handler(ctx, SimulateArgs(30, 5, 2))
    assert ctx.output == [
        ",".join(map(str, expected_die_counts(30, 42))),
        ",".join(map(str, expected_die_counts(30, 5))),
    ]
    assert ctx.calls == [(len(chunks(30, 42, 1)), "simulate 30"), (len(chunks(30, 5, 2)), "simulate 30")]
