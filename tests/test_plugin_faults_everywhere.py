"""One blame rule wherever plugin code runs: the shell, the search and the
sweeps, in this process and in a pool's worker processes.  Each hostile
plugin of tests/plugins is named in the message, and what a sweep stores
is checked (a plugin's fault is never a stored result)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cardshell.render import text_of
from cardshell.search import MAX_POSITIONS
from cardshell.shell import Shell
from cardshell.winnability.store import Store

TOY_PLUGINS = Path(__file__).resolve().parent / "plugins"
#: The line of hostile_raising_rules.py that raises.
RAISES_AT = next(number for number, text in enumerate((TOY_PLUGINS / "hostile_raising_rules.py").read_text()
                                                      .splitlines(), 1) if "# RAISES" in text)
needs_two_cores = pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="a pool needs 2 usable cores")


def shell_with(module: str, tmp_path: Path) -> Shell:
    return Shell.create(plugins=[], extra_modules=[module], seed=0, autosave=False, data_dir=tmp_path / "data")


def stored(tmp_path: Path) -> dict[int, str]:
    """The table's rows, deal -> result ({} without a table)."""
    if not (tmp_path / "data" / "winnability.sqlite3").exists():
        return {}
    with Store.in_directory(tmp_path / "data") as store:
        return {row.deal: row.outcome.result for row in store.rows()}


# --- an exception in a pool worker ------------------------------------------------------------


@needs_two_cores
def test_a_plugins_exception_in_a_pool_worker_names_the_plugin_and_its_line_as_in_this_process(tmp_path):
    shell = shell_with("hostile_raising_rules", tmp_path)
    expected = ("internal error in plugin 'hostile_raising_rules': ValueError: a row with a 3 in it (raised at "
                f"hostile_raising_rules.py:{RAISES_AT})")
    # Odd deals hold a 3; with one deal a chunk, deal 1 fails in a worker process.
    assert shell.execute("winnability raising-rules --deals 0:1 --jobs 1").ok
    for jobs in ("--jobs 1", "--jobs 2"):
        reply = shell.execute(f"winnability raising-rules --deals 0:40 {jobs}")
        assert not reply.ok and reply.error == expected, jobs
    assert 1 not in stored(tmp_path)


def test_a_plugin_exception_that_cannot_be_pickled_is_carried_as_text():
    from cardshell import blame
    from cardshell.sweep.worker import carry

    class Unpicklable(Exception):
        def __init__(self, a, b):
            super().__init__(a)

    try:
        raise Unpicklable("x", "y")
    except Unpicklable as exc:
        carried = carry(exc)
    assert isinstance(carried, blame.CarriedFailure) and blame.describe(carried) == "Unpicklable: x"
    assert blame.locate(carried, [("this", __file__)]).plugin == "this"
    try:
        raise SystemExit(3)  # a plugin's sys.exit() must not end the sweeping process
    except SystemExit as exc:
        assert isinstance(carry(exc), blame.CarriedFailure)


@needs_two_cores
def test_a_worker_that_dies_ends_the_sweep_with_a_message_and_keeps_what_was_stored(tmp_path):
    shell = shell_with("hostile_dying_worker", tmp_path)
    reply = shell.execute("winnability dying-worker --deals 0:40 --jobs 2")
    assert not reply.ok
    assert reply.error == "a worker process of the sweep ended abruptly (killed, or out of memory); the sweep stopped"
    rows = stored(tmp_path)
    assert 5 not in rows and set(rows) <= set(range(40))
    assert shell.execute("winnability dying-worker --deals 0:5 --jobs 1").ok  # in this process, no worker dies


# --- the state guard in sweeps -----------------------------------------------------------------


def test_a_sweep_of_a_game_whose_first_moves_change_their_state_solves_nothing(tmp_path):
    shell = shell_with("hostile_mutating", tmp_path)
    reply = shell.execute("winnability mutating-row --deals 0:20 --jobs 1")
    assert not reply.ok
    assert reply.error == ("plugin 'hostile_mutating': move 'take 1' changed the state it was given, though game "
                           "'mutating-row' declares immutable states; nothing was solved or read from the table")
    assert stored(tmp_path) == {}


