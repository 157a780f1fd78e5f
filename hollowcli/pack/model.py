"""Typed, frozen objects for a validated content pack.

The loader (``hollowcli.pack.loader``) turns YAML into these objects after checking
every field; the rest of the program only ever sees these. Mappings are exposed as
``types.MappingProxyType`` (read-only) so nothing downstream can change a pack.

Field names follow the content format in ``docs/content-format.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

# Face and Die are defined with the dice (so ``hollow roll`` need not import this module)
# and are part of this model all the same.
from hollowcli.dice import Die, Face  # noqa: F401
from hollowcli.pack.vocab import RULE_SETTINGS, FeatureKind, ObjectiveKind, TrackAction

#: The foe classes, in the order the rules activate them.
FOE_CLASSES = ("boss", "gobkin", "schrickroot", "pumpling")

#: Actions that may stand on a storybook track spot.
TRACK_ACTIONS = tuple(m.value for m in TrackAction)

#: Objective kinds a chapter may have.
OBJECTIVE_KINDS = tuple(m.value for m in ObjectiveKind)

#: Feature kinds a map letter may name.
FEATURE_KINDS = tuple(m.value for m in FeatureKind)


def frozen_map(data: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    """A read-only mapping (used for every dict-valued field)."""
    return MappingProxyType(dict(data or {}))


@dataclass(frozen=True)
class AttackSpec:
    """Dice, direct damage and range of an attack (a basic attack, skill, item or foe)."""

    dice: int
    direct: int = 0
    range: int = 0
    area: bool = False


@dataclass(frozen=True)
class Restore:
    """What a restore effect gives back."""

    health: int = 0
    fear: int = 0


@dataclass(frozen=True)
class Legend:
    id: str
    name: str
    health: int
    defense: int
    move: int
    attack_priority: int
    tokens: int
    basic_attack: AttackSpec
    bonus_direct: int = 0  # the personal bonus; item attacks omit it
    skills: tuple[str, ...] = ()
    relic: str | None = None
    inventory: tuple[str, ...] = ()
    title: str = ""
    text: str = ""


@dataclass(frozen=True)
class Ally:
    """A hero who is not a Legend: the players move it (and attack with it, if it can) once
    per Legend phase; it has no tokens, skills, items or fear."""

    id: str
    name: str
    health: int
    defense: int
    move: int
    attack_priority: int
    basic_attack: AttackSpec | None = None  # None: the ally cannot attack
    title: str = ""
    text: str = ""


@dataclass(frozen=True)
class Skill:
    id: str
    name: str
    cost: int
    attack: AttackSpec | None = None
    restore: Restore | None = None
    fear_pays: bool = False  # with rules.fear_tokens: pool, fear tokens may pay its cost
    text: str = ""


@dataclass(frozen=True)
class Item:
    id: str
    name: str
    kind: str  # "item" | "relic"
    chapter_item: bool = False
    cost: int = 0
    attack: AttackSpec | None = None
    restore: Restore | None = None
    defense: int = 0  # a relic's defense bonus while equipped
    trap: str | None = None  # using it sets a trap of this type in the user's location
    trap_damage: int = 2  # damage a trap set with this item deals to the enemy that springs it
    fear_pays: bool = False  # with rules.fear_tokens: pool, fear tokens may pay its cost
    text: str = ""


@dataclass(frozen=True)
class Foe:
    id: str
    name: str
    cls: str  # one of FOE_CLASSES ("class" in YAML)
    health: int
    defense: int
    move: int
    attack: AttackSpec
    target: str = "closest"
    supply: int = 10
    text: str = ""


@dataclass(frozen=True)
class Rules:
    """Game-wide settings; every reading we chose where the summary is silent lives here."""

    activation_order: tuple[str, ...] = FOE_CLASSES
    fear_limit: int = 10
    spawn_die: str = "d6"
    attack_die: str = "attack"
    leave_damage_per_hit: int = 1
    fear_per_damage: int = 1
    restore_health: int = 2
    restore_fear: int = 2
    # Our reading: a Legend's basic attack includes the personal bonus (only item attacks omit it).
    basic_attack_bonus: bool = True
    # Engine readings (docs/rules-interpretations.md); each a setting a real box could differ on.
    los_corners: str = "permissive"  # sight through a grid corner: permissive | strict
    range_measure: str = "grid"  # range counts orthogonal steps ignoring walls (grid) or walking steps (walk)
    split_move: bool = False  # may a Legend split its move around its action?
    refresh_when_short: bool = True  # "out of tokens": fewer than the cheapest skill costs, action unused
    restore_returns_tokens: int = 1  # "preparation area first": spent tokens a Restore returns first
    search_limit: str = "per_round"  # each search feature: once | per_round | unlimited
    trap_single_use: bool = True  # a trap is removed once it springs
    spawn_list_end: str = "loop"  # when the spawn list runs out: loop | stop
    round_limit: int = 30  # a chapter with no round limit of its own is lost after this many rounds
    fear_tokens: str = "counter"  # fear is a counter (counter) or tokens in the action pool (pool)
    supply_exhausted: str = "skip"  # a spawn the supply cannot fill: skip the missing figures | lose
    settings: Mapping[str, Any] = field(default_factory=frozen_map)


#: The allowed values of the text-valued Rules settings; the loader rejects anything else
#: (with the closest suggestion). A new text setting with fixed choices belongs here too.
RULE_CHOICES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {key: tuple(m.value for m in words) for key, words in RULE_SETTINGS.items()})


@dataclass(frozen=True)
class TrackSpot:
    actions: tuple[str, ...]
    card: str | None = None  # "draw" draws a chapter card


@dataclass(frozen=True)
class SpawnGroup:
    foe: str
    count: int = 1


@dataclass(frozen=True)
class FoePlacement:
    foe: str
    at: int | str  # a spawn point number or a location name like "C4"
    count: int = 1


@dataclass(frozen=True)
class Setup:
    legends: Mapping[str, str] = field(default_factory=frozen_map)  # legend id -> location
    foes: tuple[FoePlacement, ...] = ()
    allies: Mapping[str, int | str] = field(default_factory=frozen_map)  # ally id -> location or spawn point


@dataclass(frozen=True)
class Objective:
    kind: str  # survive | search | defeat | protect
    rounds: int | None = None  # survive, protect: rounds to last; others: optional round limit
    count: int | None = None  # search: searches needed; defeat: foes to defeat
    foe: str | None = None  # defeat: which foe (id); None = any foe
    ally: str | None = None  # protect: the ally (id) who must not fall


@dataclass(frozen=True)
class Card:
    id: str
    title: str
    text: str
    copies: int = 1
    effect: Mapping[str, Any] = field(default_factory=frozen_map)


@dataclass(frozen=True)
class Chapter:
    id: str
    name: str
    number: int
    intro: str
    map: tuple[str, ...]  # rows, one character per location
    features: Mapping[str, str]  # map letter -> feature kind
    walls: tuple[tuple[str, str], ...]
    barricades: tuple[int, ...]
    track: tuple[TrackSpot, ...]
    track_end: str  # loop | stay
    spawn_list: tuple[tuple[SpawnGroup, ...], ...]
    setup: Setup
    objective: Objective
    cards: tuple[Card, ...] = ()
    feature_names: Mapping[str, str] = field(default_factory=frozen_map)
    feature_items: Mapping[str, str] = field(default_factory=frozen_map)  # search letter -> chapter item found there

    @property
    def spawn_points(self) -> tuple[int, ...]:
        """The spawn point numbers present on the map, ascending."""
        pts = {int(ch) for row in self.map for ch in row if ch in "123456789"}
        return tuple(sorted(pts))


@dataclass(frozen=True)
class Pack:
    """A validated content pack (the built-in one with user packs layered over it)."""

    dice: Mapping[str, Die]
    legends: Mapping[str, Legend]
    skills: Mapping[str, Skill]
    items: Mapping[str, Item]
    foes: Mapping[str, Foe]
    rules: Rules
    chapters: Mapping[str, Chapter]
    sources: tuple[str, ...] = ()  # the pack folders, built-in first
    template_dirs: tuple[str, ...] = ()  # user packs' templates/ folders, highest priority first
    sample: Mapping[str, bool] = field(default_factory=frozen_map)  # "kind/id" -> sample values?
    origins: Mapping[str, str] = field(default_factory=frozen_map)  # "kind/id" -> the pack folder it came from
    allies: Mapping[str, Ally] = field(default_factory=frozen_map)

    def kind(self, name: str) -> Mapping[str, Any]:
        """Entries of one kind by its YAML name (``legends``, ``foes`` ...)."""
        if name == "rules":
            return frozen_map({"rules": self.rules})
        return getattr(self, name)  # type: ignore[no-any-return]


#: The YAML kind names, in the order ``hollow content list`` shows them.
KINDS = ("dice", "legends", "allies", "skills", "items", "foes", "rules", "chapters")
