"""The last resort after a signal: a supervisor process that saves games
whose process is stuck in a C call holding the interpreter's lock.

Used only when an autosave is due (:func:`wanted`: a terminal session, or
``--autosave``): :func:`run` forks once, before cardshell is imported; the
child runs cardshell and sends the games it committed over a pipe
(:mod:`cardshell.journal`); the parent, loading no plugin, waits:

* SIGTERM or SIGHUP is passed on to the child; if the child has not ended
  :data:`LAST_RESORT_EXTRA` seconds after the grace
  (``CARDSHELL_SIGNAL_GRACE``, 3 s) times two, the time the child's own
  rescue may take, it is killed (SIGKILL), the autosaves are written
  from the journal (the same files and notes as the shell's), and the
  supervisor exits 128 + the signal.
* Ctrl-C reaches both processes at a terminal (the whole process group);
  a second one that the child's handler has not seen within
  :data:`LAST_RESORT_EXTRA` seconds triggers the same last resort (130).
* Otherwise it exits with the child's status (128 + the signal that killed it).
"""

from __future__ import annotations

import json
import os
import select
import signal
import sys
import time
from typing import Any

#: Seconds added to twice the grace before the last resort after SIGTERM or SIGHUP,
#: and seconds a second Ctrl-C the child did not see waits before it.
LAST_RESORT_EXTRA = 2.0
#: The signals passed on to the child.
FORWARDED = tuple(getattr(signal, name) for name in ("SIGHUP", "SIGTERM") if hasattr(signal, name))


def wanted(argv: list[str]) -> bool:
    """Whether an autosave is due: ``--autosave`` (not undone by a later
    ``--no-autosave``), or standard input and output are terminals without
    ``--no-autosave``."""
    if not hasattr(os, "fork"):
        return False
    flags = [arg for arg in argv if arg in ("--autosave", "--no-autosave")]
    if flags:
        return flags[-1] == "--autosave"
    try:
        return os.isatty(0) and os.isatty(1)
    except OSError:
        return False


def grace(environ: dict[str, str]) -> float:
    """``CARDSHELL_SIGNAL_GRACE`` as :func:`cardshell.signals.grace_seconds` reads it (3 s by default)."""
    try:
        value = float(environ.get("CARDSHELL_SIGNAL_GRACE", ""))
    except ValueError:
        return 3.0
    return value if 0 < value < 86_400 else 3.0


def start() -> int | None:
    """Fork: in the child, None (it goes on as cardshell, the journal's fd in
    ``CARDSHELL_JOURNAL_FD``); in the parent, the exit status to end with."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        os.environ["CARDSHELL_JOURNAL_FD"] = str(write_end)
        return None
    os.close(write_end)
    return Supervisor(pid, read_end, grace(dict(os.environ))).run()


class Supervisor:
    """The parent: the child's pid, the journal's read end, the grace (seconds)."""

    def __init__(self, pid: int, fd: int, grace_seconds: float) -> None:
        self.pid = pid
        self.fd = fd
        self.grace = grace_seconds
        self.games: dict[str, dict[str, Any]] = {}
        self.buffer = b""
        self.closed = False  # the child's own autosave ran
        self.signum: int | None = None
        self.deadline: float | None = None
        self.interrupts = 0  # Ctrl-C received and not yet seen by the child
        wake_read, wake_write = os.pipe()
        os.set_blocking(wake_write, False)
        self.wake = wake_read
        signal.set_wakeup_fd(wake_write)
        for signum in FORWARDED:
            signal.signal(signum, self._terminate)
        signal.signal(signal.SIGINT, self._interrupt)
        signal.signal(signal.SIGCHLD, lambda signum, frame: None)

    def _terminate(self, signum: int, frame: Any) -> None:
        try:
            os.kill(self.pid, signum)
        except OSError:
            pass
        if self.signum is None:
            self.signum = signum
            self.deadline = time.monotonic() + 2 * self.grace + LAST_RESORT_EXTRA

    def _interrupt(self, signum: int, frame: Any) -> None:
        self.interrupts += 1
        if self.interrupts >= 2 and self.signum is None:
            self.deadline = time.monotonic() + LAST_RESORT_EXTRA

    def run(self) -> int:
        """Wait for the child; its status, or 128 + the signal after the last resort."""
        while True:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self._read_all()
                code = os.waitstatus_to_exitcode(status)
                return code if code >= 0 else 128 - code
            timeout = None if self.deadline is None else max(0.0, self.deadline - time.monotonic())
            if timeout == 0.0:
                return self._last_resort()
            ready, _, _ = select.select([self.fd, self.wake], [], [], timeout)
            if self.wake in ready:
                os.read(self.wake, 512)
            if self.fd in ready:
                self._read()

    def _read_all(self) -> None:
        while select.select([self.fd], [], [], 0)[0] and self._read():
            pass

    def _read(self) -> bool:
        data = os.read(self.fd, 1 << 16)
        if not data:
            return False
        *lines, self.buffer = (self.buffer + data).split(b"\n")
        for line in lines:
            self._apply(json.loads(line))
        return True

    def _apply(self, item: dict[str, Any]) -> None:
        if "i" in item:
            self.interrupts = max(0, self.interrupts - 1)
            if self.interrupts < 2 and self.signum is None:
                self.deadline = None
        elif "c" in item:
            self.closed = True
        elif "h" in item:
            self.games[item["g"]] = item["h"]
        elif "a" in item and item["g"] in self.games:
            game = self.games[item["g"]]
            game["log"].extend(item["a"])
            game["elapsed"] = item["e"]
        elif "x" in item:
            self.games.pop(item["g"], None)

    def _last_resort(self) -> int:
        signum = self.signum if self.signum is not None else signal.SIGINT
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except OSError:
            pass
        self._read_all()
        waited = 2 * self.grace + LAST_RESORT_EXTRA if self.signum is not None else LAST_RESORT_EXTRA
        from cardshell.messages import say

        _line(sys.stderr, say("stop.last-resort", seconds=f"{waited:g}", signal=signal.Signals(signum).name))
        if not self.closed:
            save(self.games)
        return 128 + signum


def save(games: dict[str, dict[str, Any]]) -> None:
    """Write each game's automatic save (named by its id) and print the shell's note for it."""
    from pathlib import Path

    from cardshell import saves
    from cardshell.messages import say
    from cardshell.persistence import describe

    for gid, game in sorted(games.items()):
        data_dir = Path(game["data_dir"])
        record = saves.SaveRecord(game=game["game"], seed=game["seed"], options=game["options"],
                                  log=game["log"], undo_used=game["undo_used"], elapsed=game["elapsed"],
                                  uid=game["uid"], assisted=game["assisted"])
        try:
            with saves.locked(data_dir):
                saves.write(data_dir, gid, record)
        except saves.SaveError as exc:
            _line(sys.stderr, say("script.save-failed", problem=exc.message))
            continue
        _line(sys.stdout, say("save.autosaved", what=describe(game["title"], game["seed"], len(game["log"])),
                              game=gid))


def _line(stream: Any, text: Any) -> None:
    from cardshell.render import text_of

    try:
        stream.write(text_of(text) + "\n")
        stream.flush()
    except (OSError, ValueError, AttributeError):
        pass
