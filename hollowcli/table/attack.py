"""``hollow attack`` and ``hollow odds``: an attack's numbers (from options or from
content), the roll and the exact odds. The rulings are :mod:`hollowcli.engine.resolve`'s."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hollowcli import dice as dicelib
from hollowcli.dice import Die, Face, Frozen, dice_noun, set_fields
from hollowcli.errors import MissingValue, UsageError
from hollowcli.names import find_id, norm
from hollowcli.table.common import MAX_NUMBER, check_range, faces_words, roll_or_read
from hollowcli.table.content import Dice, dice_from_pack

if TYPE_CHECKING:
    import random

    from hollowcli.engine import resolve
    from hollowcli.odds import Odds
    from hollowcli.pack.model import Foe, Item, Legend, Pack, Skill
    from hollowcli.table.content import Content


class AttackSetup(Frozen):
    """The numbers of one attack and the sentences that say where they came from."""

    __slots__ = ("die", "dice", "direct", "defense", "notes", "fear_per_damage", "target_health")  # noqa: RUF023 (order = repr order)
    die: Die
    dice: int
    direct: int
    defense: int
    notes: tuple[str, ...]
    fear_per_damage: int
    target_health: int | None

    def __init__(
        self,
        die: Die,
        dice: int,
        direct: int,
        defense: int,
        notes: tuple[str, ...] = (),
        fear_per_damage: int = 1,
        target_health: int | None = None,
    ) -> None:
        set_fields(
            self,
            die=die,
            dice=dice,
            direct=direct,
            defense=defense,
            notes=notes,
            fear_per_damage=fear_per_damage,
            target_health=target_health,
        )


def attack_setup(
    content: Content,
    dice: int | None = None,
    direct: int | None = None,
    defense: int | None = None,
    by: str | None = None,
    with_: str | None = None,
    target: str | None = None,
) -> AttackSetup:
    """The dice, direct damage and defense of an attack.

    ``--by LEGEND [--with SKILL-or-ITEM] [--target FOE]`` (or ``--by FOE --target LEGEND``)
    takes them from content; ``--dice``/``--direct``/``--defense`` given explicitly win.
    """
    if by is None and target is None:
        if with_ is not None:
            raise UsageError(
                "--with needs --by LEGEND to say who attacks, e.g. --by emily --with long-shot"
            )
        return _setup(content.dice(), dice, direct, defense)
    pack = content.pack()
    notes: list[str] = []
    base_dice = base_direct = None
    base_defense = None
    attacker_is_legend: bool | None = None
    if by is not None:
        base_dice, base_direct, attacker_is_legend = _attacker(pack, by, with_, notes)
    elif with_ is not None:
        raise UsageError(
            "--with needs --by LEGEND to say who attacks, e.g. --by emily --with long-shot"
        )
    target_health = None
    if target is not None:
        base_defense, why, target_health = _target_defense(pack, target, attacker_is_legend)
        notes.append(why)
    for option, given, base in (
        ("--dice", dice, base_dice),
        ("--direct", direct, base_direct),
        ("--defense", defense, base_defense),
    ):
        if given is not None and base is not None and given != base:
            notes.append(f"{option} {given} given, replacing {base} from content")
    return _setup(
        dice_from_pack(pack),
        dice if dice is not None else base_dice,
        direct if direct is not None else base_direct,
        defense if defense is not None else base_defense,
        tuple(notes),
        target_health,
    )


def _attacker(pack: Pack, by: str, with_: str | None, notes: list[str]) -> tuple[int, int, bool]:
    """The attack dice and direct damage of ``--by`` (a Legend with ``--with``, or a foe), and
    whether it is a Legend; how they were found goes into ``notes``."""
    from hollowcli.engine import resolve

    kind, ident = _find_actor(pack, by)
    if kind == "legend":
        legend = pack.legends[ident]
        source = _find_source(pack, legend, with_)
        owned = (*legend.skills, *legend.inventory, *((legend.relic,) if legend.relic else ()))
        if source is not None and source.id not in owned:
            notes.append(
                f"note: {source.name} is not one of {legend.name}'s skills or items; "
                "its numbers are used anyway"
            )
        try:
            nums = resolve.legend_attack(legend, source, pack.rules.basic_attack_bonus)
        except ValueError as e:
            raise UsageError(f"{e}; choose a skill or item with an attack, or 'basic'") from e
    else:
        foe = pack.foes[ident]
        if with_ is not None and norm(with_) not in ("basic", "attack"):
            raise UsageError(
                f"--with is for Legends; the {foe.name} ({ident}) has only its own attack"
            )
        nums = resolve.foe_attack(foe)
    notes.append(nums.reason)
    return nums.dice, nums.direct, kind == "legend"


def _setup(
    d: Dice,
    dice: int | None,
    direct: int | None,
    defense: int | None,
    notes: tuple[str, ...] = (),
    target_health: int | None = None,
) -> AttackSetup:
    if dice is None:
        raise MissingValue(
            "say how many dice: --dice N, or --by LEGEND (with --with SKILL-or-ITEM) to take them from content"
        )
    direct, defense = direct or 0, defense or 0
    check_range("--dice", dice, 0, dicelib.MAX_DICE)
    check_range("--direct", direct, -MAX_NUMBER, MAX_NUMBER)
    check_range("--defense", defense, -MAX_NUMBER, MAX_NUMBER)
    return AttackSetup(
        d.die("attack_die"), dice, direct, defense, notes, d.fear_per_damage, target_health
    )


def _find_actor(pack: Pack, query: str) -> tuple[str, str]:
    """("legend", id) or ("foe", id) for an attacker's name."""
    both: dict[str, Legend | Foe] = {**pack.foes, **pack.legends}
    ident = find_id("Legend or foe", query, both, lambda e: e.name)
    return ("legend", ident) if ident in pack.legends else ("foe", ident)


