"""What runs inside a sweep's worker process (``--jobs J`` or a Dask worker).

:func:`start` leaves signals to the sweeping process: workers ignore
SIGINT, take SIGTERM and SIGHUP by default, die silently of SIGPIPE, and
end when that process is killed outright (:func:`_watch`).
:class:`Guarded` sends a plugin's exception back with where it was raised
(:func:`carry`), so it is blamed as in-process; a
:class:`~cardshell.errors.CommandError` goes as it is.
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
    """Set up a pool worker's signals; ``parent`` is the sweeping process's pid to watch (None: not watched)."""
    if parent is not None:
        _watch(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP", "SIGPIPE"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):  # inherited blocked from the sweeping process (through the forkserver)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD_SIGNALS)


def _watch(parent: int) -> None:  # pragma: no cover - runs in worker processes
    """End this worker at once when the sweeping process ``parent`` is gone.

    Workers are the forkserver's children, so a sweeping process killed with
    SIGKILL would leave them waiting for ever.  A daemon thread waits on a
    pidfd (polling ``os.kill(pid, 0)`` where there is none).
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
    """``exc``, a plugin failure caught in this worker, ready to leave the process.

    Its :class:`~cardshell.blame.Origin` is attached (under
    :data:`cardshell.blame.ORIGIN`, read by :func:`cardshell.blame.locate`);
    it is returned itself when it survives a pickling round trip, else (and
    for ``SystemExit``) as a :class:`~cardshell.blame.CarriedFailure`.
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
    """A chunk ``task`` that sends a plugin's exception back with its origin."""

    task: Callable[[Chunk], Any]

    def __call__(self, chunk: Chunk) -> Any:
        """``task(chunk)``; a plugin failure is raised carrying its origin (:func:`carry`)."""
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
