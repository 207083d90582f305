"""The winnability table: one SQLite row per solved (or played) deal.

The table lives in the data directory (:func:`cardshell.paths.data_dir`,
``--data-dir`` and ``CARDSHELL_DATA_DIR`` as for saves) in the file
:data:`FILE_NAME`, and is written with the standard library's :mod:`sqlite3`.
A row is keyed by the game, its rules version, the mode, the deal (its seed)
and the budget, and holds the result, the positions searched, the seconds
taken and the line played::

    game | rules_version | mode | deal | budget_seconds | budget_nodes |
    budget_samples | result | positions | seconds | line | solver

How rows are reused (the sweep asks :meth:`Store.todo` what to run):

* a *settled* thoughtful row (``won`` or ``no win``) is a proof and answers
  for its deal whatever budget settled it: a deal is never solved twice;
* an ``unknown`` thoughtful row answers only for its own budget and its own
  solver (``solver``: a fingerprint of the search code that gave it, see
  :func:`cardshell.winnability.run.solver_version`), so a run with a bigger
  (or any other) budget, or after the solver changed, retries exactly the
  unknown deals;
* an *honest* row, whatever its result, answers only for its own budget and
  its own player (the same fingerprint, which then covers the player's code
  too): it says what that player did, and a player with more samples or
  positions per move, or another strategy, may play the deal differently;
* rows are written one transaction per chunk of deals, so Ctrl-C or a crash
  loses at most the deals in flight, and the same command resumes.

Bounds: a run covers at most :data:`cardshell.winnability.args.MAX_DEALS`
deals; :meth:`Store.todo` reads the stored deals :data:`BLOCK` at a time, so
neither resuming nor reporting holds a set of all the deals in memory; a
line is at most the moves of one deal (bounded by the search budget or
:data:`cardshell.winnability.run.MAX_MOVES`).
"""

from __future__ import annotations

import csv
import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

__all__ = ["BLOCK", "CSV_COLUMNS", "FILE_NAME", "DealResult", "Key", "Row", "Store", "read_csv"]

#: The database file in the data directory.
FILE_NAME = "winnability.sqlite3"
#: Deals looked up in the table at a time while resuming or reporting.
BLOCK = 4096
#: The columns of the table and of ``--export FILE.csv``, in order.
CSV_COLUMNS = ("game", "rules_version", "mode", "deal", "budget_seconds", "budget_nodes", "budget_samples",
               "result", "positions", "seconds", "line", "solver")

Result = Literal["won", "no win", "unknown"]

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


