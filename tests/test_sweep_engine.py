"""cardshell.sweep: lazy chunks, ordered results on every local backend,
bounded memory before the first result, Ctrl-C, errors and signals."""

from __future__ import annotations

import multiprocessing
import os
import signal
import tracemalloc
from itertools import islice

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell import sweep
from cardshell.sweep import deals as deal_module
from cardshell.sweep.engine import stop_on_termination
from sweep_tasks import HELD, OUTCOMES, die, fails_on_seed_13, lock_is_free, seeds_of, slow_seed_0


class Stop(Exception):
    """Raised by a consumer to end a sweep early."""


def expected_die_counts(seeds) -> list[int]:
    counts = [0] * OUTCOMES
    for seed in seeds:
        counts[die(seed)] += 1
    return counts


# --- chunks ---------------------------------------------------------------------------


@settings(max_examples=60)
@given(start=st.integers(-10**15, 10**15), n=st.integers(0, 5_000), size=st.integers(1, 700))
def test_range_chunks_cover_every_deal_once_in_order(start, n, size):
    parts = list(sweep.chunked(range(start, start + n), size))
    assert all(isinstance(part, range) and 1 <= len(part) <= size for part in parts)
    assert [seed for part in parts for seed in part] == list(range(start, start + n))


@settings(max_examples=60)
@given(seeds=st.lists(st.integers(-10**6, 10**6), max_size=300), size=st.integers(1, 50))
def test_any_iterable_of_deals_is_chunked_in_order(seeds, size):
    parts = list(sweep.chunked(iter(seeds), size))
    assert all(isinstance(part, tuple) and 1 <= len(part) <= size for part in parts)
    assert [seed for part in parts for seed in part] == seeds


def test_chunks_are_made_lazily_however_many_deals():
    # Issue 11 item 10: the chunk list of 10**12 deals was built before the first game.
    chunks = sweep.chunked(range(0, 10**400), 2000)
    assert list(islice(chunks, 2)) == [range(0, 2000), range(2000, 4000)]
    assert deal_module.deal_count(range(0, 10**400)) == 10**400  # len() would overflow
    assert deal_module.deal_count(iter([1, 2])) is None


@pytest.mark.parametrize(("n", "workers", "max_chunk", "size"), [
    (10, 1, 2000, 2), (8_000, 4, 2000, 250), (10**12, 2, 2000, 2000), (None, 2, 7, 7), (3, 2, 2000, 1),
    (10**6, 2, 1, 1),
])
def test_chunk_size(n, workers, max_chunk, size):
    assert sweep.chunk_size(n, workers, max_chunk) == size


def test_chunk_size_rejects_nonsense():
    with pytest.raises(ValueError):
        sweep.chunk_size(10, 0)
    with pytest.raises(ValueError):
        next(sweep.chunked(range(5), 0))


# --- results: in order, the same on every backend ------------------------------------------


BACKENDS = [sweep.Serial(), sweep.Pool(1), sweep.Pool(2)]


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.name)
def test_consumer_sees_every_chunk_in_deal_order(backend):
    seen = []
    sweep.run(seeds_of, range(-40, 1_160), lambda chunk, result: seen.append((list(chunk), result)),
              backend=backend, max_chunk=37)
    assert [seed for chunk, _ in seen for seed in chunk] == list(range(-40, 1_160))
    assert all(chunk == result for chunk, result in seen)  # each result belongs to its chunk


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.name)
def test_reduce_gives_the_same_total_on_every_backend(backend):
    tally = sweep.Tally(die, OUTCOMES)
    assert sweep.reduce(tally, range(500, 4_500), [], sweep.add_counts, backend=backend, max_chunk=100) \
        == expected_die_counts(range(500, 4_500))
    # A reduction that depends on the order (a list) is the same too.
    order = sweep.reduce(sweep.PerDeal(die), range(0, 3_000), [], lambda total, part: total + part,
                         backend=backend, max_chunk=64)
    assert order == [die(seed) for seed in range(0, 3_000)]


def test_sparse_deals_of_a_resumed_sweep():
    todo = [5, 9, 200, 201, -7, 10**13]
    results = {}
    sweep.run(sweep.PerDeal(die), todo, lambda chunk, out: results.update(zip(chunk, out)),
              backend=sweep.Pool(2), max_chunk=1)
    assert results == {seed: die(seed) for seed in todo}


def test_pool_workers_do_not_inherit_a_lock_another_thread_holds():
    # A thread of this process holds a lock while the pool starts: a worker forked from here
    # would hold its copy for ever (the sweep hung in Pool.join when a task needed such a lock).
    import threading

    taken, done = threading.Event(), threading.Event()

    def holder() -> None:
        with HELD:
            taken.set()
            done.wait(30)

    thread = threading.Thread(target=holder, daemon=True)
    thread.start()
    taken.wait(10)
    try:
        results = dict(sweep.Pool(2).map(lock_is_free, range(0, 4), max_chunk=1))
    finally:
        done.set()
        thread.join()
    assert list(results.values()) == [True] * 4


def test_range_counter_takes_ranges_and_tuples():
    def count(start, n):
        return expected_die_counts(range(start, start + n))

    counter = sweep.RangeCounter(count)
    assert counter(range(3, 50)) == expected_die_counts(range(3, 50))
    assert counter((4, 8, 15)) == expected_die_counts((4, 8, 15))


