"""SIGHUP and SIGTERM: leave like ``exit`` (autosave first), never mid-save.

Closing a terminal window sends SIGHUP; ``kill``, ``systemd`` and logging
out send SIGTERM.  By default either ends Python at once and the games in
progress are lost.  The front ends that autosave (the interactive shell, and
scripts run with ``--autosave``) call :func:`install`; then:

* the first of these signals is recorded (:func:`received`) and raises
  :class:`Terminated` in the main thread.  It is a ``KeyboardInterrupt``, so
  a command it lands in is stopped exactly as Ctrl-C stops one, and a
  blocking read (the prompt, a script line) returns at once; the front end
  sees :func:`received`, stops reading, runs :meth:`Shell.close
  <cardshell.shell.Shell.close>` (the autosave) and exits with status
  :func:`exit_status` (128 + the signal number, as shells report it);
* from then on SIGHUP, SIGTERM and SIGINT do nothing, so a second signal
  (or Ctrl-C) cannot interrupt the autosave;
* inside :func:`deferred` (which :meth:`Shell.close` uses) a first signal is
  only recorded, not raised: an autosave that is already running finishes
  and the front end exits after it.

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
from collections.abc import Iterator
from types import FrameType

from cardshell import screen

#: The signals handled like ``exit``.
TERMINATING: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGHUP", "SIGTERM") if hasattr(signal, name))


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


_state = _State()


def install() -> None:
    """Handle SIGHUP and SIGTERM as described in this module (main thread only).

    Calling it again is harmless.  Nothing happens outside the main thread
    (Python delivers signals to it alone).
    """
    if threading.current_thread() is not threading.main_thread():
        return
    _state.pid = os.getpid()
    for signum in TERMINATING:
        signal.signal(signum, _handle)


def end_sweeps_cleanly() -> None:
    """Have a sweep stopped by SIGHUP or SIGTERM end like a command, not the process.

    For the front ends that do not :func:`install` the handlers (a script
    without ``--autosave``, ``cardshell winnability ...``): there these
    signals keep their default action (end the process at once), except
    while a sweep runs.  A sweep then stops its workers
    (:func:`cardshell.sweep.engine.stop_on_termination`), calls
    :func:`terminated`, and the command ends with :class:`Terminated`: it
    says what it kept (``winnability``: the deals stored and the deals that
    remain), and the front end exits with :func:`exit_status` (129 or 143)
    after a normal shutdown, so the pool's semaphores are released
    (issue 28, item 5: the process died of the signal, with no note, and
    Python's resource tracker reported leaked semaphores).
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
    end checks :func:`received` afterwards.
    """
    _state.deferring += 1
    try:
        yield
    finally:
        _state.deferring -= 1


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


def _handle(signum: int, frame: FrameType | None) -> None:
    if os.getpid() != _state.pid:  # a forked worker: behave as if nothing was installed
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        return
    if _state.signum is not None:  # a second signal, or Ctrl-C after one: the autosave goes on
        return
    _state.signum = signum
    # From now on Ctrl-C is ignored too.  This handler stays installed and
    # returns at once: setting SIG_IGN here would make Python report signals
    # already pending as "ignored due to race condition" on stderr.
    signal.signal(signal.SIGINT, _handle)
    if not _state.deferring:
        raise Terminated(signum)
