"""One game in progress: its record, seed, options, state and history.

The host keeps one :class:`GameSession` per game id.  Undo, redo, saves and
replay rely on: ``log`` is exactly the accepted lines that rebuild ``state``
from ``game.new(seed, options)``; ``undo_stack[i]`` is ``(state before
log[i], log[i])`` for a game allowing undo (else it stays empty);
``redo_stack`` holds ``(state after, line)`` of undone moves, cleared by
any accepted move.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from cardshell.records import Game, Outcome


def _new_uid() -> str:
    """32 random hex digits (``os.urandom``: importing ``uuid`` costs start-up time)."""
    return os.urandom(16).hex()


#: The field names of a session class, for :meth:`GameSession.bookmark` (one entry per class).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


@dataclass
class GameSession:
    """A game in progress; plugins may read every attribute, only the host changes them.

    Attributes:
        game: the game's record.
        seed: the seed the game was started from (its deal number).
        options: the ``play`` options it was started with.
        state: the current state.
        log: the accepted state-changing lines, in order.
        moves: ``len(log)``.
        started: ``time.monotonic()`` at the start, moved back by the time
            already played when a save is resumed.
        outcome: the last outcome seen, None while in play.
        undo_stack: (state before, line) per move in ``log``, most recent last.
        redo_stack: (state after, line) per undone move, most recent last.
        undo_used: undo was used (no perfect win); kept in saves.
        uid: this deal's unique id, kept in saves (the same game for statistics).
        data_dir: where plugins that keep files keep them.
        ending_undone: an ending was undone; the next is not reported again.
        save_name: the save this game was resumed from, if any.
        assisted: ``hint`` or ``solve`` answered (no perfect win); kept in saves.
        interactive: played at a terminal, not by a script.
    """

    game: Game
    seed: int
    options: dict[str, Any]
    state: Any
    log: list[str] = field(default_factory=list)
    moves: int = 0
    started: float = field(default_factory=time.monotonic)
    outcome: Outcome | None = None
    undo_stack: list[tuple[Any, str]] = field(default_factory=list)
    redo_stack: list[tuple[Any, str]] = field(default_factory=list)
    undo_used: bool = False
    uid: str = field(default_factory=_new_uid)
    data_dir: Path | None = None
    ending_undone: bool = False
    save_name: str | None = None
    assisted: bool = False
    interactive: bool = False

    @property
    def id(self) -> str:
        """The game's id (``aces-up``)."""
        return self.game.id

    @property
    def elapsed(self) -> float:
        """Seconds since the game started (monotonic clock)."""
        return time.monotonic() - self.started

    def apply(self, new_state: Any, line: str) -> None:
        """Keep the state an accepted move (``line``, stripped) produced."""
        if self.game.undo:  # no snapshots for a game that does not allow undo
            self.undo_stack.append((self.state, line))
            self.redo_stack.clear()
        self.state = new_state
        self.log.append(line)
        self.moves = len(self.log)

    def bookmark(self) -> SessionBookmark:
        """Everything the host may change in this game, for :meth:`restore`: lists
        copied, states shared (the host never changes a state in place).
        """
        names = _FIELD_NAMES.get(type(self))
        if names is None:
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in fields(self))
        return SessionBookmark({name: (list(value) if isinstance(value := getattr(self, name), list) else value)
                                for name in names})

    def restore(self, bookmark: SessionBookmark) -> None:
        """Put every attribute back as :meth:`bookmark` found it (lists in place)."""
        for name, value in bookmark.values.items():
            if isinstance(value, list):
                getattr(self, name)[:] = value
            else:
                setattr(self, name, value)


@dataclass(frozen=True)
class SessionBookmark:
    """What :meth:`GameSession.bookmark` took: every field of the session by name (``values``)."""

    values: dict[str, Any]
