"""Dice: rolling from a passed-in generator, reading physical rolls, exact distributions.

A die is a :class:`~hollowcli.pack.model.Die` from content (faces with a label and a
value). Randomness always comes from the ``random.Random`` the caller passes in.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Sequence

from hollowcli.errors import UsageError
from hollowcli.pack.model import Die, Face


def roll(die: Die, count: int, rng: random.Random) -> list[Face]:
    """Roll ``count`` of ``die`` with ``rng``: one uniformly chosen face each."""
    return [die.faces[rng.randrange(len(die.faces))] for _ in range(count)]


def read_rolled(die: Die, tokens: Sequence[str], where: str = "--rolled") -> list[Face]:
    """Faces a player read off physical dice (labels or values); bad ones raise UsageError."""
    faces = []
    for tok in tokens:
        face = die.face_for(tok)
        if face is None:
            known = ", ".join(dict.fromkeys(f"{f.label} ({f.value})" if f.label != str(f.value) else f.label for f in die.faces))
            raise UsageError(f"{where}: {tok.strip()!r} is not a face of the {die.id} die; its faces are {known}")
        faces.append(face)
    return faces


def face_distribution(die: Die) -> dict[int, Fraction]:
    """Probability of each value on one roll of ``die`` (faces equally likely)."""
    n = len(die.faces)
    dist: dict[int, Fraction] = {}
    for f in die.faces:
        dist[f.value] = dist.get(f.value, Fraction(0)) + Fraction(1, n)
    return dist


def sum_distribution(die: Die, count: int) -> dict[int, Fraction]:
    """Exact distribution of the total of ``count`` dice.

    Convolution over integer counts (ways out of ``n**count``), turned into fractions at
    the end: fast even for 50 dice because totals stay few.
    """
    n = len(die.faces)
    ways_one: dict[int, int] = {}
    for f in die.faces:
        ways_one[f.value] = ways_one.get(f.value, 0) + 1
    ways: dict[int, int] = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for total, w in ways.items():
            for v, k in ways_one.items():
                nxt[total + v] = nxt.get(total + v, 0) + w * k
        ways = nxt
    denom = n**count
    return {t: Fraction(w, denom) for t, w in sorted(ways.items())}
