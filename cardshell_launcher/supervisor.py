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
  the child's handler reports each it sees, and its front end each it acted
  on at a line boundary.  A second Ctrl-C in one line, while one the child
  has not seen is still unseen :data:`LAST_RESORT_EXTRA` seconds later,
  triggers the same last resort (130).
* Otherwise it exits with the child's status (128 + the signal that killed it).
"""

from __future__ import annotations

import os
import signal
import sys
import time

TYPE_CHECKING = False  # no ``typing`` at run time: the supervisor's start stays small
if TYPE_CHECKING:
    from typing import Any

#: Seconds added to twice the grace before the last resort after SIGTERM or SIGHUP,
#: and seconds a second Ctrl-C the child did not see waits before it.
LAST_RESORT_EXTRA = 2.0
#: Journal lines about games kept unread before they are applied (a start pays no ``json``).
FOLD_AFTER = 1000
#: The signals passed on to the child.
FORWARDED = tuple(getattr(signal, name) for name in ("SIGHUP", "SIGTERM") if hasattr(signal, name))


def wanted(argv: list[str]) -> bool:
    """Whether an autosave is due: ``--autosave`` (not undone by a later
    ``--no-autosave``), or standard input is a terminal (the interactive
    shell) without ``--no-autosave``."""
    if not hasattr(os, "fork"):
        return False
    flags = [arg for arg in argv if arg in ("--autosave", "--no-autosave")]
    if flags:
        return flags[-1] == "--autosave"
    try:
        return os.isatty(0)
    except OSError:
        return False


def grace(environ: dict[str, str]) -> float:
    """``CARDSHELL_SIGNAL_GRACE`` as :func:`cardshell.signals.grace_seconds` reads it (3 s by default)."""
    try:
        value = float(environ.get("CARDSHELL_SIGNAL_GRACE", ""))
    except ValueError:
        return 3.0
    return value if 0 < value < 86_400 else 3.0


#: What the supervisor waits for: the signals it passes on, Ctrl-C, and the child's end.
WAITED = (*FORWARDED, signal.SIGINT, signal.SIGCHLD)
#: ``si_code`` of a signal the kernel sent (a terminal's Ctrl-C or hang-up, to the whole process group).
SI_KERNEL = 0x80


def start() -> int | None:
    """Fork: in the child, None (it goes on as cardshell, the journal's fd in
    ``CARDSHELL_JOURNAL_FD``); in the parent, the exit status to end with."""
    read_end, write_end = os.pipe()
    signal.signal(signal.SIGCHLD, _ignore)  # a handler, so a blocked SIGCHLD is kept for sigtimedwait
    old = signal.pthread_sigmask(signal.SIG_BLOCK, WAITED)  # none may end the parent before it waits
    pid = os.fork()
    if pid == 0:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        os.close(read_end)
        os.environ["CARDSHELL_JOURNAL_FD"] = str(write_end)
        return None
    os.close(write_end)
    return Supervisor(pid, read_end, grace(dict(os.environ)), porcelain_schema(sys.argv[1:])).run()


def porcelain_schema(argv: list[str]) -> int | None:
    """The porcelain schema ``argv`` asks for (``--jsonl``: 1, ``--jsonl=N``: N), or None: the plain output."""
    schema = None
    for word in argv:
        if word == "--jsonl":
            schema = 1
        elif word.startswith("--jsonl="):
            try:
                schema = int(word[len("--jsonl="):])
            except ValueError:
                schema = None
    return schema


def _ignore(signum: int, frame: Any) -> None:
    """SIGCHLD's handler: never runs while blocked; it only keeps the signal from being discarded."""


