"""The statistics database: one SQLite file in the data directory.

``DATA_DIR/stats.sqlite3``, table ``results``: one row per finished game (or
round): game id, seed, result, score, moves, duration (seconds), whether
undo was used, and when it finished (UTC, ISO 8601).  Rows are read in
insertion order (``id``), which is the order games finished.

Several ``cardshell`` processes may finish games at the same time: the
database runs in WAL mode with a busy timeout, and each result is written
in its own transaction, so none is lost (tests/test_stats_*.py runs two
writer processes at once).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path

from cardshell_stats.summary import Result

#: The database file's name inside the data directory.
FILENAME = "stats.sqlite3"
#: Seconds a writer waits for another process's transaction to finish.
BUSY_TIMEOUT = 30.0

_SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    game      TEXT    NOT NULL,
    seed      INTEGER NOT NULL,
    result    TEXT    NOT NULL CHECK (result IN ('won', 'lost', 'draw')),
    score     REAL,
    moves     INTEGER NOT NULL,
    duration  REAL    NOT NULL,
    undo_used INTEGER NOT NULL,
    finished  TEXT    NOT NULL
);
CREATE INDEX IF NOT EXISTS results_game ON results (game, id);
"""


def db_path(data_dir: Path) -> Path:
    """The database file inside a data directory."""
    return Path(data_dir) / FILENAME


@contextmanager
def connect(data_dir: Path) -> Iterator[sqlite3.Connection]:
    """Open (creating if needed) the database; closes it afterwards.

    Args:
        data_dir (Path): the data directory (created if missing).

    Yields:
        sqlite3.Connection: in WAL mode with :data:`BUSY_TIMEOUT`.

    Raises:
        sqlite3.Error: when the file cannot be opened or is not a database.
    """
    path = db_path(data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT)
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
        _retry(lambda: conn.execute("PRAGMA journal_mode = WAL"))
        _retry(lambda: conn.executescript(_SCHEMA))
        yield conn
    finally:
        conn.close()


def _retry(action, attempts: int = 50) -> None:
    """Run an action, retrying while another process holds the lock.

    SQLite's busy handler does not cover every case (switching to WAL, a
    schema change racing another process's first write), hence the loop.
    """
    for attempt in range(attempts):
        try:
            action()
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc) or attempt == attempts - 1:
                raise
            time.sleep(0.02 * (attempt + 1))


def add(data_dir: Path, item: Result) -> None:
    """Record one finished game, in its own transaction.

    Args:
        data_dir (Path): the data directory.
        item (Result): the result.

    Raises:
        sqlite3.Error: when the database cannot be written.
    """
    finished = datetime.now(timezone.utc).isoformat(timespec="seconds")
    row = (item.game, item.seed, item.result, item.score, item.moves, item.duration, int(item.undo_used), finished)

    with connect(data_dir) as conn:

        def write() -> None:
            with conn:  # one transaction: committed, or rolled back on error
                conn.execute(
                    "INSERT INTO results (game, seed, result, score, moves, duration, undo_used, finished) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", row)

        _retry(write)


def results(data_dir: Path, game: str | None = None) -> list[Result]:
    """The recorded results, oldest first.

    Args:
        data_dir (Path): the data directory.
        game (str | None): only this game's, or all.

    Returns:
        list[Result]: empty when there is no database yet.
    """
    if not db_path(data_dir).exists():
        return []
    query = "SELECT game, seed, result, score, moves, duration, undo_used FROM results"
    params: tuple = ()
    if game is not None:
        query += " WHERE game = ?"
        params = (game,)
    with connect(data_dir) as conn:
        rows = conn.execute(query + " ORDER BY id", params).fetchall()
    return [Result(g, s, r, sc, m, d, bool(u)) for g, s, r, sc, m, d, u in rows]


def reset(data_dir: Path, game: str | None = None) -> int:
    """Delete results.

    Args:
        data_dir (Path): the data directory.
        game (str | None): only this game's, or all.

    Returns:
        int: how many results were deleted.
    """
    if not db_path(data_dir).exists():
        return 0
    with connect(data_dir) as conn, conn:
        if game is None:
            return conn.execute("DELETE FROM results").rowcount
        return conn.execute("DELETE FROM results WHERE game = ?", (game,)).rowcount
