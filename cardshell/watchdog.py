"""A watchdog for slow plugin imports: one thread that names the plugin still
importing after a delay, so that a plugin stuck at import (an endless loop,
a blocking network call) does not leave the user before a silent terminal.

The thread only speaks; stopping is the user's: the message says Ctrl-C
skips the plugin, and :mod:`cardshell.discovery` turns the
``KeyboardInterrupt`` that Ctrl-C raises in the importing (main) thread
into a failure of that plugin.  One thread serves a whole start-up (it is
started at the first import and told about each next one), so that watching
costs a lock per plugin, not a thread.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from types import TracebackType


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
