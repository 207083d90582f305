"""The one owner of the process's signals and its interval timer.

One object, :data:`OWNER`, installs every signal handler the host uses
(Ctrl-C, SIGHUP, SIGTERM, SIGALRM) and arms the one real-time interval
timer (``ITIMER_REAL``); nothing else in the host calls
:func:`signal.signal` or :func:`signal.setitimer`.  Its SIGALRM handler
serves two clients: after SIGHUP or SIGTERM, the grace that plugin code
has to stop; otherwise the time bound armed by
:class:`cardshell.watchdog.TimeBound` (:meth:`Owner.bind`), one tick at a
time.  :func:`shutdown` stops the timer and puts the handlers back: the
front ends call it on every way out, and it is registered with ``atexit``
the first time the timer starts, so a tick never outlives the handler.

The rules the front ends rely on (``docs/reference.md``, "Signals"):

* The first SIGHUP or SIGTERM (at a terminal, and in scripts with
  ``--autosave``) raises :class:`Terminated`, a ``KeyboardInterrupt``, which
  stops a command as Ctrl-C does; the front end closes the shell (the
  autosave, inside :func:`deferred`, which later signals cannot
  interrupt) and exits with :func:`exit_status` (128 + the signal).  The
  signal is kept (:func:`received`) so the script and interactive loops
  stop at the next line boundary even if plugin code (or a ``__del__``)
  swallowed the exception.
* Plugin code that still runs :data:`GRACE_SECONDS` after the signal is
  given up on (:func:`give_up`): it is named, the games are saved as they
  were before its command, and the process ends with 128 + the signal.
* A Ctrl-C is pending (:func:`pending`) from the moment it is raised until
  the front end acts on it at a line boundary (:func:`acted`): a script
  stops there with status 130 even if plugin code swallowed it and
  returned.  A second Ctrl-C while one is pending and plugin code runs
  gives up on that code at once (:func:`give_up`, status 130).
* A child forked after :func:`install` gets the default behaviour back.

Only one C call that holds the interpreter's lock for ever
(``sum(range(10**12))``) is out of reach: no Python handler runs until it
returns.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any, NoReturn, Protocol

from cardshell import messages, screen
from cardshell.render import Text, text_of

#: The signals handled like ``exit``.
TERMINATING: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGHUP", "SIGTERM") if hasattr(signal, name))

#: Seconds plugin code has, after SIGHUP or SIGTERM, to let the front end
#: begin its autosave before the host gives up on it (:func:`give_up`); and
#: seconds the process may live on once the autosave is written.
GRACE_SECONDS = 3.0
#: The environment variable that sets :data:`GRACE_SECONDS` (seconds, > 0;
#: tests use a short one).
GRACE_ENV = "CARDSHELL_SIGNAL_GRACE"

#: Exit status when the host gave up on plugin code that would not stop
#: (70 is EX_SOFTWARE of BSD's sysexits.h); after a signal, the signal's
#: status is used instead.
EXIT_ABANDONED = 70

#: Ctrl-C's signal.
SIGINT = signal.SIGINT
#: The exit status after Ctrl-C: 128 + SIGINT.
EXIT_INTERRUPTED = 128 + signal.SIGINT

#: Whether this platform has the interval timer (not Windows).
HAS_TIMER = hasattr(signal, "setitimer")
#: The main thread's identifier, the only thread signal handlers run in.
_MAIN = threading.main_thread().ident

#: Runs the front end's autosave for :func:`give_up` and prints its notes;
#: receives the exit status planned and returns the one to exit with.
Rescue = Callable[[int], int]
#: Names the plugin whose code a frame (or one of its callers) runs, e.g.
#: ``plugin 'spinner' (spinner.py:12)``; None when no plugin code runs.
Culprit = Callable[[FrameType | None], "Text | None"]


class Ticked(Protocol):
    """What :meth:`Owner.bind` serves: a time bound, told of each tick of the timer."""

    def tick(self, frame: FrameType | None) -> None:
        """One tick of the timer landed in ``frame`` (may raise into it)."""


class Terminated(KeyboardInterrupt):
    """Raised in the main thread when a terminating signal (``signum``) arrives."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def seconds_from_env(name: str, default: float, environ: dict[str, str] | None = None) -> float:
    """The seconds an environment variable sets: its value when a number
    ``0 < value < 86400``, else ``default`` (a wrong value is ignored).

    Args:
        name (str): the variable (``CARDSHELL_SIGNAL_GRACE``, ``CARDSHELL_PLUGIN_SECONDS``).
        default (float): seconds when it is unset or wrong.
        environ (dict[str, str] | None): where to read it (None: ``os.environ``).
    """
    text = (os.environ if environ is None else environ).get(name, "")
    try:
        value = float(text)
    except ValueError:
        return default
    return value if 0 < value < 86_400 else default


