"""Canonical pack data (plain JSON-ready dicts) -> the frozen objects of the model.

The loader builds a pack through this module both after validating YAML and when it
reads its cache, so a cached pack and a freshly validated one are the same objects.
This module imports nothing heavy (no yaml, no json).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from hollowcli.pack.model import (
    Ally,
    AttackSpec,
    Card,
    Chapter,
    Die,
    Face,
    Foe,
    FoePlacement,
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


def deep_freeze(value: Any) -> Any:
    """Lists become tuples and dicts read-only mappings, all the way down."""
    if isinstance(value, dict):
        return MappingProxyType({k: deep_freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(deep_freeze(v) for v in value)
    return value


def _attack(d: Mapping[str, Any] | None) -> AttackSpec | None:
    return None if d is None else AttackSpec(d["dice"], d["direct"], d["range"], d["area"])


def _restore(d: Mapping[str, Any] | None) -> Restore | None:
    return None if d is None else Restore(d["health"], d["fear"])


def die(d: Mapping[str, Any]) -> Die:
    return Die(d["id"], tuple(Face(f["label"], f["value"]) for f in d["faces"]))


def legend(d: Mapping[str, Any]) -> Legend:
    attack = _attack(d["basic_attack"])
    assert attack is not None
    return Legend(
        id=d["id"], name=d["name"], health=d["health"], defense=d["defense"], move=d["move"],
        attack_priority=d["attack_priority"], tokens=d["tokens"], basic_attack=attack,
        bonus_direct=d["bonus_direct"], skills=tuple(d["skills"]), relic=d["relic"],
        inventory=tuple(d["inventory"]), title=d["title"], text=d["text"],
    )


def ally(d: Mapping[str, Any]) -> Ally:
    return Ally(
        id=d["id"], name=d["name"], health=d["health"], defense=d["defense"], move=d["move"],
        attack_priority=d["attack_priority"], basic_attack=_attack(d["basic_attack"]), title=d["title"], text=d["text"],
    )


def skill(d: Mapping[str, Any]) -> Skill:
    return Skill(id=d["id"], name=d["name"], cost=d["cost"], attack=_attack(d["attack"]), restore=_restore(d["restore"]),
                 fear_pays=d.get("fear_pays", False), text=d["text"])


def item(d: Mapping[str, Any]) -> Item:
    return Item(
        id=d["id"], name=d["name"], kind=d["kind"], chapter_item=d["chapter_item"], cost=d["cost"],
        attack=_attack(d["attack"]), restore=_restore(d["restore"]), defense=d["defense"], trap=d["trap"], trap_damage=d["trap_damage"],
        fear_pays=d.get("fear_pays", False), text=d["text"],
    )


def foe(d: Mapping[str, Any]) -> Foe:
    attack = _attack(d["attack"])
    assert attack is not None
    return Foe(d["id"], d["name"], d["cls"], d["health"], d["defense"], d["move"], attack,
               d["target"], d["supply"], d["text"])


def rules(d: Mapping[str, Any]) -> Rules:
    """Rules from the merged settings that packs gave (the rest keep their defaults)."""
    kw: dict[str, Any] = {k: (frozen_map({kk: deep_freeze(vv) for kk, vv in v.items()}) if k == "settings" else deep_freeze(v))
          for k, v in d.items()}
    return Rules(**kw)


def _groups(gs: Iterable[Mapping[str, Any]]) -> tuple[SpawnGroup, ...]:
    return tuple(SpawnGroup(g["foe"], g["count"]) for g in gs)


def _effect(e: Mapping[str, Any]) -> Mapping[str, Any]:
    """A card effect; ``spawn`` holds :class:`SpawnGroup` objects, the rest are ints."""
    return frozen_map({k: (_groups(v) if k == "spawn" else frozen_map(v) if isinstance(v, Mapping) else v) for k, v in e.items()})


def chapter(d: Mapping[str, Any]) -> Chapter:
    s = d["setup"]
    o = d["objective"]
    return Chapter(
        id=d["id"], name=d["name"], number=d["number"], intro=d["intro"], map=tuple(d["map"]),
        features=frozen_map(d["features"]),
        walls=tuple((a, b) for a, b in d["walls"]),
        barricades=tuple(d["barricades"]),
        track=tuple(TrackSpot(tuple(t["actions"]), t["card"]) for t in d["track"]),
        track_end=d["track_end"],
        spawn_list=tuple(_groups(e) for e in d["spawn_list"]),
        setup=Setup(frozen_map(s["legends"]), tuple(FoePlacement(f["foe"], f["at"], f["count"]) for f in s["foes"]),
                    frozen_map(s.get("allies", {}))),
        objective=Objective(o["kind"], o["rounds"], o["count"], o["foe"], o.get("ally")),
        cards=tuple(Card(c["id"], c["title"], c["text"], c["copies"], _effect(c["effect"])) for c in d["cards"]),
        feature_names=frozen_map(d["feature_names"]),
        feature_items=frozen_map(d["feature_items"]),
    )


BUILDERS = {"dice": die, "legends": legend, "allies": ally, "skills": skill, "items": item, "foes": foe, "chapters": chapter}


def pack(data: Mapping[str, Any], template_dirs: tuple[str, ...] = ()) -> Pack:
    """A :class:`Pack` from canonical data (what the loader validated or cached)."""
    kinds = {kind: frozen_map({i: build(e) for i, e in data.get(kind, {}).items()}) for kind, build in BUILDERS.items()}
    return Pack(
        rules=rules(data["rules"]),
        sources=tuple(data["sources"]),
        template_dirs=template_dirs,
        sample=frozen_map(data["sample"]),
        origins=frozen_map(data["origins"]),
        **kinds,
    )
