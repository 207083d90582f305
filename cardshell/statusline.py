"""One line redrawn in place on a terminal while work runs, then wiped: the
progress line (:mod:`cardshell.progress`) and :func:`spinner`.

A one-line prompt_toolkit application in its own thread, as prompt_toolkit's
``ProgressBar`` runs: made for the width at each redraw, erased however the
block ends, reading no key and taking no signal.  A failing stream stops
the drawing, never the work; :func:`close_all` wipes lines left open.
"""

from __future__ import annotations

import contextlib
import shutil
import signal
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:  # prompt_toolkit is imported when a line is first drawn: a script or a worker never pays for it
    from prompt_toolkit.application import Application
    from prompt_toolkit.data_structures import Size

from cardshell.messages import say
from cardshell.render import Text, text_of

__all__ = ["FRAMES", "REDRAW_SECONDS", "StatusLine", "close_all", "spinner"]

#: The signals the drawing thread never takes: Ctrl-C, SIGTERM and SIGHUP
#: reach the main thread, even while it holds them back (a sweep's pool
#: starting: :func:`cardshell.sweep.pool._start`), as if there were no thread.
_SIGNALS = frozenset(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
#: Seconds between two redraws of a spinner.
REDRAW_SECONDS = 0.25
#: The spinner's frames, one per redraw (plain ASCII: every terminal shows them).
FRAMES = "|/-\\"


class StatusLine:
    """A ``with`` block showing one line, redrawn in place, wiped at the end.

    Args:
        text: the line for a width in characters (the terminal's less one
            column, since a full-width line wraps on some terminals), dropping
            detail rather than words; called from the drawing thread.
        stream: where to draw (a terminal: standard error).
        columns: the width; None for the terminal's, read at each redraw
            (80 when unknown).
        interval: seconds between redraws, > 0.
    """

    def __init__(self, text: Callable[[int], str], stream: TextIO, *, columns: int | None = None,
                 interval: float = REDRAW_SECONDS) -> None:
        self.text = text
        self.stream = stream
        self.columns = columns
        self.interval = interval
        self._started = threading.Event()
        self._thread: threading.Thread | None = None
        self._app: Application[None] | None = None
        self._input: contextlib.ExitStack | None = None

    def width(self) -> int:
        """The width the line is drawn at, in characters."""
        return self.columns if self.columns is not None else shutil.get_terminal_size((80, 24)).columns

    def _size(self) -> Size:
        from prompt_toolkit.data_structures import Size

        return Size(rows=24, columns=max(self.width(), 2))

    def _line(self) -> str:
        try:
            return self.text(max(self.width() - 1, 1))[: max(self.width() - 1, 1)]
        except Exception:  # the line must never stop the work it shows
            return ""

    def __enter__(self) -> StatusLine:
        from prompt_toolkit.application import Application
        from prompt_toolkit.input import create_pipe_input
        from prompt_toolkit.layout import Layout, Window
        from prompt_toolkit.layout.controls import FormattedTextControl
        from prompt_toolkit.output.vt100 import Vt100_Output

        self._input = contextlib.ExitStack()
        keys = self._input.enter_context(create_pipe_input())  # no key is ever sent: the terminal's stay unread
        output = Vt100_Output(self.stream, self._size, term="xterm", enable_cpr=False)
        self._app = Application(
            layout=Layout(Window(FormattedTextControl(self._line, show_cursor=False), height=1,
                                 wrap_lines=False, dont_extend_height=True)),
            input=keys, output=output, erase_when_done=True, refresh_interval=self.interval,
            min_redraw_interval=min(self.interval, 0.05))
        self._thread = threading.Thread(target=self._run, name="cardshell-status-line", daemon=True)
        _OPEN.add(self)
        self._thread.start()
        return self

    def _run(self) -> None:
        assert self._app is not None
        if hasattr(signal, "pthread_sigmask"):  # signals go to the main thread only, which may hold them back
            signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
        try:
            self._app.run(pre_run=self._started.set, handle_sigint=False, set_exception_handler=False)
        except Exception:  # a closed terminal: nothing more is drawn, the work goes on
            pass
        finally:
            self._started.set()

    def refresh(self) -> None:
        """Redraw now rather than at the next interval (thread-safe)."""
        if self._app is not None and self._app.is_running:
            self._app.invalidate()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Stop redrawing and erase the line; idempotent."""
        app, thread = self._app, self._thread
        if app is None or thread is None:
            return
        self._started.wait()
        loop = app.loop
        if app.is_running and loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: the app is done
                loop.call_soon_threadsafe(lambda: app.is_running and app.exit())
        thread.join()
        self._app = self._thread = None
        _OPEN.discard(self)
        if self._input is not None:
            self._input.close()
            self._input = None


#: The status lines drawn now (:func:`close_all`).
_OPEN: set[StatusLine] = set()


def close_all() -> None:
    """Close and wipe every status line still drawn: the front end's safety net after a command."""
    for line in list(_OPEN):
        line.close()


def spinner(label: str, stream: TextIO, *, clock: Callable[[], float] = time.monotonic,
            columns: int | None = None, interval: float = REDRAW_SECONDS) -> StatusLine:
    """An elapsed-time spinner for work of unknown length (``solve``, ``hint``),
    as a :class:`StatusLine`::

        | solve: searching, 3 s (Ctrl-C stops)

    At a narrow width the parts that do not fit are left out from the end,
    never cut.  ``clock`` gives monotonic seconds; ``columns`` and
    ``interval`` (seconds between frames) as :class:`StatusLine`'s.
    """
    started = clock()

    def text(width: int) -> str:
        elapsed = max(clock() - started, 0.0)
        frame = FRAMES[int(elapsed / interval) % len(FRAMES)]
        seconds = int(elapsed)
        return fitting(width, say("progress.spinner", frame=frame, label=label, seconds=seconds),
                       say("progress.spinner-no-hint", frame=frame, label=label, seconds=seconds),
                       say("progress.spinner-label", frame=frame, label=label), frame)

    return StatusLine(text, stream, columns=columns, interval=interval)


def fitting(width: int, *choices: Text) -> str:
    """The first of ``choices`` (most detailed first) at most ``width`` characters wide, else the last.

    A host message's text is made only when it is tried: the choices after
    the one that fits cost nothing.
    """
    for choice in choices:
        text = text_of(choice)
        if len(text) <= width:
            return text
    return text_of(choices[-1]) if choices else ""


def active(stream: Any) -> bool:
    """Whether a status line on ``stream`` would be seen: ``stream`` is a terminal."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False