def test_tally_and_add_counts_refuse_bad_shapes():
    with pytest.raises(IndexError):
        sweep.Tally(die, 3)(range(0, 100))
    with pytest.raises(ValueError, match="expected 2"):
        sweep.add_counts([1, 2], [1, 2, 3])
    assert sweep.add_counts([], [4, 5]) == [4, 5]


# --- bounded memory and work before the first result (issue 11 item 10) -------------------


def peak_before_first_result(n: int, backend) -> int:
    def consume(chunk, result):
        raise Stop

    tracemalloc.start()
    try:
        with pytest.raises(Stop):
            sweep.run(sweep.Tally(die, OUTCOMES), range(0, n), consume, backend=backend)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("backend", [sweep.Serial(), sweep.Pool(2)], ids=lambda b: b.name)
def test_memory_before_the_first_result_does_not_depend_on_the_number_of_deals(backend):
    small = peak_before_first_result(100_000, backend)
    huge = peak_before_first_result(10**12, backend)
    assert huge < small + 64 * 1024, (small, huge)
    assert huge < 4 * 1024 * 1024


def test_the_pool_submits_a_bounded_window_ahead():
    submitted = []

    def deals():
        for seed in range(0, 10**12):
            submitted.append(seed)
            yield seed

    def consume(chunk, result):
        raise Stop

    with pytest.raises(Stop):
        sweep.run(seeds_of, deals(), consume, backend=sweep.Pool(2), max_chunk=10)
    # 2 workers x 2 chunks in flight x 10 deals, plus the one chunk read ahead.
    assert len(submitted) <= (sweep.pool.WINDOW_PER_WORKER * 2 + 1) * 10


# --- how a sweep ends ---------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.name)
def test_ctrl_c_stops_the_sweep_and_its_workers(backend):
    seen = []
    progress = Recorder()

    def consume(chunk, result):
        seen.append(chunk)
        if len(seen) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        sweep.run(seeds_of, range(0, 10**12), consume, backend=backend, progress=progress, max_chunk=50)
    assert len(seen) == 2 and progress.closed
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.name)
def test_an_error_in_a_task_reaches_the_caller_and_ends_the_workers(backend):
    with pytest.raises(ValueError, match="deal 13 is broken"):
        sweep.run(fails_on_seed_13, range(0, 5_000), lambda chunk, result: None, backend=backend, max_chunk=5)
    assert multiprocessing.active_children() == []


class Recorder:
    """A progress sink that records what the engine told it."""

    def __init__(self):
        self.done = 0
        self.closed = False

    def advance(self, deals):
        self.done += deals

    def close(self):
        self.closed = True


def test_progress_counts_deals_not_chunks():
    progress = Recorder()
    sweep.run(seeds_of, range(10, 1_010), lambda chunk, result: None, progress=progress, max_chunk=30)
    assert progress.done == 1_000 and progress.closed


@pytest.mark.parametrize("backend", [sweep.Serial(), sweep.Pool(2)], ids=lambda b: b.name)
def test_progress_counts_each_deal_of_a_sweep_once_with_one_deal_a_chunk(backend):
    progress = Recorder()
    consumed = []
    sweep.run(seeds_of, iter(range(0, 7)), lambda chunk, result: consumed.append(result), backend=backend,
              progress=progress, max_chunk=1)
    assert consumed == [[seed] for seed in range(7)] and progress.done == 7 and progress.closed


def test_the_pool_counts_the_deals_that_finish_behind_a_slow_one():
    # issue 27 item 5: deal 0 takes 2 s; the other worker finishes deals 1-3 meanwhile, and the
    # progress line says so before deal 0's result comes back (results are still consumed in order)
    progress = Recorder()
    seen_at_first = []

    def consume(chunk, result):
        if not seen_at_first:
            seen_at_first.append(progress.done)

    sweep.run(slow_seed_0, iter(range(0, 6)), consume, backend=sweep.Pool(2), progress=progress, max_chunk=1)
    assert seen_at_first[0] >= 3 and progress.done == 6


# --- SIGTERM and SIGHUP during a sweep ------------------------------------------------------


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_termination_signal_stops_the_workers_then_reaches_the_previous_handler(signum):
    received = []
    previous = signal.signal(signum, lambda number, frame: received.append(number))
    try:
        def consume(chunk, result):
            if len(received) == 0:
                os.kill(os.getpid(), signum)

        # The previous handler returns normally, so the sweep ends as interrupted.
        with pytest.raises(KeyboardInterrupt):
            sweep.run(seeds_of, range(0, 10**9), consume, backend=sweep.Pool(2), max_chunk=100)
        assert received == [signum]  # delivered once, to the handler the process had
        assert multiprocessing.active_children() == []
        assert signal.getsignal(signum) is not None and signal.getsignal(signum).__name__ == "<lambda>"
    finally:
        signal.signal(signum, previous)


def test_an_ignored_signal_stays_ignored():
    previous = signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        with stop_on_termination():
            os.kill(os.getpid(), signal.SIGTERM)
            assert signal.getsignal(signal.SIGTERM) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGTERM, previous)


def test_a_second_signal_during_the_clean_up_is_held_back():
    received = []
    previous = signal.signal(signal.SIGTERM, lambda number, frame: received.append(number))
    try:
        with pytest.raises(KeyboardInterrupt):
            with stop_on_termination():
                try:
                    os.kill(os.getpid(), signal.SIGTERM)
                finally:
                    os.kill(os.getpid(), signal.SIGTERM)  # arrives while unwinding: no second unwinding
        assert received == [signal.SIGTERM]
    finally:
        signal.signal(signal.SIGTERM, previous)
