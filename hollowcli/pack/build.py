"""Canonical pack data (plain JSON-ready dicts) -> the frozen objects of the model.

The loader builds a pack through this module both after validating YAML and when it
reads its cache, so a cached pack and a freshly validated one are the same objects.
One builder serves every record: it reads each field's check in the model's metadata
to know what the field holds (a nested record, a list of them, a card's effects);
everything else is frozen as it is (lists become tuples, dicts read-only mappings).
A field the data lacks raises KeyError, so a damaged cache is validated afresh.
This module imports nothing heavy (no yaml, no json).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from hollowcli.pack import fields as f
from hollowcli.pack.effects import EFFECTS
from hollowcli.pack.model import (
    Ally,
    CampaignDef,
    Changes,
    Chapter,
    Die,
    Face,
    Foe,
    Item,
    Legend,
    LifePath,
    Pack,
    Rules,
    ScriptEvent,
    Skill,
    Step,
    TokenKind,
    Upgrade,
    frozen_map,
)
from hollowcli.pack.vocab import Effect


def deep_freeze(value: Any) -> Any:
    """Lists become tuples and dicts read-only mappings, all the way down."""
    if isinstance(value, dict):
        return MappingProxyType({k: deep_freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(deep_freeze(v) for v in value)
    return value


@cache
def _plan(cls: type) -> tuple[tuple[str, f.Check | None], ...]:
    """Each field of a record with the check its metadata names (None: no metadata)."""
    return tuple((fl.name, fl.metadata["spec"].check if "spec" in fl.metadata else None)
                 for fl in dataclasses.fields(cls))


def value(check: f.Check | None, data: Any) -> Any:
    """One field's frozen value from its canonical data, as its check says it is shaped."""
    if data is None:
        return None
    if isinstance(check, f.Opt):
        return value(check.inner, data)
    if isinstance(check, f.Nested):
        return record(check.cls, data)
    if isinstance(check, f.Custom) and check.name == "step":  # an event's step: its value as its EffectSpec says
        return step(data)
    if isinstance(check, f.Custom) and check.name == "events":  # Chapter.events: a list of events
        return tuple(record(ScriptEvent, x) for x in data)
    if isinstance(check, f.Custom) and check.record is Changes:  # a list of changes
        return tuple(record(Changes, x) for x in data)
    if isinstance(check, f.Custom) and check.name in _BY_ID:  # id -> record (path options, campaign chapters)
        return frozen_map({k: record(check.record, x) for k, x in data.items()})  # type: ignore[arg-type]
    if isinstance(check, f.Custom) and check.record is not None:
        return record(check.record, data)
    if isinstance(check, f.Custom) and check.name == "effect":  # Card.effect: each key as its EffectSpec says
        return effect(data)
    if isinstance(check, f.ListOf):
        return tuple(value(check.item, x) for x in data)
    return deep_freeze(data)


#: The custom checks whose canonical value maps ids to records of their ``record`` class.
_BY_ID = ("path_options", "campaign_chapters")


def record(cls: type, data: Mapping[str, Any]) -> Any:
    """A model record from its canonical dict: every field is read from it."""
    return cls(**{name: value(check, data[name]) for name, check in _plan(cls)})


def effect(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """A card's effects, each shaped as its EffectSpec's check says (spawn: SpawnGroup objects)."""
    return frozen_map({k: value(EFFECTS[Effect(k)].check, v) for k, v in data.items()})


def step(data: Mapping[str, Any]) -> Step:
    """One step of an event's ``do`` (a ``choose`` builds its options' steps in turn)."""
    eff = Effect(data["effect"])
    return Step(eff, value(EFFECTS[eff].check, data["value"]))


def die(d: Mapping[str, Any]) -> Die:
    """Dice are slotted classes of hollowcli.dice, not dataclasses: built by hand."""
    return Die(d["id"], tuple(Face(fc["label"], fc["value"]) for fc in d["faces"]))


def rules(d: Mapping[str, Any]) -> Rules:
    """Rules from the merged settings that packs gave (the rest keep their defaults)."""
    return Rules(**{k: deep_freeze(v) for k, v in d.items()})


#: The model class of each kind's entries (dice are built by :func:`die`).
RECORDS: dict[str, type] = {"legends": Legend, "allies": Ally, "skills": Skill, "items": Item, "foes": Foe,
                            "tokens": TokenKind, "chapters": Chapter, "campaigns": CampaignDef, "upgrades": Upgrade,
                            "paths": LifePath}


def entry(kind: str, data: Mapping[str, Any]) -> Any:
    """One entry of a kind from its canonical dict."""
    return die(data) if kind == "dice" else record(RECORDS[kind], data)


def pack(data: Mapping[str, Any], template_dirs: tuple[str, ...] = ()) -> Pack:
    """A :class:`Pack` from canonical data (what the loader validated or cached)."""
    kinds = {kind: frozen_map({i: entry(kind, e) for i, e in data.get(kind, {}).items()})
             for kind in ("dice", *RECORDS)}
    return Pack(
        rules=rules(data["rules"]),
        sources=tuple(data["sources"]),
        template_dirs=template_dirs,
        sample=frozen_map(data["sample"]),
        origins=frozen_map(data["origins"]),
        **kinds,
    )
