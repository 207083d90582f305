"""Blackjack: many rounds played by the policy "hit below T", for win, loss and tie rates.

The dealer hits while under 17 and :func:`cardshell_blackjack.rules.settle`
settles.  Round k of ``simulate(n, T, seed)`` is the first round of ``play
blackjack --seed SEED+k``, dealt from its own seed, so the counts are the
same on one core, many (``--jobs``) or a Dask cluster (:mod:`cardshell.sweep`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial

from cardshell import sweep
from cardshell.cards import new_deck
from cardshell_blackjack.rules import TARGET, dealer_play, hand_value, settle

#: The default player policy: hit below this value.
DEFAULT_THRESHOLD = 17

#: The unshuffled deck, built once: copying it and shuffling the copy with the
#: generator gives exactly :func:`cardshell.cards.shuffled_deck` (same order,
#: same draws), without building 52 cards per round.
_FRESH_DECK = tuple(new_deck())

#: The outcomes of a round from the player's view, in the order counted.
OUTCOMES = ("won", "lost", "draw")
#: What the report and the histogram call them.
OUTCOME_NAMES = ("won", "lost", "tied")



@dataclass(frozen=True)
class SimulationCounts:
    """How many of ``rounds`` the player won, lost (busts included) and tied."""

    rounds: int
    won: int
    lost: int
    tied: int

    def rate(self, result: str) -> float:
        """The fraction (0.0-1.0) of rounds with ``result`` (``"won"``, ``"lost"`` or ``"tied"``)."""
        return getattr(self, result) / self.rounds if self.rounds else 0.0


def play_policy_round(rng: random.Random, threshold: int) -> str:
    """Play one round from a fresh deck shuffled by ``rng``, hitting below ``threshold``.

    Returns ``"won"``, ``"lost"`` or ``"draw"``; after a player's bust the dealer does not draw.
    """
    deck = list(_FRESH_DECK)
    rng.shuffle(deck)  # == shuffled_deck(rng)
    player = [deck.pop(), deck.pop()]
    dealer = [deck.pop(), deck.pop()]
    while hand_value(player) < threshold:
        player.append(deck.pop())
    if hand_value(player) <= TARGET:
        dealer_play(deck, dealer)
    return settle(player, dealer)


def round_outcome(seed: int, threshold: int = DEFAULT_THRESHOLD) -> int:
    """The index in :data:`OUTCOMES` of the first round of deal ``seed`` played by the policy."""
    # A generator of its own (as GameRandom(seed) draws): a Dask worker may
    # play several rounds at once in threads.
    return OUTCOMES.index(play_policy_round(random.Random(seed), threshold))


def _task(state: object, args: sweep.SweepArgs) -> sweep.Tally:
    (threshold,) = args.extras
    return sweep.Tally(partial(round_outcome, threshold=threshold), len(OUTCOMES))


def simulate(n: int, threshold: int = DEFAULT_THRESHOLD, seed: int = 0, jobs: int = 1) -> SimulationCounts:
    """Play ``n`` rounds, seeds ``seed .. seed + n - 1``, hitting below ``threshold``.

    ``jobs`` is processes (1: this one; 0: every usable core; capped at the
    usable cores); the counts do not depend on it.

    Raises:
        ValueError: if ``n`` or ``jobs`` is negative.
    """
    if n < 0:
        raise ValueError(f"n must be at least 0, got {n}")
    processes, _ = sweep.resolve_jobs(jobs)
    backend = sweep.Pool(processes) if processes > 1 else sweep.Serial()
    counts = sweep.reduce(sweep.Tally(partial(round_outcome, threshold=threshold), len(OUTCOMES)),
                          range(seed, seed + n), [0] * len(OUTCOMES), sweep.add_counts, backend=backend)
    return SimulationCounts(n, *counts)


def format_simulation(counts: SimulationCounts, threshold: int, seed: int) -> str:
    """The four lines ``simulate`` prints, e.g.::

        Blackjack simulation: 1000 rounds (seeds 0 to 999), player hits below 17, dealer hits below 17
          won     41.30%  (413)
          lost    49.90%  (499)
          tied     8.80%  (88)
    """
    if counts.rounds == 1:
        rounds = f"1 round (seed {seed:,})"
    else:
        rounds = f"{counts.rounds:,} rounds (seeds {seed:,} to {seed + counts.rounds - 1:,})"
    lines = [f"Blackjack simulation: {rounds}, player hits below {threshold}, dealer hits below 17"]
    for name in ("won", "lost", "tied"):
        lines.append(f"  {name:<6}{counts.rate(name):>8.2%}  ({getattr(counts, name):,})")
    return "\n".join(lines)


def _report(counts: list[int], run: sweep.SweepRun) -> str:
    (threshold,) = run.args.extras
    return format_simulation(SimulationCounts(run.n, *counts), threshold, run.first)


def histogram(counts: list[int], run: sweep.SweepRun | None = None) -> sweep.Histogram:
    """What ``simulate --plot`` draws from the counts (won, lost, tied); ``run`` is unused."""
    return sweep.Histogram("Rounds by result", tuple(zip(OUTCOME_NAMES, counts)), unit="rounds")


#: ``simulate N [T]`` in the shell, on the host's sweep engine: N rounds of
#: seeds SEED .. SEED+N-1 (``--first SEED`` or ``--seed SEED``; default the
#: game's seed) played by the policy "hit below T".
SIMULATION = sweep.Simulation(
    game="blackjack",
    task=_task,
    report=_report,
    histogram=histogram,
    summary="Play N rounds hitting below T (default 17); print win/loss/tie rates.",
    help=(
        "Play N rounds where the player hits while under T (default 17) and the dealer while "
        "under 17, and print the rates of rounds won, lost and tied.  Round k is dealt from seed "
        "SEED+k, exactly as 'play blackjack --seed SEED+k' deals its first round; SEED is --first "
        "SEED (or --seed SEED), else this game's seed, so the same command gives the same rates."
    ),
    grammar=sweep.Grammar(extras=(sweep.Extra("T", "the threshold T", 1, 22, DEFAULT_THRESHOLD),),
                          first_aliases=("--seed",), unit="rounds"),
    unit="rounds",
)
