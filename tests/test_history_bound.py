"""The interactive history file is kept within cardshell.history.MAX_BYTES:
cut at start to its newest whole entries, read within the bound, cut again
when a session grows it past twice the bound."""

from __future__ import annotations

import os

from prompt_toolkit.history import FileHistory

from cardshell.history import BoundedHistory, newest_entries


def _write_entries(path, count: int, width: int = 20) -> list[str]:
    """A history of ``count`` entries written as prompt_toolkit writes them."""
    entries = [f"cmd {n:0{width}d}" for n in range(count)]
    history = FileHistory(str(path))
    for entry in entries:
        history.store_string(entry)
    return entries


def test_a_history_over_the_bound_is_cut_at_start_to_its_newest_whole_entries(tmp_path):
    path = tmp_path / "history"
    entries = _write_entries(path, 500)
    entries.append("a line\nof two")  # an entry of several lines stays whole
    FileHistory(str(path)).store_string(entries[-1])
    os.chmod(path, 0o600)
    history = BoundedHistory(path, max_bytes=4000)
    assert os.path.getsize(path) <= 4000 and os.stat(path).st_mode & 0o777 == 0o600
    kept = list(history.load_history_strings())
    assert kept[0] == "a line\nof two" and 40 < len(kept) < 100
    assert list(reversed(kept)) == entries[-len(kept):]  # the newest, none cut in two
    assert list(FileHistory(str(path)).load_history_strings()) == kept  # still prompt_toolkit's format


def test_reading_a_history_reads_within_the_bound_and_a_session_cuts_it_again(tmp_path):
    path = tmp_path / "history"
    history = BoundedHistory(path, max_bytes=2000)
    entries = _write_entries(path, 200)  # another shell writes meanwhile: 10 KB
    assert len(newest_entries(path, 2000)) <= 2000
    assert list(reversed(list(history.load_history_strings())))[-1] == entries[-1]
    history.store_string("mine")  # past twice the bound: cut
    assert os.path.getsize(path) <= 2000
    assert next(iter(BoundedHistory(path, max_bytes=2000).load_history_strings())) == "mine"


def test_a_small_history_is_left_as_it_is(tmp_path):
    path = tmp_path / "history"
    _write_entries(path, 3)
    before = path.read_bytes()
    BoundedHistory(path, max_bytes=4000)
    assert path.read_bytes() == before
