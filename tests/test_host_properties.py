"""Property-based: whatever is typed, the host keeps its promises."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardshell.shell import Shell
from cardshell.testing import execute_checked

WORDS = ["inc", "+", "fail", "crash", "double", "play", "games", "help", "new", "restart",
         "counter", "aces-up", "--seed", "--start", "D", "F", "T", "1", "2", "-3", "x", "", "#"]

lines = st.one_of(
    st.lists(st.sampled_from(WORDS), max_size=4).map(" ".join),
    st.text(max_size=12),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(lines, max_size=25))
def test_random_lines_never_escape_and_rejections_change_nothing(script):
    shell = Shell.create(plugins=["aces-up"], seed=3, extra_modules=["toy_counter"])
    shell.execute("play aces-up --seed 11")
    shell.execute("play counter --seed 4")
    for line in script:
        if line.strip().lower() in ("exit", "quit", "q"):
            continue
        reply = execute_checked(shell, line, plugin_bugs_allowed=True)  # toy_counter's crash command
        if not reply.ok:
            assert reply.output == ""
        if "aces-up" in shell.sessions:
            state = shell.sessions["aces-up"].state
            cards = [*state.stock, *(c for column in state.tableau for c in column), *state.foundation]
            assert len(cards) == 52 and len(set(cards)) == 52
