"""The winnability table: one SQLite row per solved (or played) deal.

The file :data:`FILE_NAME` lives in the data directory
(:func:`cardshell.paths.data_dir`).  A row is keyed by game, rules version,
mode, deal (its seed) and budget, and holds the result, positions searched,
seconds taken, the line played and the solver's fingerprint.

Reuse (:meth:`Store.todo`): a settled thoughtful row (``won``, ``no win``)
is a proof and answers for its deal at any budget; an ``unknown`` row, and
every honest row, answers only for its own budget and solver
(:func:`cardshell.winnability.run.solver_version`), so a bigger budget or a
changed solver retries exactly those deals.  Rows are written one
transaction per chunk, so Ctrl-C or a crash loses at most the deals in
flight.

Sharing with other processes: a chunk's write tries for
:data:`TRY_SECONDS`; while another process holds the lock results wait in
memory (at most :data:`MAX_PENDING`) and :meth:`Store.flush` waits up to
:data:`BUSY_SECONDS` at the end, so only a lock held longer loses results,
and the message says how many.  Concurrent sweeps on one key share the
deals through claims (:meth:`Store.claim`) with a lease; a claim is stale
when its owner's process is gone (same host) or its lease ran out (another
host).

Bounds: at most :data:`cardshell.winnability.args.MAX_DEALS` deals a run;
stored deals are read :data:`BLOCK` at a time; a line holds at most the
moves of one deal.
"""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import json
import os
import secrets
import socket
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar

from cardshell.messages import HostMessage, say
from cardshell.ownfiles import replaced
from cardshell.render import Text, text_of

__all__ = ["BLOCK", "BUSY_SECONDS", "CSV_COLUMNS", "FILE_NAME", "MAX_PENDING", "TRY_SECONDS", "DealResult", "Key",
           "Row", "Store", "TableBusy", "TableError", "read_csv"]

_T = TypeVar("_T")

#: The database file in the data directory.
FILE_NAME = "winnability.sqlite3"
#: Deals looked up in the table at a time while resuming or reporting.
BLOCK = 4096
#: The columns of the table and of ``--export FILE.csv``, in order.
CSV_COLUMNS = ("game", "rules_version", "mode", "deal", "budget_seconds", "budget_nodes", "budget_samples",
               "result", "positions", "seconds", "line", "solver")

#: The longest wait for another process's lock on the table, in seconds:
#: when the table is opened, and for results kept in memory at a sweep's end.
BUSY_SECONDS = 60.0
#: One try at a write while a sweep runs, in seconds; results that could not
#: be written wait in memory for the next chunk's write.
TRY_SECONDS = 0.25
#: The most results kept in memory while the table is locked; beyond it the
#: sweep waits up to :data:`BUSY_SECONDS` for the lock.
MAX_PENDING = 100_000

Result = Literal["won", "no win", "unknown"]


class TableError(Exception):
    """The winnability table cannot be used; the message names the file and what to do."""

    def __init__(self, message: Text) -> None:
        super().__init__(message)
        self.message: Text = message

    def __str__(self) -> str:
        return text_of(self.message)


class TableBusy(TableError):
    """Another process held the table's lock for longer than the wait."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    game TEXT NOT NULL,
    rules_version TEXT NOT NULL,
    mode TEXT NOT NULL,
    deal INTEGER NOT NULL,
    budget_seconds REAL NOT NULL,
    budget_nodes INTEGER NOT NULL,
    budget_samples INTEGER NOT NULL,
    result TEXT NOT NULL CHECK (result IN ('won', 'no win', 'unknown')),
    positions INTEGER NOT NULL,
    seconds REAL NOT NULL,
    line TEXT NOT NULL,
    solver TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (game, rules_version, mode, deal, budget_seconds, budget_nodes, budget_samples)
) WITHOUT ROWID
"""
# The deals being solved by a sweep: run_key is the JSON list of the Key's fields.
_CLAIMS = """
CREATE TABLE IF NOT EXISTS claims (
    run_key TEXT NOT NULL,
    deal INTEGER NOT NULL,
    owner TEXT NOT NULL,
    host TEXT NOT NULL,
    pid INTEGER NOT NULL,
    expires REAL NOT NULL,
    PRIMARY KEY (run_key, deal)
) WITHOUT ROWID
"""


