"""The sweep's progress line: one line, games counted, rate and ETA, wiped at the end."""

from __future__ import annotations

import io

from cardshell.sweep.progress import ProgressLine, format_duration


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_the_line_counts_deals_with_rate_and_eta():
    clock, stream = Clock(), io.StringIO()
    line = ProgressLine(1_000_000, "simulate 1,000,000", stream=stream, clock=clock, columns=200)
    assert stream.getvalue() == "\rsimulate 1,000,000: 0/1,000,000 games (0.0%), 0 games/s, ETA --:--:--"
    clock.now += 2.0
    line.advance(100_000)
    assert line.text() == "simulate 1,000,000: 100,000/1,000,000 games (10.0%), 50,000 games/s, ETA 0:00:18"
    assert stream.getvalue().endswith("\r" + line.text())


def test_redraws_are_throttled_and_never_wider_than_the_terminal():
    clock, stream = Clock(), io.StringIO()
    line = ProgressLine(10**12, "simulate 1,000,000,000,000", unit="rounds", stream=stream, clock=clock, columns=40)
    for _ in range(50):
        line.advance(10)  # no time passes: no redraw
    assert stream.getvalue().count("\r") == 1
    clock.now += 1
    line.advance(10)
    drawn = stream.getvalue().split("\r")
    assert len(drawn) == 3 and all(len(part) <= 39 for part in drawn)


def test_close_wipes_the_line_once():
    clock, stream = Clock(), io.StringIO()
    line = ProgressLine(None, "sweep", stream=stream, clock=clock, columns=80)
    clock.now += 4
    line.advance(8)
    line.draw()
    width = len(line.text())
    line.close()
    line.close()
    assert stream.getvalue().endswith("\r" + " " * width + "\r")
    assert stream.getvalue().count("\r" + " " * width + "\r") == 1
    assert line.text() == "sweep: 8 games, 2 games/s"


def test_a_shorter_line_covers_the_longer_one_before_it():
    clock, stream = Clock(), io.StringIO()
    line = ProgressLine(100, "s", stream=stream, clock=clock, columns=200)
    first = len(line.text())
    clock.now += 1000
    line.advance(1)
    line.draw()
    assert len(stream.getvalue().split("\r")[-1]) >= first


class Context:
    def __init__(self, interactive):
        self.interactive = interactive


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_only_a_person_at_a_terminal_gets_a_line():
    assert ProgressLine.for_context(Context(False), 10, "x", stream=Terminal()) is None
    assert ProgressLine.for_context(Context(True), 10, "x", stream=io.StringIO()) is None
    assert isinstance(ProgressLine.for_context(Context(True), 10, "x", stream=Terminal()), ProgressLine)


def test_a_closed_terminal_does_not_stop_the_sweep():
    stream = Terminal()
    line = ProgressLine(10, "x", stream=stream, clock=Clock(), columns=80)
    stream.close()
    line.advance(5)
    line.draw()
    line.close()


def test_format_duration():
    assert format_duration(0) == "0:00:00"
    assert format_duration(18.2) == "0:00:19"
    assert format_duration(100_000) == "27:46:40"
    assert format_duration(float("inf")) == format_duration(float("nan")) == "--:--:--"
