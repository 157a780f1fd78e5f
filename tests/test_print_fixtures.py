"""Hand-built content for the print tests (no loader, no YAML): a small pack and a rules text.

All names and numbers here are test values, not the game's.
"""

from __future__ import annotations

from hollowcli.pack.model import (
    AttackSpec,
    Card,
    Chapter,
    Die,
    Face,
    Foe,
    Item,
    Legend,
    Objective,
    Pack,
    Restore,
    Rules,
    Setup,
    Skill,
    SpawnGroup,
    TrackSpot,
    frozen_map,
)

RULES_MD = """# Rules reference

Text before the first section is not printed.

## Legend phase
Each Legend activates once, in any order.

1. **Refresh**: no {token} left? All come back.
2. Swap a relic.
3. Move and take one action.

## Spawning
- Roll a D6 {dice}.
- Locked? Lowest open point.

## Combat
Damage = direct {damage} + dice {dice} - defense.

## Empty topic

## Fear
Any damage taken: +1 {fear}.

## solo-legend-phase
What the solo engine does; not printed.
"""


def chapter(cards: tuple[Card, ...] = (), cid: str = "mill", **kw: object) -> Chapter:
    """A small test chapter with spawn points 1-4, a barricade on 4, and the given cards."""
    base: dict[str, object] = {
        "id": cid,
        "name": "The Old Mill",
        "number": 1,
        "intro": "Test chapter.",
        "map": ("######", "#1..2#", "#.S..#", "#3..4#", "######"),
        "features": frozen_map({"S": "start"}),
        "walls": (),
        "barricades": (4,),
        "track": (TrackSpot(("move", "attack")), TrackSpot(("spawn",))),
        "track_end": "loop",
        "spawn_list": ((SpawnGroup("grub", 2),), (SpawnGroup("grub", 1), SpawnGroup("wisp", 1))),
        "setup": Setup(),
        "objective": Objective("survive", rounds=6),
        "cards": cards,
    }
    base.update(kw)
    return Chapter(**base)  # type: ignore[arg-type]


def make_pack(
    cards: tuple[Card, ...] | None = None,
    legend_text: str = "A steady hand in the dark.",
    chapters: dict[str, Chapter] | None = None,
) -> Pack:
    """A pack with 2 Legends, 2 foes, 2 items and one chapter (9 deck cards by default)."""
    if cards is None:
        cards = (
            Card("bells", "Bells at Midnight", "The bells ring. Something stirs.", copies=2,
                 effect=frozen_map({"spawn": [{"foe": "grub", "count": 2}]})),
            Card("fog", "Creeping Fog", "The fog thickens.", copies=3, effect=frozen_map({"fear": 1})),
            Card("door", "Barred Door", "A door slams shut.", copies=1, effect=frozen_map({"lock": 2})),
            Card("quiet", "A Quiet Moment", "Catch your breath.", copies=3, effect=frozen_map({"heal": 1, "calm": 1})),
        )
    ch = chapter(cards)
    attack_die = Die("attack", tuple(Face(lbl, v) for lbl, v in
                                      (("blank", 0), ("blank", 0), ("1", 1), ("1", 1), ("1", 1), ("2", 2))))
    d6 = Die("d6", tuple(Face(str(v), v) for v in range(1, 7)))
    return Pack(
        dice=frozen_map({"attack": attack_die, "d6": d6}),
        legends=frozen_map({
            "ada": Legend("ada", "Ada Test", 8, 1, 2, 2, 4, AttackSpec(2, 0, 2), bonus_direct=1,
                          skills=("volley",), relic="charm", title="The archer", text=legend_text),
            "bo": Legend("bo", "Bo Sample", 10, 2, 2, 1, 4, AttackSpec(2, 1, 0), skills=("mend",)),
        }),
        skills=frozen_map({
            "volley": Skill("volley", "Volley", 1, attack=AttackSpec(3, 0, 3), text="Shoot twice."),
            "mend": Skill("mend", "Mend", 1, restore=Restore(health=2), text="Patch up."),
        }),
        items=frozen_map({
            "lamp": Item("lamp", "Lamp", "item", cost=1, restore=Restore(fear=1), text="Light pushes back fear."),
            "charm": Item("charm", "Charm", "relic", defense=1, text="Worn on a string."),
        }),
        foes=frozen_map({
            "grub": Foe("grub", "Grub", "gobkin", 2, 0, 2, AttackSpec(1, 1, 0)),
            "wisp": Foe("wisp", "Wisp", "pumpling", 1, 0, 3, AttackSpec(1, 0, 2), text="Floats."),
        }),
        rules=Rules(),
        chapters=frozen_map(chapters if chapters is not None else {ch.id: ch}),
        sample=frozen_map({"legends/ada": True}),
    )
