"""The shell's saves: which file a game goes to, abandoned games, the autosave on exit.

:mod:`cardshell.saves` reads and writes one file; this module decides where
a game goes so that none is lost without a word.  A save is replaced only
while its file is what this session last read or wrote (its *baseline*),
else the game goes to a new name (``aces-up-2``); a game's automatic save
is the key :func:`cardshell.saves.automatic` (its own namespace, never a
name the player chose), and a game without moves is never saved
automatically; an unreadable save is
moved aside first; a game with moves dropped by ``play``, ``new``,
``restart`` or ``load`` stays loadable until exit (``aces-up.seed7``, at
most :data:`MAX_ABANDONED`).  Check and write are one step under the saves
directory's lock.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from cardshell import help as helptext
from cardshell import saves, signals
from cardshell.context import Places
from cardshell.messages import say
from cardshell.records import Game
from cardshell.render import Text
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
        name: the name the game was saved under.
        path: the file written.
        asked: the name it was to be saved under.
        reason: why ``name`` differs from ``asked``, None when it does not.
        notes: other lines to tell (an unreadable save moved aside).
    """

    name: str
    path: Path
    asked: str
    reason: Text | None = None
    notes: list[Text] = field(default_factory=list)

    @property
    def renamed(self) -> bool:
        """Whether the game went to another name than the one asked for."""
        return self.reason is not None


def describe(title: str, seed: int, moves: int) -> Text:
    """``Aces Up (seed 7, 5 moves)``: how the host names a game in its
    messages (the message ``save.game``); ``moves`` counts moves."""
    return say("save.game", title=title, seed=seed, moves=helptext.moves(moves))


