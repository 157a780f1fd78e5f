"""The figures of a simulation: pure arithmetic over :class:`~hollowcli.simulate.run.GameResult`.

Intervals:

- a win rate gets the 95% **Wilson score interval** (E. B. Wilson, 1927): unlike the
  textbook p ± 1.96·sqrt(p(1-p)/n) it stays inside [0, 1] and is right near 0% and 100%;
- a change in win rate (``--against``) gets **Newcombe's hybrid score interval**
  (R. G. Newcombe, Statistics in Medicine 17 (1998) 873-890, method 10), built from the
  two Wilson intervals. It treats the two runs as independent samples; ours share their
  seeds, so the interval is, if anything, a little wide (cautious), never too narrow.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from hollowcli.simulate.run import CAUSES, GameResult

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


def newcombe(wins1: int, games1: int, wins2: int, games2: int, z: float = Z95) -> tuple[float, float, float]:
    """The difference p1 - p2 of two win rates and its hybrid score interval (lo, hi)."""
    p1, p2 = wins1 / games1, wins2 / games2
    l1, u1 = wilson(wins1, games1, z)
    l2, u2 = wilson(wins2, games2, z)
    d = p1 - p2
    lo = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    hi = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return d, lo, hi


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
        dmg = sum(g.damage[k] for g in results)
        fear = sum(g.fear[k] for g in results)
        legends[lid] = {
            "damage": _r(dmg / n) if n else 0.0,
            "fear": _r(fear / n) if n else 0.0,
            "fell": sum(1 for g in results if lid in g.fell),
        }
    last = max(hist) if hist else 0
    survival = [_r(sum(1 for g in results if g.rounds > r) / n) for r in range(1, last + 1)] if n else []
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
    }


def compare(base: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    """The ``against`` entry: how ``other`` (the layered pack) changes ``base``'s win rate."""
    delta: float | None = None
    ci: list[float] | None = None
    significant = False
    if base["games"] and other["games"]:
        d, lo, hi = newcombe(other["wins"], other["games"], base["wins"], base["games"])
        delta, ci, significant = _r(d), [_r(lo), _r(hi)], lo > 0 or hi < 0
    return {
        "win_rate": other["win_rate"],
        "delta": delta,
        "delta_ci95": ci,
        "significant": significant,
        "games": other["games"],
        "wins": other["wins"],
        "ci95": other["ci95"],
        "losses": other["losses"],
        "rounds": other["rounds"],
        "legends": other["legends"],
        "survival": other["survival"],
    }
