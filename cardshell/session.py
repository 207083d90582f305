"""One game in progress: its record, seed, options, state and history.

The host keeps one :class:`GameSession` per game id; ``play`` on another game
suspends the current session untouched and ``play`` back resumes it.

Invariants the host keeps (``undo``, ``redo``, saves and replay rely on them):

* ``log`` is exactly the list of accepted state-changing lines that rebuilds
  ``state`` from ``game.new(seed, options)``; ``moves == len(log)``;
* for a game that allows undo, ``undo_stack[i]`` is ``(state before log[i],
  log[i])``, so ``len(undo_stack) == len(log)``; a game that does not allow
  undo keeps no snapshots (memory stays flat however long it is played);
* ``redo_stack`` holds the undone moves, most recently undone last, each as
  ``(state after the move, line)``; any accepted move clears it.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from cardshell.records import Game, Outcome


def _new_uid() -> str:
    """32 random hex digits (``os.urandom``: the ``uuid`` module costs start-up time)."""
    return os.urandom(16).hex()


#: The field names of a session class, for :meth:`GameSession.bookmark` (one entry per class).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


@dataclass
class GameSession:
    """A game in progress, as the host keeps it.

    Plugins (lifecycle hooks) may read every attribute; only the host changes
    them.

    Attributes:
        game (Game): the game's record.
        seed (int): the seed the game was started from (its "deal number").
        options (dict[str, Any]): the ``play`` options it was started with.
        state (Any): the current state, owned by the host; plugins read it.
        log (list[str]): the accepted state-changing command lines, in order;
            ``new(seed, options)`` followed by these lines rebuilds ``state``.
            ``undo`` removes lines from its end, ``redo`` puts them back.
        moves (int): the number of moves in ``log`` (``len(log)``).
        started (float): ``time.monotonic()`` at the start, in seconds (moved
            back by the time already played when a saved game is resumed).
        outcome (Outcome | None): the last outcome seen, None while in play.
        undo_stack (list[tuple[Any, str]]): (state before, line) per move in
            ``log``, most recent last.
        redo_stack (list[tuple[Any, str]]): (state after, line) per undone
            move, most recently undone last.
        undo_used (bool): whether undo was used in this game (a game won
            with undo is not a "perfect" win).  Kept in saves.
        uid (str): a unique id of this game instance (one deal started by
            ``play``, ``new`` or ``restart``), kept in saves, so that a
            resumed game is the same game for statistics.
        data_dir (Path | None): the data directory of the shell running the
            game (``--data-dir``, ``CARDSHELL_DATA_DIR`` or the user data
            directory): where plugins that keep files (statistics) keep them.
        ending_undone (bool): an ending (``outcome``) was taken back by
            ``undo``; the next ending reached is then not reported again to
            ``cardshell_game_over`` (the first ending of a game counts).
        save_name (str | None): the save this game was resumed from, if any.
        assisted (bool): whether ``hint`` or ``solve`` answered in this game
            (an assisted win is never "perfect").  Kept in saves.
        interactive (bool): whether the game is being played at a terminal
            (an interactive shell) rather than by a script; set by the host
            each time the game is put in place.
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
        """Keep the state an accepted move produced (the host's bookkeeping).

        Args:
            new_state (Any): the state after the move.
            line (str): the move as typed, stripped.
        """
        if self.game.undo:  # no snapshots for a game that does not allow undo
            self.undo_stack.append((self.state, line))
            self.redo_stack.clear()
        self.state = new_state
        self.log.append(line)
        self.moves = len(self.log)

    def bookmark(self) -> SessionBookmark:
        """Everything the host may change in this game, for :meth:`restore`.

        Returns:
            SessionBookmark: a copy of every attribute (lists copied, the
            states themselves shared: the host never changes a state in
            place, see :mod:`cardshell.dispatch`).
        """
        names = _FIELD_NAMES.get(type(self))
        if names is None:
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in fields(self))
        return SessionBookmark({name: (list(value) if isinstance(value := getattr(self, name), list) else value)
                                for name in names})

    def restore(self, bookmark: SessionBookmark) -> None:
        """Put every attribute back as :meth:`bookmark` found it (lists in place).

        Args:
            bookmark (SessionBookmark): taken from this session.
        """
        for name, value in bookmark.values.items():
            if isinstance(value, list):
                getattr(self, name)[:] = value
            else:
                setattr(self, name, value)


@dataclass(frozen=True)
class SessionBookmark:
    """What :meth:`GameSession.bookmark` took: attribute name to value.

    Attributes:
        values (dict[str, Any]): every field of the session, by name.
    """

    values: dict[str, Any]
