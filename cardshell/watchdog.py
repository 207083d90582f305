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
running plugin code, that is when a frame from the innermost one out to the
one holding the ``with`` statement is neither the host's nor the standard
library's (:func:`in_plugin_code`).  The host's own work inside the block (a
search between two calls of the game's rules) is not charged, so a slow but
honest game whose search stops at its budget is never stopped.  Once the
charged time reaches the bound, the handler raises :class:`PluginTimeout` in
the main thread, inside the plugin's code (Python runs signal handlers
between bytecodes, and a blocking ``time.sleep`` or read is interrupted),
and :class:`TimeBound` turns it into a :class:`PluginOvertime` (a
:class:`~cardshell.plugincheck.PluginFault`) naming the plugin and where its
code was stopped.  If the plugin swallows it (a bare ``except:`` in a loop),
it is raised again every :data:`REPEAT` seconds of its code (or the bound's
own seconds, if fewer); at the :data:`ALARMS_BEFORE_GIVING_UP`-th alarm the
host gives up on the plugin (:func:`cardshell.signals.give_up`: a message
naming it, the autosave, exit status :data:`cardshell.signals.EXIT_ABANDONED`)
where a front end installed a rescue.  Ctrl-C works as before (SIGINT is not
touched).  Where there is no ``SIGALRM`` (Windows) or outside the main
thread (a Dask worker's threads), there is no bound: the search budgets
still stop the host's own search, and Ctrl-C stops plugin code.

:func:`plugin_bound` is the bound of every other call into plugin code
while a script runs (a move's handler and validators, a render, a
lifecycle or display hook, ``new``, a contract-1 deep copy, a plugin's
import): off by default (at a terminal the player has Ctrl-C), set by the
script front end to :data:`PLUGIN_SECONDS` (:func:`bound_plugin_calls`,
``CARDSHELL_PLUGIN_SECONDS``), so that a plugin that loops cannot hang a
piped script for ever.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import math
import os
import signal
import sys
import sysconfig
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from types import FrameType, TracebackType
from typing import Any

from cardshell import blame, signals
from cardshell.messages import say
from cardshell.plugincheck import PluginFault
from cardshell.render import Text

#: A bound is the budget's seconds times this, plus :data:`MARGIN_SECONDS`.
MARGIN_FACTOR = 1.25
#: Seconds added to every bound (start-up of a search, one slow expansion).
MARGIN_SECONDS = 1.0
#: Seconds between two alarms when plugin code swallowed the first (at
#: most: a shorter bound repeats at its own seconds).
REPEAT = 0.5
#: Seconds between two ticks of a :class:`TimeBound`'s timer: the grain of
#: the time charged to plugin code.
TICK = 0.05
#: Alarms plugin code may swallow (the first one included) before the host
#: gives up on it: :data:`REPEAT` * 3 = 1.5 s after the bound (at most).
ALARMS_BEFORE_GIVING_UP = 4

#: The bound, in seconds, of each call into plugin code while a script runs
#: (:func:`plugin_bound`): far above what a move, a render or a hook needs.
PLUGIN_SECONDS = 60.0
#: The environment variable that sets :data:`PLUGIN_SECONDS` for a script
#: (seconds, > 0; tests use a short one).
PLUGIN_SECONDS_ENV = "CARDSHELL_PLUGIN_SECONDS"


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
                    self._say(say("plugin.still-importing", plugin=repr(current[0]), seconds=f"{self.delay:g}").text)
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


def plugin_seconds(environ: dict[str, str] | None = None) -> float:
    """:data:`PLUGIN_SECONDS`, or the value of :data:`PLUGIN_SECONDS_ENV`
    when it is a number > 0 (a wrong value is ignored)."""
    text = (os.environ if environ is None else environ).get(PLUGIN_SECONDS_ENV, "")
    try:
        value = float(text)
    except ValueError:
        return PLUGIN_SECONDS
    return value if 0 < value < 86_400 else PLUGIN_SECONDS


#: Whether this platform has the interval timer :class:`TimeBound` uses.
_TIMER = hasattr(signal, "setitimer")


class _Bound:
    """The process-wide bound of :func:`plugin_bound` (None: off), the one
    ``SIGALRM`` handler installed for it, and whether its timer ticks."""

    seconds: float | None = None
    current: TimeBound | None = None  # the armed bound the handler serves
    installed: bool = False  # _dispatch is the SIGALRM handler
    previous: Any = None  # the handler before bound_plugin_calls installed its own
    ticking: bool = False  # the interval timer runs (in this process: a forked child's does not)


def _dispatch(signum: int, frame: FrameType | None) -> None:
    """The ``SIGALRM`` handler while :func:`bound_plugin_calls` is on: the
    armed :class:`TimeBound`'s; with no bound armed, the timer is stopped
    (the next bound starts it again)."""
    current = _Bound.current
    if current is not None:
        current._alarm(signum, frame)
    elif _Bound.ticking:
        _Bound.ticking = False
        signal.setitimer(signal.ITIMER_REAL, 0)


def _forked() -> None:
    """In a forked child: the parent's interval timer is not inherited."""
    _Bound.ticking = False


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forked)


