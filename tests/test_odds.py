"""Exact odds: every number checked against brute-force enumeration of the dice."""

from __future__ import annotations

import itertools
import time
from collections import Counter
from fractions import Fraction

import pytest

from hollowcli.dice import Die, Face
from hollowcli.odds import attack_odds, format_odds, leave_odds

ATTACK = Die(
    "attack",
    (Face("blank", 0), Face("blank", 0), Face("1", 1), Face("1", 1), Face("1", 1), Face("2", 2)),
)
SKEWED = Die("skewed", (Face("blank", 0), Face("1", 1), Face("3", 3)))


def enumerate_damage(die: Die, n: int, direct: int, defense: int) -> dict[int, Fraction]:
    """Damage = max(0, direct + dice - defense) over every equally likely outcome."""
    outcomes = list(itertools.product(die.faces, repeat=n))
    counts = Counter(max(0, direct + sum(f.value for f in o) - defense) for o in outcomes)
    return {k: Fraction(v, len(outcomes)) for k, v in sorted(counts.items())}


@pytest.mark.parametrize("die", [ATTACK, SKEWED])
@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
@pytest.mark.parametrize(
    ("direct", "defense"), [(0, 0), (1, 0), (0, 1), (2, 3), (0, 5), (3, 1), (-1, 0)]
)
def test_distribution_matches_enumeration(die: Die, n: int, direct: int, defense: int) -> None:
    expected = enumerate_damage(die, n, direct, defense)
    o = attack_odds(die, n, direct, defense)
    assert o.distribution == expected
    assert sum(o.distribution.values()) == 1
    for k in range(1, max(expected) + 1):
        assert o.at_least[k] == sum(p for dmg, p in expected.items() if dmg >= k)
    assert set(o.at_least) == set(range(1, max(expected) + 1))
    assert o.mean == sum(dmg * p for dmg, p in expected.items())


@pytest.mark.parametrize("health", [1, 2, 3, 6, 20])
def test_defeat_is_the_chance_of_at_least_health(health: int) -> None:
    expected = enumerate_damage(ATTACK, 3, 1, 1)
    o = attack_odds(ATTACK, 3, 1, 1, health=health)
    assert o.defeat == sum(p for dmg, p in expected.items() if dmg >= health)
    assert attack_odds(ATTACK, 3).defeat is None


def test_json_has_the_contract_keys_and_exact_strings_agree_with_floats() -> None:
    o = attack_odds(ATTACK, 3, 0, 1, health=2)
    doc = o.to_json()
    for key in ("distribution", "exact", "at_least", "mean", "defeat"):
        assert key in doc
    assert doc["exact"] == {
        str(k): f"{p.numerator}/{p.denominator}" for k, p in o.distribution.items()
    }
    for k, text in doc["exact"].items():
        num, den = map(int, text.split("/"))
        assert doc["distribution"][k] == num / den
    assert doc["at_least_exact"]["2"] == "53/108"
    assert doc["defeat_exact"] == "53/108" and doc["defeat"] == 53 / 108
    assert doc["mean_exact"] == "83/54"
    assert "defeat" not in attack_odds(ATTACK, 2).to_json()
    # certain outcomes still have the a/b shape
    assert attack_odds(ATTACK, 0, 2).to_json()["exact"] == {"2": "1/1"}


def test_leave_odds_count_non_blank_faces() -> None:
    for foes in range(5):
        outcomes = list(itertools.product(SKEWED.faces, repeat=foes))
        counts = Counter(2 * sum(1 for f in o if f.value != 0) for o in outcomes)
        expected = {k: Fraction(v, len(outcomes)) for k, v in sorted(counts.items())}
        assert leave_odds(SKEWED, foes, per_hit=2).distribution == expected


def test_fifty_dice_are_exact_and_fast() -> None:
    start = time.perf_counter()
    o = attack_odds(ATTACK, 50, 1, 2, health=40)
    doc = o.to_json()
    text = format_odds(o)
    elapsed = time.perf_counter() - start
    assert elapsed < 0.5
    assert sum(o.distribution.values()) == 1
    # one die averages 5/6; the damage is clipped to 0 only when every die is blank
    assert o.mean == Fraction(50 * 5, 6) + 1 - 2 + Fraction(2, 6) ** 50
    assert doc["exact"]["0"] == f"{o.distribution[0].numerator}/{o.distribution[0].denominator}"
    assert "in all (--full shows every row)" in text  # far tails folded
    assert len(format_odds(o, full=True).splitlines()) > len(text.splitlines())


def test_the_chart_fits_the_width_and_falls_back_to_ascii() -> None:
    o = attack_odds(ATTACK, 3, 0, 1, health=2)
    for width in (40, 80, 120):
        lines = format_odds(o, width=width).splitlines()
        assert max(len(line) for line in lines if "█" in line) <= width
    ascii_text = format_odds(o, unicode=False)
    assert "█" not in ascii_text and "#" in ascii_text
    text = format_odds(o)
    assert "11/54" in text and "Mean damage: 1.537 = 83/54" in text
    assert "49.1% = 53/108" in text
