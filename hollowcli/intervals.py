"""Intervals for win rates, shared by ``hollow simulate`` and ``hint``: pure arithmetic.

- a win rate gets the 95% **Wilson score interval** (E. B. Wilson, 1927): unlike the
  textbook p ± 1.96·sqrt(p(1-p)/n) it stays inside [0, 1] and is right near 0% and 100%;
- a change in win rate between two *paired* runs (run *i* seeded alike in both: the same
  dice) gets Newcombe's square-and-add interval for paired proportions (R. G. Newcombe,
  Statistics in Medicine 17 (1998) 2635-2650, method 10), built from the two Wilson
  intervals and the correlation between the runs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: The two-sided 95% point of the standard normal distribution.
Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` out of ``games`` ((0, 1) when there are none)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z / (1 + z2 / games) * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Pairs:
    """Two runs of the same games (game *i* seeded alike in both), counted by outcome."""

    both: int  # won in both runs
    base_only: int  # won without the change only
    other_only: int  # won with the change only
    neither: int  # lost in both

    @property
    def games(self) -> int:
        return self.both + self.base_only + self.other_only + self.neither


def newcombe_paired(p: Pairs, z: float = Z95) -> tuple[float, float, float]:
    """The change in win rate, other minus base, and its 95% interval (lo, hi) for paired runs."""
    n = p.games
    w_other, w_base = p.both + p.other_only, p.both + p.base_only
    p1, p2 = w_other / n, w_base / n
    l1, u1 = wilson(w_other, n, z)
    l2, u2 = wilson(w_base, n, z)
    # the correlation of the two runs' outcomes, corrected towards 0 as Newcombe's method 10 does
    margins = w_other * (n - w_other) * w_base * (n - w_base)
    phi = 0.0
    if margins:
        cross = p.both * p.neither - p.base_only * p.other_only
        if cross > n / 2:
            phi = (cross - n / 2) / math.sqrt(margins)
        elif cross < 0:
            phi = cross / math.sqrt(margins)
    d = p1 - p2
    lo = d - math.sqrt(max(0.0, (p1 - l1) ** 2 + (u2 - p2) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2)))
    hi = d + math.sqrt(max(0.0, (p2 - l2) ** 2 + (u1 - p1) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1)))
    return d, max(-1.0, lo), min(1.0, hi)
