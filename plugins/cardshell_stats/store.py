"""The statistics database: ``DATA_DIR/stats.sqlite3``, table ``results``, one row per finished game or round.

Columns added after the first schema (``interactive``, ``assisted``, ``run``)
are added by a writer to an older database and read as their defaults from
one without them.  Every row read is checked (:func:`problem`); one that fails
is skipped and named, never an error of ``stats``.  Several processes may
write at once (WAL, a busy timeout, one transaction per result).  Reading
needs no write access: a read-only connection, else the file read as
``immutable``, exact then since a writer needs the ``-wal``/``-shm`` files
too.  ``synchronous = NORMAL`` (sqlite.org/pragma.html#pragma_synchronous)
never corrupts the database, but a power loss may lose the last results.
"""

from __future__ import annotations

import atexit
import math
import os
import re
import sqlite3
import time
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cardshell.parsers import clipped
from cardshell_stats.summary import RESULTS, Result

#: The database file's name inside the data directory.
FILENAME = "stats.sqlite3"
#: Seconds one statement waits for another process's transaction to finish.
BUSY_TIMEOUT = 2.0
#: Seconds a write is retried in all while the database stays locked; then it fails
#: (:class:`Busy`), so a game's end never waits on another process for longer.
RETRY_SECONDS = 5.0


class Busy(sqlite3.OperationalError):
    """The database stayed locked by another process for :data:`RETRY_SECONDS`: nothing was written."""
#: The longest duration a result may hold, in seconds (about 31 years, the
#: bound of a save's time played).
MAX_DURATION = 1e9
#: How many damaged rows a :class:`Reading` names (the others are counted).
NAMED_DAMAGED = 3
#: A game id as the plugin contract defines one (``Game.id``: lower-case
#: letters, digits and dashes, the host's registry refuses any other).
GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]*")

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