@dataclass(frozen=True)
class Key:
    """What a run's rows are keyed by, besides the deal.

    Attributes:
        game: the game id (``"aces-up"``).
        rules_version: :func:`cardshell.winnability.run.rules_version`.
        mode: ``"thoughtful"`` or ``"honest"``.
        seconds, nodes: the budget's seconds per deal and positions (per deal
            when thoughtful, per move when honest).
        samples: determinizations per hint (honest), 0 when thoughtful.
        solver: :func:`cardshell.winnability.run.solver_version`.
    """

    game: str
    rules_version: str
    mode: str
    seconds: float
    nodes: int
    samples: int = 0
    solver: str = ""

    @property
    def head(self) -> tuple[str, str, str]:
        """(game, rules_version, mode): what every reusable row shares."""
        return self.game, self.rules_version, self.mode

    @property
    def budget(self) -> tuple[float, int, int]:
        """(seconds, nodes, samples)."""
        return self.seconds, self.nodes, self.samples

    @property
    def unknown_reuse(self) -> tuple[float, int, int, str]:
        """(seconds, nodes, samples, solver): what an unknown row must match."""
        return self.seconds, self.nodes, self.samples, self.solver

    @property
    def settled_is_proof(self) -> bool:
        """True when a settled row answers for its deal at any budget (thoughtful play)."""
        return self.mode == "thoughtful"

    @property
    def reuse(self) -> tuple[bool, float, int, int, str]:
        """The parameters of the reuse condition (:data:`_REUSABLE`)."""
        return (self.settled_is_proof, *self.unknown_reuse)


@dataclass(frozen=True)
class DealResult:
    """What solving or playing one deal gave; picklable, it comes back from workers.

    Attributes:
        result: ``"won"``, ``"no win"`` or ``"unknown"``.
        positions: positions searched.
        seconds: wall-clock time spent on the deal.
        line: the moves played or found, as typed lines.
        warnings: the ``(hook, line)`` warnings the plugin's wrong answers gave
            (:meth:`cardshell.ruleset.RuleSet.warn`), told by the sweep; not
            stored, not compared.
    """

    result: Result
    positions: int
    seconds: float
    line: tuple[str, ...] = ()
    warnings: tuple[tuple[Text, Text], ...] = dataclasses.field(default=(), compare=False)


@dataclass(frozen=True)
class Row:
    """One row of the table: its ``key``, ``deal`` (the seed) and ``outcome``."""

    key: Key
    deal: int
    outcome: DealResult

    def values(self) -> tuple[object, ...]:
        """The row as stored, in :data:`CSV_COLUMNS` order (the line as a JSON list)."""
        key, outcome = self.key, self.outcome
        return (key.game, key.rules_version, key.mode, self.deal, key.seconds, key.nodes, key.samples,
                outcome.result, outcome.positions, outcome.seconds, json.dumps(list(outcome.line)), key.solver)


def _row(values: Sequence[Any]) -> Row:
    """A row from the database or a CSV file; ValueError if the values are not one."""
    game, version, mode, deal, seconds, nodes, samples, result, positions, took, line, solver = values
    try:
        key = Key(str(game), str(version), str(mode), float(seconds), int(nodes), int(samples), str(solver))
        moves = json.loads(str(line))
    except (TypeError, ValueError, RecursionError) as exc:
        raise ValueError(say("winnability.not-a-row", error_type=type(exc).__name__)) from None
    if result not in ("won", "no win", "unknown") or not isinstance(moves, list):
        raise ValueError(say("winnability.not-a-row-result"))
    try:
        outcome = DealResult(result, int(positions), float(took), tuple(str(move) for move in moves))
        return Row(key, int(deal), outcome)
    except (TypeError, ValueError) as exc:
        raise ValueError(say("winnability.not-a-row", error_type=type(exc).__name__)) from None


