"""The small rulings every part of hollowcli shares: attack damage, fear, spawning, leaving.

The table commands (``hollow attack``, ``spawn``, ``leave``) and the solo engine call
these same functions, so a rule lives in exactly one place.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from hollowcli.dice import Frozen, set_fields
from hollowcli.names import plural

if TYPE_CHECKING:
    from hollowcli.pack.model import Ally, AttackSpec, Face, Foe, Item, Legend, Skill

# The result types are small frozen classes, not dataclasses: ``hollow odds`` imports this
# module and must start about as fast as click itself (a dataclass costs ~0.5 ms to define).


class Damage(Frozen):
    """The arithmetic of one attack: direct + dice - defense, never below 0."""

    __slots__ = ("dice_total", "direct", "defense", "damage", "fear")  # noqa: RUF023 - field order is the constructor order
    dice_total: int
    direct: int
    defense: int
    damage: int
    fear: int

    def __init__(self, dice_total: int, direct: int, defense: int, damage: int, fear: int) -> None:
        set_fields(self, dice_total=dice_total, direct=direct, defense=defense, damage=damage, fear=fear)

    @property
    def reason(self) -> str:
        raw = self.direct + self.dice_total - self.defense
        text = f"{self.direct} direct + {self.dice_total} rolled - {self.defense} defense = {raw}"
        if raw < 0:
            text += ", so 0"
        return text


def attack_damage(dice_total: int, direct: int, defense: int, fear_per_damage: int = 1) -> Damage:
    """Damage = direct damage + dice - defense (never negative); any damage brings fear."""
    key = (dice_total, direct, defense, fear_per_damage)
    hit = _DAMAGES.get(key)
    if hit is None:  # (a Damage is a value of its four numbers: made once, see engine/speed.py)
        if len(_DAMAGES) >= _DAMAGES_KEPT:
            _DAMAGES.clear()
        damage = max(0, direct + dice_total - defense)
        hit = _DAMAGES[key] = Damage(dice_total, direct, defense, damage, fear_for(damage, fear_per_damage))
    return hit


#: The damages worked out so far, by their four numbers (at most :data:`_DAMAGES_KEPT`).
_DAMAGES: Final[dict[tuple[int, int, int, int], Damage]] = {}
_DAMAGES_KEPT: Final = 4096


def fear_for(damage: int, fear_per_damage: int = 1) -> int:
    """Whenever any amount of damage is taken, gain 1 fear (per instance, not per point)."""
    return fear_per_damage if damage > 0 else 0


class SpawnResult(Frozen):
    """Where one group spawns, and why (``point`` None: every point is locked, nothing spawns)."""

    __slots__ = ("roll", "point", "redirected", "reason")  # noqa: RUF023 - field order is the constructor order
    roll: int
    point: int | None
    redirected: bool
    reason: str

    def __init__(self, roll: int, point: int | None, redirected: bool, reason: str) -> None:
        set_fields(self, roll=roll, point=point, redirected=redirected, reason=reason)


def spawn_point(roll: int, points: Iterable[int], locked: Iterable[int], note: str = "") -> SpawnResult:
    """Where a group spawns for a D6 ``roll``.

    If the rolled point exists and is not locked, spawn there; otherwise at the
    lowest-numbered unlocked point; if every point is locked, nowhere. ``note`` follows
    the rolled number in the reason (`` (your die)``).
    """
    pts = sorted(set(points))
    lock = set(locked)
    rolled = f"rolled {roll}{note}"
    if roll in pts and roll not in lock:
        return SpawnResult(roll, roll, False, f"{rolled}: spawn point {roll} is open")
    why = f"spawn point {roll} is locked" if roll in lock else f"there is no spawn point {roll}"
    open_pts = [p for p in pts if p not in lock]
    if not open_pts:
        return SpawnResult(roll, None, True, f"{rolled}: {why}, and every spawn point is locked, so nothing spawns")
    return SpawnResult(
        roll, open_pts[0], True, f"{rolled}: {why}, so the lowest unlocked point, {open_pts[0]}"
    )


def leave_damage(faces: Sequence[Face], per_hit: int = 1) -> int:
    """Leaving a location with foes: 1 damage for each non-blank attack die."""
    return per_hit * sum(1 for f in faces if f.value != 0)


class AttackNumbers(Frozen):
    """The dice and direct damage of one attack, and where the numbers came from."""

    __slots__ = ("dice", "direct", "range", "area", "reason")  # noqa: RUF023 - field order is the constructor order
    dice: int
    direct: int
    range: int
    area: bool
    reason: str

    def __init__(self, dice: int, direct: int, range: int, area: bool, reason: str) -> None:
        set_fields(self, dice=dice, direct=direct, range=range, area=area, reason=reason)


def legend_attack(
    legend: Legend, source: Skill | Item | None, basic_bonus: bool = True, grown: AttackSpec | None = None,
    said: str = "",
) -> AttackNumbers:
    """Dice and direct damage when ``legend`` attacks with ``source``.

    ``source`` None is the basic attack. Skills (and the basic attack, unless the content
    setting ``rules.basic_attack_bonus`` is false) add the Legend's personal bonus; attacks
    made with items (relics included) never do. Raises ValueError when ``source`` has no attack.
    ``grown``: the attack as a campaign's changes made it, ``said`` its numbers with their
    sources ("2 dice +1 direct (Steady Hand)"), in place of the pack's.
    """
    from hollowcli.pack.model import Item, Skill

    bonus = legend.bonus_direct
    if source is None:
        spec, what, add = legend.basic_attack, f"{legend.name}'s basic attack", basic_bonus
    elif isinstance(source, Skill):
        if source.attack is None:
            raise ValueError(f"the skill {source.name} ({source.id}) is not an attack")
        spec, what, add = source.attack, f"{legend.name}'s skill {source.name}", True
    else:
        if source.attack is None:
            raise ValueError(f"the {source.kind} {source.name} ({source.id}) is not an attack")
        spec, what, add = source.attack, f"{legend.name} with the {source.kind} {source.name}", False
    if grown is not None:
        spec = grown
    direct = spec.direct + (bonus if add else 0)
    reason = f"{what}: {said}" if said else f"{what}: {plural(spec.dice, 'die', 'dice')}, {spec.direct} direct"
    if add and bonus:
        reason += f" + {bonus} personal bonus = {direct} direct"
    elif bonus and isinstance(source, Item):
        reason += f" (attacks made with items do not include the personal bonus of {bonus})"
    elif bonus and source is None and not add:
        reason += f" (the basic attack omits the personal bonus of {bonus}: rules.basic_attack_bonus is off)"
    return AttackNumbers(spec.dice, direct, spec.range, spec.area, reason)


def foe_attack(foe: Foe) -> AttackNumbers:
    """Dice and direct damage of a foe's attack (foes have no personal bonus)."""
    a = foe.attack
    return AttackNumbers(a.dice, a.direct, a.range, a.area, f"{foe.name}'s attack: {plural(a.dice, 'die', 'dice')}, {a.direct} direct")


def ally_attack(ally: Ally) -> AttackNumbers:
    """Dice and direct damage of an ally's attack (no personal bonus; ValueError if it has none)."""
    a = ally.basic_attack
    if a is None:
        raise ValueError(f"the ally {ally.name} ({ally.id}) cannot attack")
    return AttackNumbers(a.dice, a.direct, a.range, a.area, f"{ally.name}'s attack (an ally): {plural(a.dice, 'die', 'dice')}, {a.direct} direct")


def legend_defense(legend: Legend | Ally, relic: Item | None) -> tuple[int, str]:
    """A Legend's defense against an attack: its own plus its equipped relic's bonus."""
    if relic is not None and relic.defense:
        total = legend.defense + relic.defense
        return total, f"{legend.name}'s defense {legend.defense} + {relic.defense} from the relic {relic.name} = {total}"
    return legend.defense, f"{legend.name}'s defense {legend.defense}"