#: This process's run of cardshell: the ``run`` of every result it records,
#: 128 random bits as 32 hexadecimal digits (``os.urandom``: the module
#: ``uuid`` would import ``platform`` with it, at every game's first move).
RUN = os.urandom(16).hex()


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
    """The session's connection for writing to the database in ``data_dir`` (both created if missing).

    Raises:
        sqlite3.Error: when the file cannot be opened or written, or is not a database.
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
    return {row[1] for row in conn.execute("PRAGMA table_info(results)").fetchall()}


def _add_columns(conn: sqlite3.Connection) -> None:
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
    """The rows of a query that writes nothing; none without a database.  An ``immutable`` reader is not kept."""
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
    """Run an action, retrying while locked (SQLite's busy handler misses WAL switches and schema races),
    at most ``attempts`` times and :data:`RETRY_SECONDS` in all.

    Raises:
        Busy: still locked when the attempts or the seconds ran out.
        sqlite3.OperationalError: any other failure, at once.
    """
    deadline = time.monotonic() + RETRY_SECONDS
    for attempt in range(attempts):
        try:
            action()
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            if attempt == attempts - 1 or time.monotonic() >= deadline:
                raise Busy(f"the statistics database is locked by another process (waited {RETRY_SECONDS:g} s): "
                           "this result was not recorded") from exc
            time.sleep(min(0.02 * (attempt + 1), max(0.0, deadline - time.monotonic())))


def problem(item: Result) -> str | None:
    """What is wrong with a result as read (any values) or about to be written, e.g.
    ``its duration 'abc' is not a number of seconds``; None when it may be recorded and shown."""
    if not isinstance(item.game, str) or not GAME_ID.fullmatch(item.game):
        return f"its game {_shown(item.game)} is not a game id"
    if not _whole(item.seed):
        return f"its seed {_shown(item.seed)} is not a whole number"
    if item.result not in RESULTS:
        return f"its result {_shown(item.result)} is not one of {', '.join(RESULTS)}"
    if item.score is not None and not _finite(item.score):
        return f"its score {_shown(item.score)} is not a finite number"
    if not _whole(item.moves) or item.moves < 0:
        return f"its moves {_shown(item.moves)} are not a whole number >= 0"
    if not _finite(item.duration) or not 0 <= item.duration <= MAX_DURATION:
        return f"its duration {_shown(item.duration)} is not a number of seconds in 0..{MAX_DURATION:.0f}"
    for name in ("undo_used", "interactive", "assisted"):
        if getattr(item, name) not in (0, 1):  # False and True are 0 and 1
            return f"its {name} {_shown(getattr(item, name))} is not 0 or 1"
    return None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _finite(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _shown(value: Any) -> str:
    return clipped(repr(value))


def add(data_dir: Path, item: Result) -> None:
    """Record one finished game in the database in ``data_dir``, in its own transaction.

    Raises:
        ValueError: the result is not one :func:`read` would accept; nothing is written.
        sqlite3.Error: when the database cannot be written.
    """
    wrong = problem(item)
    if wrong is not None:
        raise ValueError(f"a result not recorded: {wrong}")
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


@dataclass(frozen=True)
class Reading:
    """What the database holds: the results that pass :func:`problem`, and the rows that do not.

    Attributes:
        results: oldest first.
        damaged: how many rows were skipped.
        named: the first :data:`NAMED_DAMAGED` of them, each ``row ID: what is wrong``.
    """

    results: list[Result] = field(default_factory=list)
    damaged: int = 0
    named: list[str] = field(default_factory=list)


def _decoded(row: Sequence[Any]) -> Result | str:
    """A row of :func:`read`'s query as a result, or ``row ID: what is wrong``."""
    number, game, seed, *values, run = row
    try:
        seed = read_seed(seed)
    except ValueError:
        pass  # problem() names it
    item = Result(game, seed, *values)
    wrong = problem(item)
    if wrong is not None:
        return f"row {number}: {wrong}"
    return Result(item.game, item.seed, item.result, item.score, item.moves, float(item.duration),
                  bool(item.undo_used), bool(item.interactive), bool(item.assisted), run if isinstance(run, str)
                  else None)


def read(data_dir: Path, game: str | None = None) -> Reading:
    """The results in ``data_dir``'s database (only ``game``'s, if given), oldest first; empty without one.

    Raises:
        sqlite3.Error: when the database cannot be read or is not one.
    """
    present = {row[1] for row in _query(data_dir, "PRAGMA table_info(results)")}
    if not present:
        return Reading()
    # a column a writer of this version adds reads as its default in an older database (the module's notes)
    chosen = [name if name in present else default for name, default in
              (("interactive", "1"), ("assisted", "0"), ("run", "NULL"))]
    where, params = ("", ()) if game is None else (" WHERE game = ?", (game,))
    query = (f"SELECT id, game, seed, result, score, moves, duration, undo_used, {', '.join(chosen)} "
             f"FROM results{where} ORDER BY id")
    found: list[Result] = []
    damaged = 0
    named: list[str] = []
    for row in _query(data_dir, query, params):
        decoded = _decoded(row)
        if isinstance(decoded, Result):
            found.append(decoded)
            continue
        damaged += 1
        if len(named) < NAMED_DAMAGED:
            named.append(decoded)
    return Reading(found, damaged, named)


def results(data_dir: Path, game: str | None = None) -> list[Result]:
    """:attr:`Reading.results` of :func:`read`.

    Raises:
        sqlite3.Error: when the database cannot be read or is not one.
    """
    return read(data_dir, game).results


#: Seeds SQLite stores as integers: 64-bit signed.
_SQLITE_INTEGERS = range(-2**63, 2**63)


def stored_seed(seed: int) -> int | bytes:
    """A seed as the ``seed`` column holds it: an integer, or beyond 64 bits its digits as a BLOB."""
    return seed if seed in _SQLITE_INTEGERS else str(seed).encode("ascii")


def read_seed(value: object) -> int:
    """A seed as :func:`stored_seed` stored it.

    Raises:
        ValueError: the value is neither an integer nor a BLOB of decimal digits.
    """
    if isinstance(value, bytes):
        text = value.decode("ascii", errors="replace")
        if not text.lstrip("-").isdigit() or len(text) > 4100:
            raise ValueError(f"not a seed: {value!r}")
        return int(text)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise ValueError(f"not a seed: {value!r}")


def reset(data_dir: Path, game: str | None = None) -> int:
    """Delete the results in ``data_dir``'s database (only ``game``'s, if given); return how many.

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
