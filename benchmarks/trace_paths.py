"""Which host modules one line goes through: a move, ``solve`` and ``load``.

Builds a shell with every installed plugin, its data in a new temporary
directory, plays a seeded deal, saves it as ``t1`` and runs each traced
line once untraced first (so that imports and first-use caches are not
counted), then runs it again under :func:`sys.setprofile` and prints, for
each line:

* the files of ``cardshell/`` entered (a Python function or module code
  whose file is under the ``cardshell`` package);
* the calls whose code is in ``cardshell/shell.py`` other than the traced
  ``Shell.execute`` itself (calls back into the shell);
* every Python call into ``cardshell/``, for scale.

Not part of the test suite; the counts are exact (no timing)::

    python benchmarks/trace_paths.py [--game aces-up] [--move D] [--moves N] [--list]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

import cardshell
from cardshell.shell import Shell

PACKAGE = Path(cardshell.__file__).resolve().parent
SHELL = str(PACKAGE / "shell.py")


def traced(shell: Shell, line: str) -> tuple[Counter[str], int]:
    """Run ``line`` under a profile hook: calls per file of ``cardshell/``
    (relative to the package's parent), and the calls into ``cardshell/shell.py``."""
    files: Counter[str] = Counter()
    into_shell = 0
    root = str(PACKAGE) + "/"
    seen: dict[str, str | None] = {}
    entry = Shell.execute.__code__

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal into_shell
        if event != "call":
            return
        filename = frame.f_code.co_filename
        name = seen.get(filename, "")
        if name == "":
            resolved = str(Path(filename).resolve())
            name = seen[filename] = (str(Path(resolved).relative_to(PACKAGE.parent))
                                     if resolved.startswith(root) else None)
            if resolved == SHELL:
                seen[filename] = name = "cardshell/shell.py"
        if name is None:
            return
        files[name] += 1
        if name == "cardshell/shell.py" and frame.f_code is not entry:
            into_shell += 1

    sys.setprofile(profile)
    try:
        reply = shell.execute(line)
    finally:
        sys.setprofile(None)
    if not reply.ok:
        raise SystemExit(f"{line!r} was rejected: {reply.error}")
    return files, into_shell


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="aces-up")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--move", default="D", help="the move traced (and the moves played before the save)")
    parser.add_argument("--moves", type=int, default=3, help="moves in the save t1")
    parser.add_argument("--list", action="store_true", help="list the files entered, with their calls")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cardshell-trace-") as data:
        shell = Shell.create(seed=1, data_dir=data)
        for line in (f"play {options.game} --seed {options.seed}", *[options.move] * options.moves, "save t1"):
            reply = shell.execute(line)
            if not reply.ok:
                raise SystemExit(f"{line!r} was rejected: {reply.error}")
        rows = []
        for label, line in (("a move", options.move), ("solve", "solve"), ("load t1", "load t1")):
            shell.execute(line)  # warm: imports and caches of a first use are not counted
            if line == options.move:
                shell.execute("undo")
            files, into_shell = traced(shell, line)
            if line == options.move:
                shell.execute("undo")
            rows.append((label, line, files, into_shell))
        print(f"{options.game}, seed {options.seed}, save t1 of {options.moves} x {options.move!r}:")
        for label, line, files, into_shell in rows:
            print(f"  {label:8} ({line!r}): {len(files):3} files of cardshell/ entered, "
                  f"{into_shell:3} calls back into cardshell/shell.py, {sum(files.values()):6} calls into cardshell/")
            if options.list:
                for name, calls in sorted(files.items()):
                    print(f"      {calls:6}  {name}")


if __name__ == "__main__":
    main()
