"""What the save rules cost: save, autosave on exit and load of a long game.

Builds a toy-counter-like game in process (no plugins needed) whose log has
N moves, then times, as medians over several runs (milliseconds):

* ``save NAME`` (write under the lock, SHA-256 of the bytes, stale
  temporary files swept);
* ``Shell.close()`` (the autosave on exit, checked against what the
  session read or wrote);
* ``load NAME``, split into the check that every log line is a move
  (:meth:`cardshell.persistence.Persistence.check_log`) and the whole load
  (read, check, replay).

Not part of the test suite.

    python benchmarks/bench_saves.py [MOVES] [RUNS]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

import cardshell
from cardshell import hookspecs, parsers
from cardshell.shell import Shell


class _Tally:
    """A game with one move, ``add N``, so that a log of any length replays."""

    @cardshell.hookimpl
    def cardshell_games(self) -> list[cardshell.Game]:
        return [cardshell.Game(id="tally", title="Tally", summary="adds numbers", new=lambda seed, options: (0,),
                               render=lambda state: str(state[0]), outcome=lambda state: None)]

    @cardshell.hookimpl
    def cardshell_commands(self) -> list[cardshell.Command]:
        def add(ctx: cardshell.CommandContext, n: int) -> None:
            ctx.state = (ctx.state[0] + n,)

        return [cardshell.Command("add", "add N", add, game="tally", usage="add N",
                                  parse=parsers.optional_integer(1, 9, default=1))]


def _shell(data_dir: Path) -> Shell:
    import pluggy

    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(_Tally(), name="tally")
    return Shell(pm, seed=1, data_dir=data_dir, autosave=True)


def _ms(action) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def main() -> None:
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    timings: dict[str, list[float]] = {"save": [], "close (autosave)": [], "check_log": [], "load": []}
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(runs):
            data = Path(tmp) / str(run)
            shell = _shell(data)
            shell.execute("play tally --seed 1")
            for _ in range(moves):
                shell.execute("add 1")
            timings["save"].append(_ms(lambda: shell.execute("save long")))
            timings["close (autosave)"].append(_ms(shell.close))
            other = _shell(data)
            record = other.persistence.read("long")
            game = other.games["tally"]
            timings["check_log"].append(_ms(lambda: other.persistence.check_log(game, record.log)))
            reply = None

            def load() -> None:
                nonlocal reply
                reply = other.execute("load long")

            timings["load"].append(_ms(load))
            assert reply is not None and reply.ok and other.current.state == (moves,), reply
    print(f"a game of {moves} moves, median of {runs} runs:")
    for what, values in timings.items():
        print(f"  {what:18} {statistics.median(values):9.1f} ms")


if __name__ == "__main__":
    main()