def grace_seconds(environ: dict[str, str] | None = None) -> float:
    """:data:`GRACE_SECONDS`, or :data:`GRACE_ENV`'s value (:func:`seconds_from_env`)."""
    return seconds_from_env(GRACE_ENV, GRACE_SECONDS, environ)


class Owner:
    """The process's signal handlers and interval timer; :data:`OWNER` is the only one.

    State: the terminating signal received (:attr:`signum`), the Ctrl-C
    not yet acted on (:attr:`interrupt`), the autosave's progress, the
    handlers it replaced (:attr:`previous`, put back by :meth:`shutdown`),
    the bound it ticks for (:attr:`bound`) and whether the timer runs.
    """

    def __init__(self) -> None:
        self.pid: int | None = None  # the process install() ran in
        self.signum: int | None = None  # the terminating signal received
        self.interrupt = False  # a Ctrl-C was raised and no front end acted on it yet
        self.deferring = 0
        self.sweeps_end_cleanly = False
        self.rescue: Rescue | None = None
        self.culprit: Culprit | None = None
        self.grace = GRACE_SECONDS
        self.closing = False  # the autosave began (deferred entered after a signal, or give_up runs)
        self.saved_at: float | None = None  # monotonic time the autosave ended, after a signal
        self.previous: dict[int, Any] = {}  # the handlers this owner replaced, by signal
        self.bound: Ticked | None = None  # the time bound the ticks go to
        self.ticking: float = 0.0  # the timer's interval while it runs (0: stopped)
        self.exit_registered = False

    # -- handlers -------------------------------------------------------------
    def _set(self, signum: int, handler: Any) -> None:
        previous = signal.signal(signum, handler)
        self.previous.setdefault(signum, previous)

    def _put_back(self, signum: int) -> None:
        if signum in self.previous:
            previous = self.previous.pop(signum)
            signal.signal(signum, previous if previous is not None else signal.SIG_DFL)

    # -- the timer -------------------------------------------------------------
    def start_timer(self, interval: float) -> None:
        """Have SIGALRM tick every ``interval`` seconds (no system call if it already does)."""
        if self.ticking == interval:
            return
        if signal.getsignal(signal.SIGALRM) is not _alarm:
            self._set(signal.SIGALRM, _alarm)
        if not self.exit_registered:
            self.exit_registered = True
            atexit.register(shutdown)  # an exit that no front end saw: no tick may outlive the handler
        self.ticking = interval
        signal.setitimer(signal.ITIMER_REAL, interval, interval)

    def stop_timer(self) -> None:
        """Stop the timer if it runs."""
        if self.ticking:
            self.ticking = 0.0
            signal.setitimer(signal.ITIMER_REAL, 0)

    def alarm(self, frame: FrameType | None) -> None:
        """The SIGALRM handler: the grace after a signal, else a tick for the bound."""
        if os.getpid() != self.pid and self.pid is not None:
            return
        if self.signum is not None:
            self._grace_tick(frame)
            return
        bound = self.bound
        if bound is not None:
            bound.tick(frame)
        else:  # the first tick with no bound: the host's own work or a wait for input costs no tick
            self.stop_timer()

    def _grace_tick(self, frame: FrameType | None) -> None:
        assert self.signum is not None
        if self.saved_at is not None:
            if time.monotonic() - self.saved_at >= self.grace:
                _exit(exit_status(self.signum))  # saved; only printing or a plugin's thread holds the process
            return
        if self.closing or self.rescue is None:
            return
        found = self.culprit_of(frame)
        if found is not None:
            name = signal.Signals(self.signum).name
            give_up(exit_status(self.signum), messages.say("stop.signal", plugin=found, seconds=f"{self.grace:g}",
                                                          signal=name))

    def culprit_of(self, frame: FrameType | None) -> Text | None:
        """The plugin a frame runs (:data:`Culprit`); without a culprit function any frame is plugin code."""
        if self.culprit is None:
            return messages.say("stop.plugin-code") if frame is not None else None
        return self.culprit(frame)

    def bind(self, bound: Ticked, interval: float) -> bool:
        """Send the ticks, every ``interval`` seconds, to ``bound`` (a time bound
        entering its block); False (nothing done) after a terminating signal,
        outside the main thread, without a timer, or when a bound is already bound."""
        if self.bound is not None or self.signum is not None or not HAS_TIMER or threading.get_ident() != _MAIN:
            return False
        self.bound = bound
        self.start_timer(interval)
        return True

    def unbind(self, linger: bool) -> None:
        """The bound left its block; the timer stops now, or with ``linger`` at
        its next tick if no other bound came (a script's bounds follow each other
        closely: no system call per bound); without ``linger`` the SIGALRM
        handler it replaced is put back too."""
        if linger:
            self.bound = None
        else:
            self.release_alarm()

    def release_alarm(self) -> None:
        """Stop the timer and put back the SIGALRM handler it replaced (the
        script front end turned its bound off; a terminating signal keeps both)."""
        self.bound = None
        if self.signum is None and threading.current_thread() is threading.main_thread():
            self.stop_timer()
            self._put_back(signal.SIGALRM)

    def shutdown(self) -> None:
        """Stop the timer and put back every handler replaced (in this process's main thread)."""
        if threading.current_thread() is not threading.main_thread():
            return
        if self.pid not in (None, os.getpid()):
            self.previous.clear()
            self.ticking = 0.0
            return
        self.bound = None
        if HAS_TIMER:
            self.ticking = 0.0
            signal.setitimer(signal.ITIMER_REAL, 0)
        for signum in list(self.previous):
            self._put_back(signum)
        self.rescue = self.culprit = None


