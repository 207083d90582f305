"""One game in progress: its record, seed, options, state and history.

The host keeps one :class:`GameSession` per game id; ``play`` on another game
suspends it untouched.  Invariants undo, redo, saves and replay rely on:
``log`` is exactly the accepted state-changing lines that rebuild ``state``
from ``game.new(seed, options)`` (``moves == len(log)``); for a game that
allows undo, ``undo_stack[i]`` is ``(state before log[i], log[i])``, else
it stays empty; ``redo_stack`` holds ``(state after, line)`` of the undone
moves, most recently undone last, and any accepted move clears it.
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


@dataclass
class GameSession:
    """A game in progress; plugins may read every attribute, only the host changes them.

    Attributes:
        game: the game's record.
        seed: the seed the game was started from (its deal number).
        options: the ``play`` options it was started with.
        state: the current state.
        log: the accepted state-changing lines, in order; ``undo`` removes from
            its end, ``redo`` puts back.
        moves: ``len(log)``.
        started: ``time.monotonic()`` seconds at the start (moved back by the
            time already played when a save is resumed).
        outcome: the last outcome seen, None while in play.
        undo_stack: (state before, line) per move in ``log``, most recent last.
        redo_stack: (state after, line) per undone move, most recently undone last.
        undo_used: undo was used (a win with undo is not perfect); kept in saves.
        uid: the unique id of this deal (``play``, ``new`` or ``restart``), kept
            in saves so a resumed game is the same game for statistics.
        data_dir: the shell's data directory, where plugins that keep files keep them.
        ending_undone: an ending was taken back by ``undo``; the next one is not
            reported to ``cardshell_game_over`` again.
        save_name: the save this game was resumed from, if any.
        assisted: ``hint`` or ``solve`` answered in this game (an assisted win
            is never perfect); kept in saves.
        interactive: played at a terminal rather than by a script; set each
            time the game is put in place.
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
        return SessionBookmark({f.name: (list(value) if isinstance(value := getattr(self, f.name), list) else value)
                                for f in fields(self)})

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
