"""Exports never destroy cardshell's own files (issue 28 item 2).

``--export FILE.csv`` and ``--plot FILE.png`` are refused when the path
resolves to one of cardshell's own files (a symbolic or hard link to the
winnability table, a file in the saves directory), and every export is
written through a temporary file renamed over the target, so a failed
write leaves the old file as it was.
"""

from __future__ import annotations

import errno
import os

import pytest

from cardshell import ownfiles
from cardshell.paths import history_file
from cardshell.render import text_of
from cardshell.shell import Shell
from cardshell.winnability.store import FILE_NAME, Key, Store

RUN = "winnability thumb-and-pouch --deals 0:3 --nodes 300 --seconds 600 --jobs 1"


@pytest.fixture
def shell(tmp_path):
    return Shell.create(["thumb-and-pouch"], data_dir=tmp_path / "data")


def stored(data_dir):
    with Store.in_directory(data_dir) as store:
        return [(row.deal, row.outcome.result, row.outcome.line) for row in store.rows()]


@pytest.mark.parametrize("link", [os.symlink, os.link])
def test_an_export_linked_to_the_table_is_refused_and_the_table_is_intact(shell, tmp_path, monkeypatch, link):
    assert shell.execute(RUN).ok
    before = stored(shell.data_dir)
    assert len(before) == 3
    monkeypatch.chdir(tmp_path)
    link(shell.data_dir / FILE_NAME, tmp_path / "x.csv")
    reply = shell.execute(f"{RUN} --export x.csv")
    assert not reply.ok
    assert reply.error.startswith("will not write x.csv: it is the winnability table (")
    assert stored(shell.data_dir) == before


def test_a_plot_in_the_saves_directory_is_refused_before_anything_is_solved(shell):
    target = shell.data_dir / "saves" / "chart.png"
    target.parent.mkdir(parents=True)
    reply = shell.execute(f"{RUN} --plot {target}")
    assert not reply.ok and "it is in the saves directory" in reply.error
    assert not (shell.data_dir / FILE_NAME).exists()  # refused before the table was even opened


def test_own_files_are_named_as_their_modules_name_them(tmp_path):
    from cardshell_stats.store import FILENAME

    assert FILE_NAME in ownfiles.DATA_FILES and FILENAME in ownfiles.DATA_FILES
    assert history_file(tmp_path).name in ownfiles.DATA_FILES
    for own in (tmp_path / "stats.sqlite3-journal", history_file(tmp_path), tmp_path / "saves" / "a.json"):
        assert ownfiles.refusal(own, tmp_path) is not None
    assert ownfiles.refusal(tmp_path / "report.csv", tmp_path) is None
    recording = tmp_path / "session.txt"
    assert "this session's recording" in text_of(ownfiles.refusal(recording, tmp_path / "data",
                                                                  also=[(recording, "this session's recording")]))


def test_a_failed_export_leaves_the_old_file_and_no_temporary_file(tmp_path):
    folder = tmp_path / "exports"
    folder.mkdir()
    target = folder / "old.csv"
    target.write_text("what the user had\n")
    key = Key("g", "1+x", "thoughtful", 1.0, 10)
    from cardshell.winnability.store import DealResult, Row

    def rows():
        yield Row(key, 0, DealResult("won", 3, 0.1, ("a",)))
        raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(OSError, match="No space left"):
        Store.export(rows(), target)
    assert target.read_text() == "what the user had\n"
    assert sorted(path.name for path in folder.iterdir()) == ["old.csv"]


def test_an_export_through_a_symbolic_link_replaces_the_linked_file_whole_and_keeps_the_link(tmp_path):
    linked = tmp_path / "linked.csv"
    linked.write_text("last week's export\n")
    before = linked.stat().st_ino
    link = tmp_path / "out.csv"
    link.symlink_to(linked)
    assert Store.export([], link) == 0
    assert link.is_symlink() and linked.read_text().startswith("game,rules_version,")
    assert linked.stat().st_ino != before  # a new file renamed over it, never the old one rewritten
    assert oct(linked.stat().st_mode & 0o777) == oct(0o666 & ~_umask())


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask
