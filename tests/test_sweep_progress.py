"""The sweep's progress line: one line, games counted, rate and ETA, never
wider than the terminal, wiped at the end (the screen is read back through
pyte, a terminal emulator)."""

from __future__ import annotations

import io
import time

import pyte

from cardshell.progress import HELD_SECONDS, ProgressLine, format_duration, rate_text


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


class Terminal(io.StringIO):
    def isatty(self):
        return True


def screen_of(text, columns=40, lines=4):
    """What a terminal of that size shows after ``text`` was written to it."""
    screen = pyte.Screen(columns, lines)
    pyte.Stream(screen).feed(text)
    return screen


def drawn(stream, what, columns=40, seconds=10.0):
    """Wait (at most ``seconds``) until the first row of the screen shows
    ``what`` (the line is redrawn by difference: only what changed is written)."""
    end = time.monotonic() + seconds
    while screen_of(stream.getvalue(), columns).display[0].rstrip() != what and time.monotonic() < end:
        time.sleep(0.01)
    return screen_of(stream.getvalue(), columns).display[0].rstrip() == what


def test_the_line_counts_deals_with_rate_and_eta():
    clock = Clock()
    line = ProgressLine(1_000_000, "simulate 1,000,000", stream=Terminal(), clock=clock, columns=200)
    try:
        assert line.text() == "simulate 1,000,000: 0/1,000,000 games (0.0%), ETA --:--:--"  # no rate of nothing
        clock.now += 2.0
        line.advance(100_000)
        assert line.text() == "simulate 1,000,000: 100,000/1,000,000 games (10.0%), 50,000 games/s, ETA 0:00:18"
    finally:
        line.close()


def test_a_narrow_terminal_drops_detail_never_a_word():
    clock = Clock()
    line = ProgressLine(2_000_000, "simulate 2,000,000", stream=Terminal(), clock=clock, columns=60)
    try:
        clock.now += 10
        line.advance(46_000)
        assert line.text(59) == "simulate 2,000,000: 2.3%, ETA 0:07:05"
        assert line.text(30) == "2.3%, ETA 0:07:05"
        assert line.text(5) == "2.3%"
        unknown = ProgressLine(None, "winnability aces-up", "deals", stream=Terminal(), clock=clock, columns=20)
        unknown.advance(25)
        assert unknown.text(19) == "25 deals"  # never '25 deals/' as a cut line would be
        unknown.close()
    finally:
        line.close()


def test_a_deal_that_holds_the_sweep_is_named_instead_of_an_eta_that_stays():
    clock = Clock()
    line = ProgressLine(20, "winnability aces-up", "deals", stream=Terminal(), clock=clock, columns=200,
                        deal_seconds=10)
    try:
        clock.now += 1.9
        line.advance(19)
        assert line.text().endswith("ETA 0:00:01")
        clock.now += HELD_SECONDS + 6
        assert line.text() == "winnability aces-up: 19/20 deals (95.0%), a deal running 0:00:08 (at most 0:00:10)"
    finally:
        line.close()


def test_the_line_is_drawn_within_the_width_and_wiped_when_closed():
    clock, stream = Clock(), Terminal()
    line = ProgressLine(10**12, "simulate 1,000,000,000,000", unit="rounds", stream=stream, clock=clock, columns=40)
    clock.now += 1
    line.advance(10**6)
    assert drawn(stream, line.text(39))  # the line as it is now, at the next redraw
    shown = screen_of(stream.getvalue()).display
    assert shown[0].strip() and shown[0].rstrip() == line.text(39)
    line.close()
    line.close()  # idempotent
    after = screen_of(stream.getvalue())
    assert all(not row.strip() for row in after.display)  # nothing left behind
    assert (after.cursor.x, after.cursor.y) == (0, 0)  # the reply starts where the line was


def test_a_line_wiped_by_ctrl_c_leaves_nothing():
    stream = Terminal()
    try:
        line = ProgressLine(100, "simulate 100", stream=stream, columns=60)
        try:
            assert drawn(stream, line.text(59), 60)
            raise KeyboardInterrupt
        finally:
            line.close()
    except KeyboardInterrupt:
        pass
    assert all(not row.strip() for row in screen_of(stream.getvalue(), 60).display)


class Context:
    def __init__(self, interactive):
        self.interactive = interactive


def test_only_a_person_at_a_terminal_gets_a_line():
    assert ProgressLine.for_context(Context(False), 10, "x", stream=Terminal()) is None
    assert ProgressLine.for_context(Context(True), 10, "x", stream=io.StringIO()) is None
    line = ProgressLine.for_context(Context(True), 10, "x", stream=Terminal())
    assert isinstance(line, ProgressLine)
    line.close()


def test_a_closed_terminal_does_not_stop_the_sweep():
    stream = Terminal()
    line = ProgressLine(10, "x", stream=stream, clock=Clock(), columns=80)
    stream.close()
    line.advance(5)
    line.draw()
    line.close()
    assert line.done == 5


def test_format_duration():
    assert format_duration(0) == "0:00:00"
    assert format_duration(18.2) == "0:00:19"
    assert format_duration(100_000) == "27:46:40"
    assert format_duration(float("inf")) == format_duration(float("nan")) == "--:--:--"


def test_a_slow_sweep_shows_its_rate_with_decimals_and_only_once_it_means_something():
    clock = Clock()
    line = ProgressLine(None, "winnability aces-up", "deals", stream=Terminal(), clock=clock, columns=200)
    try:
        clock.now += 0.5
        line.advance(7)
        assert line.text() == "winnability aces-up: 7 deals"  # half a second: no rate yet
        clock.now += 9.5
        assert line.text() == "winnability aces-up: 7 deals, 0.70 deals/s"  # never "0 deals/s"
    finally:
        line.close()
    assert [rate_text(done, 1.0) for done in (0, 3, 25, 123_456)] == [None, "3.00", "25.0", "123,456"]
