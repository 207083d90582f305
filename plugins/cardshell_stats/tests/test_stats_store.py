"""The statistics database's connection: one per session (issue 10: it was
one per finished round, and Blackjack scripts crawled), and reading without
write access (issue 11 item 19: ``stats`` failed on a read-only data
directory or a full disk)."""

from __future__ import annotations

import ctypes
import os
import resource
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from cardshell.testing import new_shell
from cardshell_stats import store
from cardshell_stats.summary import Result


@pytest.fixture
def connections(monkeypatch):
    """Every sqlite3.connect call of the store, counted (the store starts with none open)."""
    store.close()
    opened: list[str] = []
    real_connect = sqlite3.connect

    def counting(database, *args, **kwargs):
        opened.append(str(database))
        return real_connect(database, *args, **kwargs)

    monkeypatch.setattr(store.sqlite3, "connect", counting)
    yield opened
    store.close()


def _blackjack_rounds(shell, rounds: int) -> None:
    assert shell.execute("play blackjack --seed 1").ok
    for _ in range(rounds):
        shell.execute("0")  # stay: the round ends (rejected if it already ended on the deal)
        assert shell.execute("y").ok  # the next round


def test_one_connection_for_a_session_of_many_rounds(tmp_path, connections):
    shell = new_shell(["blackjack", "stats"], data_dir=tmp_path)
    _blackjack_rounds(shell, 40)
    assert len(store.results(tmp_path, "blackjack")) == 40
    assert shell.execute("stats blackjack --all").output.splitlines()[1] == "  Played:             40"
    assert connections == [str(store.db_path(tmp_path))]


def test_a_database_deleted_during_the_session_is_opened_anew(tmp_path, connections):
    shell = new_shell(["blackjack", "stats"], data_dir=tmp_path)
    _blackjack_rounds(shell, 2)
    for leftover in tmp_path.glob(store.FILENAME + "*"):
        leftover.unlink()  # the player deletes the statistics by hand
    _blackjack_rounds(shell, 1)
    assert len(store.results(tmp_path)) == 1  # written into the new file, not into the deleted one
    assert len(connections) == 2


def test_reading_first_then_writing_reopens_once_for_writing(tmp_path, connections):
    store.add(tmp_path, Result("g", 1, "won"))
    store.close()
    connections.clear()
    assert [r.seed for r in store.results(tmp_path)] == [1]  # read-only connection
    store.add(tmp_path, Result("g", 2, "lost"))  # the read-only one is replaced by a writer
    store.add(tmp_path, Result("g", 3, "lost"))
    assert [r.seed for r in store.results(tmp_path)] == [1, 2, 3]
    assert len(connections) == 2 and "mode=ro" in connections[0]


def test_a_damaged_database_is_a_rejected_stats_command(tmp_path, connections):
    store.db_path(tmp_path).write_bytes(b"this is not a database" * 100)
    shell = new_shell(["stats"], data_dir=tmp_path)
    reply = shell.execute("stats")
    assert not reply.ok
    assert reply.error == f"cannot read the statistics in {store.db_path(tmp_path)}: file is not a database"


# -- reading without write access: separate processes ---------------------------------

def _with_finished_games(data_dir: Path) -> None:
    store.add(data_dir, Result("aces-up", 7, "won", None, 20, 61.0))
    store.add(data_dir, Result("aces-up", 8, "lost", None, 12, 30.0))
    store.close()  # as at the end of a session: only stats.sqlite3 stays


def _stats(data_dir: Path, preexec_fn) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, CARDSHELL_LOAD_PLUGINS="stats,aces-up")
    return subprocess.run([sys.executable, "-m", "cardshell", "--data-dir", str(data_dir), "stats", "aces-up"],
                          capture_output=True, text=True, env=env, timeout=60, preexec_fn=preexec_fn,
                          stdin=subprocess.DEVNULL)


EXPECTED = "Aces Up statistics:\n  Played:             2\n  Won:                1\n"


def _no_file_can_grow() -> None:
    """A full disk, as far as this process can tell: no file may grow past 0 bytes."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # fail the write with EFBIG, do not kill
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


def test_stats_reads_on_a_full_disk(tmp_path):
    data = tmp_path / "data"
    _with_finished_games(data)
    result = _stats(data, _no_file_can_grow)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith(EXPECTED)


def test_stats_reads_in_a_read_only_data_directory(tmp_path):
    data = tmp_path / "data"
    _with_finished_games(data)
    before = sorted(p.name for p in data.iterdir())
    data.chmod(0o555)
    store.db_path(data).chmod(0o444)
    try:
        result = _stats(data, _without_root_override if os.geteuid() == 0 else None)
    except subprocess.SubprocessError as exc:  # pragma: no cover - no CAP_SETPCAP in this container
        pytest.skip(f"root cannot give up overriding file permissions here: {exc}")
    finally:
        data.chmod(0o755)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith(EXPECTED)
    assert sorted(p.name for p in data.iterdir()) == before == [store.FILENAME]  # nothing was created


def _without_root_override() -> None:
    """As root, give up the capabilities that ignore file permissions
    (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER: capabilities(7)) for
    the program about to start, so that a directory of mode 0555 is
    read-only for it as for anyone else."""
    libc = ctypes.CDLL(None, use_errno=True)
    pr_capbset_drop = 24
    for capability in (1, 2, 3):
        if libc.prctl(pr_capbset_drop, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")
