"""Fuzz every built-in game through the piped CLI: hostile and legal lines mixed.

For each game, writes a script of N lines (default 100,000): a ``play`` line,
then lines drawn with a seeded generator from the game's legal moves at a
fixed seed, host commands (``undo``, ``redo``, ``show``, ``moves``, ``new``,
``restart``), and hostile text (overlong numbers, ``--1``, control
characters, unknown words, empty arguments, very long words).  Runs
``python -m cardshell`` on it with a time limit and reports, per game: lines,
seconds, tracebacks and internal errors found in the output, whether it hung
(hit the limit), the exit status and the peak memory (``ru_maxrss``, via
``os.wait4``).  Not part of the test suite.

    python benchmarks/fuzz_games.py [--lines N] [--game ID] [--timeout SECONDS]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GAMES = ["aces-up", "thumb-and-pouch", "pictures", "up-and-down", "minesweeper", "blackjack", "snap"]

HOSTILE = ["", "   ", "--1", "+-1", "1" * 5000, "F " + "9" * 5000, "undo " + "9" * 5000, "x" * 70_000,
           "\x00\x01\x02", "T", "T 1", "tt", "tt 1 2 3 4", "a0", "zz99", "aa1f", "play", "play nosuch",
           "load ../../etc/passwd", "save ../x", "help " + "h" * 300, "step 9999999999", "simulate 0",
           "simulate -5", "simulate 10**400", "hint --samples 0", "solve --nodes -1", "rules nosuch",
           "y", "n", "1", "0", "h", "r", "#comment", "exitt"]
HOST = ["undo", "redo", "show", "moves", "restart", "help", "games"]
#: Lines that would end the shell at the top level are left out (the run must reach the end).


def script_for(game: str, lines: int, seed: int) -> str:
    """The fuzz script of one game: ``lines`` lines, reproducible from ``seed``."""
    from cardshell.shell import Shell

    rng = random.Random(seed)
    shell = Shell.create(plugins=[game], seed=seed, autosave=False)
    shell.execute(f"play {game} --seed {seed}")
    pool: list[str] = []
    rules = shell.rules(game)
    state = shell.current.state
    for _ in range(300):  # lines that are legal somewhere
        legal = rules.legal(state) if shell.games[game].legal_moves else []
        if not legal or rules.outcome(state) is not None:
            state = shell.games[game].new(rng.randint(0, 10**6), {o.name: o.default for o in shell.games[game].options})
            continue
        pool.extend(legal)
        state = rules.play(state, rng.choice(legal))
    pool = pool or ["lines 1--5", "5", "q"]
    out = [f"play {game} --seed {seed}"]
    while len(out) < lines:
        roll = rng.random()
        if roll < 0.6:
            out.append(rng.choice(pool))
        elif roll < 0.8:
            out.append(rng.choice(HOST))
        elif roll < 0.97:
            out.append(rng.choice(HOSTILE))
        elif roll < 0.99:  # back into the game if a line left it ('n', 'quit' of a game)
            out.append(f"play {game}")
        else:
            out.append(f"play {game} --seed {rng.randint(0, 999)}")
    return "\n".join(out) + "\nquit\nexit\n"


def run(game: str, script: Path, timeout: float) -> dict[str, object]:
    """Run one script; the child's own peak memory comes from ``os.wait4``."""
    out_path = script.with_suffix(".out")
    with open(script) as stdin, open(out_path, "w") as stdout:
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "cardshell"], stdin=stdin, stdout=stdout,
                                 stderr=subprocess.STDOUT,
                                 env={**os.environ, "CARDSHELL_DATA_DIR": str(script.parent / "data"),
                                      "CARDSHELL_LOAD_PLUGINS": game})
        hung = False
        deadline = start + timeout
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                hung = True
                child.kill()
                pid, status, usage = os.wait4(child.pid, 0)
                break
            time.sleep(0.05)
        child.returncode = 0
        seconds = time.perf_counter() - start
    text = out_path.read_text(encoding="utf-8", errors="replace")
    return {"game": game, "seconds": seconds, "tracebacks": text.count("Traceback (most recent call last)"),
            "internal": text.count("internal error"), "hung": hung,
            "status": os.waitstatus_to_exitcode(status), "peak_mib": usage.ru_maxrss / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--game", choices=GAMES)
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for game in [options.game] if options.game else GAMES:
            script = Path(tmp) / f"{game}.txt"
            script.write_text(script_for(game, options.lines, options.seed), encoding="utf-8")
            r = run(game, script, options.timeout)
            print(f"{game:16} {options.lines} lines {r['seconds']:7.1f} s  tracebacks {r['tracebacks']}  "
                  f"internal errors {r['internal']}  hung {r['hung']}  exit {r['status']}  "
                  f"peak {r['peak_mib']:.0f} MiB", flush=True)


if __name__ == "__main__":
    main()