def bound_plugin_calls(seconds: float | None) -> None:
    """Bound each call into plugin code by ``seconds`` from now on (None: no bound).

    The script front end sets :func:`plugin_seconds`; the interactive one
    leaves it off.  While it is on, one ``SIGALRM`` handler serves every
    :class:`TimeBound` (in the main thread), and its interval timer is left
    ticking from one bound to the next: a script calls plugin code several
    times a line, and a bound then costs no system call.  The first tick
    that finds no bound armed stops the timer (so the host's own work and a
    wait for input see at most one tick), and the next bound starts it
    again.
    """
    main = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
    if seconds is not None and not _Bound.installed and main:
        _Bound.previous = signal.signal(signal.SIGALRM, _dispatch)
        _Bound.installed = True
        atexit.register(_stop_ticking)  # once per install: an exit without bound_plugin_calls(None)
    elif seconds is None and _Bound.installed:
        if signal.getsignal(signal.SIGALRM) is _dispatch:
            _stop_ticking()
            signal.signal(signal.SIGALRM, _Bound.previous if _Bound.previous is not None else signal.SIG_DFL)
        atexit.unregister(_stop_ticking)
        _Bound.previous = _Bound.current = None
        _Bound.installed = False
    _Bound.seconds = seconds


def _stop_ticking() -> None:
    """Stop the interval timer :func:`bound_plugin_calls` left ticking (a
    tick after the interpreter put back the default handler would end the
    process)."""
    if _Bound.ticking:
        _Bound.ticking = False
        signal.setitimer(signal.ITIMER_REAL, 0)


#: The context that bounds nothing (what :func:`plugin_bound` gives when no bound is set).
NO_BOUND: AbstractContextManager[Any] = contextlib.nullcontext()


def bounding() -> bool:
    """Whether :func:`bound_plugin_calls` set a bound."""
    return _Bound.seconds is not None


def plugin_bound(plugin: str | None, hook: Text) -> AbstractContextManager[Any]:
    """A :class:`TimeBound` of the seconds :func:`bound_plugin_calls` set,
    for one call into ``plugin``'s code; a context that does nothing when no
    bound is set or ``plugin`` is None (the host's own code).

    Args:
        plugin (str | None): the plugin whose code runs in the block.
        hook (str): what the host calls (``render of game 'golf'``,
            ``cardshell_game_started``, ``move 'd'``), for the message.

    Raises:
        PluginFault: (from the ``with`` statement) when the call ran out of time.
    """
    if _Bound.seconds is None or plugin is None or TimeBound._armed:
        return NO_BOUND
    return TimeBound(_Bound.seconds, plugin, hook)


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


