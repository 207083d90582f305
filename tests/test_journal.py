"""The journal of committed games (:mod:`cardshell.journal`) rebuilds, in
the supervisor (:func:`cardshell_launcher.supervisor.apply`), exactly the
records the shell's autosave would write, after every line: moves, undo
and redo, a new deal replacing a game, and a game left for another."""

from __future__ import annotations

import json
import os

from cardshell import journal
from cardshell.persistence import Persistence
from cardshell.testing import new_shell
from cardshell_launcher.supervisor import apply

FIELDS = ("game", "seed", "options", "log", "undo_used", "uid", "assisted")


def test_the_journal_rebuilds_each_game_record_after_every_line(tmp_path, monkeypatch):
    read_end, write_end = os.pipe()
    os.set_blocking(read_end, False)
    monkeypatch.setattr(journal, "JOURNAL", journal.Journal(write_end))
    shell = new_shell(["aces-up", "klondike"], data_dir=tmp_path, autosave=True)
    games: dict[str, dict] = {}
    buffer = b""
    lines = ["play aces-up --seed 7", "D", "F 1", "undo", "undo", "D", "redo", "D", "undo", "F 1",
             "play klondike --seed 2", "play aces-up --seed 8", "D", "play aces-up --seed 9", "switch klondike",
             "nonsense"]
    for line in lines:
        shell.execute(line)
        try:
            buffer += os.read(read_end, 1 << 20)
        except BlockingIOError:
            pass
        *items, buffer = buffer.split(b"\n")
        for item in items:
            apply(games, json.loads(item))
        expected = {gid: Persistence.record_of(session) for gid, session in shell.sessions.items()
                    if session.outcome is None}
        assert set(games) == set(expected), line
        for gid, record in expected.items():
            assert {name: games[gid][name] for name in FIELDS} == {name: getattr(record, name) for name in FIELDS}, line
    assert games["aces-up"]["seed"] == 9
    os.close(read_end)
    os.close(write_end)
