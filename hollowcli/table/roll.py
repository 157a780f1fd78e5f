"""``hollow roll``: dice expressions rolled (or read from ``--rolled``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hollowcli import dice as dicelib

if TYPE_CHECKING:
    import random

    from hollowcli.table.content import Content


def roll_dice(
    content: Content, exprs: Sequence[str], rng: random.Random, rolled: str | None = None
) -> dicelib.RollResult:
    """Parse and roll ``hollow roll`` expressions (no expression = one attack die)."""
    d = content.dice()
    expr = dicelib.parse_expression(exprs, d.dice, d.attack_die)
    return dicelib.roll_expression(expr, d.dice, rng, rolled)
