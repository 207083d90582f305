"""The progress line of sweeps and ``CommandContext.progress``, for a person at a terminal::

    simulate 1000000: 123,456/1,000,000 games (12.3%), 45,678 games/s, ETA 0:00:19

Drawn on a :class:`cardshell.statusline.StatusLine`.  A narrow terminal
drops the rate, then the counts; when one slow deal outlasts the time
left, the line names it: ``a deal running 0:00:08 (at most 0:00:10)``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

from cardshell.messages import say
from cardshell.render import Text
from cardshell.statusline import StatusLine, active, fitting

__all__ = ["HELD_SECONDS", "RATE_AFTER_SECONDS", "REDRAW_SECONDS", "ProgressLine", "format_duration", "rate_text"]

#: Seconds between two redraws.
REDRAW_SECONDS = 0.1
#: A sweep is "held" by a deal once no deal finished for this many seconds
#: and for longer than the time left said.
HELD_SECONDS = 2.0


def format_duration(seconds: float) -> str:
    """``H:MM:SS`` for ``seconds`` (>= 0) rounded up, ``--:--:--`` for ``inf`` or NaN."""
    if not seconds >= 0 or seconds == float("inf"):
        return "--:--:--"
    whole = int(-(-seconds // 1))
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"


#: Seconds a sweep runs before its rate is shown: over less, a rate is noise.
RATE_AFTER_SECONDS = 1.0


def rate_text(done: int, elapsed: float) -> str | None:
    """Deals a second as shown (``45,678``, ``12.5``, ``0.70``), or None before a rate
    means anything: no deal done yet, or under :data:`RATE_AFTER_SECONDS` of work.
    Fewer than 10 a second keep decimals, so a slow sweep never shows ``0``.
    """
    if done <= 0 or elapsed < RATE_AFTER_SECONDS:
        return None
    rate = done / elapsed
    if rate >= 100:
        return f"{rate:,.0f}"
    return f"{rate:.1f}" if rate >= 10 else f"{rate:.2f}"


class ProgressLine:
    """A one-line progress display for a sweep, drawn from when it is made until :meth:`close`.

    Args:
        total: deals in the sweep, None if unknown.
        label: what runs, e.g. ``"simulate 1000000"``.
        unit: what a deal is called, plural (``"games"``).
        stream: where to draw (a terminal).
        clock: monotonic seconds.
        columns: the width to fit; None for the terminal's.
        deal_seconds: the most one deal may take (a solver's budget), shown
            when one deal holds the sweep; None when unbounded.
    """

    def __init__(self, total: int | None, label: Text, unit: Text = "games", *, stream: TextIO,
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
    def for_context(cls, ctx: Any, total: int | None, label: Text, unit: Text = "games",
                    stream: TextIO | None = None, *, deal_seconds: float | None = None) -> ProgressLine | None:
        """A progress line for the command of ``ctx``, or None when nobody would see
        it (a script, or a ``stream``, default ``sys.stderr``, that is not a
        terminal); the other arguments as the constructor's.
        """
        stream = sys.stderr if stream is None else stream
        if not getattr(ctx, "interactive", False) or not active(stream):
            return None
        return cls(total, label, unit, stream=stream, deal_seconds=deal_seconds)

    def text(self, width: int | None = None) -> str:
        """The line as drawn now, in at most ``width`` characters (None: whole),
        leaving out the rate, then the counts, then the label, never cutting a word.
        """
        now = self.clock()
        elapsed = max(now - self.started, 1e-9)
        rate = self.done / elapsed
        label, unit, done, speed = self.label, self.unit, f"{self.done:,}", rate_text(self.done, elapsed)
        choices: list[Text]
        if not self.total:
            choices = [say("progress.open-no-rate", label=label, done=done, unit=unit),
                       say("progress.open-count", done=done, unit=unit)]
            if speed is not None:
                choices.insert(0, say("progress.open", label=label, done=done, unit=unit, rate=speed))
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
        if not held and speed is not None:  # the rate of the deals before says nothing of the one that holds
            choices.insert(0, say("progress.line", rate=speed, **counts))
        return fitting(width or 10**6, *choices)

    def draw(self) -> None:
        """Redraw the line now rather than at the next interval."""
        self.line.refresh()

    def advance(self, deals: int) -> None:
        """Count ``deals`` (>= 0) more deals done; shown at the next redraw."""
        self.done += deals
        if deals:
            self.last_finished = self.clock()

    def close(self) -> None:
        """Wipe the line, the cursor back where it began; idempotent."""
        self.line.close()
