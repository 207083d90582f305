"""What a golden test costs to report one changed line of a long script.

Two scripts of about LINES lines play the toy counter game of tests/plugins:
``mixed`` with ``--echo`` (a move, its undoing, an unknown word and a look
at the game, over and over, and a help page every 100 lines), and ``host``
without it (``help inc`` over and over, host lines only, then one move),
with three host messages reworded as a release rewords them (the wording
of today kept as former).  Each one's output recorded before the
rewording, with its last game line changed, is the expected file.
Printed per script: the CPU seconds (median of REPEATS) of running it with
the recording of its golden items (:func:`cardshell.testing.run_cardshell`)
and of comparing the expected file with them
(:func:`cardshell.golden.compare`), and, where the comparison counts them,
the candidate texts it tried and the words and lines it compared.

    python benchmarks/golden_compare.py [LINES] [REPEATS]

Run it against another checkout with ``PYTHONPATH=THAT_CHECKOUT``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "plugins"))

from cardshell.golden import compare  # noqa: E402
from cardshell.messages import CATALOG, Message  # noqa: E402
from cardshell.testing import run_cardshell  # noqa: E402

#: The host messages reworded, with their new wording.
REWORDED = {
    "game.started": "Dealt {title} (seed {seed}).",
    "command.unknown": "{word} is not a command{where}{suggestion}; {help} lists the commands",
    "game.over.what": "{title} has ended",
}


def scripts(lines: int) -> dict[str, tuple[str, bool]]:
    """The scripts of about ``lines`` lines, by name, each with whether it echoes."""
    mixed = "play counter --seed 5\n" + ("inc 1\ninc -1\nnope\nshow\n" * 25 + "help\n") * (lines // 101)
    host = "play counter --seed 5\n" + "help inc\n" * (lines - 2) + "inc 1\n"
    return {"mixed": (mixed, True), "host": (host, False)}


def cpu(work, repeats: int) -> tuple[float, object]:
    """The median CPU seconds of ``work()`` over ``repeats`` runs, and its last result."""
    times = []
    result = None
    for _ in range(repeats):
        start = time.process_time()
        result = work()
        times.append(time.process_time() - start)
    return statistics.median(times), result


def main() -> int:
    lines = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    recorded = {name: run_cardshell(text, plugins=[], modules=["toy_counter"], echo=echo)
                for name, (text, echo) in scripts(lines).items()}
    for message_id, wording in REWORDED.items():
        old = CATALOG[message_id]
        CATALOG[message_id] = Message(message_id, wording, old.doc, (old.text, *old.former), old.kind)
    for name, (text, echo) in scripts(lines).items():
        expected = recorded[name].output.split("\n")
        changed = max(number for number, line in enumerate(expected) if line.startswith("count is now"))
        expected[changed] = "count is now 777"
        run_time, result = cpu(lambda: run_cardshell(text, plugins=[], modules=["toy_counter"], echo=echo), repeats)
        items = result.out_items  # type: ignore[attr-defined]
        compare_time, verdict = cpu(lambda: compare("\n".join(expected), items), repeats)
        print(f"{name}: {len(text.splitlines())} script lines, {len(expected)} output lines, {len(items)} items")
        print(f"  run with golden items: {run_time:.3f} s CPU (median of {repeats})")
        print(f"  compare, one changed line: {compare_time:.3f} s CPU, ok={verdict.ok}")  # type: ignore[attr-defined]
        for count in ("checks", "steps"):
            if hasattr(verdict, count):
                print(f"  {count}: {getattr(verdict, count)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
