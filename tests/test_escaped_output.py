"""No text from a file or a plugin drives the terminal (cardshell/screen.py,
``printable``): an escape sequence in a save's "saved" field, in a game name
of the statistics database, in a plugin's title, prompt, board, messages or
failed import reaches a script's output and a real terminal escaped, while
a board keeps its SGR colours and text without control characters is left
as it is."""

from __future__ import annotations

import io
import json
import os

import pytest

from cardshell import cli, saves, screen
from cardshell.script import run_script
from cardshell.shell import Shell
from cardshell_stats import store
from cardshell_stats.summary import Result
from conftest import TOY_PLUGINS
from terminal import spawn_cardshell

#: The raw sequences the hostile files and plugins hold: set the window's
#: title (OSC 0 ... BEL) and clear the screen.
RAW = ("\x1b]0;pwned", "\x1b[2J")
#: How they look once escaped.
TITLE_SHOWN = "Hostile\\x1b]0;pwned\\x07 Text"
SAVED_SHOWN = "saved \\x1b]0;pwned\\x07 at noon"
STATS_SHOWN = "its game '\\x1b]0;pwned\\x07x' is not a game id"
#: The board's colour, kept: hostile_text's render.
RED = "\x1b[31mred\x1b[0m board"


def test_printable_escapes_controls_keeps_newline_tab_and_board_colours():
    assert screen.printable("a\x1b[2J\tb\r\n\x07\x9b\x7f") == "a\\x1b[2J\tb\\r\n\\x07\\x9b\\x7f"
    assert screen.printable("\x1b[31mred\x1b[0m\x1b[2J", colours=True) == "\x1b[31mred\x1b[0m\\x1b[2J"
    assert screen.printable("\x1b[31mred") == "\\x1b[31mred"  # colours only where asked (a board)
    plain = "Aces Up, seed 1.\n10♥\t🂱"
    assert screen.printable(plain) == plain  # text without controls is never changed


def _hostile_data(data_dir) -> None:
    """A save whose "saved" field and a statistics row whose game name hold escape sequences."""
    shell = Shell.create(plugins=["aces-up"], data_dir=data_dir, seed=1, autosave=False)
    shell.execute("play aces-up --seed 1")
    shell.execute("D")
    assert shell.execute("save mine").ok
    path = saves.save_path(data_dir, "mine")
    record = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps(record | {"saved": "\x1b]0;pwned\x07 at noon"}), encoding="utf-8")
    store.add(data_dir, Result("aces-up", 7, "won", None, 20, 61.0))
    with store.writer(data_dir) as conn:
        conn.execute("INSERT INTO results (game, seed, result, moves, duration, undo_used, finished) "
                     "VALUES (?, 1, 'won', 3, 4.0, 0, '2026-01-01')", ("\x1b]0;pwned\x07x",))
    store.close()


SCRIPT = ["load", "stats --all", "games", "play hostile-text --seed 1", "poke", "bad\x1b[2Jline"]


def test_escape_sequences_reach_a_script_escaped(tmp_path):
    _hostile_data(tmp_path)
    shell = Shell.create(plugins=["aces-up", "stats"], extra_modules=["hostile_text"], data_dir=tmp_path,
                         seed=1, autosave=False)
    out, err = io.StringIO(), io.StringIO()
    assert run_script(shell, SCRIPT, "<test>", out, err, echo=True) == 1  # the last line is rejected
    printed = out.getvalue() + err.getvalue()
    assert not any(raw in printed for raw in RAW)
    for shown in (SAVED_SHOWN, STATS_SHOWN, f"{TITLE_SHOWN}, seed 1.", f"{TITLE_SHOWN}: escapes\\x1b[2J",
                  "hostile-text: hostile\\x1b[2J\\x1b[H> poke", "poked\\x1b]0;pwned\\x07\\r!",
                  f"{RED} 1\\x1b[2J\\x1b[H"):
        assert shown in printed, shown
    assert err.getvalue() == "<test>:6: bad line bad\\x1b[2Jline\\x1b[2J\\x1b[H\n"
    store.close()


def test_a_failed_imports_message_is_escaped(capsys, monkeypatch):
    monkeypatch.syspath_prepend(str(TOY_PLUGINS))
    assert cli.main(["--plugin", "hostile_import_text", "plugins"]) == 0
    err = capsys.readouterr().err
    assert "needs \\x1b[2J\\x1b]0;pwned\\x07 a library" in err and not any(raw in err for raw in RAW)


def test_escape_sequences_reach_a_terminal_escaped_and_a_board_keeps_its_colours(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    _hostile_data(tmp_path)
    path = os.pathsep.join(filter(None, [str(TOY_PLUGINS), os.environ.get("PYTHONPATH")]))
    child = spawn_cardshell(tmp_path, "aces-up,stats", "--plugin", "hostile_text", "--no-history",
                            env={"PYTHONPATH": path}, timeout=30)
    child.logfile_read = io.StringIO()  # everything the terminal received
    child.expect_exact("cardshell>")
    for line in ["load", "stats --all", "play hostile-text --seed 1", "poke"]:
        child.send(line + "\r")
    child.expect_exact("poked")
    child.send("exit\r")
    child.expect(pexpect.EOF)
    child.close()
    printed = child.logfile_read.getvalue()
    assert child.exitstatus == 0
    assert not any(raw in printed for raw in RAW)
    for shown in (SAVED_SHOWN, STATS_SHOWN, TITLE_SHOWN, RED):
        assert shown in printed, shown
