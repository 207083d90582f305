"""SIGHUP, SIGTERM and Ctrl-C: they end what they should, whatever plugin code does.

Closing a terminal window sends SIGHUP; ``kill``, ``systemd`` and logging
out send SIGTERM.  By default either ends Python at once and the games in
progress are lost.  The front ends call :func:`install`; then:

* the first SIGHUP or SIGTERM (only where ``terminating`` was asked: at a
  terminal, and in scripts run with ``--autosave``) is recorded
  (:func:`received`) and raises :class:`Terminated` in the main thread.  It
  is a ``KeyboardInterrupt``, so a command it lands in is stopped exactly as
  Ctrl-C stops one, and a blocking read (the prompt, a script line) returns
  at once; the front end sees :func:`received`, stops reading, runs
  :meth:`Shell.close <cardshell.shell.Shell.close>` (the autosave) and exits
  with status :func:`exit_status` (128 + the signal number, as shells
  report it);
* from then on SIGHUP, SIGTERM and SIGINT do nothing, so a second signal
  (or Ctrl-C) cannot interrupt the autosave;
* inside :func:`deferred` (which :meth:`Shell.close` uses) a first signal is
  only recorded, not raised: an autosave that is already running finishes
  and the front end exits after it.

Plugin code cannot keep the process alive against these signals.  A plugin
that catches ``BaseException`` swallows the :class:`Terminated`; so the
first signal also starts an alarm (``SIGALRM``, every :data:`GRACE_SECONDS`):
when the front end has not begun to close by then, its handler, running
inside the plugin's code that still holds the main thread, *gives up* on it
(:func:`give_up`): it names the plugin and where it was on standard error,
runs the front end's ``rescue`` (the autosave of the games as the host last
committed them: plugin code runs on a working state or after a commit, never
halfway through one) and ends the process with :func:`os._exit` and 128 +
the signal.  If the process is still alive :data:`GRACE_SECONDS` after the
autosave was written (its notes cannot be printed, a plugin's thread holds
up the interpreter's exit), the alarm ends it with that status.

Ctrl-C (SIGINT) raises ``KeyboardInterrupt`` as Python's own handler does.
A second Ctrl-C while the plugin call that the first one interrupted is
still running (the plugin swallowed it) gives up on that plugin the same
way, with status 130.  :class:`cardshell.watchdog.TimeBound` gives up on
plugin code that swallowed :data:`cardshell.watchdog.ALARMS_BEFORE_GIVING_UP`
of its alarms, with :data:`EXIT_ABANDONED`.

What no handler can stop: a single call into C that never returns to the
interpreter and holds the GIL (``sum(range(10**12))``): CPython runs signal
handlers and other threads only between bytecodes.  A call that waits
(``time.sleep``, a read, a lock) or that checks for signals itself (the
regular expression engine) is interrupted like Python code.

Saves are atomic anyway (:mod:`cardshell.saves`); this keeps them complete.
A child process forked after :func:`install` keeps the default behaviour:
the handler restores it and re-sends the signal to itself.  (The
``simulate --jobs`` workers are not such children: they start from a
forkserver, :mod:`cardshell.sweep.pool`, and never had the handler.)
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any, NoReturn

from cardshell import messages, screen

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

#: The exit status after Ctrl-C: 128 + SIGINT.
EXIT_INTERRUPTED = 128 + signal.SIGINT

#: Runs the front end's autosave for :func:`give_up` and prints its notes;
#: receives the exit status planned and returns the one to exit with.
Rescue = Callable[[int], int]
#: Names the plugin whose code a frame (and the frames that called it) is
#: running, e.g. ``plugin 'spinner' (spinner.py:12)``, and gives the
#: outermost frame of that plugin's code; None when no plugin code runs.
Culprit = Callable[[FrameType | None], "tuple[str, FrameType] | None"]


class Terminated(KeyboardInterrupt):
    """Raised in the main thread when a terminating signal arrives.

    Args:
        signum (int): the signal's number.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class _State:
    """The process-wide record of what was installed and received."""

    pid: int | None = None
    signum: int | None = None
    deferring: int = 0
    sweeps_end_cleanly: bool = False
    rescue: Rescue | None = None
    culprit: Culprit | None = None
    grace: float = GRACE_SECONDS
    closing: bool = False  # the autosave began (deferred was entered after a signal, or give_up runs)
    saved_at: float | None = None  # monotonic time the autosave ended, after a signal
    interrupted: FrameType | None = None  # the plugin frame the last Ctrl-C was raised in
    previous: dict[int, Any] = {}  # the handlers install() replaced, by signal


_state = _State()


def grace_seconds(environ: dict[str, str] | None = None) -> float:
    """:data:`GRACE_SECONDS`, or the value of :data:`GRACE_ENV` when it is a
    number > 0 (a wrong value is ignored)."""
    text = (os.environ if environ is None else environ).get(GRACE_ENV, "")
    try:
        value = float(text)
    except ValueError:
        return GRACE_SECONDS
    return value if 0 < value < 86_400 else GRACE_SECONDS


