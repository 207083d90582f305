"""The progress line: items done, rate and time left, on one line (the
sweep engine's, :mod:`cardshell.sweep`, and ``CommandContext.progress``'s at
a terminal).

Shown only to a person at a terminal (the command's context is interactive
and the stream is a terminal), redrawn in place with a carriage return at
most every :data:`REDRAW_SECONDS`, never wider than the terminal (a wrapped
line could not be redrawn), and wiped when the sweep ends however it ends,
Ctrl-C included, so the reply or the prompt starts on a clean line::

    simulate 1000000: 123,456/1,000,000 games (12.3%), 45,678 games/s, ETA 0:00:19
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

from cardshell.statusline import StatusLine

__all__ = ["REDRAW_SECONDS", "ProgressLine", "format_duration"]

#: The least time between two redraws, in seconds.
REDRAW_SECONDS = 0.1


def format_duration(seconds: float) -> str:
    """``H:MM:SS`` for a duration in seconds (rounded up; ``--:--:--`` when unknown).

    Args:
        seconds (float): >= 0, or ``inf``/NaN when unknown.

    Returns:
        str: e.g. ``0:00:19``, ``27:46:40``.
    """
    if not seconds >= 0 or seconds == float("inf"):
        return "--:--:--"
    whole = int(-(-seconds // 1))
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"


class ProgressLine:
    """A one-line progress display for a sweep (see the module's docstring).

    Args:
        total (int | None): deals in the sweep, None if unknown.
        label (str): what runs, e.g. ``"simulate 1000000"``.
        unit (str): what a deal is called, plural (``"games"``, ``"rounds"``).
        stream (TextIO): where to draw (a terminal).
        clock (Callable[[], float]): seconds, monotonic (tests pass a fake).
        columns (int | None): the width to fit; None for the terminal's.
    """

    def __init__(self, total: int | None, label: str, unit: str = "games", *, stream: TextIO,
                 clock: Callable[[], float] = time.monotonic, columns: int | None = None) -> None:
        self.total = total
        self.label = label
        self.unit = unit
        self.stream = stream
        self.clock = clock
        self.line = StatusLine(stream, columns)
        self.columns = self.line.columns
        self.done = 0
        self.started = clock()
        self._last_draw = float("-inf")
        self.draw()

    @classmethod
    def for_context(cls, ctx: Any, total: int | None, label: str, unit: str = "games",
                    stream: TextIO | None = None) -> ProgressLine | None:
        """A progress line for a command, or None when nobody would see it.

        Args:
            ctx (CommandContext): the command's context; only an interactive
                one (a person at the prompt) gets a progress line.
            total, label, unit: as for the constructor.
            stream (TextIO | None): None for ``sys.stderr``.

        Returns:
            ProgressLine | None: None in scripts or when the stream is not a
            terminal.
        """
        stream = sys.stderr if stream is None else stream
        if not getattr(ctx, "interactive", False) or not _isatty(stream):
            return None
        return cls(total, label, unit, stream=stream)

    def text(self) -> str:
        """The line as it would be drawn now (not cut to the width)."""
        elapsed = max(self.clock() - self.started, 1e-9)
        rate = self.done / elapsed
        if self.total:
            share = f" ({self.done / self.total:.1%})"
            left = (self.total - self.done) / rate if rate > 0 else float("inf")
            return (f"{self.label}: {self.done:,}/{self.total:,} {self.unit}{share}, "
                    f"{rate:,.0f} {self.unit}/s, ETA {format_duration(left)}")
        return f"{self.label}: {self.done:,} {self.unit}, {rate:,.0f} {self.unit}/s"

    def draw(self) -> None:
        """Draw the line now, over the previous one."""
        self.line.show(self.text())
        self._last_draw = self.clock()

    def advance(self, deals: int) -> None:
        """Count ``deals`` more deals done; redraw if the last draw is old enough.

        Args:
            deals (int): deals finished since the last call, >= 0.
        """
        self.done += deals
        if self.clock() - self._last_draw >= REDRAW_SECONDS:
            self.draw()

    def close(self) -> None:
        """Wipe the line (spaces over it, cursor back at its start); idempotent."""
        self.line.wipe()


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False
