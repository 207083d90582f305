"""Start-up time of ``cardshell`` against baselines timed in the same run.

Script mode: ``cardshell < /dev/null`` (and two short scripts) against
``python -c pass`` and ``python -c 'import pluggy'``.  Interactive mode: the
time until ``cardshell`` (on a pseudo-terminal, driven by pexpect) shows
its first prompt, against a bare prompt_toolkit ``PromptSession`` script
reaching its first prompt.  Each command runs RUNS times (default 15),
interleaved round by round so that a change of the machine's load hits
every command alike; the medians are printed in milliseconds with their
ratios to the baselines (goals, issue 13 item 9: script mode at most 1.5 x
``import pluggy``, the interactive prompt at most 1.3 x the bare prompt).
For the piped runs the median CPU time (user + system) of the process is
printed too: on a loaded machine it varies much less than wall-clock time.

cardshell runs with a new empty data directory and cache directory
(``CARDSHELL_DATA_DIR``, ``CARDSHELL_CACHE_DIR``); one untimed run first
writes the plugin index (and the bytecode caches, with
``PYTHONDONTWRITEBYTECODE`` removed from the environment), so the timed runs
are warm starts, as every start but the first after installing or upgrading
a plugin.  ``--cold`` removes
the index before each cardshell run instead.  ``--as-user`` runs every
command as a user who has set none of those variables: ``HOME`` is a new
empty folder and no ``CARDSHELL_*_DIR`` or ``XDG_*`` variable is set, so
cardshell finds both directories through ``platformdirs``, as it does for
most users (importing it costs about 10 ms on this machine, which the
directories' variables let a start that imports it lazily skip).  Not part
of the test suite.

    python benchmarks/startup.py [RUNS] [--cold] [--no-interactive] [--as-user]
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

BARE_PROMPT = "from prompt_toolkit import PromptSession\nPromptSession().prompt('bare> ')\n"


#: CPU milliseconds (user + system) of the last finished child, by command name.
CPU: dict[str, list[float]] = {}


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (usage.ru_utime + usage.ru_stime) * 1000


def run_piped(argv: list[str], stdin: str, env: dict[str, str], name: str = "") -> float:
    """Wall-clock milliseconds of one run with ``stdin`` piped in (its CPU
    milliseconds, less sensitive to the machine's load, go to :data:`CPU`)."""
    cpu = _children_cpu()
    start = time.perf_counter()
    subprocess.run(argv, input=stdin, capture_output=True, text=True, check=False, env=env)
    elapsed = (time.perf_counter() - start) * 1000
    CPU.setdefault(name, []).append(_children_cpu() - cpu)
    return elapsed


def run_prompt(argv: list[str], prompt: str, env: dict[str, str]) -> float:
    """Milliseconds from spawning ``argv`` on a pseudo-terminal to ``prompt`` appearing."""
    import pexpect

    start = time.perf_counter()
    child = pexpect.spawn(argv[0], argv[1:], env=env, encoding="utf-8", timeout=30, dimensions=(24, 80))
    child.expect_exact(prompt)
    elapsed = (time.perf_counter() - start) * 1000
    child.sendeof()
    child.close(force=True)
    return elapsed


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    runs = int(args[0]) if args else 15
    cold = "--cold" in sys.argv
    interactive = "--no-interactive" not in sys.argv
    python = sys.executable
    cardshell = [str(Path(python).with_name("cardshell"))]
    if not Path(cardshell[0]).exists():
        cardshell = [python, "-m", "cardshell"]
    work = Path(tempfile.mkdtemp(prefix="cardshell-startup-"))
    as_user = "--as-user" in sys.argv
    if as_user:  # the directories found as a user's are: through platformdirs, under HOME
        env = {name: value for name, value in os.environ.items() if not name.startswith(("CARDSHELL_", "XDG_"))}
        env.update(HOME=str(work / "home"), TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1")
    else:
        env = dict(os.environ, CARDSHELL_DATA_DIR=str(work / "data"), CARDSHELL_CACHE_DIR=str(work / "cache"),
                   TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1")
    # As after 'pip install' (which compiles every module): bytecode is cached by the untimed first run.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    bare = work / "bare_prompt.py"
    bare.write_text(BARE_PROMPT, encoding="utf-8")

    def fresh() -> None:
        if cold:
            shutil.rmtree(work / "home" / ".cache" if as_user else work / "cache", ignore_errors=True)

    def shell_piped(stdin: str, name: str) -> Callable[[], float]:
        return lambda: (fresh(), run_piped(cardshell, stdin, env, name))[1]

    measures: dict[str, Callable[[], float]] = {
        "python -c pass": lambda: run_piped([python, "-c", "pass"], "", env, "python -c pass"),
        "python -c 'import pluggy'": lambda: run_piped([python, "-c", "import pluggy"], "", env, "pluggy"),
        "cardshell < /dev/null": shell_piped("", "cardshell < /dev/null"),
        "cardshell < 'games'": shell_piped("games\n", "cardshell < 'games'"),
        "cardshell < 'play aces-up; D; exit'": shell_piped("play aces-up --seed 7\nD\nexit\n",
                                                           "cardshell < 'play aces-up; D; exit'"),
    }
    if interactive:
        measures["bare PromptSession prompt"] = lambda: run_prompt([python, str(bare)], "bare>", env)
        measures["cardshell first prompt"] = lambda: (fresh(), run_prompt(cardshell, "cardshell>", env))[1]
    run_piped(cardshell, "", env)  # writes the plugin index (and warms the file cache)
    times: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(runs):
        for name, measure in measures.items():
            times[name].append(measure())
    medians = {name: statistics.median(values) for name, values in times.items()}
    pluggy = medians["python -c 'import pluggy'"]
    print(f"{'cold' if cold else 'warm'} plugin index, {runs} runs each, medians"
          f"{', as a user (HOME only)' if as_user else ''}; "
          f"load average {os.getloadavg()[0]:.2f}")
    cpu = {name: statistics.median(values) for name, values in CPU.items() if name}
    for name, value in medians.items():
        ratio = ""
        if name.startswith("cardshell <"):
            ratio = f"  ({value / pluggy:.2f} x import pluggy)"
            ratio += f"   CPU {cpu[name]:6.1f} ms ({cpu[name] / cpu['pluggy']:.2f} x)"
        elif name == "cardshell first prompt":
            ratio = f"  ({value / medians['bare PromptSession prompt']:.2f} x bare prompt)"
        elif name == "python -c 'import pluggy'":
            ratio = f"{'':24}   CPU {cpu['pluggy']:6.1f} ms"
        print(f"  {name:38} {value:7.1f} ms{ratio}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
