"""Cost of calling a hook through the guarded caller against pluggy's own call.

Builds a shell with Aces Up and the statistics plugin (which implements
``cardshell_game_started``), its data in a new temporary directory, then
times ``Sessions.notify`` (the guarded caller, :mod:`cardshell.hookcall`) and
``pm.hook.cardshell_game_started`` (pluggy, unguarded) on the same game.
Not part of the test suite.

    python benchmarks/hook_calls.py [CALLS]
"""

from __future__ import annotations

import sys
import tempfile
import timeit

from cardshell.shell import Shell


def main() -> None:
    calls = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    shell = Shell.create(plugins=["aces-up", "stats"], seed=1, data_dir=tempfile.mkdtemp(prefix="cardshell-bench-"))
    shell.execute("play aces-up --seed 7")
    session = shell.current
    impls = len(shell.pm.hook.cardshell_game_started.get_hookimpls())
    guarded = min(timeit.repeat(lambda: shell.lifecycle.notify("cardshell_game_started", session=session),
                                number=calls, repeat=5)) / calls * 1e6
    plain = min(timeit.repeat(lambda: shell.pm.hook.cardshell_game_started(session=session),
                              number=calls, repeat=5)) / calls * 1e6
    print(f"cardshell_game_started, {impls} implementations, best of 5 x {calls} calls:")
    print(f"  guarded (Sessions.notify):  {guarded:6.1f} us per call")
    print(f"  pluggy (pm.hook):        {plain:6.1f} us per call  (guard overhead {guarded - plain:+.1f} us)")


if __name__ == "__main__":
    main()