def install(*, terminating: bool = True, rescue: Rescue | None = None, culprit: Culprit | None = None) -> None:
    """Handle Ctrl-C, and SIGHUP and SIGTERM if ``terminating``, as this module says.

    Calling it again replaces what was given.  Nothing happens outside the
    main thread (Python delivers signals to it alone).

    Args:
        terminating (bool): also handle SIGHUP and SIGTERM (else they keep
            their default action: the process ends at once, which no plugin
            code can delay either).
        rescue (Rescue | None): what :func:`give_up` runs before it ends the
            process; None: plugin code that swallows a signal is not given
            up on (the signal is raised in it again every time it arrives).
        culprit (Culprit | None): tells plugin frames from the host's; None:
            every frame counts as plugin code.
    """
    if threading.current_thread() is not threading.main_thread():
        return
    _state.pid = os.getpid()
    _state.rescue = rescue
    _state.culprit = culprit
    _state.grace = grace_seconds()
    for signum, handler in ((signal.SIGINT, _handle_interrupt),
                            *((number, _handle) for number in (TERMINATING if terminating else ()))):
        previous = signal.signal(signum, handler)
        _state.previous.setdefault(signum, previous)


def uninstall() -> None:
    """Put back the handlers :func:`install` replaced and forget its rescue
    (:func:`cardshell.cli.main` does, returning, so that a program or a
    test that calls it keeps its own handlers)."""
    if threading.current_thread() is not threading.main_thread() or _state.pid != os.getpid():
        return
    for signum, previous in _state.previous.items():
        signal.signal(signum, previous if previous is not None else signal.SIG_DFL)
    _state.previous.clear()
    _state.rescue = _state.culprit = _state.interrupted = None


def restore_interrupt() -> None:
    """Put this module's Ctrl-C handler back if :func:`install` set one and
    something replaced it (prompt_toolkit's prompt leaves Python's own behind)."""
    if _state.pid == os.getpid() and threading.current_thread() is threading.main_thread() \
            and signal.getsignal(signal.SIGINT) is not _handle_interrupt:
        signal.signal(signal.SIGINT, _handle_interrupt)


def end_sweeps_cleanly() -> None:
    """Have a sweep stopped by SIGHUP or SIGTERM end like a command, not the process.

    For the front ends that do not handle these signals (a script without
    ``--autosave``, ``cardshell winnability ...``): there they keep their
    default action (end the process at once), except while a sweep runs.
    A sweep then stops its workers
    (:func:`cardshell.sweep.engine.stop_on_termination`), calls
    :func:`terminated`, and the command ends with :class:`Terminated`: it
    says what it kept (``winnability``: the deals stored and the deals that
    remain), and the front end exits with :func:`exit_status` (129 or 143)
    after a normal shutdown, so the pool's semaphores are released.
    """
    _state.sweeps_end_cleanly = True


def sweeps_end_cleanly() -> bool:
    """Whether :func:`end_sweeps_cleanly` was called in this process."""
    return _state.sweeps_end_cleanly and _state.pid in (None, os.getpid())


def terminated(signum: int) -> Terminated:
    """Record ``signum`` as received (:func:`received`) and return the
    :class:`Terminated` to raise.  A second call keeps the first signal.

    Args:
        signum (int): the signal's number.

    Returns:
        Terminated: the exception for the first signal received.
    """
    if _state.signum is None:
        _state.signum = signum
    return Terminated(_state.signum)


def received() -> int | None:
    """The number of the terminating signal received, or None."""
    return _state.signum


