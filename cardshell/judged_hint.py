"""The host's ``hint``: every legal move judged on the same re-drawn deals.

A game with hidden information (:attr:`~cardshell.records.Game.determinize`)
is re-drawn ``samples`` times from what the player can see
(determinization).  Each legal move is played in each re-drawn deal and the
position after it is solved (:func:`cardshell.search.solve`) with a budget of
its own (``nodes`` positions), so every move is judged on the same deals and
the counts do not depend on how many samples share a budget.  A (move,
sample) pair is **won** (a winning line was found), **lost** (proved: the
game's outcome, a bound or an exhausted search) or **unsettled** (its budget
ran out).  The move with the most wins is recommended; ties go to the fewer
proved losses, then to the game's order of legal moves.  A game that hides
nothing has one deal, the true one: its hint is the first move of a winning
line found in it (:func:`cardshell.search.hint`), saying so.

Time: ``seconds`` bounds the whole hint; pairs are judged deal by deal, and
pairs not reached when it runs out are unsettled (a node budget, not the
clock, decides every other pair, so the same seed gives the same hint on any
machine).  The recommended move's share of wins comes with a Wilson
interval (:func:`cardshell.winnability.stats.wilson_interval`).

What this assumes: each re-drawn deal is solved by a player who sees it
whole, so a count is an upper bound on what a player who cannot see the
face-down cards wins after that move (strategy fusion).  The honest sweep
(:func:`cardshell.winnability.run.play_honestly`) re-draws at every decision
instead of trusting one line.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardshell import search
from cardshell.errors import CommandError
from cardshell.messages import HostMessage, say
from cardshell.records import Budget
from cardshell.ruleset import RuleSet
from cardshell.winnability.stats import wilson_interval

__all__ = ["Judged", "MoveCount", "judge", "reason"]


@dataclass(frozen=True)
class MoveCount:
    """One legal move's counts over the re-drawn deals.

    Attributes:
        move: the move as the player types it.
        won: deals where a winning line follows the move.
        lost: deals proved lost after the move.
        unsettled: deals whose budget ran out (or the clock before they were reached).
    """

    move: str
    won: int = 0
    lost: int = 0
    unsettled: int = 0

    @property
    def samples(self) -> int:
        """The deals the move was judged on."""
        return self.won + self.lost + self.unsettled


@dataclass(frozen=True)
class Judged:
    """What :func:`judge` found.

    Attributes:
        move: the recommended move ("" when there is none).
        counts: every judged move's counts, in the game's order (empty when
            the moves were not judged on re-drawn deals: no move, one move,
            a game's own hint, a game that hides nothing).
        why: a reason when the moves were not judged (a ``say`` text) or None.
    """

    move: str
    counts: tuple[MoveCount, ...] = ()
    why: Any = None

    @property
    def best(self) -> MoveCount | None:
        """The recommended move's counts (None when not searched)."""
        return next((count for count in self.counts if count.move == self.move), None)


def judge(rules: RuleSet, state: Any, *, rng: random.Random, samples: int, nodes: int, seconds: float,
          clock: Callable[[], float] = time.monotonic) -> Judged:
    """Judge every legal move of ``state`` on the same ``samples`` re-drawn deals.

    Args:
        rules: the game (searchable, or with its own hint).
        state: the true position; never changed.
        rng: the generator of the re-drawn deals (seed it: same seed, same hint).
        samples: re-drawn deals (>= 1); one when the game hides nothing.
        nodes: positions each (move, deal) pair may expand (>= 1).
        seconds: the whole hint's time; pairs not reached in it are unsettled.
        clock: the clock, in seconds (tests pass a fake).

    Returns:
        Judged: the recommended move (the most wins; ties: fewer proved
        losses, then the game's order) with every move's counts.

    Raises:
        CommandError: the game neither lists legal moves nor has its own
            hint; :class:`~cardshell.plugincheck.PluginFault` for plugin
            answers of the wrong type (as :func:`cardshell.search.solve`).
    """
    game = rules.game
    if game.hint is not None or game.determinize is None:
        # The game's own hint, checked; or one true deal: the first move of a winning line found in it
        found = search.hint(rules, state, rng=rng, samples=samples, budget=Budget(seconds, nodes))
        return Judged(found.move, why=found.why or None)
    legal = rules.checked_legal(state)
    if not legal:
        return Judged("", why=say("search.no-legal-move"))
    if len(legal) == 1:
        return Judged(legal[0], why=say("search.only-legal-move"))
    if game.side:
        return Judged(legal[0], why=say("search.no-decisions", title=game.title))
    deals = [game.determinize(state, rng) for _ in range(samples)]
    safe = safe_everywhere(rules, deals, legal)
    if safe is not None:
        return Judged(safe, why=say("search.safe-move"))
    tally = {move: [0, 0, 0] for move in legal}  # won, lost, unsettled
    deadline = clock() + seconds
    for deal in deals:
        for move in legal:
            tally[move][_judged(rules, deal, move, nodes, deadline - clock(), clock)] += 1
    counts = tuple(MoveCount(move, *tally[move]) for move in legal)
    best = max(counts, key=lambda count: (count.won, -count.lost))  # max keeps the first of equals
    return Judged(best.move, counts)


def safe_everywhere(rules: RuleSet, deals: list[Any], legal: list[str]) -> str | None:
    """The move the game declares safe (:attr:`~cardshell.records.Search.safe`: it never
    costs a win) in every one of ``deals``, the re-drawn deals of one position, when it
    is the same legal move in all of them; else None.

    Asking the re-drawn deals, never the true one, keeps the answer to what the player
    sees (two positions with the same view give the same answer).

    Raises:
        PluginFault: ``safe`` returned something else than a line or None, or a line
            its rules reject (:func:`cardshell.search.safe_move`).
    """
    if rules.search.safe is None or not deals:
        return None
    found: set[str] = set()
    for deal in deals:
        step = search.safe_move(rules, deal)
        if step is None:
            return None
        found.add(step[0])
        if len(found) > 1:
            return None
    move = found.pop()
    return move if move in legal else None


def _judged(rules: RuleSet, deal: Any, move: str, nodes: int, left: float, clock: Callable[[], float]) -> int:
    """0 (won), 1 (lost) or 2 (unsettled): ``move`` played in ``deal``, then solved within its budget."""
    if left <= 0:
        return 2
    try:
        after = rules.play(deal, move)
    except CommandError:  # a re-drawn deal where the move is not legal: nothing is known
        return 2
    verdict = search.solve(rules, after, Budget(left, nodes), clock=clock)
    return {"won": 0, "no win": 1}.get(verdict.result, 2)


def _percent(fraction: float) -> str:
    return f"{round(fraction * 100)}"


def reason(judged: Judged) -> HostMessage:
    """The hint's reply: the move with its counts, in a player's words.

    Raises:
        ValueError: ``judged`` has no move.
    """
    best = judged.best
    if not judged.move:
        raise ValueError("no move to tell")
    if best is None:
        return (say("hint.move", move=judged.move, why=say("hint.why", why=judged.why)) if judged.why
                else say("hint.move", move=judged.move, why=""))
    low, high = wilson_interval(best.won, best.samples)
    return say("hint.judged", move=judged.move, won=best.won, samples=best.samples,
               share=_percent(best.won / best.samples), low=_percent(low), high=_percent(high),
               lost=best.lost, unsettled=best.unsettled)