def _run_key(key: Key) -> str:
    """A key as the ``claims`` table names it: the JSON list of its fields."""
    return json.dumps(dataclasses.astuple(key))


_COLUMNS = ", ".join(CSV_COLUMNS)
# Which rows answer for a key (parameters: Key.reuse): settled rows at any
# budget when they are proofs (thoughtful), and rows of this very budget and
# solver.
_REUSABLE = """((? AND result != 'unknown')
   OR (budget_seconds = ? AND budget_nodes = ? AND budget_samples = ? AND solver = ?))"""
# Of a key's deals in [start, stop): the reusable rows, settled first, so
# that the first row per deal is the one used.
_USABLE = f"""
SELECT {_COLUMNS} FROM results
WHERE game = ? AND rules_version = ? AND mode = ? AND deal >= ? AND deal < ?
  AND {_REUSABLE}
ORDER BY deal, result = 'unknown', budget_nodes, budget_seconds, budget_samples
"""


class Store:
    """The winnability table in one SQLite file (created with its directory if missing), opened and checked.

    Args:
        busy_seconds: the longest wait for another process's lock (None:
            :data:`BUSY_SECONDS`).
        try_seconds: one try at a write during a sweep (None: :data:`TRY_SECONDS`).
        mode: SQLite's URI open mode, ``"rwc"`` or ``"ro"`` (refused as not writable).

    Attributes:
        owner: this store's name in the ``claims`` table (``HOST:PID:TOKEN``).

    Raises:
        TableError: the directory cannot be made; the file is not an SQLite
            database, is damaged, holds a ``results`` table of another shape,
            cannot be written, or stayed locked for ``busy_seconds``.
    """

    def __init__(self, path: str | Path, *, busy_seconds: float | None = None, try_seconds: float | None = None,
                 mode: str = "rwc") -> None:
        self.path = Path(path)
        self.busy_seconds = BUSY_SECONDS if busy_seconds is None else busy_seconds
        self.try_seconds = TRY_SECONDS if try_seconds is None else try_seconds
        self.host = socket.gethostname()
        self.owner = f"{self.host}:{os.getpid()}:{secrets.token_hex(4)}"
        self._pending: list[tuple[object, ...]] = []
        self._pending_claims: list[tuple[str, int]] = []
        self._lease: float | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise TableError(say("winnability.table-no-directory", table=self.path, reason=exc.strerror or exc)
                             ) from None
        uri = f"{self.path.absolute().as_uri()}?mode={mode}"
        try:
            self._db = sqlite3.connect(uri, uri=True, timeout=self.try_seconds, isolation_level=None)
        except sqlite3.Error as exc:
            raise TableError(say("winnability.table-cannot-open", table=self.path, reason=exc)) from None
        try:
            self._check()
        except BaseException:
            self._db.close()
            raise

    def _check(self) -> None:
        verdict = self._retrying(lambda: self._db.execute("PRAGMA quick_check").fetchall(), self.busy_seconds,
                                 "read")
        if [tuple(row) for row in verdict] != [("ok",)]:
            first = str(verdict[0][0])[:120] if verdict else say("winnability.no-answer")
            raise TableError(say("winnability.table-damaged-check", table=self.path, reason=first))
        with self._transaction(self.busy_seconds):
            columns = {info[1] for info in self._db.execute("PRAGMA table_info(results)")}
            missing = [column for column in CSV_COLUMNS if column != "solver" and column not in columns]
            if columns and missing:
                raise TableError(say("winnability.table-foreign", table=self.path, column=repr(missing[0])))
            self._db.execute(_SCHEMA)
            if columns and "solver" not in columns:  # a table written before unknowns were keyed by solver
                self._db.execute("ALTER TABLE results ADD COLUMN solver TEXT NOT NULL DEFAULT ''")
            self._db.execute(_CLAIMS)
            ((version,),) = self._db.execute("PRAGMA user_version").fetchall()
            self._db.execute(f"PRAGMA user_version = {int(version)}")  # a write, refused when read-only

    def _problem(self, exc: sqlite3.Error, doing: str) -> TableError:
        """The message of an SQLite error while ``doing`` (read, write)."""
        name = getattr(exc, "sqlite_errorname", "")
        text = str(exc)
        if name.startswith("SQLITE_BUSY") or name.startswith("SQLITE_LOCKED") or "locked" in text:
            return TableBusy(say("winnability.table-locked", table=self.path, seconds=f"{self.busy_seconds:g}"))
        if name.startswith("SQLITE_READONLY") or "readonly" in text:
            return TableError(say("winnability.table-read-only", table=self.path))
        if name.startswith("SQLITE_NOTADB") or "not a database" in text:
            return TableError(say("winnability.table-not-database", table=self.path))
        if name.startswith("SQLITE_CORRUPT") or "malformed" in text:
            return TableError(say("winnability.table-damaged", table=self.path, reason=text[:120]))
        return TableError(say("winnability.table-cannot-read" if doing == "read" else "winnability.table-cannot-write",
                              table=self.path, reason=text[:200]))

    @staticmethod
    def _busy(exc: sqlite3.Error) -> bool:
        name = getattr(exc, "sqlite_errorname", "")
        return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in str(exc)

    def _retrying(self, step: Callable[[], _T], seconds: float, doing: str) -> _T:
        """``step()``, retried while the table is locked, for up to ``seconds``."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                return step()
            except sqlite3.Error as exc:
                if not self._busy(exc) or time.monotonic() >= deadline:
                    raise self._problem(exc, doing) from None
                time.sleep(min(0.05, max(0.0, deadline - time.monotonic())))

    @contextlib.contextmanager
    def _transaction(self, seconds: float) -> Iterator[None]:
        """One ``BEGIN IMMEDIATE`` transaction, waiting up to ``seconds``; rolled back on any exception."""
        self._retrying(lambda: self._db.execute("BEGIN IMMEDIATE"), seconds, "write")
        try:
            try:
                yield
            except sqlite3.Error as exc:  # in the body: said as a TableError
                raise self._problem(exc, "write") from None
            self._retrying(lambda: self._db.execute("COMMIT"), seconds, "write")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
            raise

    @classmethod
    def in_directory(cls, directory: str | Path, **options: Any) -> Store:
        """The store of a data directory; ``options`` as for :class:`Store`."""
        return cls(Path(directory) / FILE_NAME, **options)

    def close(self) -> None:
        """Close the connection (idempotent); results still in memory are not written."""
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def pending(self) -> int:
        """How many results wait in memory for the table's lock."""
        return len(self._pending)

    def add(self, key: Key, results: Iterable[tuple[int, DealResult]]) -> None:
        """Store (deal, result) pairs in one transaction, or keep them while the lock is busy.

        The write, with results kept earlier, tries for ``try_seconds``; beyond
        :data:`MAX_PENDING` kept results it waits up to ``busy_seconds``.  A row of
        the same key and deal is replaced; the deals' claims are released.

        Raises:
            TableError: the table cannot be written, or stayed locked for
                ``busy_seconds`` with more than :data:`MAX_PENDING` results waiting.
        """
        run_key = _run_key(key)
        for deal, outcome in results:
            self._pending.append(Row(key, deal, outcome).values())
            self._pending_claims.append((run_key, deal))
        wait = self.busy_seconds if len(self._pending) > MAX_PENDING else self.try_seconds
        if self.flush(wait) and len(self._pending) > MAX_PENDING:
            raise self.unstored()

    def unstored(self) -> TableError:
        """The error for results still in memory after the longest wait."""
        count = len(self._pending)
        message_id = "winnability.table-stayed-locked" if count != 1 else "winnability.table-stayed-locked-one"
        return TableError(say(message_id, table=self.path, seconds=f"{self.busy_seconds:g}", count=f"{count:,}"))

    def flush(self, seconds: float | None = None) -> int:
        """Write the results kept in memory, waiting up to ``seconds`` (None: ``busy_seconds``).

        Returns:
            How many results are still in memory (0: all stored).

        Raises:
            TableError: the table cannot be written for a reason other than a busy lock.
        """
        if not self._pending:
            return 0
        rows, claims = list(self._pending), list(self._pending_claims)
        try:
            with self._transaction(self.busy_seconds if seconds is None else seconds):
                self._db.executemany(f"INSERT OR REPLACE INTO results ({_COLUMNS}) VALUES "
                                     f"({', '.join('?' * len(CSV_COLUMNS))})", rows)
                self._db.executemany("DELETE FROM claims WHERE run_key = ? AND deal = ? AND owner = ?",
                                     [(*claim, self.owner) for claim in claims])
                if self._lease is not None:  # news from this sweep: its claims live on
                    self._db.execute("UPDATE claims SET expires = ? WHERE owner = ?",
                                     (time.time() + self._lease, self.owner))
        except TableBusy:
            return len(self._pending)
        del self._pending[: len(rows)]
        del self._pending_claims[: len(claims)]
        return 0

    # -- claims ------------------------------------------------------------
    def claim(self, key: Key, deals: Sequence[int], lease: float) -> tuple[list[int], list[int]]:
        """Claim ``deals`` for this sweep, unless another live sweep has them.

        Deals with a usable row by now are left out.  A claim lives ``lease``
        seconds without news (each :meth:`add` renews it).  Best effort: when the
        lock stays busy for ``try_seconds`` every deal is this sweep's.

        Returns:
            The deals now this sweep's, and those another live sweep is solving.

        Raises:
            TableError: the table cannot be read or written.
        """
        if not deals:
            return [], []
        run_key, now = _run_key(key), time.time()
        low, high = min(deals), max(deals) + 1
        try:
            with self._transaction(self.try_seconds):
                done = {row.deal for row in self.usable(key, range(low, high))}
                others = self._db.execute(
                    "SELECT deal, owner, host, pid, expires FROM claims WHERE run_key = ? AND deal >= ? AND deal < ?",
                    (run_key, low, high)).fetchall()
                theirs = {deal for deal, owner, host, pid, expires in others
                          if owner != self.owner and self._alive(host, pid, expires, now)}
                mine = [deal for deal in deals if deal not in done and deal not in theirs]
                self._db.executemany("INSERT OR REPLACE INTO claims (run_key, deal, owner, host, pid, expires) "
                                     "VALUES (?, ?, ?, ?, ?, ?)",
                                     [(run_key, deal, self.owner, self.host, os.getpid(), now + lease)
                                      for deal in mine])
                self._db.execute("UPDATE claims SET expires = ? WHERE owner = ?", (now + lease, self.owner))
        except TableBusy:
            return list(deals), []
        self._lease = lease
        return mine, [deal for deal in deals if deal in theirs and deal not in done]

    def _alive(self, host: str, pid: int, expires: float, now: float) -> bool:
        if expires <= now:
            return False
        if host != self.host:
            return True
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            return False
        except (OSError, ValueError, OverflowError):  # another user's process (PermissionError): alive
            return True
        return True

    def release(self) -> None:
        """Drop this store's claims; best effort, waiting at most ``try_seconds``."""
        with contextlib.suppress(TableError), self._transaction(self.try_seconds):
            self._db.execute("DELETE FROM claims WHERE owner = ?", (self.owner,))

    def usable(self, key: Key, deals: range) -> Iterator[Row]:
        """The row answering for each stored deal of ``deals`` (a step-1 range), in order.

        Thoughtful: a settled row of any budget, else the ``unknown`` row of this
        budget and solver; honest: the row of this budget and player.  Deals
        without one are skipped.

        Raises:
            TableError: the table cannot be read, or a row does not decode.
        """
        for low in range(deals.start, deals.stop, BLOCK):
            high = min(low + BLOCK, deals.stop)
            # the whole block: no cursor stays open while the sweep writes
            rows = self._read(_USABLE, (*key.head, low, high, *key.reuse))
            last = None
            for values in rows:
                if values[3] != last:
                    last = values[3]
                    yield self._decode(values)

    def _read(self, sql: str, parameters: Sequence[object] = ()) -> list[Any]:
        """Every row of a query, waiting up to ``busy_seconds`` for a lock."""
        return self._retrying(lambda: self._db.execute(sql, parameters).fetchall(), self.busy_seconds, "read")

    def _decode(self, values: Sequence[Any]) -> Row:
        """A stored row, or a :class:`TableError` naming its deal."""
        try:
            return _row(values)
        except ValueError as exc:
            game, deal = str(values[0])[:40], str(values[3])[:20]
            reason = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], HostMessage) else str(exc)
            raise TableError(say("winnability.table-damaged-row", table=self.path, deal=deal, game=repr(game),
                                 reason=reason)) from None

    def count_usable(self, key: Key, deals: range) -> int:
        """How many deals of ``deals`` have a usable row; TableError if unreadable."""
        ((count,),) = self._read(
            "SELECT COUNT(DISTINCT deal) FROM results WHERE game = ? AND rules_version = ? AND mode = ? "
            f"AND deal >= ? AND deal < ? AND {_REUSABLE}",
            (*key.head, deals.start, deals.stop, *key.reuse))
        return int(count)

    def forget_unknown(self, key: Key, deals: range) -> int:
        """Delete this budget's ``unknown`` rows of ``deals`` (any solver), for ``--retry-unknown``.

        Returns:
            The rows deleted.

        Raises:
            TableError: the table cannot be written.
        """
        with self._transaction(self.busy_seconds):
            cursor = self._retrying(lambda: self._db.execute(
                "DELETE FROM results WHERE game = ? AND rules_version = ? AND mode = ? AND deal >= ? "
                "AND deal < ? AND result = 'unknown' AND budget_seconds = ? AND budget_nodes = ? "
                "AND budget_samples = ?", (*key.head, deals.start, deals.stop, *key.budget)), 0.0, "write")
        return int(cursor.rowcount)

    def todo(self, key: Key, deals: range) -> Iterator[int]:
        """The deals of ``deals`` (a step-1 range) without a usable row, lazily, in order."""
        for low in range(deals.start, deals.stop, BLOCK):
            high = min(low + BLOCK, deals.stop)
            done = {row.deal for row in self.usable(key, range(low, high))}
            for deal in range(low, high):
                if deal not in done:
                    yield deal

    def rows(self) -> Iterator[Row]:
        """Every row, by game, rules version, mode, deal and budget.

        Raises:
            TableError: the table cannot be read, or a row does not decode.
        """
        for values in self._read(f"SELECT {_COLUMNS} FROM results ORDER BY game, rules_version, "
                                 "mode, deal, budget_seconds, budget_nodes, budget_samples"):
            yield self._decode(values)

    @staticmethod
    def export(rows: Iterable[Row], path: str | Path) -> int:
        """Write rows to a CSV file with a header of :data:`CSV_COLUMNS`; the number written.

        The file is replaced atomically, so a failure (OSError) leaves what
        ``path`` held.
        """
        count = 0
        with replaced(path, "w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(CSV_COLUMNS)
            for row in rows:
                writer.writerow(row.values())
                count += 1
        return count


def read_csv(path: str | Path) -> list[Row]:
    """The rows of a CSV file written by :meth:`Store.export`.

    Raises:
        OSError: the file cannot be read.
        ValueError: it is not such a file.
    """
    with open(path, encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle)
        if tuple(next(reader, ())) != CSV_COLUMNS:
            raise ValueError(f"{path}: not a winnability export (its header is not {', '.join(CSV_COLUMNS)})")
        return [_row(values) for values in reader]
