"""One game in progress: its record, seed, options, state and history.

The host keeps one :class:`GameSession` per game id; ``play`` on another game
suspends the current session untouched and ``play`` back resumes it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from cardshell.records import Game, Outcome


@dataclass
class GameSession:
    """A game in progress, as the host keeps it.

    Attributes:
        game (Game): the game's record.
        seed (int): the seed the game was started from (its "deal number").
        options (dict[str, Any]): the ``play`` options it was started with.
        state (Any): the current state, owned by the host; plugins read it.
        log (list[str]): the accepted state-changing command lines, in order;
            ``new(seed, options)`` followed by these lines rebuilds ``state``.
        moves (int): the number of accepted state-changing commands.
        started (float): ``time.monotonic()`` at the start, in seconds.
        outcome (Outcome | None): the last outcome seen, None while in play.
        undo_stack (list[tuple[Any, str]]): (state before, line) per accepted
            command, most recent last.
        redo_stack (list[tuple[Any, str]]): (state after, line) per undone
            command, most recent last.
        undo_used (bool): whether undo was used in this game (no "perfect" win).
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

    @property
    def id(self) -> str:
        """The game's id (``aces-up``)."""
        return self.game.id

    @property
    def elapsed(self) -> float:
        """Seconds since the game started (monotonic clock)."""
        return time.monotonic() - self.started