@needs_two_cores
@pytest.mark.parametrize("jobs", ["--jobs 1", "--jobs 2"])
def test_a_deal_whose_search_meets_a_changed_state_is_the_plugins_fault_and_never_stored(tmp_path, jobs):
    shell = shell_with("hostile_deep_mutator", tmp_path)
    for _ in range(2):  # a second run is not answered from the table
        reply = shell.execute(f"winnability deep-mutator --deals 0:20 {jobs}")
        assert not reply.ok
        assert reply.error.startswith("plugin 'hostile_deep_mutator': its rules changed the state it was given, "
                                      "though game 'deep-mutator' declares immutable states; deal ")
        failed = int(reply.error.rsplit("deal ", 1)[1].split()[0])
        assert reply.error.endswith(f"deal {failed} was not stored")
        assert failed not in stored(tmp_path)
    # What was stored came from searches that met no changed state: positions without a second move.
    assert all(result == "no win" for result in stored(tmp_path).values())


# --- wrong types from the search hooks ---------------------------------------------------------


@pytest.mark.parametrize(("game", "error"), [
    ("int-line", "solver gave the line tuple (1,), not a tuple of lines"),
    ("lazy-line", "solver gave the line generator <generator object "),
    ("minus-positions", f"solver counted int -5 positions, not a whole number from 0 to {MAX_POSITIONS:,}"),
    ("huge-positions", "solver counted int 100000000000000000...0000000000000000000 positions, not a whole number"),
    ("half-positions", f"solver counted float 1.5 positions, not a whole number from 0 to {MAX_POSITIONS:,}"),
])
def test_a_solver_answer_of_the_wrong_type_is_the_plugins_fault(tmp_path, game, error):
    shell = shell_with("hostile_search_answers", tmp_path)
    assert shell.execute(f"play {game} --row 1,1").ok
    reply = shell.execute("solve")
    assert not reply.ok and reply.error.startswith(f"plugin 'hostile_search_answers': {error}")
    assert shell.execute("show").output.endswith("1 1")  # the game is as it was
    swept = shell.execute(f"winnability {game} --deals 0:3 --jobs 1")
    assert not swept.ok and swept.error.startswith(f"plugin 'hostile_search_answers': {error}")
    assert stored(tmp_path) == {}


def test_successors_that_are_not_pairs_are_named_and_the_search_goes_on_without_them(tmp_path):
    shell = shell_with("hostile_search_answers", tmp_path)
    shell.execute("play int-successors --row 1,2,2,1")
    reply = shell.execute("solve")
    assert reply.ok and reply.output.startswith("Winning line (2 moves")
    assert reply.warnings == ["plugin 'hostile_search_answers': successors gave int 0, not a (move, state) pair; "
                              "searched without successors"]


def test_a_contract_1_state_that_cannot_be_copied_is_its_plugins_fault(tmp_path):
    shell = shell_with("lockbox", tmp_path)
    started = shell.execute("play lockbox")  # the display fails, the game starts
    assert started.warnings and all(text_of(warning).startswith("plugin 'lockbox'") for warning in started.warnings)
    reply = shell.execute("bump")
    assert not reply.ok
    assert reply.error == ("plugin 'lockbox': the state of game 'lockbox' cannot be deep-copied (TypeError: cannot "
                           "pickle '_thread.lock' object); a game with mutable states (contract 1) must allow it")


# --- endless iterators, under a memory limit ----------------------------------------------------

ENDLESS = textwrap.dedent(
    """
    import resource, sys
    resource.setrlimit(resource.RLIMIT_AS, (1_000_000_000, 1_000_000_000))
    from cardshell.shell import Shell

    shell = Shell.create(plugins=[], extra_modules=["hostile_endless_moves"], seed=0, autosave=False)
    shell.execute("play " + sys.argv[1] + " --row 1,1,2,2")
    reply = shell.execute(sys.argv[2])
    print(reply.ok, reply.error)
    print([str(warning) for warning in reply.warnings])
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    """
)


