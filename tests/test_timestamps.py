"""Save times as a player reads them (issue 12 item 8): local time, ``today`` and
``yesterday``, else the date; with a fixed clock and a fixed time zone."""

from __future__ import annotations

import time
from datetime import datetime, timezone

import pytest

from cardshell import timestamps
from cardshell.shell import Shell

#: 2026-11-23 00:30 UTC is 09:30 on 2026-11-23 in Tokyo (UTC+9, no daylight saving).
NOW = datetime(2026, 11, 23, 0, 30, tzinfo=timezone.utc)


@pytest.fixture
def tokyo(monkeypatch):
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("stamp, shown", [
    ("2026-11-23T00:12:40+00:00", "today 09:12"),
    ("2026-11-22T15:01:00+00:00", "today 00:01"),        # local midnight passed: today, not UTC's yesterday
    ("2026-11-22T14:59:00+00:00", "yesterday 23:59"),
    ("2026-11-22T09:03:59+00:00", "yesterday 18:03"),
    ("2026-11-20T09:03:00+00:00", "2026-11-20 18:03"),
    ("2026-11-20T18:03:00+09:00", "2026-11-20 18:03"),   # any offset, shown in local time
    ("2026-11-20T09:03:00", "2026-11-20 18:03"),         # no offset: UTC
    ("2027-01-01T00:00:00+00:00", "2027-01-01 09:00"),   # a later date (clock set back): the date
    ("not a time", "not a time"),                        # a hand-edited save: as it is
])  # fmt: skip
def test_readable_in_local_time(tokyo, stamp, shown):
    assert timestamps.readable(stamp, NOW) == shown


def test_readable_follows_the_time_zone(monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    try:
        assert timestamps.readable("2026-11-22T15:01:00+00:00", NOW) == "yesterday 15:01"
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_games_and_load_list_saves_in_local_time(tokyo, tmp_path, monkeypatch):
    monkeypatch.setattr(timestamps, "now", lambda: NOW)
    shell = Shell.create(plugins=["aces-up"], seed=1, data_dir=tmp_path, autosave=True)
    shell.execute("play aces-up --seed 7")
    shell.execute("D")
    assert shell.execute("save later").ok
    # The file keeps UTC; rewrite its instant to a known one (yesterday evening, Tokyo time).
    path = next(tmp_path.rglob("later*.json"))
    text = path.read_text(encoding="utf-8")
    saved = shell.persistence.read("later").saved
    path.write_text(text.replace(saved, "2026-11-22T09:03:00+00:00"), encoding="utf-8")
    listing = shell.execute("load").output
    assert "saved yesterday 18:03 ('load later')" in listing
    assert "saved yesterday 18:03 ('load later')" in " ".join(shell.execute("games").output.split())