class Persistence:
    """The saves of one shell: reading, writing, abandoned games, autosave.

    ``table`` holds the games in progress; ``games`` are the registered games;
    ``places`` gives the data
    directory; ``autosave`` saves games in progress on :meth:`close` and
    offers them again.

    Attributes:
        baselines: per save name, the digest of the file as this session last
            read or wrote it (None: seen absent).
        abandoned: the games abandoned in this session by name, oldest first.
        closed: :meth:`close` has run.
        failures: why each save that could not be written failed, at most
            :data:`MAX_FAILURES` (the front ends print them and exit 74).
    """

    def __init__(self, table: GameTable, games: Mapping[str, Game], places: Places, *, autosave: bool) -> None:
        self.table = table
        self._games = games
        self._places = places
        self.autosave = autosave
        self.baselines: dict[str, str | None] = {}
        self.abandoned: dict[str, SaveRecord] = {}
        self.closed = False
        self.failures: list[Text] = []
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
        """The checked record of a save: an abandoned game of this session, or a file.

        A file read becomes this session's baseline for ``name``.

        Raises:
            SaveError: missing, unreadable, damaged, foreign, of an unknown
                version, not a regular file or too large.
        """
        if name in self.abandoned:
            return self.abandoned[name]
        snapshot = saves.inspect(self.data_dir, name)
        if not snapshot.exists:
            raise SaveError(say("save.not-found", name=repr(saves.plain_name(name))))
        self.baselines[name] = snapshot.digest
        if snapshot.error is not None:
            raise snapshot.error
        assert snapshot.record is not None
        return snapshot.record

    # -- writing -----------------------------------------------------------
    def save(self, session: GameSession, name: str) -> SaveResult:
        """Save a game under ``name``, or under a new name if that one is not ours to replace.

        A game that once went to ``NAME-2`` goes there again while that file is
        still what this session wrote, so one game never spreads over several names.

        ``name`` is a checked name or an automatic save's key
        (:func:`cardshell.saves.automatic`).

        Raises:
            SaveError: nothing could be written, or an unreadable save could not
                be moved aside.
        """
        if name in self.abandoned:
            raise SaveError(say("save.name-abandoned", name=repr(saves.plain_name(name)), name_plain=name))
        try:
            return self._save(session, name)
        except SaveError as exc:  # nothing was written: kept for the exit status
            if len(self.failures) < MAX_FAILURES:
                self.failures.append(exc.message)
            raise

    def _save(self, session: GameSession, name: str) -> SaveResult:
        record = self.record_of(session)
        notes: list[Text] = []
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
                    reason = say("save.reason-created", name=repr(saves.plain_name(name)))
                    used, path, digest = self._write_where_moved(name, session.uid, record)
            elif self.baselines.get(name, _UNSEEN) == snapshot.digest:
                path, digest = saves.write(self.data_dir, name, record)
            else:
                if name not in self.baselines:
                    reason = say("save.reason-unread", name=repr(saves.plain_name(name)))
                elif self.baselines[name] is None:
                    reason = say("save.reason-saved", name=repr(saves.plain_name(name)))
                else:
                    reason = say("save.reason-changed", name=repr(saves.plain_name(name)))
                used, path, digest = self._write_where_moved(name, session.uid, record)
        self.baselines[used] = digest
        session.save_name = used
        return SaveResult(name=used, path=path, asked=name, reason=reason, notes=notes)

    def _write_where_moved(self, name: str, uid: str, record: SaveRecord) -> tuple[str, Path, str]:
        """Write a game that cannot go to ``name``: where it went last time if still ours, else a new name."""
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
        """Write a record under the first free ``NAME-2``, ``NAME-3`` ..."""
        base = saves.plain_name(name)  # an automatic save's goes to a named save: GAME-2
        for number in range(2, MAX_RENAMES + 2):
            suffix = f"-{number}"
            candidate = f"{base[: 64 - len(suffix)]}{suffix}"
            if candidate in self.abandoned or saves.save_path(self.data_dir, candidate).exists():
                continue
            try:
                path, digest = saves.write(self.data_dir, candidate, record, replace=False)
            except saves.SaveExists:
                continue
            return candidate, path, digest
        raise SaveError(say("save.names-taken", name=repr(base), count=MAX_RENAMES))

    # -- abandoned games ---------------------------------------------------
    def automatic_save_at_stake(self, game_id: str, incoming: SaveRecord | None = None,
                                ) -> tuple[SaveRecord | None, Snapshot | None]:
        """The automatic save a new game of ``game_id`` would replace on exit.

        Only with autosave on and no game of that id in progress here.
        ``incoming`` is the save being loaded: the same game in the same position
        is not at stake.

        Returns:
            The saved game that would be lost (None if none or without moves), and
            the snapshot of the file to give :meth:`claim` once the new game is in.
        """
        if not self.autosave or game_id in self.table.sessions:
            return None, None
        snapshot = saves.inspect(self.data_dir, saves.automatic(game_id))
        record = snapshot.record
        if record is None or not record.log:
            return None, snapshot
        if incoming is not None and (incoming.uid, incoming.log) == (record.uid, record.log):
            return None, snapshot
        return record, snapshot

    def claim(self, game_id: str, snapshot: Snapshot | None = None) -> None:
        """Let this session's game ``game_id`` replace its automatic save on exit.

        ``snapshot`` is what the file held when the player agreed (from
        :meth:`automatic_save_at_stake`); None keeps what is known, or looks now.
        """
        if not self.autosave:
            return
        key = saves.automatic(game_id)
        if snapshot is not None:
            self.baselines[key] = snapshot.digest
        elif key not in self.baselines:
            self.baselines[key] = saves.inspect(self.data_dir, key).digest

    def automatic_save(self, game_id: str) -> bool:
        """Whether ``play GAME`` has an automatic save to resume (one that cannot be
        read too: resuming it says why).  Never raises.
        """
        return saves.inspect(self.data_dir, saves.automatic(game_id)).exists

    def find(self, word: str) -> str | None:
        """The save key a name the player typed means: an abandoned game of this
        session, else the named save, else the automatic save of the game of
        that id; None when there is none.
        """
        if word in self.abandoned or os.path.lexists(saves.save_path(self.data_dir, word)):
            return word
        key = saves.automatic(word)
        found = os.path.lexists(saves.save_path(self.data_dir, key)) or saves.adopt_legacy(self.data_dir, word)
        return key if found else None

    def abandon(self, record: SaveRecord) -> str:
        """Keep an abandoned game loadable until the shell closes; its name for ``load``.

        The name is ``GAME.seedN`` (``.2`` ... when taken).  Call
        :meth:`trim_abandoned` once the command succeeded.
        """
        base = f"{record.game}.seed{record.seed}"
        if not saves.NAME_PATTERN.fullmatch(base + ".99"):
            base = f"{record.game[:40]}.abandoned"
        name, number = base, 1
        while name in self.abandoned or saves.save_path(self.data_dir, name).exists():
            number += 1
            name = f"{base}.{number}"
        self.abandoned[name] = record
        return name

    def trim_abandoned(self) -> None:
        """Drop the oldest abandoned games beyond :data:`MAX_ABANDONED`."""
        while len(self.abandoned) > MAX_ABANDONED:
            del self.abandoned[next(iter(self.abandoned))]

    def drop_automatic_save(self, session: GameSession) -> None:
        """Remove the automatic save of a game that just ended, if it holds this deal and is still ours.

        ``play GAME`` then deals a new game instead of resuming the position
        before the ending.  Never raises.
        """
        name = saves.automatic(session.id)
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
    def close(self) -> list[Text]:
        """End the session: with autosave on, save every game in progress under its id.

        Runs once, and to its end even when a terminating signal arrives
        (:func:`cardshell.signals.deferred`).  The automatic save of a game
        finished, abandoned or replaced here is removed while it is still ours.

        Returns:
            One line per game saved (and per save moved aside); a game that could
            not be saved adds its reason to :attr:`failures` instead.
        """
        if self.closed:
            return []
        self.closed = True
        with signals.deferred():
            notes = self._autosave() if self.autosave else []
            self.abandoned.clear()
        return notes

    def _autosave(self) -> list[Text]:
        notes: list[Text] = []
        live = set()
        for gid, session in sorted(self.table.sessions.items()):
            if session.outcome is not None:
                self.table.retire(session)  # the table's record of games that ended here
                continue
            if not session.moves:  # nothing to resume: not saved, and a save it replaced is dropped
                continue
            live.add(gid)
            what = describe(session.game.title, session.seed, session.moves)
            try:
                result = self.save(session, saves.automatic(gid))
            except SaveError:  # in self.failures, for standard error
                continue
            notes.extend(result.notes)
            if result.renamed:
                notes.append(say("save.autosaved-renamed", what=what, name=repr(result.name), reason=result.reason,
                                 name_plain=result.name))
            else:
                notes.append(say("save.autosaved", what=what, game=gid))
        for gid in sorted(set(self._games) - live):
            key = saves.automatic(gid)
            if key not in self.baselines or self.baselines[key] is None:
                continue
            left = self.table.sessions.get(gid)
            with saves.locked(self.data_dir):
                snapshot = saves.inspect(self.data_dir, key)
                if snapshot.record is None or snapshot.digest != self.baselines[key]:
                    continue
                if snapshot.record.uid in self.table.retired or (
                        left is not None and left.outcome is None and not left.moves
                        and snapshot.record.uid != left.uid):  # replaced by a game without moves
                    saves.delete(self.data_dir, key)
        return notes
