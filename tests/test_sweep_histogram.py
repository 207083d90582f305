"""--plot: the text histogram (aligned, within 80 columns) and the PNG."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell.errors import CommandError
from cardshell.sweep import histogram as hist
from cardshell.sweep.histogram import Histogram, binned, nice_number, text, trimmed


def test_text_layout_exact():
    drawn = text(Histogram("Result", (("won", 3), ("lost", 1), ("tied", 0))), columns=50)
    assert drawn.text.split("\n") == [
        "Result (4 games)",
        " won | ################################# 3  75.00%",
        "lost | ###########                       1  25.00%",
        "tied |                                   0   0.00%",
    ]


@settings(max_examples=80)
@given(counts=st.lists(st.integers(0, 10**9), min_size=1, max_size=60),
       labels=st.lists(st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), min_size=1,
                               max_size=40), min_size=60, max_size=60))
def test_text_is_aligned_within_80_columns(counts, labels):
    rows = tuple(zip(labels, counts))
    lines = text(Histogram("Number of something", rows, unit="rounds")).text.split("\n")
    assert all(len(line) <= 80 for line in lines)
    if sum(counts) == 0:
        assert lines[1] == "(nothing to draw)"
        return
    body = lines[1:]
    assert len(body) == len(counts)
    assert len({line.index(" | ") for line in body}) == 1  # the bars start in one column
    assert len({len(line) for line in body}) == 1  # the counts end in one column
    bars = []
    for line in body:
        right = line[line.index(" | ") + 3:]
        bars.append(len(right) - len(right.lstrip("#")))
    assert all((bar > 0) == (count > 0) for bar, count in zip(bars, counts))  # a count above 0 shows
    assert bars[counts.index(max(counts))] == max(bars)  # the largest count has the longest bar
    assert all(bars[i] <= bars[j] for i in range(len(counts)) for j in range(len(counts))
               if counts[i] <= counts[j])  # bars grow with the counts


def test_trimmed_drops_empty_outcomes_at_both_ends_only():
    counts = [0, 0, 4, 0, 5, 0]
    assert trimmed(counts) == (("2", 4), ("3", 0), ("4", 5))
    assert trimmed(counts, descending=True) == (("4", 5), ("3", 0), ("2", 4))
    assert trimmed([0, 0]) == ()
    assert trimmed([1, 2], labels=["a", "b"]) == (("a", 1), ("b", 2))


def test_binned_merges_round_groups_into_at_most_max_rows():
    counts = [0] * 200
    counts[3], counts[5], counts[31] = 2, 7, 1
    rows = binned(counts, 100, max_rows=25)
    assert rows[0] == ("200-399", 2) and rows[-1] == ("3000-3199", 1)
    assert len(rows) <= 25 and sum(count for _, count in rows) == 10
    assert binned([0, 3, 4], 1) == (("1", 3), ("2", 4))
    assert binned([0, 0], 5) == ()


@settings(max_examples=60)
@given(counts=st.lists(st.integers(0, 50), min_size=1, max_size=400), width=st.integers(1, 1000),
       max_rows=st.integers(1, 40))
def test_binned_keeps_every_count(counts, width, max_rows):
    rows = binned(counts, width, max_rows)
    assert sum(count for _, count in rows) == sum(counts)
    assert len(rows) <= max_rows


def test_nice_numbers():
    assert [nice_number(x) for x in (0, 1, 1.5, 2, 3, 6, 50.005, 101, 4999)] == [1, 1, 2, 2, 5, 10, 100, 200, 5000]


needs_matplotlib = pytest.mark.skipif(not hist.matplotlib_available(), reason="matplotlib not installed")


@needs_matplotlib
def test_png_is_written_whole(tmp_path):
    tmp_path = tmp_path / "plots"
    tmp_path.mkdir()
    target = tmp_path / "hist.png"
    written = hist.write_png(Histogram("Number of cards left", (("52", 10), ("0", 30))), target)
    assert written == target
    data = target.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 1000
    assert [p.name for p in tmp_path.iterdir()] == ["hist.png"]  # no temporary file left
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask


@needs_matplotlib
def test_a_failed_png_write_leaves_nothing(tmp_path, monkeypatch):
    tmp_path = tmp_path / "plots"
    tmp_path.mkdir()
    def refuse(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(CommandError, match="cannot write .*No space left on device"):
        hist.write_png(Histogram("x", (("a", 1),)), tmp_path / "h.png")
    assert list(tmp_path.iterdir()) == []


@needs_matplotlib
def test_png_target_is_checked_before_a_sweep(tmp_path):
    assert hist.check_png_target(str(tmp_path / "ok.png")) == tmp_path / "ok.png"
    with pytest.raises(CommandError, match="does not exist"):
        hist.check_png_target(str(tmp_path / "missing" / "h.png"))
    (tmp_path / "dir.png").mkdir()
    with pytest.raises(CommandError, match="it is a folder"):
        hist.check_png_target(str(tmp_path / "dir.png"))
    with pytest.raises(CommandError, match="must end in .png"):
        hist.check_png_target(str(tmp_path / "h.jpg"))


def test_without_matplotlib_the_message_says_how_to_get_it(monkeypatch):
    monkeypatch.setattr(hist, "matplotlib_available", lambda: False)
    with pytest.raises(CommandError) as caught:
        hist.check_png_target("h.png")
    assert "pip install 'cardshell[plot]'" in str(caught.value)
    assert "--plot alone draws a text histogram" in str(caught.value)
