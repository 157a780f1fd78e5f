"""The figures of a simulation: pure arithmetic over :class:`~hollowcli.simulate.run.GameResult`.

Intervals and the test:

- a win rate gets the 95% **Wilson score interval** (E. B. Wilson, 1927): unlike the
  textbook p ± 1.96·sqrt(p(1-p)/n) it stays inside [0, 1] and is right near 0% and 100%;
- the two runs of ``--against`` are **paired**: game *i* has the same seed in both. So the
  change in win rate gets Newcombe's square-and-add interval for paired proportions
  (R. G. Newcombe, Statistics in Medicine 17 (1998) 2635-2650, method 10), built from the
  two Wilson intervals and the correlation between the runs, and whether it is a real
  change is decided by **McNemar's test** in its mid-p form on the games that ended
  differently (M. W. Fagerland, S. Lydersen, P. Laake, BMC Medical Research Methodology
  13 (2013) 91): under "no change" each such game is as likely to be won only with the
  change as only without it;
- a mean per game (damage, fear) gets mean ± 1.96 standard errors.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from hollowcli.intervals import Z95, Pairs, newcombe_paired, wilson
from hollowcli.simulate.run import CAUSES, GameResult

__all__ = ["Z95", "Pairs", "newcombe_paired", "wilson"]  # (kept here too: they were first written for simulate)


def pair_up(base: Sequence[GameResult], other: Sequence[GameResult]) -> Pairs:
    """Count the games played in both runs (matched by their index, so by their seed)."""
    won = {g.index: g.won for g in other}
    counts = [0, 0, 0, 0]
    for g in base:
        if g.index in won:
            counts[(0 if g.won else 2) + (0 if won[g.index] else 1)] += 1
    # counts: won/won, won/lost, lost/won, lost/lost
    return Pairs(both=counts[0], base_only=counts[1], other_only=counts[2], neither=counts[3])


def _half_binomial_tail(m: int, k: int) -> tuple[float, float]:
    """(P(X <= k), P(X = k)) for X ~ Binomial(m, 1/2), k <= m/2.

    P(X = k) from the log-gamma function, then the terms below it by their ratio
    P(X = i - 1) / P(X = i) = i / (m - i + 1), summed until they no longer count: a
    million discordant games cost a few thousand terms, not a million-digit binomial."""
    top = math.exp(math.lgamma(m + 1) - math.lgamma(k + 1) - math.lgamma(m - k + 1) - m * math.log(2.0))
    total, term = top, top
    for i in range(k, 0, -1):
        term *= i / (m - i + 1)
        total += term
        if term < total * 1e-17:
            break
    return total, top


def mcnemar_midp(base_only: int, other_only: int) -> float:
    """The two-sided McNemar mid-p value: the chance, if the change made no difference, of
    a split of the discordant games at least as uneven as this one, counting the splits
    exactly as uneven at half weight. 1 when no game ended differently."""
    m = base_only + other_only
    if m == 0:
        return 1.0
    k = min(base_only, other_only)
    tail, point = _half_binomial_tail(m, k)
    if base_only == other_only:
        return 1.0 - 0.5 * point
    return min(1.0, 2.0 * tail) - point


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` and its interval mean ± z standard errors (the mean itself
    twice when there are fewer than two values)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    # (never past what was seen: a mean damage of 0.1 does not get an interval below 0)
    return mean, max(float(min(values)), mean - half), min(float(max(values)), mean + half)


def _r(x: float) -> float:
    """Figures in the JSON: 6 decimals are plenty, and stable to read."""
    return round(x, 6)


def summarise(chapter: str, legend_ids: Sequence[str], results: Sequence[GameResult]) -> dict[str, Any]:
    """One chapter's figures, in the JSON form of product.md (plus ``foes_defeated``,
    ``steps`` and the per-Legend counts behind the means)."""
    n = len(results)
    wins = sum(1 for g in results if g.won)
    lo, hi = wilson(wins, n)
    hist: dict[int, int] = {}
    for g in results:
        hist[g.rounds] = hist.get(g.rounds, 0) + 1
    losses = {c: sum(1 for g in results if g.cause == c) for c in CAUSES}
    legends: dict[str, dict[str, Any]] = {}
    for k, lid in enumerate(legend_ids):
        dmg, dlo, dhi = mean_interval([g.damage[k] for g in results])
        fear, flo, fhi = mean_interval([g.fear[k] for g in results])
        legends[lid] = {
            "damage": _r(dmg),
            "fear": _r(fear),
            "fell": sum(1 for g in results if lid in g.fell),
            "damage_ci95": [_r(dlo), _r(dhi)],
            "fear_ci95": [_r(flo), _r(fhi)],
        }
    last = max(hist) if hist else 0
    survival = [_r(sum(1 for g in results if g.rounds > r) / n) for r in range(1, last + 1)] if n else []
    # not lost yet after round r: still going, or won by then (it ends at the win rate)
    not_lost = [_r(1 - sum(1 for g in results if not g.won and g.rounds <= r) / n) for r in range(1, last + 1)] \
        if n else []
    return {
        "chapter": chapter,
        "games": n,
        "wins": wins,
        "win_rate": _r(wins / n) if n else None,
        "ci95": [_r(lo), _r(hi)],
        "rounds": {
            "mean": _r(sum(g.rounds for g in results) / n) if n else None,
            "histogram": {str(r): hist[r] for r in sorted(hist)},
        },
        "losses": losses,
        "legends": legends,
        "foes_defeated": _r(sum(g.defeated for g in results) / n) if n else None,
        "steps": _r(sum(g.steps for g in results) / n) if n else None,
        "survival": survival,
        "not_lost": not_lost,
    }


#: A change is called significant when the paired test's p-value is below this.
ALPHA = 0.05


def compare(other: dict[str, Any], pairs: Pairs) -> dict[str, Any]:
    """The ``against`` entry: how ``other`` (the layered pack's summary) changes the base
    run's win rate, from the games both runs played (``pairs``, see :func:`pair_up`)."""
    delta: float | None = None
    ci: list[float] | None = None
    p_value: float | None = None
    if pairs.games:
        d, lo, hi = newcombe_paired(pairs)
        delta, ci = _r(d), [_r(lo), _r(hi)]
        p_value = mcnemar_midp(pairs.base_only, pairs.other_only)
    return {
        "win_rate": other["win_rate"],
        "delta": delta,
        "delta_ci95": ci,
        "significant": p_value is not None and p_value < ALPHA,
        "test": "McNemar mid-p",
        "p_value": None if p_value is None else _r(p_value),
        "won_only_with": pairs.other_only,
        "won_only_without": pairs.base_only,
        "games": other["games"],
        "wins": other["wins"],
        "ci95": other["ci95"],
        "losses": other["losses"],
        "rounds": other["rounds"],
        "legends": other["legends"],
        "survival": other["survival"],
        "not_lost": other["not_lost"],
    }