OWNER = Owner()


def _alarm(signum: int, frame: FrameType | None) -> None:
    OWNER.alarm(frame)


def _forked() -> None:
    """In a forked child: the parent's interval timer is not inherited."""
    OWNER.ticking = 0.0
    OWNER.bound = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forked)


def install(*, terminating: bool = True, rescue: Rescue | None = None, culprit: Culprit | None = None) -> None:
    """Handle Ctrl-C, and SIGHUP and SIGTERM if ``terminating`` (else they end
    the process at once), as the module says; calling it again replaces what
    was given, and outside the main thread it does nothing.

    ``rescue`` is what :func:`give_up` runs before ending the process (None:
    never give up on plugin code); ``culprit`` names plugin code from a frame
    (None: every frame is plugin code).
    """
    if threading.current_thread() is not threading.main_thread():
        return
    OWNER.pid = os.getpid()
    OWNER.rescue = rescue
    OWNER.culprit = culprit
    OWNER.grace = grace_seconds()
    OWNER._set(signal.SIGINT, _handle_interrupt)
    for number in TERMINATING if terminating else ():
        OWNER._set(number, _handle)


def uninstall() -> None:
    """Put back the handlers :func:`install` replaced and stop the timer
    (:func:`shutdown`), so a caller keeps its own handlers."""
    shutdown()