@functools.cache
def _library_dirs() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The standard library's directories (its frames are charged to whoever
    called them) and the installed packages' (under the standard library's
    in some installations), each ending with a separator; read from
    :func:`sysconfig.get_paths` when a bound first looks at a frame."""
    paths = sysconfig.get_paths()
    stdlib = tuple({os.path.abspath(path) + os.sep for key in ("stdlib", "platstdlib") if (path := paths.get(key))})
    site = tuple({os.path.abspath(path) + os.sep for key in ("purelib", "platlib") if (path := paths.get(key))})
    return stdlib, site


def _neutral(filename: str) -> bool:
    """Whether a frame's file is the standard library's (frozen modules too)."""
    if filename.startswith("<"):
        return True
    stdlib, site = _library_dirs()
    return filename.startswith(stdlib) and not filename.startswith(site)


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

    Args:
        seconds (float): the bound, in seconds (> 0).
        plugin (str): the plugin whose code runs inside the block.
        hook (str): what the host called (``hint``, ``legal_moves``, ...),
            for the message.
        budget (float | None): the budget's seconds the bound was made from
            (:func:`bound_for`), for the message; None: a fixed bound.

    Only the time the main thread spends in plugin code counts (see the
    module's docstring), in ticks of :data:`TICK` seconds.

    Raises:
        PluginOvertime: (from the ``with`` statement) when the block's
            plugin code ran out of time: ``plugin 'golf': hint did not
            return within 1.25 s (the budget's 0.2 s plus a margin);
            stopped at golf.py:12``.

    Only the outermost bound is armed (a nested one changes nothing), and
    only in the main thread of a platform with ``SIGALRM``.  Any previous
    ``SIGALRM`` handler is put back on leaving the block.
    """

    _armed = False  # one bound at a time per process (the main thread's)
    _ticks_of: tuple[float, int, int] = (math.nan, 1, 1)  # the last seconds, its limit and repeat in ticks
    __slots__ = ("seconds", "budget", "plugin", "hook", "_mine", "_previous", "_alarms", "_stopped_at", "_ticks",
                 "_limit", "_repeat", "_outer", "_shared")

    def __init__(self, seconds: float, plugin: str, hook: Text, budget: float | None = None) -> None:
        self.seconds = seconds
        self.budget = budget
        self.plugin = plugin
        self.hook = hook
        self._mine = False
        self._previous: Any = None
        self._alarms = 0
        self._stopped_at: str | None = None  # FILE:LINE where the last alarm landed
        self._ticks = 0  # ticks charged to plugin code
        known = TimeBound._ticks_of
        if known[0] != seconds:  # a script's bounds all have the same seconds: computed once
            known = TimeBound._ticks_of = (seconds, max(1, math.ceil(seconds / TICK - 1e-9)),
                                           max(1, round(min(REPEAT, seconds) / TICK)))
        self._limit, self._repeat = known[1], known[2]
        self._outer: FrameType | None = None
        self._shared = False  # served by bound_plugin_calls' ticking timer (no timer call of its own)

    def _alarm(self, signum: int, frame: FrameType | None) -> None:
        # Not once the block has ended: the handler may run as __exit__ starts.
        if self._mine and TimeBound._armed and (frame is None or frame.f_code is not _EXIT_CODE):
            if not in_plugin_code(frame, self._outer):
                return
            self._ticks += 1
            if self._ticks < self._limit or (self._ticks - self._limit) % self._repeat:
                return
            self._alarms += 1
            self._stopped_at = _where(frame) if frame is not None else None
            if self._alarms >= ALARMS_BEFORE_GIVING_UP:
                where = say("plugin.at", where=_where(frame)) if frame is not None else ""
                signals.give_up(signals.EXIT_ABANDONED,
                                say("stop.bound", plugin=repr(self.plugin), hook=self.hook,
                                    seconds=f"{self.seconds:.3g}", count=self._alarms - 1, where=where))
            raise PluginTimeout

    def __enter__(self) -> TimeBound:
        if TimeBound._armed or not _TIMER or signals.received() is not None \
                or threading.get_ident() != threading.main_thread().ident:
            return self  # (after SIGHUP or SIGTERM the alarm is the signal handlers', cardshell.signals)
        self._outer = sys._getframe(1)
        if _Bound.installed:  # bound_plugin_calls' handler serves this bound
            _Bound.current, self._previous = self, _dispatch  # first: from now on no tick stops the timer
            self._shared = True
            if _Bound.ticking:  # the timer runs on from an earlier bound: its next tick may come at once
                self._ticks = -1
            else:
                self._ticks = 0
                _Bound.ticking = True
                signal.setitimer(signal.ITIMER_REAL, TICK, TICK)
            self._mine = TimeBound._armed = True
            return self
        self._previous = signal.signal(signal.SIGALRM, self._alarm)
        self._mine = TimeBound._armed = True
        self._ticks = 0
        signal.setitimer(signal.ITIMER_REAL, TICK, TICK)
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        if not self._mine:
            return
        TimeBound._armed = self._mine = False  # first: an alarm from now on does nothing
        self._outer = None
        if self._shared:  # the timer ticks on; the first tick with no bound armed stops it
            self._shared = False
            _Bound.current = None
        else:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._previous)
        if type(value) is PluginTimeout:
            why = say("plugin.overtime-budget", budget=f"{self.budget:g}") if self.budget is not None else ""
            at = say("plugin.stopped-at", where=self._stopped_at) if self._stopped_at is not None else ""
            raise PluginOvertime(self.plugin, self.hook, say("plugin.overtime", seconds=f"{self.seconds:.3g}",
                                                             why=why, at=at)) from None


def _where(frame: FrameType) -> str:
    """``FILE:LINE`` (file name only) of a frame, for messages."""
    return f"{os.path.basename(frame.f_code.co_filename)}:{frame.f_lineno}"


_EXIT_CODE = TimeBound.__exit__.__code__
