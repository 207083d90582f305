"""A failed save is never silent (issue 37 item 2): each one is reported on
stderr with its true cause, never on stdout, and the run exits 74."""

from __future__ import annotations

import errno
import os

import pytest

from cardshell import cli
from cardshell.script import EXIT_SAVE_FAILED


@pytest.fixture
def script(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSHELL_LOAD_PLUGINS", "aces-up")
    path = tmp_path / "moves.txt"
    path.write_text("play aces-up --seed 3\nD\n")
    return path


def full_disk(*args):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_data_directory_that_is_a_plain_file_is_named_as_the_cause(script, tmp_path, capsys):
    plain = tmp_path / "plain"
    plain.write_text("not a directory")
    status = cli.main(["--autosave", "--data-dir", str(plain), str(script)])
    out, err = capsys.readouterr()
    assert status == EXIT_SAVE_FAILED
    assert err == f"cardshell: cannot save 'aces-up': {str(plain)!r} is a file, not a directory\n"
    assert "cannot" not in out and "Saved" not in out
    assert plain.read_text() == "not a directory"


def test_a_full_disk_at_exit_is_reported_on_stderr_and_the_status(script, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(os, "fsync", full_disk)
    status = cli.main(["--autosave", "--data-dir", str(tmp_path / "data"), str(script)])
    out, err = capsys.readouterr()
    assert status == EXIT_SAVE_FAILED
    assert err == "cardshell: cannot save 'aces-up': [Errno 28] No space left on device\n"
    assert "Saved" not in out
    assert not (tmp_path / "data" / "saves" / "auto" / "aces-up.json").exists()


def test_a_failed_save_command_sets_the_status_too(script, tmp_path, capsys, monkeypatch):
    script.write_text("play aces-up --seed 3\nD\nsave mine\n")
    monkeypatch.setattr(os, "fsync", full_disk)
    status = cli.main(["--data-dir", str(tmp_path / "data"), str(script)])
    out, err = capsys.readouterr()
    assert status == EXIT_SAVE_FAILED
    assert err == f"{script}:3: cannot save 'mine': [Errno 28] No space left on device\n"


def test_the_save_that_worked_is_still_said_on_stdout(script, tmp_path, capsys):
    status = cli.main(["--autosave", "--data-dir", str(tmp_path / "data"), str(script)])
    out, err = capsys.readouterr()
    assert status == 0 and err == ""
    assert out.splitlines()[-1] == "Saved Aces Up (seed 3, 1 move): 'play aces-up' resumes it."