def shutdown() -> None:
    """Stop the interval timer and put back every handler the owner replaced: every way out calls it."""
    OWNER.shutdown()


def restore_interrupt() -> None:
    """Put this module's Ctrl-C handler back if something replaced it (prompt_toolkit's prompt does)."""
    if OWNER.pid == os.getpid() and threading.current_thread() is threading.main_thread() \
            and signal.getsignal(signal.SIGINT) is not _handle_interrupt:
        signal.signal(signal.SIGINT, _handle_interrupt)


def end_sweeps_cleanly() -> None:
    """Have a sweep stopped by SIGHUP or SIGTERM end like a command, not the
    process, where these signals keep their default action (a script without
    ``--autosave``, ``cardshell winnability``): the sweep stops its workers,
    says what it kept, and the front end exits with :func:`exit_status`.
    """
    OWNER.sweeps_end_cleanly = True


def sweeps_end_cleanly() -> bool:
    """Whether :func:`end_sweeps_cleanly` was called in this process."""
    return OWNER.sweeps_end_cleanly and OWNER.pid in (None, os.getpid())


def terminated(signum: int) -> Terminated:
    """Record ``signum`` as received and return the :class:`Terminated` to raise; a second call keeps the first
    signal."""
    if OWNER.signum is None:
        OWNER.signum = signum
    return Terminated(OWNER.signum)


def received() -> int | None:
    """The number of the terminating signal received, or None."""
    return OWNER.signum


def pending() -> int | None:
    """The signal a front end has yet to act on at its next line boundary:
    the terminating one received, else SIGINT for a Ctrl-C raised since the
    last :func:`acted`, else None."""
    if OWNER.signum is not None:
        return OWNER.signum
    return signal.SIGINT if OWNER.interrupt else None


def acted() -> None:
    """The front end acted on a Ctrl-C (stopped the command, went back to its
    prompt): a later one counts as a first one again."""
    OWNER.interrupt = False


class _Terminated(BaseException):
    """SIGTERM/SIGHUP during a sweep (a BaseException, so no game's ``except Exception`` swallows it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def stop_on_termination() -> Iterator[None]:
    """Turn SIGTERM and SIGHUP into an unwinding of the ``with`` body, then deliver them.

    In the main thread, for signals not ignored: the first raises inside the
    body, so its ``finally`` clauses stop the backend; further ones are held.
    On leaving, the previous handlers are restored and the signal raised again
    or, with the default action and :func:`cardshell.signals.end_sweeps_cleanly`,
    :class:`Terminated` (a KeyboardInterrupt) is raised so the
    command reports what it kept.  KeyboardInterrupt if the handler returned.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received: list[int] = []

    def stop(signum: int, frame: Any) -> None:
        received.append(signum)
        if len(received) == 1:
            raise _Terminated(signum)

    previous: dict[int, Any] = {}
    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is None:
            continue
        handler = signal.getsignal(signum)
        if handler in (signal.SIG_IGN, None):
            continue
        previous[signum] = handler
        signal.signal(signum, stop)
    try:
        yield
    except _Terminated:
        pass
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    if received:
        if previous.get(received[0]) is signal.SIG_DFL and sweeps_end_cleanly():
            raise terminated(received[0])
        signal.raise_signal(received[0])
        raise KeyboardInterrupt


