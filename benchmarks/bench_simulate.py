"""Time ``simulate(100_000, 0)`` of Pictures and Up-and-Down against the floor.

The floor is the work the rules force (issue 4, "Speed"): for every game,
one ``Random.seed`` and one library ``shuffle`` of the 52 cards, plus, for
Pictures, one more seed and shuffle for every later round the game really
plays (the sorted cards still in play).  The floor is timed in the same run,
on exactly the decks the games shuffle (worked out beforehand, untimed).

Usage::

    .venv/bin/python benchmarks/bench_simulate.py [-n 100000] [-i 0] [--repeat 3]

Prints, per game: seconds for the floor, for ``simulate`` on one core and
on every core (``jobs=os.cpu_count()``), the ratios to the floor, and the
win probability shown in the table.  Times are the best of ``--repeat``
runs (wall clock, ``time.perf_counter``); the machine's load matters, so
compare ratios from the same run.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import time
from collections.abc import Callable

import cardshell_pictures
import cardshell_up_and_down
from cardshell_pictures.rules import IS_PICTURE


def best_of(repeat: int, work: Callable[[], object]) -> tuple[float, object]:
    """Run ``work`` ``repeat`` times; return the best wall time and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return best, result


def pictures_plan(n: int, i: int) -> list[tuple[int, list[int]]]:
    """Every (seed, sorted deck) Pictures shuffles for games i .. i + n - 1.

    Plays each game with the library shuffle (untimed): a round draws from
    the top until the number drawn is 16 plus the pictures among them.
    """
    plan: list[tuple[int, list[int]]] = []
    decks: dict[frozenset[int], list[int]] = {}
    rng = random.Random()
    for seed in range(i, i + n):
        aside: set[int] = set()
        for rnd in range(4):
            key = frozenset(aside)
            deck = decks.get(key)
            if deck is None:
                deck = decks[key] = [c for c in range(52) if c not in aside]
            plan.append((seed + rnd, deck))
            rng.seed(seed + rnd)
            order = deck[:]
            rng.shuffle(order)
            credit, depth = 16, 0
            while credit and len(aside) < 12:
                card = order[-1 - depth]
                depth += 1
                if IS_PICTURE[card]:
                    aside.add(card)
                else:
                    credit -= 1
            if len(aside) == 12:
                break
    return plan


def floor(plan: list[tuple[int, list[int]]]) -> None:
    """The floor: one seed and one library shuffle per (seed, deck)."""
    rng = random.Random()
    reseed, shuffle = rng.seed, rng.shuffle
    for seed, deck in plan:
        reseed(seed)
        cards = deck[:]
        shuffle(cards)


def quiet_simulate(simulate: Callable[..., None], n: int, i: int, jobs: int) -> str:
    """Run ``simulate(n, i, jobs=jobs)`` and return what it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        simulate(n, i, jobs=jobs)
    return out.getvalue()


def frequency(table: str, outcome: int) -> str:
    """The frequency column of ``outcome``'s row in a printed table ('0.00%' if absent)."""
    for line in table.splitlines()[2:]:
        left, _, right = line.partition(" | ")
        if int(left) == outcome:
            return right.strip()
    return "0.00%"


def main() -> None:
    """Parse the arguments, time both games, print the report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=100_000, help="games per simulate (default 100000)")
    parser.add_argument("-i", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement, best kept (default 3)")
    args = parser.parse_args()
    n, i, repeat = args.n, args.i, args.repeat
    cores = os.cpu_count() or 1

    games = [
        ("pictures", cardshell_pictures.simulate, pictures_plan(n, i), 12),
        ("up-and-down", cardshell_up_and_down.simulate, [(seed, list(range(52))) for seed in range(i, i + n)], 0),
    ]
    print(f"simulate({n}, {i}); best of {repeat}; {cores} cores")
    print(f"{'game':<12} {'shuffles':>9} {'floor s':>8} {'1 core s':>9} {'ratio':>6} {'all s':>7} {'ratio':>6}  win")
    for name, simulate, plan, won in games:
        floor_time, _ = best_of(repeat, lambda: floor(plan))
        one_time, table = best_of(repeat, lambda: quiet_simulate(simulate, n, i, 1))
        all_time, table_all = best_of(repeat, lambda: quiet_simulate(simulate, n, i, cores))
        assert table == table_all, "jobs changed the result"
        print(
            f"{name:<12} {len(plan):>9} {floor_time:>8.2f} {one_time:>9.2f} {one_time / floor_time:>6.2f}"
            f" {all_time:>7.2f} {all_time / floor_time:>6.2f}  {frequency(table, won)}"
        )


if __name__ == "__main__":
    main()