def _find_source(pack: Pack, legend: Legend, query: str | None) -> Skill | Item | None:
    """The skill or item ``--with`` names (None = the basic attack)."""
    if query is None or norm(query) in ("basic", "basic-attack"):
        return None
    pool: dict[str, Skill | Item] = {**pack.items, **pack.skills}  # a skill wins a shared id
    try:
        ident = find_id("skill or item", query, pool, lambda e: e.name)
    except UsageError as e:
        own = [*legend.skills, *((legend.relic,) if legend.relic else ()), *legend.inventory]
        attacks = [i for i in dict.fromkeys(own) if i in pool and getattr(pool[i], "attack", None)]
        if not str(e).startswith("there is no") or not attacks:
            raise
        head = str(e).split("; ")[0]
        close = str(e).split("; ")[1].split("? ")[0] + "? " if "did you mean" in str(e) else ""
        raise UsageError(
            f"{head}; {close}{legend.name} can attack with {', '.join(attacks)} or 'basic'"
        ) from None
    return pool[ident]


def _target_defense(
    pack: Pack, query: str, attacker_is_legend: bool | None
) -> tuple[int, str, int]:
    """Defense of the target ``query`` names, the reason, and its health."""
    from hollowcli.engine import resolve

    if attacker_is_legend is False:
        ident = find_id("Legend", query, pack.legends, lambda e: e.name)
    elif attacker_is_legend is None:
        both: dict[str, Legend | Foe] = {**pack.legends, **pack.foes}
        ident = find_id("foe or Legend", query, both, lambda e: e.name)
    else:
        ident = find_id("foe", query, pack.foes, lambda e: e.name)
    if ident in pack.legends and attacker_is_legend is not True:
        legend = pack.legends[ident]
        relic = pack.items.get(legend.relic) if legend.relic else None
        defense, why = resolve.legend_defense(legend, relic)
        return defense, why, legend.health
    foe = pack.foes[ident]
    return foe.defense, f"{foe.name}'s defense {foe.defense}", foe.health


# --- hollow attack ----------------------------------------------------------------------


class AttackReport(Frozen):
    """One rolled attack: the faces, the arithmetic and the fear."""

    __slots__ = ("setup", "faces", "damage")  # noqa: RUF023 (order = repr order)
    setup: AttackSetup
    faces: tuple[Face, ...]
    damage: resolve.Damage

    def __init__(self, setup: AttackSetup, faces: tuple[Face, ...], damage: resolve.Damage) -> None:
        set_fields(self, setup=setup, faces=faces, damage=damage)

    def to_json(self) -> dict[str, Any]:
        return {
            "dice": [
                {"die": self.setup.die.id, "face": f.label, "value": f.value} for f in self.faces
            ],
            "dice_total": self.damage.dice_total,
            "direct": self.damage.direct,
            "defense": self.damage.defense,
            "damage": self.damage.damage,
            "fear": self.damage.fear,
            "notes": list(self.setup.notes),
        }

    def text(self) -> str:
        lines = [f"  {n}" for n in self.setup.notes]
        lines.append(
            f"Rolled {dice_noun(self.setup.die.id, len(self.faces))}: {faces_words(self.faces)} "
            f"(total {self.damage.dice_total})"
        )
        lines.append(f"Damage: {self.damage.reason}")
        fear = (
            f"the target gains {self.damage.fear} fear"
            if self.damage.fear
            else "no damage, so no fear"
        )
        lines.append(f"{self.damage.damage} damage; {fear}.")
        return "\n".join(lines)


def attack(setup: AttackSetup, rng: random.Random, rolled: str | None = None) -> AttackReport:
    """Roll (or read) the attack dice and apply the damage rule."""
    from hollowcli.engine import resolve

    faces = roll_or_read(setup.die, setup.dice, rng, rolled)
    dmg = resolve.attack_damage(
        sum(f.value for f in faces), setup.direct, setup.defense, setup.fear_per_damage
    )
    return AttackReport(setup, tuple(faces), dmg)


# --- hollow odds ------------------------------------------------------------------------


def odds(setup: AttackSetup, health: int | None = None) -> Odds:
    """Exact damage distribution of the attack ``setup`` and the chance to defeat ``health``.

    Without ``health``, a ``--target`` from content brings its own.
    """
    from hollowcli.odds import attack_odds

    notes = setup.notes
    if health is not None:
        check_range("--health", health, 1, MAX_NUMBER)
    elif setup.target_health is not None:
        health = setup.target_health
        notes += (f"health {health} from the target",)
    return attack_odds(setup.die, setup.dice, setup.direct, setup.defense, health, notes)
