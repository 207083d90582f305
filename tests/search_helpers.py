"""Helpers shared by the solver tests: a seeded random walk through the legal
moves, and the check that a solver's line replays to a win through the rules."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from cardshell.ruleset import RuleSet


def random_walk(rules: RuleSet, state: Any, seed: int, steps: int) -> Any:
    """The state after up to ``steps`` legal moves chosen by ``random.Random(seed)``;
    the walk stops early at a position with no legal move or a finished game."""
    walker = random.Random(seed)
    for _ in range(steps):
        legal = rules.legal(state)
        if not legal or rules.outcome(state) is not None:
            break
        state = rules.play(state, walker.choice(legal))
    return state


def replays_to_a_win(rules: RuleSet, state: Any, line: Iterable[str]) -> bool:
    """Whether ``line`` is legal move after move from ``state`` and ends in a won game
    (an illegal line raises the rules' error)."""
    for move in line:
        state = rules.play(state, move)
    outcome = rules.outcome(state)
    return outcome is not None and outcome.result == "won"
