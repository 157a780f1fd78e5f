"""Small things every table command shares: limits, range checks, rolling or reading dice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hollowcli import dice as dicelib
from hollowcli.dice import Die, Face
from hollowcli.errors import UsageError

if TYPE_CHECKING:
    import random

#: Largest direct damage, defense or health the commands accept.
MAX_NUMBER = 1000
#: Largest group of foes one spawn group or leave roll may name.
MAX_FOES = dicelib.MAX_DICE
#: Most groups one ``hollow spawn`` rolls for.
MAX_GROUPS = dicelib.MAX_DICE


def check_range(option: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise UsageError(
            f"{option} {value} is out of range; give a whole number from {low} to {high}"
        )


def faces_words(faces: Sequence[Face]) -> str:
    return ", ".join(f.label for f in faces) if faces else "no dice"


def roll_or_read(die: Die, count: int, rng: random.Random, rolled: str | None) -> list[Face]:
    if rolled is None:
        return dicelib.roll(die, count, rng)
    return dicelib.read_rolled_dice([die] * count, rolled)
