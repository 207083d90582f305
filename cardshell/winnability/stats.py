"""The statistics of a winnability sweep, as pure functions.

* :func:`wilson_interval`: the Wilson score interval of a proportion
  (Wilson, E. B. (1927), "Probable inference, the law of succession, and
  statistical inference", JASA 22: 209-212; the form used here is formula 3
  of Newcombe, R. G. (1998), "Two-sided confidence intervals for the single
  proportion: comparison of seven methods", Statistics in Medicine 17:
  857-872, whose worked example 81/263 gives 0.2553 to 0.3662).  Unlike the
  normal ("Wald") interval it stays inside [0, 1] and is sound for the
  small counts and the proportions near 0 or 1 that winnability sweeps give.
* :func:`bounds`: what the winnability is at least and at most when the
  unknown deals are counted as losses and as wins.
* :func:`median`: the median of a sorted sequence of times.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["Z95", "bounds", "median", "wilson_interval"]

#: The two-sided 95 % quantile of the standard normal distribution
#: (``statistics.NormalDist().inv_cdf(0.975)``).
Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / trials``.

    Args:
        successes (int): deals won, ``0 <= successes <= trials``.
        trials (int): settled deals (won or no win), >= 0.
        z (float): the normal quantile of the confidence level (> 0);
            :data:`Z95` for 95 %.

    Returns:
        tuple[float, float]: (low, high) as fractions, ``0 <= low <= high
        <= 1``; ``(0.0, 1.0)`` when ``trials`` is 0 (nothing is known).

    Raises:
        ValueError: if the counts are negative, ``successes > trials``, or
            ``z`` is not positive.
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

    Args:
        won (int): deals won (>= 0).
        lost (int): deals with no win (>= 0).
        unknown (int): deals whose budget ran out (>= 0).

    Returns:
        tuple[float, float]: (lower, upper) as fractions of all the deals,
        ``won / total`` and ``(won + unknown) / total``; ``(0.0, 1.0)`` when
        there are no deals.

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
    """The median of values already sorted in ascending order.

    Args:
        values (Sequence[float]): sorted, e.g. seconds per deal.

    Returns:
        float: the middle value, or the mean of the two middle values;
        NaN for an empty sequence.
    """
    n = len(values)
    if n == 0:
        return math.nan
    middle = n // 2
    return float(values[middle]) if n % 2 else (values[middle - 1] + values[middle]) / 2