def exit_status(signum: int) -> int:
    """The exit status after a signal: 128 + its number (SIGHUP 129, SIGINT 130, SIGTERM 143)."""
    return 128 + signum


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Inside this block a terminating signal is recorded, not raised, so the
    autosave runs to its end; leaving it after a signal starts the
    :data:`GRACE_SECONDS` the process has left.
    """
    OWNER.deferring += 1
    if OWNER.signum is not None:
        OWNER.closing = True
    try:
        yield
    finally:
        OWNER.deferring -= 1
        if OWNER.signum is not None and OWNER.saved_at is None:
            OWNER.closing = True
            OWNER.saved_at = time.monotonic()
            _arm()


def say(lines: list[Text]) -> None:
    """Print the autosave's notes (``lines``, made printable) after a signal, never failing.

    If stdout is gone (SIGHUP), the lines are dropped and file descriptor 1 is
    pointed at ``os.devnull`` so the interpreter's final flush cannot fail.
    """
    with deferred():
        try:
            for line in lines:
                print(screen.printable(text_of(line)))
            sys.stdout.flush()
        except (OSError, ValueError, AttributeError):
            try:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, 1)
            except OSError:
                pass


def give_up(status: int, message: Text) -> None:
    """End the process now: ``message`` on standard error, the rescue's autosave,
    ``os._exit`` with the rescue's status (``status``: 128 + a signal, or
    :data:`EXIT_ABANDONED`); without a rescue nothing happens.

    Runs from a signal handler inside plugin code, so nothing of the host is half done.
    """
    rescue = OWNER.rescue
    if rescue is None or OWNER.pid != os.getpid():
        return
    OWNER.rescue = None  # once
    OWNER.closing = True
    OWNER.deferring += 1  # a further signal only waits
    if HAS_TIMER:  # no tick may interrupt the autosave
        OWNER.bound = None
        OWNER.stop_timer()
        signal.signal(signal.SIGALRM, signal.SIG_IGN)
    from cardshell.capture import host_stderr  # the real stderr under porcelain schema 2

    _write_line(host_stderr(), message)
    try:
        status = rescue(status)
    except BaseException as exc:  # noqa: BLE001 - nothing may stop the exit now
        _write_line(host_stderr(), messages.say("stop.autosave-failed", error=f"{type(exc).__name__}: {exc}"))
    _exit(status)


def end_process(status: int) -> NoReturn:
    """Flush standard output and error, then end the process with ``status``
    at once (:func:`os._exit`): after a terminating signal, once the games are
    saved, no exit-time cleanup of plugin code may hold the process."""
    shutdown()
    _exit(status)


def _write_line(stream: object, text: Text) -> None:
    try:
        stream.write(text_of(text) + "\n")  # type: ignore[attr-defined]
        stream.flush()  # type: ignore[attr-defined]
    except (OSError, ValueError, AttributeError):
        pass


def _exit(status: int) -> NoReturn:
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(status)


def _arm() -> None:
    """The grace's alarm every :data:`GRACE_SECONDS`: the kernel's timer fires whatever the main thread runs."""
    if HAS_TIMER and (OWNER.rescue is not None or OWNER.saved_at is not None) \
            and threading.current_thread() is threading.main_thread():
        OWNER.bound = None
        OWNER.start_timer(OWNER.grace)


def _handle(signum: int, frame: FrameType | None) -> None:
    if os.getpid() != OWNER.pid:  # a forked worker: behave as if nothing was installed
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        return
    if OWNER.signum is not None:  # a second signal, or Ctrl-C after one: the autosave goes on
        return
    OWNER.signum = signum
    _arm()
    if not OWNER.deferring:
        raise Terminated(signum)


def _handle_interrupt(signum: int, frame: FrameType | None) -> None:
    if os.getpid() != OWNER.pid:  # a forked worker: Python's own behaviour
        raise KeyboardInterrupt
    if OWNER.signum is not None or OWNER.deferring:
        return  # after SIGHUP or SIGTERM, and during the autosave, Ctrl-C does nothing
    if OWNER.interrupt:  # the first is still pending: plugin code swallowed it
        found = OWNER.culprit_of(frame)
        if found is not None:
            give_up(EXIT_INTERRUPTED, messages.say("stop.interrupt", plugin=found))
    OWNER.interrupt = True
    raise KeyboardInterrupt
