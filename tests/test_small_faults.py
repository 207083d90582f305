"""Small faults of data and files, each with its test: deal lists that can be
typed back, a save's options read as ``play`` reads them and its version an
integer, a script's byte order mark, an empty ``--record`` file name, an
export to a FIFO that no process reads."""

from __future__ import annotations

import errno
import io
import json
import os
import threading
from array import array

import pytest

from cardshell import cli, saves
from cardshell.script import read_lines
from cardshell.shell import Shell
from cardshell.winnability.report import Tally, summary
from cardshell.winnability.store import DealResult, Key, Row, Store


def test_deal_lists_print_deals_as_play_seed_reads_them():
    tally_lines = summary("Aces Up", Key("aces-up", "v", "thoughtful", 1.0, 10), _tally([1000, 1002, 123456]))
    assert "Won (3): 1000, 1002, 123456" in tally_lines


def _tally(won: list[int]) -> Tally:
    return Tally(won=len(won), deals_by_result={"won": array("q", won), "no win": array("q"),
                                                "unknown": array("q")})


# -- a save's options and version ----------------------------------------------------

def _minesweeper_save(tmp_path, **changes) -> Shell:
    shell = Shell.create(plugins=["minesweeper"], data_dir=tmp_path, seed=1, autosave=False)
    shell.execute("play minesweeper --seed 1 --level beginner")
    shell.execute("a1")
    assert shell.execute("save mm").ok
    path = saves.save_path(tmp_path, "mm")
    record = json.loads(path.read_text(encoding="utf-8"))
    for key, value in changes.items():
        if key == "options":
            record["options"] = record["options"] | value
        else:
            record[key] = value
    path.write_text(json.dumps(record), encoding="utf-8")
    return Shell.create(plugins=["minesweeper"], data_dir=tmp_path, seed=1, autosave=False)


@pytest.mark.parametrize("changes, error", [
    ({"options": {"level": ["hard"]}},
     "save 'mm' cannot be resumed: option --level holds ['hard'], which 'play minesweeper --level VALUE' "
     "does not give"),
    ({"options": {"rows": "abc"}},
     "save 'mm' cannot be resumed: option --rows holds 'abc': argument --rows: invalid int value: 'abc'"),
    ({"options": {"rows": True}},
     "save 'mm' cannot be resumed: option --rows holds True, which 'play minesweeper --rows VALUE' does not give"),
    ({"options": {"colour": "red"}}, "save 'mm' cannot be resumed: Minesweeper has no option 'colour'"),
    ({"options": {"level": "hard"}},  # read as 'play' reads it; the game's new refuses it, as for a typed one
     "save 'mm' cannot be resumed: Minesweeper refuses the saved options: Unknown level 'hard': choose beginner, "
     "intermediate or expert"),
    ({"version": True}, "save 'mm' has format version true; this cardshell reads version 1"),
    ({"version": 1.0}, "save 'mm' has format version 1.0; this cardshell reads version 1"),
])
def test_a_saves_options_go_through_the_games_option_parser_and_its_version_is_an_integer(tmp_path, changes,
                                                                                             error):
    reply = _minesweeper_save(tmp_path, **changes).execute("load mm")
    assert (reply.ok, reply.error) == (False, error)


def test_a_save_with_options_play_gives_loads(tmp_path):
    reply = _minesweeper_save(tmp_path, options={"level": "expert"}).execute("load mm")
    assert reply.ok, reply.error


# -- scripts and files -----------------------------------------------------------------

def test_a_byte_order_mark_before_a_scripts_first_line_is_dropped():
    assert list(read_lines(io.StringIO("\ufeffplay aces-up\n\ufeffshow\n"))) == ["play aces-up\n", "\ufeffshow\n"]
    assert list(read_lines(io.StringIO("\ufeff"))) == []


def test_a_script_with_a_byte_order_mark_runs_its_first_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("CARDSHELL_LOAD_PLUGINS", "aces-up")
    script = tmp_path / "moves.txt"
    script.write_bytes("play aces-up --seed 1\n".encode("utf-8-sig"))
    assert cli.main([str(script)]) == 0
    printed = capsys.readouterr()
    assert printed.err == "" and printed.out.startswith("Aces Up, seed 1.")


def test_an_empty_record_file_name_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as stopped:
        cli.main(["--record", "", "plugins"])
    assert stopped.value.code == 2
    assert "argument --record: the file name is empty" in capsys.readouterr().err


def test_an_export_to_a_fifo_nobody_reads_fails_at_once_and_one_with_a_reader_is_written(tmp_path):
    fifo = tmp_path / "rows.csv"
    os.mkfifo(fifo)
    rows = [Row(Key("aces-up", "v", "thoughtful", 1.0, 10), 3, DealResult("won", 5, 0.1, ("D",)))]
    with pytest.raises(OSError) as refused:  # no reader: no wait
        Store.export(rows, fifo)
    assert refused.value.errno == errno.ENXIO
    assert refused.value.strerror == "no process is reading this FIFO: start its reader first"
    received: list[bytes] = []
    opened, exported = threading.Event(), threading.Event()

    def read() -> None:
        descriptor = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader, before the writer comes
        opened.set()
        chunks: list[bytes] = []
        with os.fdopen(descriptor, "rb", buffering=0) as handle:
            while not exported.is_set() or not chunks or chunks[-1]:  # until the writer is done and gone
                chunk = handle.read(65536)
                if chunk is None or (not chunk and not exported.is_set()):
                    exported.wait(0.01)  # nothing yet (no writer so far reads as the end, too)
                    continue
                chunks.append(chunk)
        received.append(b"".join(chunks))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    assert opened.wait(10)
    assert Store.export(rows, fifo) == 1
    exported.set()
    reader.join(10)
    assert received and received[0].decode().splitlines()[1].startswith("aces-up,v,thoughtful,3,")
