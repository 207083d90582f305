"""The statistics database: one SQLite file in the data directory.

``DATA_DIR/stats.sqlite3``, table ``results``: one row per finished game (or
round): game id, seed, result, score, moves, duration (seconds), whether
undo was used, and when it finished (UTC, ISO 8601); whether it was played
at a terminal (``interactive``; 0 for a script) and whether ``hint`` or
``solve`` answered in it (``assisted``); and the run of ``cardshell`` that
recorded it (``run``: :data:`RUN`, one per process), so a script's ``stats``
counts the games that script played.  These three columns were added
later: a writer adds them to an older database (``ALTER TABLE``, rows
already there count as interactive, not assisted, and of no run), and a
reader of a database without them reads those values.  A seed beyond
SQLite's 64-bit integers is stored as a BLOB of its digits (:func:`stored_seed`).  Rows are read in
insertion order (``id``), which is the order games finished.

Several ``cardshell`` processes may finish games at the same time: the
database runs in WAL mode with a busy timeout, and each result is written
in its own transaction, so none is lost (tests/test_stats_*.py runs two
writer processes at once).

One connection per process (per session): opened when first needed, kept
for every later result and query, and closed at exit (``atexit``), when
another data directory is used, or by :func:`close`.  Reading never needs
write access: while nothing has been written in this session, queries use
a read-only connection (SQLite URI ``mode=ro``), and where even that cannot
start (a read-only directory or a full disk, so that SQLite cannot create
the ``-shm`` and ``-wal`` files beside the database) the file is read as
``immutable``, which is exact then: no process can be writing to it either,
since a writer needs those same files.  The database file is checked to be
the same file (device and inode) before each use, so a database deleted or
replaced while the session runs is opened anew, never written into the void.

Durability: WAL with ``synchronous = NORMAL`` (SQLite's recommended pairing,
sqlite.org/pragma.html#pragma_synchronous): a commit does not wait for the
disk, so a finished round costs microseconds instead of an fsync (about 12
ms on a loaded machine).  The database never becomes corrupt; after a power
loss or an operating-system crash (not a crash of cardshell) the last
results recorded before it may be missing.
"""

from __future__ import annotations

import atexit
import os
import sqlite3
import time
import uuid
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
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

#: Columns added after the first schema: (name, declaration), added by the
#: first writer that finds them missing.
_ADDED_COLUMNS = (
    ("interactive", "INTEGER NOT NULL DEFAULT 1"),
    ("assisted", "INTEGER NOT NULL DEFAULT 0"),
    ("run", "TEXT"),
)

#: This process's run of cardshell: the ``run`` of every result it records.
RUN = uuid.uuid4().hex


def db_path(data_dir: Path) -> Path:
    """The database file inside a data directory."""
    return Path(data_dir) / FILENAME


@dataclass
class _Open:
    """The session's open connection: to which file, as it was, and whether it may write."""

    path: Path
    identity: tuple[int, int]  # (st_dev, st_ino) of the file when opened
    writable: bool
    conn: sqlite3.Connection


_current: _Open | None = None


def close() -> None:
    """Close the session's connection, if one is open (registered with ``atexit``)."""
    global _current
    if _current is not None:
        opened, _current = _current, None
        opened.conn.close()


atexit.register(close)


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino)


def _reusable(path: Path, writable: bool) -> sqlite3.Connection | None:
    """The open connection, if it is to this very file and may do what is asked."""
    opened = _current
    if opened is None:
        return None
    if opened.path == path and opened.identity == _identity(path) and (opened.writable or not writable):
        return opened.conn
    close()
    return None


def writer(data_dir: Path) -> sqlite3.Connection:
    """The session's connection for writing, opening (and creating) the database if needed.

    Args:
        data_dir (Path): the data directory (created if missing).

    Returns:
        sqlite3.Connection: in WAL mode with :data:`BUSY_TIMEOUT`, the
        ``results`` table present; kept open for the session.

    Raises:
        sqlite3.Error: when the file cannot be opened or written, or is not
            a database (nothing is kept open then).
    """
    global _current
    path = db_path(data_dir)
    conn = _reusable(path, writable=True)
    if conn is not None:
        return conn
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT)
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
        _retry(lambda: conn.execute("PRAGMA journal_mode = WAL"))
        conn.execute("PRAGMA synchronous = NORMAL")  # see the module's notes on durability
        _retry(lambda: conn.executescript(_SCHEMA))
        _add_columns(conn)
    except BaseException:
        conn.close()
        raise
    _current = _Open(path, _identity(path) or (0, 0), True, conn)
    return conn


def _columns(conn: sqlite3.Connection) -> set[str]:
    """The column names of the ``results`` table (none when it does not exist)."""
    return {row[1] for row in conn.execute("PRAGMA table_info(results)").fetchall()}


def _add_columns(conn: sqlite3.Connection) -> None:
    """Add the columns of :data:`_ADDED_COLUMNS` that an older database lacks."""
    for name, declaration in _ADDED_COLUMNS:
        if name in _columns(conn):
            continue

        def add(name: str = name, declaration: str = declaration) -> None:
            try:
                conn.execute(f"ALTER TABLE results ADD COLUMN {name} {declaration}")
            except sqlite3.OperationalError as exc:
                if "duplicate column" not in str(exc):  # another process added it meanwhile
                    raise

        _retry(add)


