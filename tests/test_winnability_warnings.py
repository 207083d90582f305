"""A plugin's warnings found while a winnability sweep works reach the player,
whichever process worked on the deal (left alone in issue 26 item 3: a
warning given in a pool worker never reached the reply)."""

from __future__ import annotations

import pytest

from cardshell.ruleset import MAX_WARNINGS
from cardshell.shell import Shell
from cardshell.winnability.run import carried
from cardshell.winnability.store import DealResult

#: What hostile_listed_move's first lie (deal 0) gives, once per shell.
LIE = "plugin 'hostile_listed_move': legal_moves listed 'take 8', which its rules reject; left out"


def lying_shell() -> Shell:
    return Shell.create(plugins=[], extra_modules=["hostile_listed_move"], seed=0, autosave=False)


@pytest.mark.parametrize("jobs", ["--jobs 1", "--jobs 2"])
@pytest.mark.parametrize("mode", ["--thoughtful", "--honest --samples 2"])
def test_a_sweeps_warning_reaches_the_reply_once_from_any_process(jobs, mode):
    reply = lying_shell().execute(f"winnability lying-moves --deals 0:6 {mode} {jobs}")
    assert reply.ok, reply.error
    assert reply.warnings == [LIE]


def test_a_deals_warnings_go_back_with_its_result_and_are_not_told_in_the_worker():
    rules = lying_shell().rules("lying-moves")
    with carried(rules) as held:
        rules.warn("legal_moves", "listed 'take 8', which its rules reject; left out")
    assert held == [("legal_moves", "listed 'take 8', which its rules reject; left out")]
    assert rules.warnings == []  # told by the sweep, where the player is


def test_a_deal_that_fails_tells_its_warnings_at_once():
    rules = lying_shell().rules("lying-moves")
    with pytest.raises(RuntimeError), carried(rules):
        rules.warn("legal_moves", "listed 'take 8', which its rules reject; left out")
        raise RuntimeError("the deal failed")
    assert rules.warnings == [LIE]


def test_the_warnings_a_result_carries_are_not_part_of_its_value():
    # Rows read back from the table carry none; a worker's result is still equal to them.
    assert DealResult("won", 5, 0.1, ("take 1",), (("legal_moves", "x"),)) == DealResult("won", 5, 0.1, ("take 1",))


def test_a_deal_holds_each_warning_once_and_a_bounded_number_of_them():
    # A search may call a lying legal_moves a million times in one deal: what
    # goes back to the sweep stays small.
    rules = lying_shell().rules("lying-moves")
    with carried(rules) as held:
        for _ in range(1000):
            rules.warn("legal_moves", "listed 'take 8', which its rules reject; left out")
        for number in range(1000):
            rules.warn("legal_moves", f"listed 'take {number}', which its rules reject; left out")
    assert len(held) == MAX_WARNINGS
    assert held[:2] == [("legal_moves", "listed 'take 8', which its rules reject; left out"),
                        ("legal_moves", "listed 'take 0', which its rules reject; left out")]