class Supervisor:
    """The parent: the child's pid, the journal's read end (read by a thread), the grace (seconds).

    Ctrl-C is counted: :attr:`unseen`, those the child's handler has not
    reported; :attr:`in_line`, those since the child last acted on one at a
    line boundary.  A SIGINT sent by ``kill`` (not a terminal's Ctrl-C,
    which the kernel sends to the whole foreground group) is passed on at
    once: ``kill -INT PID`` acts as it does on a shell without a supervisor;
    a ``kill`` to the whole process group reaches the shell twice, as two Ctrl-C.
    """

    def __init__(self, pid: int, fd: int, grace_seconds: float, schema: int | None = None) -> None:
        import threading

        self.schema = schema  # the porcelain the child writes (None: plain text), for the last resort's words
        self.pid = pid
        self.fd = fd
        self.grace = grace_seconds
        self.games: dict[str, dict[str, Any]] = {}
        self.kept: list[bytes] = []  # the games' journal lines not yet applied to games
        self.buffer = b""
        self.closed = False  # the child's own autosave ran
        self.signum: int | None = None
        self.deadline: float | None = None  # the last resort after SIGHUP or SIGTERM
        self.unseen = 0  # Ctrl-C received less those the child reported: below 0 while a report came first
        self.in_line = 0
        self.passed_on = False  # a Ctrl-C sent with kill was passed on, and the child has not acted on it
        self.interrupted: float | None = None  # the last resort after a second Ctrl-C
        self.lock = threading.Lock()
        self.reader = threading.Thread(target=self._read_all, name="journal", daemon=True)
        self.reader.start()

    def run(self) -> int:
        """Wait for the child; its status, or 128 + the signal after the last resort."""
        while True:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.reader.join(1.0)
                code = os.waitstatus_to_exitcode(status)
                return self._status(code if code >= 0 else 128 - code)
            now = time.monotonic()
            with self.lock:
                if self.unseen <= 0:
                    self.interrupted = None  # the child's handler saw them: not stuck
                times = [t for t in (self.deadline, self.interrupted) if t is not None]
            if self.deadline is not None and self.deadline <= now:
                return self._last_resort(self.deadline)
            if self.interrupted is not None and self.interrupted <= now:
                return self._last_resort(self.interrupted)
            if not times:
                info = signal.sigwaitinfo(WAITED)
            else:
                timed = signal.sigtimedwait(WAITED, min(max(0.0, min(times) - now), 0.5))
                if timed is None:
                    continue
                info = timed
            self._received(info)

    def _status(self, code: int) -> int:
        """The status to exit with when the child ended with ``code``: 128 + a signal this
        process received and passed on that the child ended without acting on (its status 0:
        it reached the end of its script first; a Ctrl-C is acted on when its front end says
        so at a line boundary, not when its handler merely ran), else ``code``."""
        if code != 0:
            return code
        if self.signum is not None:
            return 128 + self.signum
        with self.lock:
            return 128 + signal.SIGINT if self.passed_on else 0

    def _received(self, info: Any) -> None:
        signum = info.si_signo
        if signum in FORWARDED:
            _send(self.pid, signum)
            if self.signum is None:
                self.signum = signum
                self.deadline = time.monotonic() + 2 * self.grace + LAST_RESORT_EXTRA
        elif signum == signal.SIGINT:
            now = time.monotonic()
            with self.lock:
                self.unseen += 1
                self.in_line += 1
                if info.si_code != SI_KERNEL:  # kill, perhaps to this process alone
                    _send(self.pid, signum)
                    self.passed_on = True
                if self.in_line >= 2 and self.interrupted is None:
                    self.interrupted = now + LAST_RESORT_EXTRA

    def _read_all(self) -> None:
        try:
            while self._read():
                pass
        except (OSError, ValueError):  # a damaged journal: keep what was read
            pass

    def _read(self) -> bool:
        data = os.read(self.fd, 1 << 16)
        if not data:
            return False
        *lines, self.buffer = (self.buffer + data).split(b"\n")
        for line in lines:
            self._apply(line)
        return True

    def _apply(self, line: bytes) -> None:
        """One journal line: the marks now; the games' items kept as they came
        and read (``json``) only for the last resort or when many are kept."""
        if line == b'{"i":1}':
            with self.lock:  # may come before this process counts the same Ctrl-C: never clamped
                self.unseen -= 1
        elif line == b'{"b":1}':
            with self.lock:
                self.in_line = 0
                self.passed_on = False  # the Ctrl-C passed on was acted on
        elif line == b'{"c":1}':
            self.closed = True
        else:
            self.kept.append(line)
            if len(self.kept) >= FOLD_AFTER:
                self._fold()

    def _fold(self) -> None:
        import json

        for line in self.kept:
            apply(self.games, json.loads(line))
        self.kept.clear()

    def _last_resort(self, when: float) -> int:
        signum = self.signum if when == self.deadline else signal.SIGINT
        assert signum is not None
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except OSError:
            pass
        self.reader.join(1.0)
        waited = 2 * self.grace + LAST_RESORT_EXTRA if signum != signal.SIGINT else LAST_RESORT_EXTRA
        from cardshell.messages import say

        reason = say("stop.last-resort", seconds=f"{waited:g}", signal=signal.Signals(signum).name)
        _line(sys.stderr, reason)
        notes: list[Any] = []
        problems: list[Any] = []
        if not self.closed:
            self._fold()
            notes, problems = save(self.games)
        status = 128 + signum
        if self.schema is None:
            for problem in problems:
                _line(sys.stderr, say("script.save-failed", problem=problem))
            for note in notes:
                _line(sys.stdout, note)
            return status
        _records(self.schema, reason, notes, problems, status)
        return status