def _query(data_dir: Path, query: str, params: tuple = ()) -> list[tuple]:
    """Run a read-only query, with write access to nothing.

    Uses the session's connection when one is open, else opens a read-only
    one (kept for the session), else reads the file as ``immutable`` (not
    kept: later writes by others would not be seen through it).

    Returns:
        list[tuple]: the rows; none when there is no database or no
        ``results`` table yet.

    Raises:
        sqlite3.Error: the file cannot be read or is not a database.
    """
    global _current
    path = db_path(data_dir)
    conn = _reusable(path, writable=False)
    if conn is not None:
        return _rows(conn, query, params)
    identity = _identity(path)
    if identity is None:
        return []
    uri = path.absolute().as_uri()
    conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=BUSY_TIMEOUT)
    try:
        rows = _rows(conn, query, params)
    except sqlite3.OperationalError:  # cannot create -shm/-wal: read-only directory, full disk
        conn.close()
        with closing(sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True)) as frozen:
            return _rows(frozen, query, params)
    except BaseException:
        conn.close()
        raise
    _current = _Open(path, identity, False, conn)
    return rows


def _rows(conn: sqlite3.Connection, query: str, params: tuple) -> list[tuple]:
    try:
        return conn.execute(query, params).fetchall()
    except sqlite3.OperationalError as exc:
        if str(exc).startswith("no such table"):  # created by a writer that has not finished
            return []
        raise


def _retry(action: Callable[[], object], attempts: int = 50) -> None:
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
    """Record one finished game, in its own transaction, on the session's connection.

    Args:
        data_dir (Path): the data directory.
        item (Result): the result.

    Raises:
        sqlite3.Error: when the database cannot be written.
    """
    finished = datetime.now(UTC).isoformat(timespec="seconds")
    row = (item.game, stored_seed(item.seed), item.result, item.score, item.moves, item.duration,
           int(item.undo_used), finished, int(item.interactive), int(item.assisted), RUN)
    conn = writer(data_dir)

    def write() -> None:
        with conn:  # one transaction: committed, or rolled back on error
            conn.execute(
                "INSERT INTO results (game, seed, result, score, moves, duration, undo_used, finished, "
                "interactive, assisted, run) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)

    _retry(write)


def results(data_dir: Path, game: str | None = None, run: str | None = None) -> list[Result]:
    """The recorded results, oldest first; needs no write access.

    Args:
        data_dir: the data directory.
        game: only this game's, or all.
        run: only those recorded by this run of cardshell (:data:`RUN`), or all.

    Returns:
        list[Result]: empty when there is no database yet.

    Raises:
        sqlite3.Error: when the database cannot be read or is not one.
    """
    present = {row[1] for row in _query(data_dir, "PRAGMA table_info(results)")}
    if run is not None and "run" not in present:
        return []  # a database no writer of this version has opened: no result of this run
    # a column a writer of this version adds reads as its default in an older database (the module's notes)
    chosen = [name if name in present else default for name, default in
              (("interactive", "1"), ("assisted", "0"))]
    conditions, params = [], []
    if game is not None:
        conditions.append("game = ?")
        params.append(game)
    if run is not None:
        conditions.append("run = ?")
        params.append(run)
    where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
    chosen.append("run" if "run" in present else "NULL")
    query = (f"SELECT game, seed, result, score, moves, duration, undo_used, {', '.join(chosen)} FROM results"
             f"{where} ORDER BY id")
    rows = _query(data_dir, query, tuple(params)) if present else []
    return [Result(g, read_seed(s), r, sc, m, d, bool(u), bool(i), bool(a), run)
            for g, s, r, sc, m, d, u, i, a, run in rows]


#: Seeds SQLite stores as integers: 64-bit signed.
_SQLITE_INTEGERS = range(-2**63, 2**63)


def stored_seed(seed: int) -> int | bytes:
    """A seed as the ``seed`` column holds it: an integer, or, for a seed
    beyond SQLite's 64-bit integers (a game's seed may have thousands of
    digits), its decimal digits as a BLOB, which no column affinity converts."""
    return seed if seed in _SQLITE_INTEGERS else str(seed).encode("ascii")


def read_seed(value: object) -> int:
    """A seed as :func:`stored_seed` stored it.

    Raises:
        ValueError: the value is neither an integer nor a BLOB of decimal digits.
    """
    if isinstance(value, bytes):
        return int(value.decode("ascii"))
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise ValueError(f"not a seed: {value!r}")


def reset(data_dir: Path, game: str | None = None) -> int:
    """Delete results.

    Args:
        data_dir (Path): the data directory.
        game (str | None): only this game's, or all.

    Returns:
        int: how many results were deleted.

    Raises:
        sqlite3.Error: when the database cannot be written.
    """
    if not db_path(data_dir).exists():
        return 0
    conn = writer(data_dir)
    with conn:
        if game is None:
            return conn.execute("DELETE FROM results").rowcount
        return conn.execute("DELETE FROM results WHERE game = ?", (game,)).rowcount
