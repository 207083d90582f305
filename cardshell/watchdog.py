"""Watchdogs over plugin code that runs too long.

:class:`ImportWatchdog` is for slow plugin imports: one thread that names the plugin still
importing after a delay, so that a plugin stuck at import (an endless loop,
a blocking network call) does not leave the user before a silent terminal.

The thread only speaks; stopping is the user's: the message says Ctrl-C
skips the plugin, and :mod:`cardshell.discovery` turns the
``KeyboardInterrupt`` that Ctrl-C raises in the importing (main) thread
into a failure of that plugin.  One thread serves a whole start-up (it is
started at the first import and told about each next one), so that watching
costs a lock per plugin, not a thread.

:class:`TimeBound` is for plugin code the host runs for ``moves``, ``hint``,
``solve`` and winnability sweeps: a game hint that never returns must not
hang a piped script.  It charges the plugin only for the time spent inside
its code: a real-time interval timer (:func:`signal.setitimer`) ticks every
:data:`TICK` seconds, and a tick is charged when the main thread is then
running plugin code, that is when a frame from the innermost one out to
the one holding the ``with`` statement is neither the host's nor the
standard library's (:func:`in_plugin_code`).  The host's own work inside the block (a search
between two calls of the game's rules) is not charged, so a slow but honest
game whose search stops at its budget is never stopped.  Once the charged
time reaches the bound, the handler raises :class:`PluginTimeout` inside
the plugin's code (Python runs signal handlers between bytecodes, and a
blocking ``time.sleep`` or read is interrupted), and :class:`TimeBound`
turns it into a :class:`PluginOvertime` naming the plugin.  If the plugin
swallows it (a bare ``except:`` in a loop), it is raised again at every
tick after.  Ctrl-C works as before (SIGINT is not touched).  Where there is
no ``SIGALRM`` (Windows) or outside the main thread (a Dask worker's
threads), there is no bound: the search budgets still stop the host's own
search, and Ctrl-C stops plugin code.
"""

from __future__ import annotations

import math
import os
import signal
import sys
import sysconfig
import threading
import time
from collections.abc import Callable
from types import FrameType, TracebackType
from typing import Any

from cardshell import blame
from cardshell.plugincheck import PluginFault

#: A bound is the budget's seconds times this, plus :data:`MARGIN_SECONDS`.
MARGIN_FACTOR = 1.25
#: Seconds added to every bound (start-up of a search, one slow expansion).
MARGIN_SECONDS = 1.0
#: Seconds between two ticks of the timer: the grain of the time charged to
#: plugin code, and the time between two alarms when it swallowed the first.
TICK = 0.05


class ImportWatchdog:
    """Names, on standard error, an import that takes longer than ``delay``.

    Use as a context manager around the imports, calling :meth:`importing`
    before each and :meth:`finished` after it::

        with ImportWatchdog(3.0) as watchdog:
            for name in names:
                watchdog.importing(name)
                try:
                    import_one(name)
                finally:
                    watchdog.finished()

    Args:
        delay (float): seconds an import may take before it is named.
        say (Callable[[str], None] | None): writes one line; defaults to
            standard error (as it is when called; nothing if it is closed).
    """

    def __init__(self, delay: float, say: Callable[[str], None] | None = None) -> None:
        self.delay = delay
        self._say = say or _stderr_line
        self._lock = threading.Condition()
        self._current: tuple[str, float] | None = None  # (plugin name, monotonic start)
        self._closed = False
        self._thread: threading.Thread | None = None

    def __enter__(self) -> ImportWatchdog:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        with self._lock:
            self._closed = True
            self._current = None
            self._lock.notify()

    def importing(self, name: str) -> None:
        """The import of plugin ``name`` starts now."""
        with self._lock:
            self._current = (name, time.monotonic())
            self._lock.notify()
        if self._thread is None:
            self._thread = threading.Thread(target=self._watch, name="cardshell-import-watchdog", daemon=True)
            self._thread.start()

    def finished(self) -> None:
        """The current import ended (imported or failed)."""
        with self._lock:
            self._current = None
            self._lock.notify()

    def _watch(self) -> None:
        """The thread: wait for an import to overrun, name it once, wait for the next."""
        with self._lock:
            while not self._closed:
                current = self._current
                if current is None:
                    self._lock.wait()
                    continue
                remaining = current[1] + self.delay - time.monotonic()
                if remaining > 0:
                    self._lock.wait(remaining)
                    continue
                self._lock.release()  # never write while holding the lock the importer needs
                try:
                    self._say(f"cardshell: plugin {current[0]!r} is still importing after {self.delay:g} s; "
                              "press Ctrl-C to skip it")
                finally:
                    self._lock.acquire()
                while self._current is current and not self._closed:
                    self._lock.wait()


