"""The statistics of a winnability sweep, as pure functions.

The Wilson score interval (Wilson 1927, JASA 22: 209-212; formula 3 of
Newcombe 1998, Statistics in Medicine 17: 857-872, whose example 81/263
gives 0.2553 to 0.3662) stays inside [0, 1] and is sound for the small
counts and extreme proportions sweeps give, unlike the Wald interval.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["Z95", "bounds", "median", "wilson_interval"]

#: The two-sided 95 % quantile of the standard normal distribution
#: (``statistics.NormalDist().inv_cdf(0.975)``).
Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes / trials`` (settled deals).

    Args:
        z: the normal quantile of the confidence level (> 0); :data:`Z95` for 95 %.

    Returns:
        (low, high) as fractions; ``(0.0, 1.0)`` when ``trials`` is 0.

    Raises:
        ValueError: negative counts, ``successes > trials``, or ``z <= 0``.
    """
    if trials < 0 or successes < 0 or successes > trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if not z > 0:
        raise ValueError(f"z must be positive, got {z}")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = p + z2 / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    denominator = 1 + z2 / trials
    low = (centre - spread) / denominator
    high = (centre + spread) / denominator
    # Exact at the ends (rounding can leave 1e-17 below 0 or above 1).
    return (0.0 if successes == 0 else max(0.0, low)), (1.0 if successes == trials else min(1.0, high))


def bounds(won: int, lost: int, unknown: int) -> tuple[float, float]:
    """The winnability counting every unknown deal as a loss, and as a win.

    Returns:
        ``won / total`` and ``(won + unknown) / total``; ``(0.0, 1.0)`` for no deals.

    Raises:
        ValueError: if a count is negative.
    """
    if min(won, lost, unknown) < 0:
        raise ValueError(f"counts must be >= 0, got {won}, {lost}, {unknown}")
    total = won + lost + unknown
    if total == 0:
        return 0.0, 1.0
    return won / total, (won + unknown) / total


def median(values: Sequence[float]) -> float:
    """The median of values sorted ascending; NaN for none."""
    n = len(values)
    if n == 0:
        return math.nan
    middle = n // 2
    return float(values[middle]) if n % 2 else (values[middle - 1] + values[middle]) / 2
