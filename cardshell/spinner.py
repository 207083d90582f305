"""An elapsed-time spinner for work of unknown length (``solve``, ``hint``).

A search may take seconds and cannot say how far it is, so instead of a
progress line (:mod:`cardshell.progress`) a person at a terminal sees,
from the first moment, that it runs, for how long, and how to stop it::

    | solve: searching, 3 s (Ctrl-C stops)

A background thread redraws the line in place on the stream (the terminal's
standard error) every :data:`REDRAW_SECONDS`; leaving the ``with`` block,
however it is left (the search ended, failed, or Ctrl-C), stops the thread
and wipes the line, so the reply or the prompt starts on a clean line.  The
interactive front end (:mod:`cardshell.interactive`) gives it to the shell
as ``FrontEnd.working``; scripts never get one (issue 27 item 5).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import TextIO

from cardshell.statusline import StatusLine

__all__ = ["FRAMES", "REDRAW_SECONDS", "Spinner"]

#: Seconds between two redraws.
REDRAW_SECONDS = 0.25
#: The spinner's frames, one a redraw (plain ASCII: every terminal shows them).
FRAMES = "|/-\\"


class Spinner:
    """A context manager showing ``LABEL, N s (Ctrl-C stops)`` while its block runs.

    Args:
        label (str): what runs, e.g. ``"solve: searching"``.
        stream (TextIO): where to draw (a terminal; standard error).
        clock (Callable[[], float]): seconds, monotonic (tests pass a fake).
        columns (int | None): the width to fit, in characters; None for the
            terminal's (a wrapped line could not be redrawn).
        interval (float): seconds between redraws, > 0.
    """

    def __init__(self, label: str, stream: TextIO, *, clock: Callable[[], float] = time.monotonic,
                 columns: int | None = None, interval: float = REDRAW_SECONDS) -> None:
        self.label = label
        self.stream = stream
        self.clock = clock
        self.line = StatusLine(stream, columns)
        self.columns = self.line.columns
        self.interval = interval
        self.frames = 0
        self._started = 0.0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def text(self) -> str:
        """The line as drawn now (not cut to the width)."""
        elapsed = int(self.clock() - self._started)
        return f"{FRAMES[self.frames % len(FRAMES)]} {self.label}, {elapsed} s (Ctrl-C stops)"

    def draw(self) -> None:
        """Draw the next frame over the previous one."""
        self.line.show(self.text())
        self.frames += 1

    def __enter__(self) -> Spinner:
        self._started = self.clock()
        self.draw()  # from the first moment, not after the first interval
        self._thread = threading.Thread(target=self._spin, name="cardshell-spinner", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        self.line.wipe()

    def _spin(self) -> None:
        while not self._stop.wait(self.interval):
            self.draw()
