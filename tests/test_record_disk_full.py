"""A full disk under ``--record`` (issue 28 item 1).

The recording stops at its last whole line with one warning, the game goes
on and is saved on exit (``--autosave``), and the run exits 74 instead of
0; a recording that cannot even be started changes nothing and exits 2.
The disk is full for real where the system has ``/dev/full``, and through
an ``os.write`` that runs out of room (a short write, then ``ENOSPC``, as a
file system does) for a disk that fills during the session.
"""

from __future__ import annotations

import errno
import os

import pytest

from cardshell import cli
from cardshell.recording import HEADER, Recorder, RecordFile
from cardshell.saves import automatic, read
from cardshell.script import EXIT_OK, EXIT_OUTPUT, EXIT_USAGE

MOVES = ["D"] * 6


class FullDisk:
    """``os.write`` on a disk with ``room`` bytes left for files (descriptors above 2)."""

    def __init__(self, room: int) -> None:
        self.room = room
        self.real = os.write
        self.refused = 0

    def __call__(self, fd: int, data: bytes) -> int:
        if fd <= 2:
            return self.real(fd, data)
        if self.room <= 0:
            self.refused += 1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written = self.real(fd, bytes(data[: self.room]))
        self.room -= written
        return written


@pytest.fixture
def session(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSHELL_LOAD_PLUGINS", "aces-up")
    script = tmp_path / "moves.txt"
    script.write_text("play aces-up --seed 3\n" + "".join(f"{move}\n" for move in MOVES))
    return script


def test_a_disk_that_fills_stops_the_recording_at_a_whole_line_and_keeps_the_game(session, tmp_path, monkeypatch,
                                                                               capsys):
    record, data = tmp_path / "rec.txt", tmp_path / "data"
    room = len(HEADER) + len("play aces-up --seed 3\n") + 1  # the header, one line, half the next
    disk = FullDisk(room)
    monkeypatch.setattr(os, "write", disk)
    status = cli.main(["--autosave", "--data-dir", str(data), "--record", str(record), str(session)])
    out, err = capsys.readouterr()
    assert status == EXIT_OUTPUT
    assert err.count("\n") == 1 and "Traceback" not in err  # one message
    assert err.startswith(f"{session}:2: warning: the recording {record} stopped after 1 line (")
    assert os.strerror(errno.ENOSPC) in err and "the game goes on" in err
    assert record.read_text() == HEADER + "play aces-up --seed 3\n"  # cut back to its last whole line
    assert disk.refused == 1  # no write was tried once the recording had stopped
    saved = read(data, automatic("aces-up"))  # the autosave still happened: every move is in it
    assert (saved.seed, saved.log) == (3, MOVES)
    assert "Saved Aces Up (seed 3" in out


def test_without_a_full_disk_the_same_run_exits_0_and_records_every_line(session, tmp_path, capsys):
    record = tmp_path / "rec.txt"
    record.write_text("an older recording\n")
    status = cli.main(["--record", str(record), str(session)])
    assert (status, capsys.readouterr().err) == (EXIT_OK, "")
    lines = record.read_text().removeprefix(HEADER).splitlines()
    assert lines[0] == "play aces-up --seed 3" and len(lines) > 1


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_a_recording_on_a_full_disk_from_the_start_runs_nothing(session, tmp_path, capsys):
    status = cli.main(["--data-dir", str(tmp_path / "data"), "--record", "/dev/full", str(session)])
    out, err = capsys.readouterr()
    assert status == EXIT_USAGE and out == ""
    assert err == f"cardshell: cannot write /dev/full: {os.strerror(errno.ENOSPC)}\n"
    assert os.path.exists("/dev/full") and not os.path.isfile("/dev/full")  # written as a device, never replaced


def test_a_full_disk_at_the_start_leaves_the_old_recording_and_no_temporary_file(session, tmp_path, monkeypatch,
                                                                                capsys):
    folder = tmp_path / "records"
    folder.mkdir()
    record = folder / "rec.txt"
    record.write_text("yesterday's session\n")
    monkeypatch.setattr(os, "write", FullDisk(10))
    status = cli.main(["--record", str(record), str(session)])
    assert status == EXIT_USAGE
    assert capsys.readouterr().err == f"cardshell: cannot write {record}: {os.strerror(errno.ENOSPC)}\n"
    assert record.read_text() == "yesterday's session\n"
    assert [path.name for path in folder.iterdir()] == ["rec.txt"]


def test_a_record_file_linked_to_the_history_is_refused(session, tmp_path, capsys):
    data = tmp_path / "data"
    data.mkdir()
    (data / "history").write_text("play aces-up\n")
    (tmp_path / "rec.txt").symlink_to(data / "history")
    status = cli.main(["--data-dir", str(data), "--record", str(tmp_path / "rec.txt"), str(session)])
    assert status == EXIT_USAGE
    assert "it is the command history" in capsys.readouterr().err
    assert (data / "history").read_text() == "play aces-up\n"


def test_a_record_file_through_a_symbolic_link_replaces_the_linked_file_and_keeps_the_link(tmp_path):
    real = tmp_path / "real.txt"
    real.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    recording = RecordFile.create(link)
    recorder = Recorder(recording)
    assert recorder.add("play aces-up --seed 1") is None
    recording.close()
    assert link.is_symlink() and real.read_text() == HEADER + "play aces-up --seed 1\n"