def endless(game: str, line: str) -> list[str]:
    """What ``line`` gives in ``game`` of hostile_endless_moves, in a process with 1 GB of address space:
    ``ok error``, the warnings, the peak resident kilobytes."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(TOY_PLUGINS), os.environ.get("PYTHONPATH", "")]))
    result = subprocess.run([sys.executable, "-c", ENDLESS, game, line], capture_output=True, text=True, env=env,
                            timeout=120)
    out = result.stdout.splitlines()
    assert len(out) == 3, result.stdout + result.stderr
    assert int(out[2]) < 500_000  # kilobytes at the peak: the bound, not the iterator, sets the memory
    return out


def test_endless_legal_moves_are_read_to_a_bound_and_named():
    out = endless("endless-moves", "moves")
    assert out[0] == ("False plugin 'hostile_endless_moves': legal_moves gave more than 100,000 items; stopped "
                      "reading there")


def test_endless_successors_are_read_to_a_bound_named_and_searched_without():
    out = endless("endless-successors", "solve")
    assert out[0] == "True None"
    assert out[1] == repr(["plugin 'hostile_endless_moves': successors gave more than 100,000 items; stopped reading "
                           "there; searched without successors"])


# --- a slow but honest game ---------------------------------------------------------------------


def test_a_slow_honest_games_search_stops_at_its_budget_without_blaming_it(tmp_path):
    shell = shell_with("slow_moves", tmp_path)
    shell.execute("play slow-moves")
    reply = shell.execute("solve --seconds 0.1")  # a bound of 1.125 s of its code; 256 moves take 1.28 s
    assert reply.ok, reply.error
    assert reply.output.startswith("Unknown after ") and reply.warnings == []


def test_a_sweep_of_a_slow_honest_game_reports_every_deal(tmp_path):
    shell = shell_with("slow_moves", tmp_path)
    reply = shell.execute("winnability slow-moves --deals 0:3 --seconds 0.1 --jobs 1")
    assert reply.ok, reply.error
    assert reply.warnings == []
    assert stored(tmp_path) == {0: "unknown", 1: "unknown", 2: "unknown"}


@needs_two_cores
def test_a_simulate_tasks_exception_names_the_plugin_in_this_process_and_in_a_pool(tmp_path):
    shell = shell_with("hostile_simulation", tmp_path)
    shell.execute("play raising-simulation")
    at = next(number for number, text in enumerate((TOY_PLUGINS / "hostile_simulation.py").read_text()
                                                   .splitlines(), 1) if "# RAISES" in text)
    for jobs in ("--jobs 1", "--jobs 2"):
        reply = shell.execute(f"simulate 40 --first 0 {jobs}")
        assert not reply.ok
        assert reply.error == ("internal error in plugin 'hostile_simulation': ValueError: deal 7 is broken (game "
                               "'raising-simulation' rolled back to before the command) (raised at "
                               f"hostile_simulation.py:{at})"), jobs


# --- sweeps in any folder -----------------------------------------------------------------------


@needs_two_cores
def test_a_folder_named_cardshell_where_a_sweep_starts_is_not_what_its_workers_import(tmp_path):
    # The forkserver is 'python -c', whose sys.path starts with the current directory: a package
    # there named cardshell (an empty one, or any folder with an editable install) became the
    # workers' cardshell, and every game was "not installed here".
    (tmp_path / "cardshell").mkdir()
    (tmp_path / "cardshell" / "__init__.py").write_text("")
    env = dict(os.environ, PYTHONPATH=str(TOY_PLUGINS))
    result = subprocess.run(
        [str(Path(sys.executable).with_name("cardshell")), "--data-dir", str(tmp_path / "data"), "--plugin",
         "toy_pairs", "winnability pairs --deals 0:20 --jobs 2"],
        cwd=tmp_path, capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Pairs: ") and result.stderr == ""
