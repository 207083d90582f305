"""Where the host's search spends its time: positions per second, and the
share of the time in hashing, in the host and in the game.

For one game, solve deals ``--seeds A:B`` from their start with the host's
search (:func:`cardshell.search.solve`, the engine of ``solve``, ``hint``
and winnability sweeps) under a budget of ``--nodes`` positions each, twice:

* **plain**: the generic search only (legal moves, the moves' ``check`` and
  ``apply``, the states themselves as transposition keys): the game's
  ``key``, ``successors``, ``prune`` and ``solver`` left out;
* **fast**: the game as registered, with its fast paths.

For each, it prints the positions per second (the best of ``--repeat``
timed runs, no profiler; per second of this process's CPU time, which other
work on a shared machine disturbs less than the wall clock, also shown),
the share of that time the search spends hashing its transposition keys,
measured without a profiler (:func:`hashing_seconds`), and, from one more
run under cProfile, the share of the time in

* **hashing**: every ``__hash__`` and ``__eq__`` (the states', the cards',
  the suits'; what the transposition table and the state checks cost) and
  the ``hash`` built-in;
* **host**: functions of the ``cardshell`` package (search, rules, parsing);
* **game**: functions of the game's own modules;

the time of any other function (a built-in, the standard library,
a dataclass's generated ``__init__``) counts for the category of the
function that called it, as cProfile records it.  cProfile adds a cost to
every Python call, so the shares of code made of many small calls (hashing,
above all) are larger under it than without it; compare shares between
runs of this benchmark, not with the timed rate.

The default game is ``klondike-bench`` (benchmarks/klondike.py, registered
for this run only): Klondike, draw one, as a stranger's plugin writes it
(frozen dataclass states of tuples of :class:`cardshell.cards.Card`), with
face-down cards and a large state.  Another ``--game`` is taken from the
installed plugins (``aces-up``'s own solver makes its fast run a different
search altogether).

    python benchmarks/bench_search.py [--game ID] [--seeds 0:4] [--nodes 20000] [--repeat 3]

Timings are noisy on a shared machine: compare two versions by running
this benchmark against each, interleaved, in the same session.
"""

from __future__ import annotations

import argparse
import cProfile
import math
import os
import pstats
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
BENCH_GAME = "klondike-bench"


def rule_sets(game_id: str) -> tuple[Any, Any]:
    """The game's rules without its fast paths (plain) and as registered (fast)."""
    from cardshell import Search
    from cardshell.shell import Shell

    if game_id == BENCH_GAME:
        sys.path.insert(0, str(HERE))
        shell = Shell.create(plugins=[], extra_modules=["klondike"], seed=0, autosave=False)
    else:
        shell = Shell.create(plugins=[game_id], seed=0, autosave=False)
    fast = shell.rules(game_id)
    plain = fast.searched_with(Search(heuristic=fast.search.heuristic))  # the heuristic orders moves: no fast path
    return plain, fast


def run(rules: Any, seeds: range, nodes: int) -> tuple[int, float, float]:
    """Positions searched over the deals ``seeds``, and the seconds taken:
    wall clock and this process's CPU time."""
    from cardshell.search import Budget, solve

    states = [rules.game.new(seed, {option.name: option.default for option in rules.game.options})
              for seed in seeds]
    positions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for state in states:
        positions += solve(rules, state, Budget(seconds=3600.0, nodes=nodes)).positions
    return positions, time.perf_counter() - start, time.process_time() - cpu


class _Counted:
    """A transposition key that counts how often the search hashes it."""

    __slots__ = ("key",)
    calls = 0

    def __init__(self, key: Any) -> None:
        self.key = key

    def __hash__(self) -> int:
        _Counted.calls += 1
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return bool(self.key == (other.key if isinstance(other, _Counted) else other))


def hashing_seconds(rules: Any, seeds: range, nodes: int) -> float:
    """The seconds the search spends hashing its keys, measured without a profiler.

    One more run of the search, whose key function times one ``hash`` of
    each key it makes, at once (the key just built, as the search meets
    it), less the clock's own cost, and counts how often the search hashes
    a key (a set lookup and a set insertion each hash once): the time of
    one hash times that count.
    """
    from cardshell.ruleset import RuleSet

    counting = RuleSet(rules.game, rules._scope)
    plain_key = counting.fast_key
    clock = time.thread_time_ns  # CPU time: a preemption does not count
    spent = made = 0

    def counted_key(state: Any) -> _Counted:
        nonlocal spent, made
        key = plain_key(state)
        start = clock()
        hash(key)
        spent += clock() - start
        made += 1
        return _Counted(key)

    empty = _clock_cost()
    counting.fast_key = counted_key  # type: ignore[method-assign]
    _Counted.calls = 0
    run(counting, seeds, nodes)
    per_key = _Counted.calls / max(made, 1)
    return max(spent - empty * made, 0) * per_key / 1e9


