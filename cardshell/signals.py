"""SIGHUP, SIGTERM and Ctrl-C: they end what they should, whatever plugin code does.

After :func:`install`, the first SIGHUP or SIGTERM (at a terminal, and in
scripts with ``--autosave``) raises :class:`Terminated`, a
``KeyboardInterrupt``, which stops a command as Ctrl-C does; the front end
closes the shell (the autosave, inside :func:`deferred`, which later
signals cannot interrupt) and exits with :func:`exit_status`.  A plugin
that swallows the signal is given up on at the next alarm
(:data:`GRACE_SECONDS`, :func:`give_up`): it is named, the games are saved
as last committed, and the process ends; a second Ctrl-C in a plugin call
does the same with status 130.  Only one C call holding the GIL for ever
(``sum(range(10**12))``) cannot be stopped: handlers run between bytecodes.
A child forked after :func:`install` gets the default behaviour back.
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

#: The exit status after Ctrl-C: 128 + SIGINT.
EXIT_INTERRUPTED = 128 + signal.SIGINT

#: Runs the front end's autosave for :func:`give_up` and prints its notes;
#: receives the exit status planned and returns the one to exit with.
Rescue = Callable[[int], int]
#: Names the plugin whose code a frame (and the frames that called it) is
#: running, e.g. ``plugin 'spinner' (spinner.py:12)``, and gives the
#: outermost frame of that plugin's code; None when no plugin code runs.
Culprit = Callable[[FrameType | None], "tuple[Text, FrameType] | None"]


class Terminated(KeyboardInterrupt):
    """Raised in the main thread when a terminating signal (``signum``) arrives."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class _State:
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
    """:data:`GRACE_SECONDS`, or :data:`GRACE_ENV`'s value when it is a number > 0 (a wrong value is ignored)."""
    text = (os.environ if environ is None else environ).get(GRACE_ENV, "")
    try:
        value = float(text)
    except ValueError:
        return GRACE_SECONDS
    return value if 0 < value < 86_400 else GRACE_SECONDS


def install(*, terminating: bool = True, rescue: Rescue | None = None, culprit: Culprit | None = None) -> None:
    """Handle Ctrl-C, and SIGHUP and SIGTERM if ``terminating`` (else they end
    the process at once), as the module says; calling it again replaces what
    was given, and outside the main thread it does nothing.

    ``rescue`` is what :func:`give_up` runs before ending the process (None:
    never give up on plugin code); ``culprit`` tells plugin frames from the
    host's (None: every frame is plugin code).
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
    """Put back the handlers :func:`install` replaced and forget its rescue, so a caller keeps its own handlers."""
    if threading.current_thread() is not threading.main_thread() or _state.pid != os.getpid():
        return
    for signum, previous in _state.previous.items():
        signal.signal(signum, previous if previous is not None else signal.SIG_DFL)
    _state.previous.clear()
    _state.rescue = _state.culprit = _state.interrupted = None


def restore_interrupt() -> None:
    """Put this module's Ctrl-C handler back if something replaced it (prompt_toolkit's prompt does)."""
    if _state.pid == os.getpid() and threading.current_thread() is threading.main_thread() \
            and signal.getsignal(signal.SIGINT) is not _handle_interrupt:
        signal.signal(signal.SIGINT, _handle_interrupt)


def end_sweeps_cleanly() -> None:
    """Have a sweep stopped by SIGHUP or SIGTERM end like a command, not the
    process, where these signals keep their default action (a script without
    ``--autosave``, ``cardshell winnability``): the sweep stops its workers,
    says what it kept, and the front end exits with :func:`exit_status`.
    """
    _state.sweeps_end_cleanly = True


def sweeps_end_cleanly() -> bool:
    """Whether :func:`end_sweeps_cleanly` was called in this process."""
    return _state.sweeps_end_cleanly and _state.pid in (None, os.getpid())


def terminated(signum: int) -> Terminated:
    """Record ``signum`` as received and return the :class:`Terminated` to raise; a second call keeps the first
    signal."""
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
    """Inside this block a terminating signal is recorded, not raised, so the
    autosave runs to its end; leaving it after a signal starts the
    :data:`GRACE_SECONDS` the process has left.
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


def _in_plugin(frame: FrameType | None) -> tuple[Text, FrameType] | None:
    """The culprit of a frame (:data:`Culprit`); without a culprit function any frame is plugin code."""
    if _state.culprit is None:
        return (messages.say("stop.plugin-code"), frame) if frame is not None else None
    return _state.culprit(frame)


def _on_stack(target: FrameType, frame: FrameType | None) -> bool:
    while frame is not None:
        if frame is target:
            return True
        frame = frame.f_back
    return False


def _alarm(signum: int, frame: FrameType | None) -> None:
    """SIGALRM after a terminating signal, every :data:`GRACE_SECONDS` (see the module's docstring)."""
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
    """SIGALRM to :func:`_alarm` every :data:`GRACE_SECONDS`: the kernel's timer fires whatever the main thread runs."""
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
