"""The shell's saves: what it read and wrote, games it abandoned, the autosave on exit.

:mod:`cardshell.saves` reads and writes one file; this module decides, for
one :class:`~cardshell.shell.Shell`, which file a game goes to, so that no
game is lost without a word:

* **No save is replaced unseen.**  For every save name the session
  remembers what the file held when it last read or wrote it (its
  *baseline*, a SHA-256 of the bytes, or "absent").  A save is replaced only
  if the file is still what this session saw.  If another cardshell changed
  it meanwhile (two sessions playing the same game), or it holds a save this
  session never read, the game is saved under a new name (``aces-up-2``)
  and the reply says so.  The check and the write are one step under the
  saves directory's lock (:func:`cardshell.saves.locked`).
* **No unreadable save is overwritten.**  A save this version cannot read
  (a newer format version, damaged, not a regular file) is moved aside as
  ``NAME.unreadable-YYYYMMDD-HHMMSS`` (:func:`cardshell.saves.set_aside`)
  before the name is written, and the reply names it.
* **Abandoned games stay loadable until exit.**  When ``play GAME --seed N``,
  ``new``, ``restart`` or ``load`` drop a game that has moves (a game in
  progress here, or the automatic save that would be replaced on exit), the
  game is kept in memory as an *abandoned* save named after it
  (``aces-up.seed7``), listed by ``load`` and resumed by ``load NAME`` until
  the shell closes.  At most :data:`MAX_ABANDONED` are kept (the oldest is
  dropped first).  Whether to ask first is the front end's business
  (:attr:`cardshell.context.FrontEnd.confirm`).
* **A save's log holds moves only.**  Every line is checked to be a
  state-changing command of the save's game before anything is replayed
  (:meth:`cardshell.replay.Replayer.check_log`), so a log line such as ``simulate
  3000000`` or ``exit`` makes the save unusable at once, with its line
  number.

The rules apply to the automatic save written on exit (:meth:`close`) and
to ``save NAME`` alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from cardshell import help as helptext
from cardshell import saves, signals
from cardshell.context import Places
from cardshell.messages import say
from cardshell.records import Game
from cardshell.saves import SaveError, SaveRecord, Snapshot
from cardshell.session import GameSession

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from cardshell.gametable import GameTable

#: At most this many abandoned games are kept per session (the oldest is dropped first).
MAX_ABANDONED = 20
#: At most this many other names (``NAME-2`` ... ) are tried for a save whose name is taken.
MAX_RENAMES = 999
#: At most this many failed saves are kept for the front ends (:attr:`Persistence.failures`).
MAX_FAILURES = 100
#: What :attr:`Persistence.baselines` gives for a name this session never read or wrote.
_UNSEEN = object()


@dataclass
class SaveResult:
    """What :meth:`Persistence.save` did.

    Attributes:
        name (str): the name the game was saved under.
        path (Path): the file written.
        asked (str): the name it was to be saved under.
        reason (str | None): why ``name`` differs from ``asked`` (None when
            it does not).
        notes (list[str]): other things to tell (an unreadable save moved
            aside), each a complete line.
    """

    name: str
    path: Path
    asked: str
    reason: str | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def renamed(self) -> bool:
        """Whether the game went to another name than the one asked for."""
        return self.reason is not None


def describe(title: str, seed: int, moves: int) -> str:
    """``Aces Up (seed 7, 5 moves)``: how the host names a game in its
    messages (the message ``save.game``); ``moves`` counts moves."""
    return say("save.game", title=title, seed=seed, moves=helptext.moves(moves))


class Persistence:
    """The saves of one shell: reading, writing, abandoned games, autosave.

    Rebuilding a save's game is the :class:`cardshell.replay.Replayer`'s.

    Args:
        table (GameTable): the games in progress (saved on exit) and the
            uids of the games retired here.
        games (Mapping[str, Game]): the registered games (the registry's:
            a name that is a game id is kept for its automatic save).
        places (Places): the data directory, where saves are kept.
        autosave (bool): save games in progress on :meth:`close`, offer
            them in ``games`` and resume them with ``play GAME``.

    Attributes:
        autosave (bool): as given.
        baselines (dict[str, str | None]): per save name, the digest of the
            file as this session last read or wrote it (None: it was seen
            absent); see the module's notes.
        abandoned (dict[str, SaveRecord]): the games abandoned in this
            session by name, oldest first (at most :data:`MAX_ABANDONED`).
        closed (bool): :meth:`close` has run.
        failures (list[str]): why each save that could not be written
            failed (``cannot save 'aces-up': No space left on device``), by
            :meth:`save` or the autosave, oldest first, at most
            :data:`MAX_FAILURES` (the front ends print them on standard
            error and exit 74).
    """

    def __init__(self, table: GameTable, games: Mapping[str, Game], places: Places, *, autosave: bool) -> None:
        self.table = table
        self._games = games
        self._places = places
        self.autosave = autosave
        self.baselines: dict[str, str | None] = {}
        self.abandoned: dict[str, SaveRecord] = {}
        self.closed = False
        self.failures: list[str] = []
        self._moved: dict[tuple[str, str], str] = {}  # (name asked, game uid) -> the name it went to

    @property
    def data_dir(self) -> Path:
        """The shell's data directory."""
        return self._places.data_dir

    # -- records -----------------------------------------------------------
    @staticmethod
    def record_of(session: GameSession) -> SaveRecord:
        """The save record of a game (seed, options, log, undo flag, time played, uid)."""
        return SaveRecord(game=session.id, seed=session.seed, options=dict(session.options),
                          log=list(session.log), undo_used=session.undo_used, elapsed=session.elapsed,
                          uid=session.uid, assisted=session.assisted)

    # -- reading -----------------------------------------------------------
    def read(self, name: str) -> SaveRecord:
        """The record of a save: an abandoned game of this session, or a file.

        Reading a file makes what it holds this session's baseline for
        ``name``.

        Args:
            name (str): a checked save name.

        Returns:
            SaveRecord: the checked record.

        Raises:
            SaveError: missing, unreadable, damaged, foreign, of an unknown
                version, not a regular file or too large.
        """
        if name in self.abandoned:
            return self.abandoned[name]
        snapshot = saves.inspect(self.data_dir, name)
        if not snapshot.exists:
            raise SaveError(say("save.not-found", name=repr(name)))
        self.baselines[name] = snapshot.digest
        if snapshot.error is not None:
            raise snapshot.error
        assert snapshot.record is not None
        return snapshot.record

    # -- writing -----------------------------------------------------------
    def save(self, session: GameSession, name: str) -> SaveResult:
        """Save a game under a name, or under a new name if that one is not ours to replace.

        A game that once went to another name (``NAME-2``) goes there again
        while ``NAME`` is still not ours to replace and ``NAME-2`` is still
        what this session wrote, so one game never spreads over ``NAME-2``,
        ``NAME-3`` ...

        Args:
            session (GameSession): the game.
            name (str): a checked save name.

        Returns:
            SaveResult: where it went, and why if not under ``name``.

        Raises:
            SaveError: when nothing could be written (the reason), or an
                unreadable save could not be moved aside.
        """
        if name in self.abandoned:
            raise SaveError(say("save.name-abandoned", name=repr(name), name_plain=name))
        try:
            return self._save(session, name)
        except SaveError as exc:  # nothing was written: kept for the exit status
            if len(self.failures) < MAX_FAILURES:
                self.failures.append(exc.message)
            raise

    def _save(self, session: GameSession, name: str) -> SaveResult:
        """:meth:`save` of a name not held by an abandoned game."""
        record = self.record_of(session)
        notes: list[str] = []
        reason = None
        with saves.locked(self.data_dir):
            snapshot = saves.inspect(self.data_dir, name)
            if snapshot.exists and snapshot.error is not None:
                aside = saves.set_aside(self.data_dir, name)
                self.baselines.pop(name, None)
                notes.append(say("save.moved-aside", error=snapshot.error.message, aside=repr(aside)))
                snapshot = Snapshot(None)
            used = name
            if not snapshot.exists:
                try:
                    path, digest = saves.write(self.data_dir, name, record, replace=False)
                except saves.SaveExists:
                    reason = say("save.reason-created", name=repr(name))
                    used, path, digest = self._write_where_moved(name, session.uid, record)
            elif self.baselines.get(name, _UNSEEN) == snapshot.digest:
                path, digest = saves.write(self.data_dir, name, record)
            else:
                if name not in self.baselines:
                    reason = say("save.reason-unread", name=repr(name))
                elif self.baselines[name] is None:
                    reason = say("save.reason-saved", name=repr(name))
                else:
                    reason = say("save.reason-changed", name=repr(name))
                used, path, digest = self._write_where_moved(name, session.uid, record)
        self.baselines[used] = digest
        session.save_name = used
        return SaveResult(name=used, path=path, asked=name, reason=reason, notes=notes)

    def _write_where_moved(self, name: str, uid: str, record: SaveRecord) -> tuple[str, Path, str]:
        """Write a game that cannot go to ``name``: where it went last time, if
        that file is still what this session wrote, else under a new name."""
        moved = self._moved.get((name, uid))
        if moved is not None:
            snapshot = saves.inspect(self.data_dir, moved)
            if snapshot.exists and self.baselines.get(moved, _UNSEEN) == snapshot.digest:
                path, digest = saves.write(self.data_dir, moved, record)
                return moved, path, digest
        used, path, digest = self._write_under_new_name(name, record)
        self._moved[(name, uid)] = used
        return used, path, digest

    def _write_under_new_name(self, name: str, record: SaveRecord) -> tuple[str, Path, str]:
        """Write a record under ``NAME-2``, ``NAME-3`` ... (the first free name)."""
        for number in range(2, MAX_RENAMES + 2):
            suffix = f"-{number}"
            candidate = f"{name[: 64 - len(suffix)]}{suffix}"
            if (candidate in self._games or candidate in self.abandoned
                    or saves.save_path(self.data_dir, candidate).exists()):
                continue
            try:
                path, digest = saves.write(self.data_dir, candidate, record, replace=False)
            except saves.SaveExists:
                continue
            return candidate, path, digest
        raise SaveError(say("save.names-taken", name=repr(name), count=MAX_RENAMES))

    # -- abandoned games ---------------------------------------------------
    def automatic_save_at_stake(self, game_id: str, incoming: SaveRecord | None = None,
                                ) -> tuple[SaveRecord | None, Snapshot | None]:
        """The automatic save that a new game of ``game_id`` would replace on exit.

        Only with autosave on, and only when no game of that id is in
        progress here (that game is the one at stake then).

        Args:
            game_id (str): the game about to be started or loaded.
            incoming (SaveRecord | None): the save being loaded, if any (the
                automatic save is not at stake if it is the same game in
                the same position).

        Returns:
            tuple[SaveRecord | None, Snapshot | None]: the saved game that
            would be lost (None if none, or it has no moves), and what the
            file held (None when it was not looked at); give the snapshot
            to :meth:`claim` once the new game is installed.
        """
        if not self.autosave or game_id in self.table.sessions:
            return None, None
        snapshot = saves.inspect(self.data_dir, game_id)
        record = snapshot.record
        if record is None or not record.log:
            return None, snapshot
        if incoming is not None and (incoming.uid, incoming.log) == (record.uid, record.log):
            return None, snapshot
        return record, snapshot

    def claim(self, game_id: str, snapshot: Snapshot | None = None) -> None:
        """Let this session's game ``game_id`` replace its automatic save on exit.

        Args:
            game_id (str): the game now in progress here.
            snapshot (Snapshot | None): what the file held when the player
                agreed to replace it (see :meth:`automatic_save_at_stake`);
                None keeps what this session already knows, or looks now.
        """
        if not self.autosave:
            return
        if snapshot is not None:
            self.baselines[game_id] = snapshot.digest
        elif game_id not in self.baselines:
            self.baselines[game_id] = saves.inspect(self.data_dir, game_id).digest

    def abandon(self, record: SaveRecord) -> str:
        """Keep an abandoned game loadable until the shell closes.

        Args:
            record (SaveRecord): the game (from :meth:`record_of`, or a saved
                game about to be replaced).

        Returns:
            str: its name for ``load`` (``GAME.seedN``, ``.2`` ... when taken).
            Call :meth:`trim_abandoned` once the command succeeded.
        """
        base = f"{record.game}.seed{record.seed}"
        if not saves.NAME_PATTERN.fullmatch(base + ".99"):
            base = f"{record.game[:40]}.abandoned"
        name, number = base, 1
        while name in self.abandoned or saves.save_path(self.data_dir, name).exists() or name in self._games:
            number += 1
            name = f"{base}.{number}"
        self.abandoned[name] = record
        return name

    def trim_abandoned(self) -> None:
        """Drop the oldest abandoned games beyond :data:`MAX_ABANDONED` (once the
        command that abandoned the last one has succeeded)."""
        while len(self.abandoned) > MAX_ABANDONED:
            del self.abandoned[next(iter(self.abandoned))]

    def drop_automatic_save(self, session: GameSession) -> None:
        """Remove the automatic save of a game that just ended, if it holds
        this very deal (same uid) and is still what this session read or
        wrote: ``play GAME`` then deals a new game instead of resuming the
        position before the ending.  Never raises (a save
        that cannot be removed is refused later by
        :meth:`cardshell.replay.Replayer.rebuild`).

        Args:
            session (GameSession): the game that ended.
        """
        name = session.id
        if name not in self.baselines or self.baselines[name] is None:
            return
        try:
            with saves.locked(self.data_dir):
                snapshot = saves.inspect(self.data_dir, name)
                if (snapshot.record is not None and snapshot.record.uid == session.uid
                        and snapshot.digest == self.baselines[name]):
                    saves.delete(self.data_dir, name)
                    self.baselines[name] = None
        except OSError:
            return

    # -- closing -----------------------------------------------------------
    def close(self) -> list[str]:
        """End the session: with autosave on, save every game in progress.

        Runs once (later calls return nothing) and to its end even when a
        terminating signal arrives meanwhile (:func:`cardshell.signals.deferred`).
        Each game in progress is saved under its game id, by the rules of
        :meth:`save`.  The automatic save of a game that was finished,
        abandoned (``quit``) or replaced in this session is removed, but only
        while it is still what this session read or wrote (never one another
        process wrote meanwhile).  Abandoned games are forgotten.

        Returns:
            list[str]: one line per game saved (and per save moved aside),
            for standard output; a game that could not be saved adds its
            reason to :attr:`failures` instead.
        """
        if self.closed:
            return []
        self.closed = True
        with signals.deferred():
            notes = self._autosave() if self.autosave else []
            self.abandoned.clear()
        return notes

    def _autosave(self) -> list[str]:
        notes: list[str] = []
        live = set()
        for gid, session in sorted(self.table.sessions.items()):
            if session.outcome is not None:
                self.table.retire(session)  # the table's record of games that ended here
                continue
            live.add(gid)
            what = describe(session.game.title, session.seed, session.moves)
            try:
                result = self.save(session, gid)
            except SaveError:  # in self.failures, for standard error
                continue
            notes.extend(result.notes)
            if result.renamed:
                notes.append(say("save.autosaved-renamed", what=what, name=repr(result.name), reason=result.reason,
                                 name_plain=result.name))
            else:
                notes.append(say("save.autosaved", what=what, game=gid))
        for gid in sorted(set(self._games) - live):
            if gid not in self.baselines or self.baselines[gid] is None:
                continue
            with saves.locked(self.data_dir):
                snapshot = saves.inspect(self.data_dir, gid)
                if (snapshot.record is not None and snapshot.record.uid in self.table.retired
                        and snapshot.digest == self.baselines[gid]):
                    saves.delete(self.data_dir, gid)
        return notes
