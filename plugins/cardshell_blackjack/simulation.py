"""Blackjack: many rounds played by a fixed policy, for win/loss/tie rates.

Issue 3, item 4: the player follows "hit below T" (hit while the hand's
value is under ``threshold``, default 17, the dealer's own rule), the dealer
plays by the hand-out's rule (hit while under 17), and each round is settled
by :func:`cardshell_blackjack.rules.settle`.

Reproducibility: one generator, ``GameRandom(seed)``, shuffles a full fresh
deck for every round, in order, and the deal is the game's (player 2, then
dealer 2, from the top).  So ``simulate(n, T, seed)`` always gives the same
counts, and its first round is exactly the first round of ``play blackjack
--seed SEED`` played by the policy.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from cardshell.cards import new_deck
from cardshell.rng import GameRandom

from cardshell_blackjack.rules import TARGET, dealer_play, hand_value, settle

#: The default player policy: hit below this value.
DEFAULT_THRESHOLD = 17

#: The unshuffled deck, built once: copying it and shuffling the copy with the
#: generator gives exactly :func:`cardshell.cards.shuffled_deck` (same order,
#: same draws), without building 52 cards per round.
_FRESH_DECK = tuple(new_deck())

Progress = Callable[[Iterable[int]], Iterable[int]]


@dataclass(frozen=True)
class SimulationCounts:
    """How many of ``rounds`` the player won, lost and tied.

    Attributes:
        rounds (int): rounds played.
        won (int): rounds won by the player.
        lost (int): rounds lost (busts included).
        tied (int): rounds tied.
    """

    rounds: int
    won: int
    lost: int
    tied: int

    def rate(self, result: str) -> float:
        """The fraction (0.0-1.0) of rounds with ``result`` (``"won"``, ``"lost"``, ``"tied"``)."""
        return getattr(self, result) / self.rounds if self.rounds else 0.0


def play_policy_round(rng: GameRandom, threshold: int) -> str:
    """Play one round with a fresh deck shuffled by ``rng``.

    Args:
        rng (GameRandom): the generator (advanced by one shuffle).
        threshold (int): the player hits while the hand's value is below it.

    Returns:
        str: ``"won"``, ``"lost"`` or ``"draw"`` from the player's view.  A
        busted player loses and the dealer does not draw.
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


def simulate(
    n: int,
    threshold: int = DEFAULT_THRESHOLD,
    seed: int = 0,
    progress: Progress | None = None,
) -> SimulationCounts:
    """Play ``n`` rounds with the policy "hit below ``threshold``".

    Args:
        n (int): the number of rounds, at least 0.
        threshold (int): the player's policy (default 17).
        seed (int): the seed of the one generator used for all rounds.
        progress (Progress | None): wraps the ``range(n)`` loop, e.g.
            ``ctx.progress`` (a progress bar on a terminal).

    Returns:
        SimulationCounts: the counts; the same arguments give the same counts.

    Raises:
        ValueError: if ``n`` is negative.
    """
    if n < 0:
        raise ValueError(f"n must be at least 0, got {n}")
    rng = GameRandom(seed)
    counts = {"won": 0, "lost": 0, "draw": 0}
    rounds: Iterable[int] = range(n)
    if progress is not None:
        rounds = progress(rounds)
    for _ in rounds:
        counts[play_policy_round(rng, threshold)] += 1
    return SimulationCounts(n, counts["won"], counts["lost"], counts["draw"])


def format_simulation(counts: SimulationCounts, threshold: int, seed: int) -> str:
    """The report ``simulate`` prints.

    Example (numbers illustrative)::

        Blackjack simulation: 1000 rounds, player hits below 17, dealer hits below 17, seed 0
          won     41.30%  (413)
          lost    49.90%  (499)
          tied     8.80%  (88)

    Args:
        counts (SimulationCounts): the result of :func:`simulate`.
        threshold (int): the policy used.
        seed (int): the seed used.

    Returns:
        str: four lines, no trailing spaces.
    """
    rounds = f"{counts.rounds} round{'s' if counts.rounds != 1 else ''}"
    lines = [f"Blackjack simulation: {rounds}, player hits below {threshold}, dealer hits below 17, seed {seed}"]
    for name in ("won", "lost", "tied"):
        lines.append(f"  {name:<6}{counts.rate(name):>8.2%}  ({getattr(counts, name)})")
    return "\n".join(lines)
