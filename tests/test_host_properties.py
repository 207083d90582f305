"""Property-based: whatever is typed, the host keeps its promises."""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardshell.shell import Shell

WORDS = ["inc", "+", "fail", "crash", "double", "play", "games", "help", "new", "restart",
         "counter", "aces-up", "--seed", "--start", "D", "F", "T", "1", "2", "-3", "x", "", "#"]

lines = st.one_of(
    st.lists(st.sampled_from(WORDS), max_size=4).map(" ".join),
    st.text(max_size=12),
)


def _snapshot(shell):
    return {gid: copy.deepcopy(s.state) for gid, s in shell.sessions.items()}, (
        shell.current.id if shell.current else None)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(lines, max_size=25))
def test_random_lines_never_escape_and_rejections_change_nothing(script):
    shell = Shell.create(plugins=["aces-up"], seed=3, extra_modules=["toy_counter"])
    shell.execute("play aces-up --seed 11")
    shell.execute("play counter --seed 4")
    for line in script:
        if line.strip().lower() in ("exit", "quit", "q"):
            continue
        before = _snapshot(shell)
        reply = shell.execute(line)  # must never raise
        assert isinstance(reply.ok, bool)
        if not reply.ok:
            assert reply.error and reply.output == ""
            assert _snapshot(shell) == before  # every game, not only the current one
        if "aces-up" in shell.sessions:
            state = shell.sessions["aces-up"].state
            cards = state.stock + [c for column in state.tableau for c in column] + state.foundation
            assert len(cards) == 52 and len(set(cards)) == 52
