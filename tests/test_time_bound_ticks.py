"""The time bound of plugin calls in a script (cardshell/watchdog.py,
``bound_plugin_calls``): its interval timer ticks on from one bound to the
next, so a bound costs no timer call, and yet plugin code that loops is
stopped no earlier than its bound, named; the timer stops once no bound is
armed, and is off when the bound is turned off."""

from __future__ import annotations

import signal
import time

import pytest

from cardshell import watchdog
from cardshell.watchdog import PluginOvertime, bound_plugin_calls, plugin_bound

SECONDS = 0.2


@pytest.fixture
def script_bound(monkeypatch):
    """The script front end's bound, short; the timer calls counted."""
    calls: list[float] = []
    real = signal.setitimer

    def counted(which, seconds, interval=0.0):
        calls.append(seconds)
        return real(which, seconds, interval)

    monkeypatch.setattr(signal, "setitimer", counted)
    previous = signal.getsignal(signal.SIGALRM)
    bound_plugin_calls(SECONDS)
    try:
        yield calls
    finally:
        bound_plugin_calls(None)
        assert signal.getsignal(signal.SIGALRM) is previous


def spin(seconds: float) -> None:
    """Plugin code that loops (this file is not the host's): at most ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


def test_many_bounds_in_a_row_call_the_timer_only_when_it_ticked(script_bound):
    began = time.monotonic()
    for _ in range(1000):
        with plugin_bound("quick", "render"):
            pass
    ticks = (time.monotonic() - began) / watchdog.TICK + 1
    # started by the first bound; stopped only by a tick that found no bound, started again by the next
    assert script_bound[0] == watchdog.TICK and len(script_bound) <= 2 * ticks + 1


def test_a_loop_is_stopped_after_its_bound_even_on_a_timer_already_ticking(script_bound):
    with plugin_bound("quick", "render"):
        spin(watchdog.TICK * 1.5)  # the timer ticks on after this bound, at any phase
    began = time.monotonic()
    with pytest.raises(PluginOvertime) as caught, plugin_bound("loops", "cardshell_command_applied"):
        spin(30)
    assert time.monotonic() - began >= SECONDS
    assert str(caught.value).startswith(f"plugin 'loops': cardshell_command_applied did not return within "
                                        f"{SECONDS:g} s; stopped at test_time_bound_ticks.py:")


def test_the_timer_stops_once_no_bound_is_armed_and_when_the_bound_is_off(script_bound):
    with plugin_bound("quick", "render"):
        pass
    end = time.monotonic() + 5
    while signal.getitimer(signal.ITIMER_REAL) != (0.0, 0.0) and time.monotonic() < end:
        time.sleep(watchdog.TICK / 5)  # the host's own work, or a wait for input
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    with plugin_bound("quick", "render"):  # the next bound starts it again
        pass
    assert script_bound == [watchdog.TICK, 0, watchdog.TICK]
    bound_plugin_calls(None)
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
