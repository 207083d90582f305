"""Fuzz every built-in game through the piped CLI: hostile and legal lines mixed.

For each installed game (the built-in ones and any other, such as the
example plugin higher-lower), writes a script of N fuzz lines (default 100,000): a ``play``
line, then lines drawn with a seeded generator from the game's legal moves
at a fixed seed, host commands (``undo``, ``redo``, ``show``, ``moves``,
``restart``, ``help``, ``games``), and hostile text (overlong numbers,
``--1``, control characters, unknown words, empty arguments, very long
words).  Runs ``python -m cardshell --echo --seed SEED`` on it with a time
limit and reports, per game: fuzz lines, seconds, tracebacks and internal
errors found in the output, whether it hung (hit the limit), the exit
status, whether the script ran to its last line, how many fuzz lines ran
outside the game, and cardshell's own peak memory.

Staying in the game does not depend on luck (issue 28, item 9): after
every fuzz line that may leave the game (:func:`leaving_words`: ``quit``,
``exit``, the game's own letters for them, and ``n``, which leaves
Blackjack and a finished Minesweeper board) the script says ``play GAME``
again (inserted lines are not counted as fuzz lines; they resume the game,
or deal a new one if it was left).  The run then proves it: ``--echo``
shows each line after the prompt it was read at, so a fuzz line read at
the shell's own prompt (``cardshell> ``; the inserted ``play GAME`` lines
are expected there) ran outside the game; and a marker
line before the final ``exit`` shows the script was read to its end.

The peak memory is cardshell's own: the high-water mark of its resident
set (``VmHWM`` in ``/proc/PID/status``), read every 20 ms while it runs
(it only grows, so the last reading misses at most the final 20 ms).
``ru_maxrss`` from ``os.wait4`` is not used: Linux carries the harness's
own peak into a child over ``exec`` (101-178 MiB were reported for a
shell of about 30 MiB).  Where ``/proc`` is missing the peak is not shown.
Not part of the test suite.

    python benchmarks/fuzz_games.py [--lines N] [--game ID] [--timeout SECONDS] [--seed S]
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

#: The built-in games; every other installed game (the example plugin higher-lower) is fuzzed too.
GAMES = ["aces-up", "thumb-and-pouch", "pictures", "up-and-down", "minesweeper", "blackjack", "snap"]


def installed_games() -> list[str]:
    """:data:`GAMES`, then every other game the shell finds installed, by id."""
    from cardshell.shell import Shell

    found = Shell.create(autosave=False).games
    return [game for game in GAMES if game in found] + sorted(set(found) - set(GAMES))

HOSTILE = ["", "   ", "--1", "+-1", "1" * 5000, "F " + "9" * 5000, "undo " + "9" * 5000, "x" * 70_000,
           "\x00\x01\x02", "T", "T 1", "tt", "tt 1 2 3 4", "a0", "zz99", "aa1f", "play", "play nosuch",
           "load ../../etc/passwd", "save ../x", "help " + "h" * 300, "step 9999999999", "simulate 0",
           "simulate -5", "simulate 10**400", "hint --samples 0", "solve --nodes -1", "rules nosuch",
           "y", "n", "1", "0", "h", "r", "#comment", "exitt"]
HOST = ["undo", "redo", "show", "moves", "restart", "help", "games"]
#: The line before the final ``exit``: seen in the output, the script was read to its end.
END_MARKER = "fuzz-end-of-script"
#: The top-level prompt as ``--echo`` shows it: a line read there ran outside the game.
TOP_PROMPT = "cardshell> "


def leaving_words(game: object) -> set[str]:
    """The first words of the lines that may leave the game (lower case).

    ``quit`` and ``exit``, the game's own letters for them
    (``Game.host_aliases``, e.g. ``q``), and ``n``: Blackjack's and
    Minesweeper's "do not play again" leaves the game (``ctx.leave()``).
    """
    aliases = getattr(game, "host_aliases", {}) or {}
    return {"quit", "exit", "n"} | {alias.lower() for alias, target in aliases.items() if target in ("quit", "exit")}


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
    leaving = leaving_words(shell.games[game])
    out = [f"play {game} --seed {seed}"]
    fuzz = 1
    while fuzz < lines:
        roll = rng.random()
        if roll < 0.6:
            line = rng.choice(pool)
        elif roll < 0.8:
            line = rng.choice(HOST)
        elif roll < 0.99:
            line = rng.choice(HOSTILE)
        else:
            line = f"play {game} --seed {rng.randint(0, 999)}"
        out.append(line)
        fuzz += 1
        words = line.split()
        if words and words[0].lower() in leaving:
            out.append(f"play {game}")  # back into the game, if the line left it
    return "\n".join([*out, END_MARKER, "exit"]) + "\n"


def peak_kib(pid: int) -> int | None:
    """The process's resident-set high-water mark (``VmHWM``), in KiB; None if unreadable."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for row in status:
                if row.startswith("VmHWM:"):
                    return int(row.split()[1])
    except (OSError, ValueError):
        return None
    return None


def run(game: str, script: Path, timeout: float, seed: int) -> dict[str, object]:
    """Run one script and read the output; cardshell's peak memory from :func:`peak_kib`."""
    out_path = script.with_suffix(".out")
    peak: int | None = None
    with open(script, encoding="utf-8") as stdin, open(out_path, "w", encoding="utf-8") as stdout:
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "cardshell", "--echo", "--seed", str(seed)],
                                 stdin=stdin, stdout=stdout, stderr=subprocess.STDOUT,
                                 env={**os.environ, "CARDSHELL_DATA_DIR": str(script.parent / "data"),
                                      "CARDSHELL_CACHE_DIR": str(script.parent / "cache"),
                                      "CARDSHELL_LOAD_PLUGINS": game})
        hung = False
        deadline = start + timeout
        while child.poll() is None:
            reading = peak_kib(child.pid)
            if reading is not None:
                peak = max(peak or 0, reading)
            if time.perf_counter() > deadline:
                hung = True
                child.kill()
                child.wait()
                break
            time.sleep(0.02)
        seconds = time.perf_counter() - start
    text = out_path.read_text(encoding="utf-8", errors="replace")
    rows = text.splitlines()
    return {"game": game, "seconds": seconds, "tracebacks": text.count("Traceback (most recent call last)"),
            "internal": text.count("internal error"), "hung": hung, "status": child.returncode,
            "to_end": any(row.endswith(END_MARKER) for row in rows[-20:]),
            "outside": sum(row.startswith(TOP_PROMPT) and row != f"{TOP_PROMPT}play {game}" for row in rows) - 1,
            "peak_mib": None if peak is None else peak / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--game", help="one game's id (default: every installed game)")
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for game in [options.game] if options.game else installed_games():
            script = Path(tmp) / f"{game}.txt"
            script.write_text(script_for(game, options.lines, options.seed), encoding="utf-8")
            r = run(game, script, options.timeout, options.seed)
            peak = "?" if r["peak_mib"] is None else f"{r['peak_mib']:.0f}"
            print(f"{game:16} {options.lines} lines {r['seconds']:7.1f} s  tracebacks {r['tracebacks']}  "
                  f"internal errors {r['internal']}  hung {r['hung']}  exit {r['status']}  "
                  f"to the end {r['to_end']}  outside the game {r['outside']}  peak {peak} MiB", flush=True)


if __name__ == "__main__":
    main()
