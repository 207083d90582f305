"""What runs inside a sweep's worker process (``--jobs J`` or a Dask worker).

* :func:`start`: the initializer of a pool worker.  The workers leave
  signals to the process that runs the sweep: they ignore SIGINT (Ctrl-C at
  a terminal reaches the whole process group; the sweeping process ends the
  pool), take SIGTERM and SIGHUP by default (so ending the pool ends them at
  once, and no handler of the shell's runs in a worker), die silently of
  SIGPIPE if that process is gone when they send a result (no
  ``BrokenPipeError`` tracebacks), and end at once when it is killed
  outright (SIGKILL: :func:`_watch`).
* :class:`Guarded`: the chunk task as a worker runs it.  A plugin's
  exception leaves the worker with where it was raised
  (:func:`carry`), so the sweeping process blames the plugin
  and its file and line exactly as it would for the same exception raised
  in its own process.  A :class:`~cardshell.errors.CommandError` (a
  plugin's wrong answer named by the host, a game not installed on the
  worker) goes as it is: its message is already the report.
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardshell import blame
from cardshell.errors import CommandError
from cardshell.sweep.deals import Chunk

__all__ = ["HELD_SIGNALS", "Guarded", "start"]

#: The signals the sweeping process holds back while it starts workers, and
#: that the workers unblock (:func:`start`).
HELD_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def start(parent: int | None = None) -> None:  # pragma: no cover - runs in worker processes
    """Set up a pool worker's signals (see the module's docstring).

    Args:
        parent (int | None): the pid of the process that runs the sweep,
            watched with :func:`_watch`; None: not watched.
    """
    if parent is not None:
        _watch(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP", "SIGPIPE"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):  # inherited blocked from the sweeping process (through the forkserver)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD_SIGNALS)


def _watch(parent: int) -> None:  # pragma: no cover - runs in worker processes
    """End this worker at once when the process that started the sweep is gone.

    A sweeping process killed with SIGKILL cannot end its pool, and the
    workers are children of the forkserver, not of it: they would wait for
    ever, keeping the forkserver and the resource tracker alive.  A daemon
    thread waits on a pidfd of ``parent`` (``os.pidfd_open``; polling with
    ``os.kill(pid, 0)`` once a second where there is none) and ends the
    worker with ``os._exit``.

    Args:
        parent (int): the pid of the process that runs the sweep.
    """
    def wait() -> None:
        try:
            handle = os.pidfd_open(parent)
        except (AttributeError, OSError):
            handle = None
        if handle is not None:
            select.select([handle], [], [])  # readable once the process has ended
        else:
            while True:
                try:
                    os.kill(parent, 0)
                except ProcessLookupError:
                    break
                except PermissionError:
                    pass
                time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=wait, name="cardshell-sweep-parent", daemon=True).start()


def carry(exc: BaseException) -> BaseException:
    """``exc`` ready to leave this process (a sweep's worker) with its origin.

    The :class:`~cardshell.blame.Origin` of ``exc`` (its frames' modules,
    files and lines, and its traceback's text) is attached to it, under
    :data:`cardshell.blame.ORIGIN`; the exception itself is returned when it
    survives a pickling round trip, a :class:`~cardshell.blame.CarriedFailure`
    otherwise and for a ``SystemExit``.  :func:`cardshell.blame.locate`
    reads the origin in the sweeping process.

    Args:
        exc: a plugin failure (:func:`cardshell.blame.is_plugin_failure`)
            caught in this process, with its traceback.

    Returns:
        BaseException: what to raise instead of ``exc``.
    """
    if blame.origin(exc) is not None:
        return exc
    frames = tuple((str(frame.f_globals.get("__name__", "")), frame.f_code.co_filename, line)
                   for frame, line in traceback.walk_tb(exc.__traceback__))[-blame.MAX_ORIGIN_FRAMES:]
    text = blame.format_traceback(exc)[-blame.MAX_ORIGIN_TEXT:]
    found = blame.Origin(frames, text)
    if not isinstance(exc, SystemExit):
        try:
            setattr(exc, blame.ORIGIN, found)
            pickle.loads(pickle.dumps(exc))
            return exc
        except Exception:  # not picklable, or not rebuilt from its pickle: carried as text
            pass
    return blame.CarriedFailure(blame.describe(exc), found)


@dataclass(frozen=True)
class Guarded:
    """A chunk task that sends a plugin's exception back with its origin.

    Attributes:
        task (Callable[[Chunk], Any]): the game's chunk task (picklable).
    """

    task: Callable[[Chunk], Any]

    def __call__(self, chunk: Chunk) -> Any:
        """``task(chunk)``.

        Raises:
            CommandError: as the task raised it.
            Exception: a plugin failure (:func:`cardshell.blame.is_plugin_failure`)
                with its :class:`~cardshell.blame.Origin`
                (:func:`carry`); anything else as raised.
        """
        try:
            return self.task(chunk)
        except CommandError:
            raise
        except BaseException as exc:
            if not blame.is_plugin_failure(exc):
                raise
            carried = carry(exc)
            if carried is exc:
                raise
            raise carried from None
