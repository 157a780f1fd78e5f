"""Exact odds of an attack's damage (and of the leave roll): rational arithmetic, no sampling.

Damage = direct + dice total - defense, never below 0 (``resolve.attack_damage``), so the
damage distribution is the dice-total distribution (``dice.sum_ways``) shifted and clipped.
Everything is counted in integer ways out of ``faces**dice`` and turned into
:class:`fractions.Fraction` once, which keeps 50 dice well under a millisecond or two.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hollowcli.dice import sum_ways
from hollowcli.pack.model import Die, Face


def fraction_text(p: Fraction) -> str:
    """``a/b`` always (``1/1`` and ``0/1`` too), so every exact value has one shape."""
    return f"{p.numerator}/{p.denominator}"


@dataclass(frozen=True)
class Odds:
    """The exact damage distribution of one attack (or leave roll), and what follows from it."""

    die: str
    dice: int
    direct: int
    defense: int
    distribution: dict[int, Fraction]  # damage -> probability, ascending, every value reachable
    at_least: dict[int, Fraction]  # k -> P(damage >= k), for k = 1 .. the highest damage
    mean: Fraction
    health: int | None = None

    @property
    def defeat(self) -> Fraction | None:
        """Chance that the damage reaches ``health`` (None when no health was given)."""
        if self.health is None:
            return None
        if self.health <= 0:
            return Fraction(1)
        return self.at_least.get(self.health, Fraction(0))

    @property
    def max_damage(self) -> int:
        return max(self.distribution)

    def to_json(self) -> dict[str, Any]:
        """JSON document of ``hollow odds`` (keys are a contract; JSON object keys are strings)."""
        doc: dict[str, Any] = {
            "die": self.die,
            "dice": self.dice,
            "direct": self.direct,
            "defense": self.defense,
            "distribution": {str(k): float(p) for k, p in self.distribution.items()},
            "exact": {str(k): fraction_text(p) for k, p in self.distribution.items()},
            "at_least": {str(k): float(p) for k, p in self.at_least.items()},
            "at_least_exact": {str(k): fraction_text(p) for k, p in self.at_least.items()},
            "mean": float(self.mean),
            "mean_exact": fraction_text(self.mean),
        }
        if self.health is not None:
            d = self.defeat
            assert d is not None
            doc["health"] = self.health
            doc["defeat"] = float(d)
            doc["defeat_exact"] = fraction_text(d)
        return doc


def _from_ways(die: str, dice: int, direct: int, defense: int, ways: dict[int, int], denom: int,
               health: int | None) -> Odds:
    dmg_ways: dict[int, int] = {}
    for total, w in ways.items():
        d = max(0, direct + total - defense)
        dmg_ways[d] = dmg_ways.get(d, 0) + w
    dmg_ways = dict(sorted(dmg_ways.items()))
    distribution = {d: Fraction(w, denom) for d, w in dmg_ways.items()}
    at_least: dict[int, Fraction] = {}
    running = 0
    for k in range(max(dmg_ways), 0, -1):
        running += dmg_ways.get(k, 0)
        at_least[k] = Fraction(running, denom)
    at_least = dict(sorted(at_least.items()))
    mean = Fraction(sum(d * w for d, w in dmg_ways.items()), denom)
    return Odds(die, dice, direct, defense, distribution, at_least, mean, health)


def attack_odds(die: Die, dice: int, direct: int = 0, defense: int = 0, health: int | None = None) -> Odds:
    """Exact damage distribution of an attack of ``dice`` x ``die`` + ``direct`` - ``defense``."""
    ways, denom = sum_ways(die, dice)
    return _from_ways(die.id, dice, direct, defense, ways, denom, health)


def hit_die(die: Die, per_hit: int = 1) -> Die:
    """``die`` seen by the leave roll: ``per_hit`` for every non-blank face, 0 for blank."""
    return Die(die.id, tuple(Face(f.label, per_hit if f.value != 0 else 0) for f in die.faces))


def leave_odds(die: Die, foes: int, per_hit: int = 1) -> Odds:
    """Exact damage distribution of leaving a location with ``foes`` foes (no defense)."""
    return attack_odds(hit_die(die, per_hit), foes)
