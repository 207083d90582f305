"""What a golden test costs to report one changed line of a long script.

A script of LINES lines plays the toy counter game of tests/plugins with
``--echo`` (a move, its undoing, an unknown word and a look at the game,
over and over, and a help page, the host's lines only, every 100 lines),
with three host messages reworded as a release rewords them (the wording
of today kept as former).  Its output recorded before the
rewording, with one game line changed near the end, is the expected file.
Printed: the CPU seconds (median of REPEATS) of running the script with the
recording of its golden items (:func:`cardshell.testing.run_cardshell`) and
of comparing the expected file with them (:func:`cardshell.golden.compare`),
and, where the comparison counts them, the candidate texts it tried and the
words and lines it compared.

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


def script(lines: int) -> str:
    """A counter game of about ``lines`` lines, a help page (host lines only) every 100 lines."""
    return "play counter --seed 5\n" + ("inc 1\ninc -1\nnope\nshow\n" * 25 + "help\n") * (lines // 101)


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
    text = script(lines)
    recorded = run_cardshell(text, plugins=[], modules=["toy_counter"], echo=True)
    expected = recorded.output.split("\n")
    changed = max(number for number, line in enumerate(expected) if line == "count is now 1")
    expected[changed] = "count is now 7"
    for message_id, wording in REWORDED.items():
        old = CATALOG[message_id]
        CATALOG[message_id] = Message(message_id, wording, old.doc, (old.text, *old.former), old.kind)
    run_time, result = cpu(lambda: run_cardshell(text, plugins=[], modules=["toy_counter"], echo=True), repeats)
    items = result.out_items  # type: ignore[attr-defined]
    compare_time, verdict = cpu(lambda: compare("\n".join(expected), items), repeats)
    print(f"{len(text.splitlines())} script lines, {len(expected)} output lines, {len(items)} items")
    print(f"run with golden items: {run_time:.3f} s CPU (median of {repeats})")
    print(f"compare, one changed line: {compare_time:.3f} s CPU, ok={verdict.ok}")  # type: ignore[attr-defined]
    for name in ("checks", "steps"):
        if hasattr(verdict, name):
            print(f"  {name}: {getattr(verdict, name)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
