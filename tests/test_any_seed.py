"""Every built-in game deals from any seed Python's ``random.seed`` takes:
what contract 1 accepted (``play GAME --seed N`` for any integer) is never
narrowed.  Unbounded hypothesis integers, every game, the deal replayed by
its seed and through a save."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardshell.option_values import MAX_SEED_DIGITS
from cardshell.testing import execute_checked

GAMES = ["aces-up", "thumb-and-pouch", "pictures", "up-and-down", "minesweeper", "blackjack", "snap"]


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers())
def test_any_integer_seed_deals_and_replays_the_same_game(cardshell_shell, game, seed):
    shell = cardshell_shell(plugins=[game])
    reply = execute_checked(shell, f"play {game} --seed {seed}")
    assert reply.ok, reply.error
    assert shell.current.seed == seed and str(seed) in reply.output
    first = shell.current.state
    legal = list(shell.current.game.legal_moves(first)) if shell.current.game.legal_moves else []
    if legal and shell.current.outcome is None:
        assert execute_checked(shell, legal[0]).ok
    assert execute_checked(shell, "save any-seed").ok
    if shell.current.game.undo or not shell.current.moves or shell.current.outcome is not None:
        # the seed deals it again (a finished game's outcome is counted: no undo does not forbid a new start)
        assert execute_checked(shell, "restart").ok and shell.current.state == first
    else:  # a no-undo game in progress is never dealt again over itself: a fresh shell deals the seed
        assert not execute_checked(shell, "restart").ok
        fresh = cardshell_shell(plugins=[game])
        assert execute_checked(fresh, f"play {game} --seed {seed}").ok and fresh.current.state == first
    again = cardshell_shell(plugins=[game], data_dir=shell.data_dir)
    assert execute_checked(again, "load any-seed").ok
    assert again.current.seed == seed


def test_a_seed_of_the_longest_length_deals_and_one_digit_more_is_refused(cardshell_shell):
    shell = cardshell_shell(plugins=["aces-up"])
    longest = -int("9" * MAX_SEED_DIGITS)
    assert shell.execute(f"play aces-up --seed {longest}").ok and shell.current.seed == longest
    refused = shell.execute(f"play aces-up --seed 1{'0' * MAX_SEED_DIGITS}")
    assert not refused.ok and f"at most {MAX_SEED_DIGITS:,} digits" in refused.error
    assert shell.current.seed == longest  # nothing changed