def _stderr_line(text: str) -> None:
    """One line on standard error, if there is one to write to."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(text + "\n")
        stream.flush()
    except (OSError, ValueError):  # stderr closed: nobody to tell
        pass


def bound_for(seconds: float) -> float:
    """The time bound, in seconds, of plugin code run under a budget of ``seconds``:
    ``seconds * MARGIN_FACTOR + MARGIN_SECONDS`` (``hint --seconds 0.2``: 1.25 s)."""
    return seconds * MARGIN_FACTOR + MARGIN_SECONDS


class PluginTimeout(KeyboardInterrupt):
    """Raised inside plugin code by :class:`TimeBound`'s alarm.

    A ``KeyboardInterrupt`` so that a plugin's ``except Exception`` does not
    catch it, and so that host code between plugin calls treats it as an
    interruption (a pool is terminated, a transaction rolled back).
    """


class PluginOvertime(PluginFault):
    """Plugin code inside a :class:`TimeBound` used up its time (the bound's message).

    A :class:`~cardshell.plugincheck.PluginFault`, so the command fails
    naming the plugin; a sweep records the deal as unknown instead and goes
    on (:mod:`cardshell.winnability.run`).
    """


#: The standard library's directories (its frames are charged to whoever called them).
_STDLIB = tuple({os.path.abspath(path) + os.sep for key in ("stdlib", "platstdlib")
                 if (path := sysconfig.get_paths().get(key))})
#: Installed packages' directories (under the standard library's in some installations).
_SITE = tuple({os.path.abspath(path) + os.sep for key in ("purelib", "platlib")
               if (path := sysconfig.get_paths().get(key))})


def _neutral(filename: str) -> bool:
    """Whether a frame's file is the standard library's (frozen modules too)."""
    if filename.startswith("<"):
        return True
    return filename.startswith(_STDLIB) and not filename.startswith(_SITE)


def in_plugin_code(frame: FrameType | None, outer: FrameType | None) -> bool:
    """Whether the thread whose innermost frame is ``frame`` runs plugin code.

    True when a frame from ``frame`` out to ``outer`` (included) is neither
    the host's (:mod:`cardshell`, pluggy) nor the standard library's: a
    plugin's function is on the stack, maybe calling the host's helpers.

    Args:
        frame (FrameType | None): the innermost frame (None: unknown,
            counted as plugin code).
        outer (FrameType | None): the frame the bound was entered from;
            frames outside it are not looked at (None: all of them).
    """
    if frame is None:
        return True
    while frame is not None:
        filename = frame.f_code.co_filename
        if not _neutral(filename) and not blame.is_host_file(filename):
            return True
        if frame is outer:
            break
        frame = frame.f_back
    return False


class TimeBound:
    """Stop the plugin code run inside the ``with`` block once it has taken ``seconds``.

    ::

        with TimeBound(bound_for(budget.seconds), "golf", "hint"):
            found = game.hint(state, rng)

    Only the time the main thread spends in plugin code counts (see the
    module's docstring), in ticks of :data:`TICK` seconds.

    Args:
        seconds (float): the bound, in seconds (> 0).
        plugin (str): the plugin whose code runs inside the block.
        hook (str): what the host called (``hint``, ``legal_moves``, ...),
            for the message.
        budget (float | None): the budget's seconds the bound was made from
            (:func:`bound_for`), for the message; None: a fixed bound.

    Raises:
        PluginOvertime: (from the ``with`` statement) when the block's
            plugin code ran out of time: ``plugin 'golf': hint did not
            return within 1.25 s (the budget's 0.2 s plus a margin);
            stopped``.

    Only the outermost bound is armed (a nested one changes nothing), and
    only in the main thread of a platform with ``SIGALRM``.  Any previous
    ``SIGALRM`` handler is put back on leaving the block.
    """

    _armed = False  # one bound at a time per process (the main thread's)

    def __init__(self, seconds: float, plugin: str, hook: str, budget: float | None = None) -> None:
        self.seconds = seconds
        self.budget = budget
        self.plugin = plugin
        self.hook = hook
        self._mine = False
        self._previous: Any = None
        self._ticks = 0
        self._limit = max(1, math.ceil(seconds / TICK - 1e-9))
        self._outer: FrameType | None = None

    def _alarm(self, signum: int, frame: FrameType | None) -> None:
        # Not once the block has ended: the handler may run as __exit__ starts.
        if not (self._mine and TimeBound._armed) or (frame is not None and frame.f_code is _EXIT_CODE):
            return
        if in_plugin_code(frame, self._outer):
            self._ticks += 1
            if self._ticks >= self._limit:
                raise PluginTimeout

    def __enter__(self) -> TimeBound:
        if TimeBound._armed or not hasattr(signal, "setitimer") \
                or threading.current_thread() is not threading.main_thread():
            return self
        self._outer = sys._getframe(1)
        self._ticks = 0
        self._previous = signal.signal(signal.SIGALRM, self._alarm)
        self._mine = TimeBound._armed = True
        signal.setitimer(signal.ITIMER_REAL, TICK, TICK)
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        if not self._mine:
            return
        TimeBound._armed = self._mine = False  # first: an alarm from now on does nothing
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self._previous)
        self._outer = None
        if isinstance(value, PluginTimeout):
            why = f" (the budget's {self.budget:g} s plus a margin)" if self.budget is not None else ""
            raise PluginOvertime(self.plugin, self.hook, f"did not return within {self.seconds:.3g} s{why}; "
                                 "stopped") from None


_EXIT_CODE = TimeBound.__exit__.__code__