def apply(games: dict[str, dict[str, Any]], item: dict[str, Any]) -> None:
    """Apply one journal item about a game (:mod:`cardshell.journal`) to ``games``
    (game id -> its header, whose ``log`` grows)."""
    if "h" in item:
        games[item["g"]] = item["h"]
    elif "a" in item and item["g"] in games:
        game = games[item["g"]]
        game["log"].extend(item["a"])
        game["elapsed"] = item["e"]
    elif "x" in item:
        games.pop(item["g"], None)


def _records(schema: int, reason: Any, notes: list[Any], problems: list[Any], status: int) -> None:
    """The last resort's words as porcelain records on standard output, as the shell writes them
    after a signal (:class:`cardshell.porcelain.JsonWriter`): the reason, each save's note or
    failure, then the ``exit`` record; nothing when the schema is not served (the child
    refused it) or standard output fails."""
    from cardshell.pipes import OutputFailed
    from cardshell.porcelain import SCHEMAS, JsonWriter

    if schema not in SCHEMAS:
        return
    writer = JsonWriter(sys.stdout, sys.stderr, schema, greeted=True)
    try:
        writer.problem(reason, "note")
        writer.save_failed(problems)
        writer.closed(notes)
        writer.exit(status)
    except OutputFailed:
        pass


def save(games: dict[str, dict[str, Any]]) -> tuple[list[Any], list[Any]]:
    """Write each game's automatic save (:func:`cardshell.saves.automatic` of its id); the
    shell's note for each save written, and the problem of each that failed (host messages);
    a game without moves is not saved, as the shell's own autosave skips it."""
    from pathlib import Path

    from cardshell import saves
    from cardshell.messages import say
    from cardshell.persistence import describe

    notes: list[Any] = []
    problems: list[Any] = []
    for gid, game in sorted(games.items()):
        if not game["log"]:
            continue
        data_dir = Path(game["data_dir"])
        record = saves.SaveRecord(game=game["game"], seed=game["seed"], options=game["options"],
                                  log=game["log"], undo_used=game["undo_used"], elapsed=game["elapsed"],
                                  uid=game["uid"], assisted=game["assisted"])
        try:
            with saves.locked(data_dir):
                saves.write(data_dir, gid if saves.is_automatic(gid) else saves.automatic(gid), record)
        except saves.SaveError as exc:
            problems.append(exc.message)
            continue
        notes.append(say("save.autosaved", what=describe(game["title"], game["seed"], len(game["log"])), game=gid))
    return notes, problems


def _send(pid: int, signum: int) -> None:
    try:
        os.kill(pid, signum)
    except OSError:
        pass


def _line(stream: Any, text: Any) -> None:
    from cardshell.render import text_of

    try:
        stream.write(text_of(text) + "\n")
        stream.flush()
    except (OSError, ValueError, AttributeError):
        pass
