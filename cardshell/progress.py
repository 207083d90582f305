"""The progress line: items done, rate and time left, on one line (the
sweep engine's, :mod:`cardshell.sweep`, and ``CommandContext.progress``'s at
a terminal; it lives outside the sweep engine so that the interactive front
end shows a progress line without importing the engine).

Shown only to a person at a terminal (the command's context is interactive
and the stream is a terminal) on a :class:`cardshell.statusline.StatusLine`:
redrawn in place every :data:`REDRAW_SECONDS`, never wider than the
terminal, and wiped when the sweep ends however it ends, Ctrl-C included,
so the reply or the prompt starts on a clean line::

    simulate 1000000: 123,456/1,000,000 games (12.3%), 45,678 games/s, ETA 0:00:19

At a narrow terminal the rate, then the counts, are left out rather than
cut.  When no deal has finished for longer than the time left said (one
slow deal holds the sweep), the line says so instead of an ETA that stays
put: ``19/20 deals (95.0%), a deal running 0:00:08 (at most 0:00:10)``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

from cardshell.messages import say
from cardshell.statusline import StatusLine, active, fitting

__all__ = ["HELD_SECONDS", "REDRAW_SECONDS", "ProgressLine", "format_duration"]

#: Seconds between two redraws.
REDRAW_SECONDS = 0.1
#: A sweep is "held" by a deal once no deal finished for this many seconds
#: and for longer than the time left said.
HELD_SECONDS = 2.0


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
    """A one-line progress display for a sweep (see the module's docstring),
    drawn from the moment it is made until :meth:`close`.

    Args:
        total (int | None): deals in the sweep, None if unknown.
        label (str): what runs, e.g. ``"simulate 1000000"``.
        unit (str): what a deal is called, plural (``"games"``, ``"rounds"``).
        stream (TextIO): where to draw (a terminal).
        clock (Callable[[], float]): seconds, monotonic (tests pass a fake).
        columns (int | None): the width to fit; None for the terminal's.
        deal_seconds (float | None): the longest one deal may take (a
            solver's budget), shown when one deal holds the sweep; None
            when there is no such bound.
    """

    def __init__(self, total: int | None, label: str, unit: str = "games", *, stream: TextIO,
                 clock: Callable[[], float] = time.monotonic, columns: int | None = None,
                 deal_seconds: float | None = None) -> None:
        self.total = total
        self.label = label
        self.unit = unit
        self.stream = stream
        self.clock = clock
        self.deal_seconds = deal_seconds
        self.done = 0
        self.started = clock()
        self.last_finished = self.started
        self.line = StatusLine(self.text, stream, columns=columns, interval=REDRAW_SECONDS)
        self.columns = self.line.width()
        self.line.__enter__()

    @classmethod
    def for_context(cls, ctx: Any, total: int | None, label: str, unit: str = "games",
                    stream: TextIO | None = None, *, deal_seconds: float | None = None) -> ProgressLine | None:
        """A progress line for a command, or None when nobody would see it.

        Args:
            ctx (CommandContext): the command's context; only an interactive
                one (a person at the prompt) gets a progress line.
            total, label, unit, deal_seconds: as for the constructor.
            stream (TextIO | None): None for ``sys.stderr``.

        Returns:
            ProgressLine | None: None in scripts or when the stream is not a
            terminal.
        """
        stream = sys.stderr if stream is None else stream
        if not getattr(ctx, "interactive", False) or not active(stream):
            return None
        return cls(total, label, unit, stream=stream, deal_seconds=deal_seconds)

    def text(self, width: int | None = None) -> str:
        """The line as it would be drawn now.

        Args:
            width (int | None): the most characters; None: the whole line.
                A narrower width leaves out the rate, then the counts, then
                the label, never cutting a word.
        """
        now = self.clock()
        elapsed = max(now - self.started, 1e-9)
        rate = self.done / elapsed
        label, unit, done, speed = self.label, self.unit, f"{self.done:,}", f"{rate:,.0f}"
        choices: list[str]
        if not self.total:
            choices = [say("progress.open", label=label, done=done, unit=unit, rate=speed),
                       say("progress.open-no-rate", label=label, done=done, unit=unit),
                       say("progress.open-count", done=done, unit=unit)]
            return fitting(width or 10**6, *choices)
        share, total = f"{self.done / self.total:.1%}", f"{self.total:,}"
        left = (self.total - self.done) / rate if rate > 0 else float("inf")
        waited = now - self.last_finished
        held = self.done < self.total and waited >= HELD_SECONDS and waited > left
        if held:
            bound = say("progress.held-bound", duration=format_duration(self.deal_seconds)) if self.deal_seconds else ""
            eta = say("progress.held", duration=format_duration(waited), bound=bound)
        else:
            eta = say("progress.eta", duration=format_duration(left))
        counts = {"label": label, "done": done, "total": total, "unit": unit, "share": share, "eta": eta}
        choices = [say("progress.line-no-rate", **counts),
                   say("progress.line-share", label=label, share=share, eta=eta),
                   say("progress.share-eta", share=share, eta=eta), share]
        if not held:  # the rate of the deals before says nothing of the one that holds the sweep
            choices.insert(0, say("progress.line", rate=speed, **counts))
        return fitting(width or 10**6, *choices)

    def draw(self) -> None:
        """Redraw the line now rather than at the next interval."""
        self.line.refresh()

    def advance(self, deals: int) -> None:
        """Count ``deals`` more deals done (the line shows them at its next redraw).

        Args:
            deals (int): deals finished since the last call, >= 0.
        """
        self.done += deals
        if deals:
            self.last_finished = self.clock()

    def close(self) -> None:
        """Wipe the line (the cursor back where it began); idempotent."""
        self.line.close()
