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
its code: the interval timer of :data:`cardshell.signals.OWNER` (the one
owner of the process's signals and timer) ticks every :data:`TICK` seconds,
and a tick is charged when the main thread is then running plugin code
between the innermost frame and the one holding the ``with`` statement
(:func:`cardshell.blame.plugin_frame`).  The host's own work inside the block (a
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

import contextlib
import math
import os
import sys
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
    from cardshell.capture import host_stderr  # the real stderr under porcelain schema 2

    stream = host_stderr()
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
    (:func:`cardshell.signals.seconds_from_env`)."""
    return signals.seconds_from_env(PLUGIN_SECONDS_ENV, PLUGIN_SECONDS, environ)


class _Bound:
    """The process-wide bound of :func:`plugin_bound` (None: off)."""

    seconds: float | None = None


def bound_plugin_calls(seconds: float | None) -> None:
    """Bound each call into plugin code by ``seconds`` from now on (None: no bound).

    The script front end sets :func:`plugin_seconds`; the interactive one
    leaves it off.  While it is on, the interval timer of
    :data:`cardshell.signals.OWNER` is left ticking from one bound to the
    next: a script calls plugin code several times a line, and a bound then
    costs no system call.  The first tick that finds no bound armed stops
    the timer (so the host's own work and a wait for input see at most one
    tick), and the next bound starts it again.  Turning it off stops the
    timer and puts back the SIGALRM handler.
    """
    if seconds is None and _Bound.seconds is not None:
        signals.OWNER.release_alarm()
    _Bound.seconds = seconds


#: The context that bounds nothing (what :func:`plugin_bound` gives when no bound is set).
NO_BOUND: AbstractContextManager[Any] = contextlib.nullcontext()


def bounding() -> bool:
    """Whether :func:`bound_plugin_calls` set a bound."""
    return _Bound.seconds is not None


def plugin_bound(plugin: str | None, hook: Text | Callable[[], Text]) -> AbstractContextManager[Any]:
    """A :class:`TimeBound` of the seconds :func:`bound_plugin_calls` set,
    for one call into ``plugin``'s code; a context that does nothing when no
    bound is set or ``plugin`` is None (the host's own code).

    Args:
        plugin (str | None): the plugin whose code runs in the block.
        hook (str | Callable[[], str]): what the host calls (``render of
            game 'golf'``, ``cardshell_game_started``, ``move 'd'``), for the
            message; a callable is called only when the bound fires.

    Raises:
        PluginFault: (from the ``with`` statement) when the call ran out of time.
    """
    if _Bound.seconds is None or plugin is None or signals.OWNER.bound is not None:
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


class TimeBound:
    """Stop the plugin code run inside the ``with`` block once it has taken ``seconds``.

    ::

        with TimeBound(bound_for(budget.seconds), "golf", "hint"):
            found = game.hint(state, rng)

    Args:
        seconds (float): the bound, in seconds (> 0).
        plugin (str): the plugin whose code runs inside the block.
        hook (str | Callable[[], str]): what the host called (``hint``,
            ``legal_moves``, ...), for the message; a callable is called only
            when the bound fires.
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
    only in the main thread of a platform with ``SIGALRM``, through
    :meth:`cardshell.signals.Owner.bind`: outside a script the timer stops
    and the previous ``SIGALRM`` handler is put back on leaving the block.
    """

    _ticks_of: tuple[float, int, int] = (math.nan, 1, 1)  # the last seconds, its limit and repeat in ticks
    __slots__ = ("seconds", "budget", "plugin", "_hook", "_mine", "_alarms", "_stopped_at", "_ticks",
                 "_limit", "_repeat", "_outer")

    def __init__(self, seconds: float, plugin: str, hook: Text | Callable[[], Text],
                 budget: float | None = None) -> None:
        self.seconds = seconds
        self.budget = budget
        self.plugin = plugin
        self._hook = hook
        self._mine = False
        self._alarms = 0
        self._stopped_at: str | None = None  # FILE:LINE where the last alarm landed
        self._ticks = 0  # ticks charged to plugin code
        known = TimeBound._ticks_of
        if known[0] != seconds:  # a script's bounds all have the same seconds: computed once
            known = TimeBound._ticks_of = (seconds, max(1, math.ceil(seconds / TICK - 1e-9)),
                                           max(1, round(min(REPEAT, seconds) / TICK)))
        self._limit, self._repeat = known[1], known[2]
        self._outer: FrameType | None = None

    @property
    def hook(self) -> Text:
        """What the host called, for the messages (a label given as a callable is made now)."""
        return self._hook() if callable(self._hook) else self._hook

    def tick(self, frame: FrameType | None) -> None:
        """One tick of the owner's timer (:meth:`cardshell.signals.Owner.bind`):
        charged when plugin code runs (:func:`cardshell.blame.plugin_frame`);
        raises :class:`PluginTimeout` into it once the bound is used up."""
        # Not once the block has ended: the handler may run as __exit__ starts.
        if not self._mine or (frame is not None and frame.f_code is _EXIT_CODE):
            return
        if frame is not None and blame.plugin_frame(frame, self._outer) is None:
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
        owner = signals.OWNER
        lingering = owner.ticking == TICK  # the timer runs on from an earlier bound: its next tick may come at once
        if not owner.bind(self, TICK):
            return self  # (after SIGHUP or SIGTERM the alarm serves the signal's grace, cardshell.signals)
        self._outer = sys._getframe(1)
        self._ticks = -1 if lingering else 0
        self._mine = True
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        if not self._mine:
            return
        self._mine = False  # first: a tick from now on does nothing
        self._outer = None
        signals.OWNER.unbind(linger=_Bound.seconds is not None)
        if type(value) is PluginTimeout:
            why = say("plugin.overtime-budget", budget=f"{self.budget:g}") if self.budget is not None else ""
            at = say("plugin.stopped-at", where=self._stopped_at) if self._stopped_at is not None else ""
            raise PluginOvertime(self.plugin, self.hook, say("plugin.overtime", seconds=f"{self.seconds:.3g}",
                                                             why=why, at=at)) from None


def _where(frame: FrameType) -> str:
    """``FILE:LINE`` (file name only) of a frame, for messages."""
    return f"{os.path.basename(frame.f_code.co_filename)}:{frame.f_lineno}"


_EXIT_CODE = TimeBound.__exit__.__code__
