"""Random lines through a real shell: the host's promises and the game's own
invariant hold after every line (hypothesis, with the ``cardshell_shell``
factory that cardshell's pytest plugin provides)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardshell.cards import new_deck
from cardshell.testing import execute_checked

LINES = ["guess higher", "g h", "g l", "guess sideways", "guess", "odds", "undo", "redo", "new", "restart",
         "show", "nosuch"]


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.lists(st.sampled_from(LINES), max_size=12))
def test_any_lines_keep_the_cards_and_the_promises(cardshell_shell, seed, lines):
    shell = cardshell_shell()  # a fresh shell and data directory for each example
    assert execute_checked(shell, f"play higher-lower --seed {seed}").ok
    for line in lines:
        reply = execute_checked(shell, line)  # a rejected line has a message and changed nothing
        assert reply.ok or reply.error
        state = shell.current.state
        assert len({*state.stock, state.card}) == len(state.stock) + 1  # no card twice
        assert {*state.stock, state.card} <= set(new_deck())
        assert len(state.stock) == 51 - shell.current.moves  # one card turned per accepted guess
        assert state.streak <= state.target