def exit_status(signum: int) -> int:
    """The exit status after a terminating signal: 128 + its number (SIGHUP 129, SIGTERM 143)."""
    return 128 + signum


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Inside this block a terminating signal is recorded but not raised.

    Used around the autosave so that it always runs to its end; the front
    end checks :func:`received` afterwards.  After a signal, entering it
    means the front end is closing (the watcher no longer gives up on plugin
    code), and leaving it starts the :data:`GRACE_SECONDS` the process has
    left to exit.
    """
    _state.deferring += 1
    if _state.signum is not None:
        _state.closing = True
    try:
        yield
    finally:
        _state.deferring -= 1
        if _state.signum is not None and _state.saved_at is None:
            _state.closing = True
            _state.saved_at = time.monotonic()
            _arm()  # a TimeBound left on the way may have taken the alarm back


def say(lines: list[str]) -> None:
    """Print the autosave's notes after a signal, never failing.

    The terminal may be gone (SIGHUP) or stdout closed: then the lines are
    dropped and file descriptor 1 is pointed at ``os.devnull``, so that the
    interpreter's final flush cannot fail either.  The games are saved
    before this is called.  A further signal only changes the exit status.

    Args:
        lines (list[str]): the lines to print on stdout, each made
            printable (:func:`cardshell.screen.printable`).
    """
    with deferred():
        try:
            for line in lines:
                print(screen.printable(line))
            sys.stdout.flush()
        except (OSError, ValueError, AttributeError):
            try:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, 1)
            except OSError:
                pass


def give_up(status: int, message: str) -> None:
    """End the process now: ``message``, the rescue's autosave, ``os._exit``.

    For plugin code that would not stop: the main thread is inside it (this
    runs from a signal handler), so nothing of the host is half done.  The
    message goes to standard error (if it can be written), then the
    front end's rescue (:func:`install`) saves the games in progress and
    prints its notes, and the process ends with the status it returns,
    without running the plugin's ``finally`` blocks nor waiting for its
    threads.  Without a rescue (no front end installed one) nothing
    happens and the caller goes on.

    Args:
        status (int): the exit status planned (128 + a signal, or
            :data:`EXIT_ABANDONED`).
        message (str): one line naming the plugin and why it is given up on.
    """
    rescue = _state.rescue
    if rescue is None or _state.pid != os.getpid():
        return
    _state.rescue = None  # once
    _state.closing = True
    _state.deferring += 1  # a further signal only waits
    if hasattr(signal, "setitimer"):  # no alarm (a time bound's, or ours) may interrupt the autosave
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_IGN)
    _write_line(sys.stderr, message)
    try:
        status = rescue(status)
    except BaseException as exc:  # noqa: BLE001 - nothing may stop the exit now
        _write_line(sys.stderr, messages.say("stop.autosave-failed", error=f"{type(exc).__name__}: {exc}"))
    _exit(status)


def _write_line(stream: object, text: str) -> None:
    """One line on a stream, if it can be written."""
    try:
        stream.write(text + "\n")  # type: ignore[attr-defined]
        stream.flush()  # type: ignore[attr-defined]
    except (OSError, ValueError, AttributeError):
        pass


def _exit(status: int) -> NoReturn:
    """Flush standard output and error (what can be), then ``os._exit(status)``."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(status)


def _in_plugin(frame: FrameType | None) -> tuple[str, FrameType] | None:
    """The culprit of a frame (:data:`Culprit`); without a culprit function,
    any frame is taken as plugin code ("plugin code" is then all we can say)."""
    if _state.culprit is None:
        return (messages.say("stop.plugin-code"), frame) if frame is not None else None
    return _state.culprit(frame)


def _on_stack(target: FrameType, frame: FrameType | None) -> bool:
    """Whether ``target`` is ``frame`` or one of its callers (still running)."""
    while frame is not None:
        if frame is target:
            return True
        frame = frame.f_back
    return False


def _alarm(signum: int, frame: FrameType | None) -> None:
    """SIGALRM after a terminating signal, every :data:`GRACE_SECONDS` (see the module's notes)."""
    if os.getpid() != _state.pid or _state.signum is None:
        return
    if _state.saved_at is not None:
        if time.monotonic() - _state.saved_at >= _state.grace:
            _exit(exit_status(_state.signum))  # saved; only printing or a plugin's thread holds the process
        return
    if _state.closing:
        return
    found = _in_plugin(frame)
    if found is not None:
        name = signal.Signals(_state.signum).name
        give_up(exit_status(_state.signum), messages.say("stop.signal", plugin=found[0], seconds=f"{_state.grace:g}",
                                                signal=name))


def _arm() -> None:
    """SIGALRM to :func:`_alarm` every :data:`GRACE_SECONDS` from now on.

    A timer of the kernel's: it fires whatever the main thread runs, and
    its handler runs as soon as the interpreter checks for signals (between
    bytecodes, in an interrupted wait, in the regular expression engine),
    even where no other thread could get the GIL.  Once a terminating
    signal arrived the process is ending: the alarm is this module's
    (:class:`cardshell.watchdog.TimeBound` no longer arms one).
    """
    if _state.rescue is None or not hasattr(signal, "setitimer"):
        return
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, _state.grace, _state.grace)


def _handle(signum: int, frame: FrameType | None) -> None:
    if os.getpid() != _state.pid:  # a forked worker: behave as if nothing was installed
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        return
    if _state.signum is not None:  # a second signal, or Ctrl-C after one: the autosave goes on
        return
    _state.signum = signum
    _arm()
    if not _state.deferring:
        raise Terminated(signum)


def _handle_interrupt(signum: int, frame: FrameType | None) -> None:
    if os.getpid() != _state.pid:  # a forked worker: Python's own behaviour
        raise KeyboardInterrupt
    if _state.signum is not None or _state.deferring:
        return  # after SIGHUP or SIGTERM, and during the autosave, Ctrl-C does nothing
    found = _in_plugin(frame)
    if found is not None and _state.interrupted is not None and _on_stack(_state.interrupted, frame):
        give_up(EXIT_INTERRUPTED, messages.say("stop.interrupt", plugin=found[0]))
    _state.interrupted = found[1] if found is not None else None
    raise KeyboardInterrupt
