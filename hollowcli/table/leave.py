"""``hollow leave``: the roll for leaving a location past foes, and its odds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hollowcli.dice import Face, Frozen, set_fields
from hollowcli.names import plural
from hollowcli.table.common import MAX_FOES, check_range, faces_words, roll_or_read

if TYPE_CHECKING:
    import random

    from hollowcli.odds import Odds
    from hollowcli.table.content import Content


class LeaveReport(Frozen):
    """The leave roll: one attack die per foe, damage per non-blank face, fear if any damage."""

    __slots__ = ("die", "faces", "damage", "fear", "per_hit")  # noqa: RUF023 (order = repr order)
    die: str
    faces: tuple[Face, ...]
    damage: int
    fear: int
    per_hit: int

    def __init__(
        self, die: str, faces: tuple[Face, ...], damage: int, fear: int, per_hit: int
    ) -> None:
        set_fields(self, die=die, faces=faces, damage=damage, fear=fear, per_hit=per_hit)

    def to_json(self) -> dict[str, Any]:
        return {
            "dice": [{"die": self.die, "face": f.label, "value": f.value} for f in self.faces],
            "damage": self.damage,
            "fear": self.fear,
        }

    def text(self) -> str:
        if not self.faces:
            return "No foes here: leaving costs nothing."
        hits = sum(1 for f in self.faces if f.value != 0)
        per = "" if self.per_hit == 1 else f" x {self.per_hit}"
        fear = f"+{self.fear} fear" if self.fear else "no fear"
        return (
            f"Leaving past {plural(len(self.faces), 'foe')}: "
            f"rolled {faces_words(self.faces)}.\n"
            f"{hits} non-blank{per} = {self.damage} damage; {fear}."
        )


def _check_foes(foes: int) -> None:
    check_range("--foes", foes, 0, MAX_FOES)


def leave(
    content: Content, foes: int, rng: random.Random, rolled: str | None = None
) -> LeaveReport:
    """Roll (or read) the leave roll for a location holding ``foes`` foes."""
    from hollowcli.engine import resolve

    _check_foes(foes)
    d = content.dice()
    die = d.die("attack_die")
    faces = roll_or_read(die, foes, rng, rolled)
    dmg = resolve.leave_damage(faces, d.leave_damage_per_hit)
    return LeaveReport(
        die.id, tuple(faces), dmg, resolve.fear_for(dmg, d.fear_per_damage), d.leave_damage_per_hit
    )


def leave_chances(content: Content, foes: int) -> Odds:
    """Exact damage distribution of the leave roll (``hollow leave --odds``)."""
    from hollowcli.odds import leave_odds

    _check_foes(foes)
    d = content.dice()
    return leave_odds(d.die("attack_die"), foes, d.leave_damage_per_hit)