@dataclass(frozen=True)
class Key:
    """What a run's rows are keyed by, besides the deal.

    Attributes:
        game (str): the game id (``"aces-up"``).
        rules_version (str): :func:`cardshell.winnability.run.rules_version`.
        mode (str): ``"thoughtful"`` or ``"honest"``.
        seconds (float): the budget's seconds per deal.
        nodes (int): the budget's positions (per deal when thoughtful, per
            move when honest).
        samples (int): determinizations per hint (honest), 0 when thoughtful.
        solver (str): the fingerprint of the search code
            (:func:`cardshell.winnability.run.solver_version`); an unknown
            row, and every honest row, is reused only by the same solver.
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
        """True when a settled row answers for its deal at any budget
        (thoughtful: a won line or an exhausted search is a fact about the
        deal); False for honest play, whose rows all match like unknowns."""
        return self.mode == "thoughtful"

    @property
    def reuse(self) -> tuple[bool, float, int, int, str]:
        """The parameters of the reuse condition (:data:`_REUSABLE`)."""
        return (self.settled_is_proof, *self.unknown_reuse)


@dataclass(frozen=True)
class DealResult:
    """What solving or playing one deal gave (small and picklable: it comes
    back from worker processes).

    Attributes:
        result (str): ``"won"``, ``"no win"`` or ``"unknown"``.
        positions (int): positions searched.
        seconds (float): wall-clock time spent on the deal, in seconds.
        line (tuple[str, ...]): the moves played or found, as typed lines
            (the winning line for ``won``).
    """

    result: Result
    positions: int
    seconds: float
    line: tuple[str, ...] = ()


@dataclass(frozen=True)
class Row:
    """One row of the table.

    Attributes:
        key (Key): game, rules version, mode and budget.
        deal (int): the deal's seed.
        outcome (DealResult): its result.
    """

    key: Key
    deal: int
    outcome: DealResult

    def values(self) -> tuple[object, ...]:
        """The row as stored, in :data:`CSV_COLUMNS` order (the line as a JSON list)."""
        key, outcome = self.key, self.outcome
        return (key.game, key.rules_version, key.mode, self.deal, key.seconds, key.nodes, key.samples,
                outcome.result, outcome.positions, outcome.seconds, json.dumps(list(outcome.line)), key.solver)


def _row(values: Sequence[Any]) -> Row:
    """A row from the database (a tuple of values) or a CSV file (strings).

    Raises:
        ValueError: values that are not a row (the callers report the file).
    """
    game, version, mode, deal, seconds, nodes, samples, result, positions, took, line, solver = values
    key = Key(str(game), str(version), str(mode), float(seconds), int(nodes), int(samples), str(solver))
    moves = json.loads(str(line))
    if result not in ("won", "no win", "unknown") or not isinstance(moves, list):
        raise ValueError(f"not a winnability row: {values!r}")
    outcome = DealResult(result, int(positions), float(took), tuple(str(move) for move in moves))
    return Row(key, int(deal), outcome)


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
    """The winnability table in one SQLite file.

    Args:
        path (str | PathLike): the database file; its directory is created
            if missing.

    Raises:
        sqlite3.Error: the file cannot be opened or is not a database.
        OSError: the directory cannot be created.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, timeout=30.0)
        try:
            with self._db:
                self._db.execute(_SCHEMA)
                columns = {info[1] for info in self._db.execute("PRAGMA table_info(results)")}
                if "solver" not in columns:  # a table written before unknowns were keyed by solver
                    self._db.execute("ALTER TABLE results ADD COLUMN solver TEXT NOT NULL DEFAULT ''")
        except sqlite3.Error:  # not a database, or locked for 30 s
            self._db.close()
            raise

    @classmethod
    def in_directory(cls, directory: str | Path) -> Store:
        """The store of a data directory (``DIRECTORY/winnability.sqlite3``)."""
        return cls(Path(directory) / FILE_NAME)

    def close(self) -> None:
        """Close the connection (idempotent)."""
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def add(self, key: Key, results: Iterable[tuple[int, DealResult]]) -> None:
        """Store the results of some deals in one transaction.

        Args:
            key (Key): their game, rules version, mode and budget.
            results (Iterable[tuple[int, DealResult]]): (deal, result) pairs;
                a row already stored under the same key and deal is replaced.
        """
        rows = [Row(key, deal, outcome).values() for deal, outcome in results]
        with self._db:
            self._db.executemany(f"INSERT OR REPLACE INTO results ({_COLUMNS}) VALUES "
                                 f"({', '.join('?' * len(CSV_COLUMNS))})", rows)

    def usable(self, key: Key, deals: range) -> Iterator[Row]:
        """The row that answers for each stored deal of ``deals``, in deal order.

        Thoughtful: a settled row of any budget, else the ``unknown`` row
        of this budget and solver; honest: the row of this budget and
        player (see the module docstring); deals with none are skipped.
        Read :data:`BLOCK` deals at a time.

        Args:
            key (Key): game, rules version, mode and budget.
            deals (range): consecutive seeds (step 1).

        Yields:
            Row: at most one per deal.
        """
        for low in range(deals.start, deals.stop, BLOCK):
            high = min(low + BLOCK, deals.stop)
            cursor = self._db.execute(_USABLE, (*key.head, low, high, *key.reuse))
            rows = cursor.fetchall()  # the whole block: no cursor stays open while the sweep writes
            last = None
            for values in rows:
                if values[3] != last:
                    last = values[3]
                    yield _row(values)

    def count_usable(self, key: Key, deals: range) -> int:
        """How many deals of ``deals`` have a usable row (see :meth:`usable`)."""
        (count,) = self._db.execute(
            "SELECT COUNT(DISTINCT deal) FROM results WHERE game = ? AND rules_version = ? AND mode = ? "
            f"AND deal >= ? AND deal < ? AND {_REUSABLE}",
            (*key.head, deals.start, deals.stop, *key.reuse)).fetchone()
        return int(count)

    def forget_unknown(self, key: Key, deals: range) -> int:
        """Delete the ``unknown`` rows of ``deals`` stored with this key's
        budget (any solver), so that a sweep solves those deals again
        (``winnability --retry-unknown``); settled rows are never touched.

        Args:
            key (Key): game, rules version, mode and budget.
            deals (range): consecutive seeds (step 1).

        Returns:
            int: the rows deleted.

        Raises:
            sqlite3.Error: the table cannot be written.
        """
        with self._db:
            cursor = self._db.execute(
                "DELETE FROM results WHERE game = ? AND rules_version = ? AND mode = ? AND deal >= ? "
                "AND deal < ? AND result = 'unknown' AND budget_seconds = ? AND budget_nodes = ? "
                "AND budget_samples = ?", (*key.head, deals.start, deals.stop, *key.budget))
        return int(cursor.rowcount)

    def todo(self, key: Key, deals: range) -> Iterator[int]:
        """The deals of ``deals`` still to solve, lazily, in order.

        Args:
            key (Key): game, rules version, mode and budget.
            deals (range): consecutive seeds (step 1).

        Yields:
            int: each deal without a usable row.
        """
        for low in range(deals.start, deals.stop, BLOCK):
            high = min(low + BLOCK, deals.stop)
            done = {row.deal for row in self.usable(key, range(low, high))}
            for deal in range(low, high):
                if deal not in done:
                    yield deal

    def rows(self) -> Iterator[Row]:
        """Every row of the table, by game, rules version, mode, deal and budget."""
        for values in self._db.execute(f"SELECT {_COLUMNS} FROM results ORDER BY game, rules_version, "
                                       "mode, deal, budget_seconds, budget_nodes, budget_samples").fetchall():
            yield _row(values)

    @staticmethod
    def export(rows: Iterable[Row], path: str | Path) -> int:
        """Write rows to a CSV file (:mod:`csv`, a header of :data:`CSV_COLUMNS`).

        The file is written through a temporary file in its directory and
        renamed over ``path`` once complete (:func:`cardshell.ownfiles.replaced`):
        ``path`` is never opened for writing, so a symbolic link or hard link
        named as the target is replaced rather than written through, and a
        failure (a full disk) leaves what ``path`` held.

        Args:
            rows (Iterable[Row]): the rows, in the order to write them.
            path (str | PathLike): the file, replaced if it exists.

        Returns:
            int: the number of rows written.

        Raises:
            OSError: the file cannot be written.
        """
        from cardshell.ownfiles import replaced

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
        ValueError: it is not such a file (header or a row's values).
    """
    with open(path, encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle)
        if tuple(next(reader, ())) != CSV_COLUMNS:
            raise ValueError(f"{path}: not a winnability export (its header is not {', '.join(CSV_COLUMNS)})")
        return [_row(values) for values in reader]