def _clock_cost() -> int:
    """The least time, in ns, between two readings of ``time.thread_time_ns``."""
    clock = time.thread_time_ns  # CPU time: a preemption does not count
    least = None
    for _ in range(1000):
        start = clock()
        gap = clock() - start
        least = gap if least is None else min(least, gap)
    return least or 0


def category(where: tuple[str, int, str], game_files: set[str], host_dir: str) -> str | None:
    """``hashing``, ``host`` or ``game`` for a profiled function, None for one
    whose time counts for its callers."""
    filename, _, name = where
    if name in ("__hash__", "__eq__") or name == "<built-in method builtins.hash>":
        return "hashing"
    if filename.startswith(host_dir):
        return "host"
    if filename in game_files:
        return "game"
    return None


def shares(profile: cProfile.Profile, game_files: set[str]) -> dict[str, float]:
    """Each category's share of the profiled time (other functions' time given to their callers)."""
    import cardshell

    host_dir = str(Path(cardshell.__file__).resolve().parent)
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    resolved: dict[Any, dict[str, float]] = {}

    def split(func: Any, seen: frozenset = frozenset()) -> dict[str, float]:
        """How the own time of ``func`` divides among the categories."""
        if func in resolved:
            return resolved[func]
        own = category(func, game_files, host_dir)
        if own is not None:
            result = {own: 1.0}
        else:
            _, _, _, _, callers = stats[func]
            total = sum(timing[2] for timing in callers.values())
            result = {}
            if total <= 0 or func in seen:
                result = {"other": 1.0}
            else:
                for caller, timing in callers.items():
                    for name, part in split(caller, seen | {func}).items():
                        result[name] = result.get(name, 0.0) + part * timing[2] / total
        resolved[func] = result
        return result

    totals = {"hashing": 0.0, "host": 0.0, "game": 0.0, "other": 0.0}
    for func, (_, _, own_time, _, _) in stats.items():
        if func[2] in ("<method 'disable' of '_lsprof.Profiler' objects>",):
            continue
        for name, part in split(func).items():
            totals[name] += own_time * part
    whole = sum(totals.values()) or 1.0
    return {name: value / whole for name, value in totals.items()}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print one line per search.  Returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=BENCH_GAME)
    parser.add_argument("--seeds", default="0:4", help="deals A:B, B excluded (default 0:4)")
    parser.add_argument("--nodes", type=int, default=20_000, help="positions per deal (default 20000)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs, the best counts (default 3)")
    parser.add_argument("--no-profile", action="store_true", help="skip the cProfile run")
    args = parser.parse_args(argv)
    first, _, last = args.seeds.partition(":")
    seeds = range(int(first), int(last))
    plain, fast = rule_sets(args.game)
    folder = Path(sys.modules[fast.game.new.__module__].__file__ or ".").resolve().parent
    game_files = {str(path) for path in folder.glob("*.py")} - {str(Path(__file__).resolve())}
    import cardshell

    print(f"{args.game}, deals {args.seeds}, {args.nodes} positions each; cardshell from "
          f"{Path(cardshell.__file__).parent.parent}; load average {os.getloadavg()[0]:.2f}")
    for label, rules in (("plain", plain), ("fast", fast)):
        wall = cpu = math.inf
        positions = 0
        for _ in range(args.repeat):
            positions, seconds, used = run(rules, seeds, args.nodes)
            wall, cpu = min(wall, seconds), min(cpu, used)
        hashing = hashing_seconds(rules, seeds, args.nodes)
        line = (f"{label:5}  {positions:7} positions  {positions / cpu:7,.0f} per CPU second "
                f"({positions / wall:,.0f} per second of wall clock); hashing the keys {hashing / cpu:5.1%}")
        if not args.no_profile:
            profile = cProfile.Profile()
            profile.enable()
            run(rules, seeds, args.nodes)
            profile.disable()
            part = shares(profile, game_files)
            line += ("  under cProfile: hashing {hashing:5.1%}, host {host:5.1%}, game {game:5.1%}, "
                     "other {other:5.1%}").format(**part)
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
