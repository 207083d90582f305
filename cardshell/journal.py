"""The journal of committed games sent to the launcher's supervisor.

When the ``cardshell`` launcher supervises the process
(:mod:`cardshell_launcher.supervisor`, only when an autosave is due), it
passes the write end of a pipe in :data:`ENV`.  After every line the shell
ran to its end, :meth:`Journal.commit` sends what changed in the games in
progress, one JSON object per line:

* ``{"g": ID, "h": {...}}``: a game's header, the fields of its
  :class:`cardshell.savefile.SaveRecord` with its whole ``log`` (a new
  game, or one whose log was undone or replaced);
* ``{"g": ID, "a": [LINE, ...], "e": SECONDS}``: lines appended to its log;
* ``{"g": ID, "x": 1}``: the game ended or left the table (nothing to save);
* ``{"c": 1}``: the shell's own autosave ran (the supervisor saves nothing);
* ``{"i": 1}``: the shell's Ctrl-C handler ran (plugin code is not stuck in C);
* ``{"b": 1}``: the front end acted on a Ctrl-C at a line boundary.

The supervisor rebuilds the same save records the shell's autosave would
write, so a process stuck in C can be saved from its last committed state.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

#: The environment variable holding the journal pipe's file descriptor.
ENV = "CARDSHELL_JOURNAL_FD"


class Journal:
    """The sending end: ``fd`` is the pipe's write end; ``sent`` is each game's
    (uid, lines sent) so only what changed is sent."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.sent: dict[str, tuple[str, list[str]]] = {}

    def _send(self, items: list[dict[str, Any]]) -> None:
        if not items:
            return
        data = "".join(json.dumps(item, ensure_ascii=False, separators=(",", ":")) + "\n"
                       for item in items).encode("utf-8")
        try:
            while data:
                data = data[os.write(self.fd, data):]
        except OSError:  # the supervisor is gone: nothing to tell
            self.fd = -1

    def commit(self, sessions: Mapping[str, Any], data_dir: Path) -> None:
        """Send what changed in ``sessions`` (game id -> :class:`cardshell.session.GameSession`)
        since the last call; ``data_dir`` is where their saves go."""
        if self.fd < 0:
            return
        items: list[dict[str, Any]] = []
        live = set()
        for gid, session in sessions.items():
            if session.outcome is not None:
                continue
            live.add(gid)
            log = session.log
            known = self.sent.get(gid)
            if known is not None and known[0] == session.uid and len(log) >= len(known[1]) \
                    and (not session.undo_used or log[:len(known[1])] == known[1]):
                lines = known[1]
                if len(log) > len(lines):
                    added = log[len(lines):]
                    lines.extend(added)
                    items.append({"g": gid, "a": added, "e": round(session.elapsed, 3)})
                continue
            self.sent[gid] = (session.uid, list(log))
            items.append({"g": gid, "h": {
                "data_dir": str(data_dir), "title": session.game.title, "game": session.id,
                "seed": session.seed, "options": dict(session.options), "log": list(log),
                "undo_used": session.undo_used, "elapsed": round(session.elapsed, 3), "uid": session.uid,
                "assisted": session.assisted}})
        for gid in [gid for gid in self.sent if gid not in live]:
            del self.sent[gid]
            items.append({"g": gid, "x": 1})
        try:
            self._send(items)
        except (TypeError, ValueError):  # options that are not JSON: the autosave reports them itself
            self.fd = -1

    def closed(self) -> None:
        """Tell the supervisor the shell's own autosave ran."""
        if self.fd >= 0:
            self._send([{"c": 1}])


def interrupted() -> None:
    """From the Ctrl-C handler: tell the supervisor the process still runs Python (never raises)."""
    _mark(b'{"i":1}\n')


def acted() -> None:
    """A front end acted on a Ctrl-C at a line boundary: tell the supervisor (never raises)."""
    _mark(b'{"b":1}\n')


def _mark(line: bytes) -> None:
    """Write one journal ``line`` as it is (no ``json``: a signal handler calls it), never raising."""
    if JOURNAL is not None and JOURNAL.fd >= 0:
        try:
            os.write(JOURNAL.fd, line)
        except OSError:
            pass


def _from_env() -> Journal | None:
    text = os.environ.pop(ENV, "")
    if not text.isdigit():
        return None
    fd = int(text)
    try:
        os.set_inheritable(fd, False)
    except OSError:
        return None
    return Journal(fd)


#: The journal of this process, or None when no supervisor reads one.
JOURNAL: Journal | None = _from_env()
