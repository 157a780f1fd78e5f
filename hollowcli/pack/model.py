"""Typed, frozen objects for a validated content pack.

The loader (``hollowcli.pack.loader``) turns YAML into these objects after checking
every field; the rest of the program only ever sees these. Mappings are exposed as
``types.MappingProxyType`` (read-only) so nothing downstream can change a pack.

Each field is declared once, here, with ``spec(check, default=...)``
(:mod:`hollowcli.pack.fields`): the validator checks a pack's YAML against that metadata
and fills in the defaults, the builder makes these objects from it, and
docs/content-format.md documents every YAML key (a test checks it does). A field with
no default is required. ``WHAT`` is how messages name a record ("the attack");
``SHAPE``, where a record has one, is the sentence for a value that is not a mapping.

Field names follow the content format in ``docs/content-format.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

# Face and Die are defined with the dice (so ``hollow roll`` need not import this module)
# and are part of this model all the same.
from hollowcli.dice import Die, Face  # noqa: F401
from hollowcli.pack.fields import (
    MAX_COPIES,
    MAX_DICE,
    MAX_SUPPLY,
    AnyMapping,
    Bool,
    Choice,
    Custom,
    Id,
    Int,
    ListOf,
    Name,
    Nested,
    Opt,
    Ref,
    Text,
    hold_members,
    spec,
)
from hollowcli.pack.vocab import (
    Compare,
    Condition,
    Effect,
    FearTokens,
    FeatureKind,
    FoeTargets,
    ItemKind,
    LosCorners,
    ObjectiveKind,
    RangeMeasure,
    SearchLimit,
    SpawnListEnd,
    SupplyExhausted,
    TokenBlocks,
    TokenSide,
    TrackEnd,
    Trigger,
)

#: The foe classes, in the order the rules activate them.
FOE_CLASSES = ("boss", "gobkin", "schrickroot", "pumpling")


def frozen_map(data: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    """A read-only mapping (used for every dict-valued field)."""
    return MappingProxyType(dict(data or {}))


@dataclass(frozen=True)
class AttackSpec:
    """Dice, direct damage and range of an attack (a basic attack, skill, item or foe)."""

    WHAT: ClassVar[str] = "the attack"

    dice: int = spec(Int(0, MAX_DICE))
    direct: int = spec(Int(0), default=0)
    range: int = spec(Int(0), default=0)
    area: bool = spec(Bool(), default=False)


@dataclass(frozen=True)
class Restore:
    """What a restore effect gives back."""

    WHAT: ClassVar[str] = "the restore"

    health: int = spec(Int(0), default=0)
    fear: int = spec(Int(0), default=0)


@dataclass(frozen=True)
class Legend:
    id: str
    name: str = spec(Name())
    health: int = spec(Int(1))
    defense: int = spec(Int(0))
    move: int = spec(Int(0))
    attack_priority: int = spec(Int(None))
    tokens: int = spec(Int(0))
    basic_attack: AttackSpec = spec(Nested(AttackSpec))
    # the personal bonus, written 'bonus: {direct: N}'; item attacks omit it
    bonus_direct: int = spec(Custom("bonus"), default=0, yaml="bonus")
    skills: tuple[str, ...] = spec(ListOf(Ref("skills", "the skill list")), default=())
    relic: str | None = spec(Opt(Ref("items", "the relic", relic=True)), default=None)
    inventory: tuple[str, ...] = spec(ListOf(Ref("items", "the inventory")), default=())
    title: str = spec(Text(), default="", after="name")
    text: str = spec(Text(), default="")
    #: Not a YAML key, and not a field (the loader, the cache and ``content show`` never
    #: see it): a campaign's :class:`hollowcli.engine.growth.Grown` of this Legend, set on
    #: the grown record by ``engine.growth.grown_pack`` only; None on a pack's own record.
    grown: ClassVar[Any] = None


@dataclass(frozen=True)
class Ally:
    """A hero who is not a Legend: the players move it (and attack with it, if it can) once
    per Legend phase; it has no tokens, skills, items or fear."""

    id: str
    name: str = spec(Name())
    health: int = spec(Int(1))
    defense: int = spec(Int(0))
    move: int = spec(Int(0))
    attack_priority: int = spec(Int(None))
    basic_attack: AttackSpec | None = spec(Opt(Nested(AttackSpec)), default=None)  # None: the ally cannot attack
    title: str = spec(Text(), default="", after="name")
    text: str = spec(Text(), default="")


@dataclass(frozen=True)
class Skill:
    id: str
    name: str = spec(Name())
    cost: int = spec(Int(0))
    attack: AttackSpec | None = spec(Opt(Nested(AttackSpec)), default=None)
    restore: Restore | None = spec(Opt(Nested(Restore)), default=None)
    fear_pays: bool = spec(Bool(), default=False)  # with rules.fear_tokens: pool, fear tokens may pay its cost
    # a campaign skill that starts locked: on its Legend's sheet, unusable until a reward unlocks it
    locked: bool = spec(Bool(), default=False)
    text: str = spec(Text(), default="")


# ----------------------------------------------------------------- changes (campaigns)
# One vocabulary for what an upgrade, a life path and an outfit change on a Legend
# (pack/changes.py checks it and says it in words; engine/growth.py applies it).


@dataclass(frozen=True)
class AttackDelta:
    """What a change adds to an attack (a skill's, or the basic attack's): ``{direct: +1}``."""

    WHAT: ClassVar[str] = "the attack change"

    dice: int = spec(Int(None), default=0)
    direct: int = spec(Int(None), default=0)
    range: int = spec(Int(None), default=0)
    area: bool | None = spec(Opt(Bool()), default=None)  # true/false: the attack becomes (or stops being) an area attack


@dataclass(frozen=True)
class SkillChanges:
    """Skills a change gives, takes or swaps: ``{add: [a], remove: [b], replace: {c: d}}``."""

    WHAT: ClassVar[str] = "the skill changes"

    add: tuple[str, ...] = spec(ListOf(Ref("skills", "the skills added")), default=())
    remove: tuple[str, ...] = spec(ListOf(Ref("skills", "the skills removed")), default=())
    # old skill -> new skill (the new one takes the old one's place in the list)
    replace: Mapping[str, str] = spec(Custom("skill_replace"), factory=frozen_map)


@dataclass(frozen=True)
class Changes:
    """One ``changes`` mapping: stat deltas, skill changes, and an attack delta on a skill
    (``skill``; none: the Legend's basic attack). An entry's ``changes`` is a tuple of these."""

    WHAT: ClassVar[str] = "the changes"

    health: int = spec(Int(None), default=0)
    defense: int = spec(Int(None), default=0)
    move: int = spec(Int(None), default=0)
    tokens: int = spec(Int(None), default=0)
    attack_priority: int = spec(Int(None), default=0)
    fear_limit: int = spec(Int(None), default=0)
    skills: SkillChanges | None = spec(Opt(Nested(SkillChanges)), default=None)
    skill: str | None = spec(Opt(Ref("skills", "the changes")), default=None)  # the skill 'attack' changes
    attack: AttackDelta | None = spec(Opt(Nested(AttackDelta)), default=None)


@dataclass(frozen=True)
class Item:
    id: str
    name: str = spec(Name())
    kind: ItemKind = spec(Choice(ItemKind), default=ItemKind.ITEM)
    chapter_item: bool = spec(Bool(), default=False)
    cost: int = spec(Int(0), default=0)
    attack: AttackSpec | None = spec(Opt(Nested(AttackSpec)), default=None)
    restore: Restore | None = spec(Opt(Nested(Restore)), default=None)
    defense: int = spec(Int(0), default=0)  # a relic's defense bonus while equipped
    trap: str | None = spec(Opt(Name()), default=None)  # using it sets a trap of this type in the user's location
    trap_damage: int = spec(Int(0), default=2)  # damage a trap set with this item deals to the enemy that springs it
    fear_pays: bool = spec(Bool(), default=False)  # with rules.fear_tokens: pool, fear tokens may pay its cost
    # an outfit's changes, which apply while a Legend wears it (only an outfit has them)
    changes: tuple[Changes, ...] = spec(Custom("changes", record=Changes), default=())
    text: str = spec(Text(), default="")

    def __post_init__(self) -> None:
        hold_members(self)


@dataclass(frozen=True)
class Foe:
    id: str
    name: str = spec(Name())
    cls: str = spec(Choice(FOE_CLASSES), yaml="class")  # one of FOE_CLASSES
    health: int = spec(Int(1))
    defense: int = spec(Int(0))
    move: int = spec(Int(0))
    attack: AttackSpec = spec(Nested(AttackSpec))
    target: str = spec(Custom("target"), default="closest")  # 'closest' or a Legend id
    supply: int = spec(Int(1, MAX_SUPPLY), default=10)
    text: str = spec(Text(), default="")


@dataclass(frozen=True)
class AttackBonus:
    """What a token adds to the attacks made from its square (``bonus: {attack: {...}}``)."""

    WHAT: ClassVar[str] = "the attack bonus"

    dice: int = spec(Int(0, MAX_DICE), default=0)
    direct: int = spec(Int(0), default=0)


@dataclass(frozen=True)
class Bonus:
    """A token's bonus to its side (``for``): today an attack bonus."""

    WHAT: ClassVar[str] = "the bonus"

    attack: AttackBonus | None = spec(Opt(Nested(AttackBonus)), default=None)


@dataclass(frozen=True)
class TokenTrap:
    """A token that is a trap: it hurts the first enemy of its side (``for``) to enter."""

    WHAT: ClassVar[str] = "the trap"

    damage: int = spec(Int(0))


@dataclass(frozen=True)
class TokenKind:
    """A kind of token a chapter places on the map (``tokens: {ward: {...}}``). Every
    property is optional; pack/tokens.py checks the ones that go together."""

    id: str
    name: str = spec(Name())
    blocks: TokenBlocks | None = spec(Opt(Choice(TokenBlocks)), default=None)  # who may not enter its square
    sight: bool = spec(Bool(), default=False)  # blocks a line of sight passing through its square
    lure: bool = spec(Bool(), default=False)  # foes that go for the closest hero go for it instead
    bonus: Bonus | None = spec(Opt(Nested(Bonus)), default=None)  # added to attacks from its square by its side
    health: int | None = spec(Opt(Int(1)), default=None)  # heroes may attack it; at 0 it is destroyed
    defense: int = spec(Int(0), default=0)
    search: bool = spec(Bool(), default=False)  # its square may be searched (once: then it goes)
    finds: tuple[str, ...] = spec(Custom("finds"), default=())  # items found, in order, across its tokens
    trap: TokenTrap | None = spec(Opt(Nested(TokenTrap)), default=None)  # hurts its side's enemies entering
    locks_skill: bool = spec(Bool(), default=False)  # placed on a Legend's skill, which cannot be used
    side: TokenSide = spec(Choice(TokenSide), default=TokenSide.HEROES, yaml="for")  # the side it serves
    text: str = spec(Text(), default="")

    def __post_init__(self) -> None:
        hold_members(self)


@dataclass(frozen=True)
class Rules:
    """Game-wide settings; every reading we chose where the summary is silent lives here.

    Every field is a ``rules:`` setting a pack may write (with the check of its metadata)."""

    activation_order: tuple[str, ...] = spec(Custom("activation_order"), default=FOE_CLASSES)
    fear_limit: int = spec(Int(1), default=10)
    spawn_die: str = spec(Ref("dice", "the rules setting spawn_die"), default="d6")
    attack_die: str = spec(Ref("dice", "the rules setting attack_die"), default="attack")
    leave_damage_per_hit: int = spec(Int(0), default=1)
    fear_per_damage: int = spec(Int(0), default=1)
    restore_health: int = spec(Int(0), default=2)
    restore_fear: int = spec(Int(0), default=2)
    # Our reading: a Legend's basic attack includes the personal bonus (only item attacks omit it).
    basic_attack_bonus: bool = spec(Bool(), default=True)
    # Engine readings (docs/rules-interpretations.md); each a setting a real box could differ on.
    # sight through a grid corner: permissive | strict
    los_corners: LosCorners = spec(Choice(LosCorners), default=LosCorners.PERMISSIVE)
    # range counts orthogonal steps ignoring walls (grid) or walking steps (walk)
    range_measure: RangeMeasure = spec(Choice(RangeMeasure), default=RangeMeasure.GRID)
    split_move: bool = spec(Bool(), default=False)  # may a Legend split its move around its action?
    # "out of tokens": fewer than the cheapest skill costs, action unused
    refresh_when_short: bool = spec(Bool(), default=True)
    # "preparation area first": spent tokens a Restore returns first
    restore_returns_tokens: int = spec(Int(0), default=1)
    # each search feature: once | per_round | unlimited
    search_limit: SearchLimit = spec(Choice(SearchLimit), default=SearchLimit.PER_ROUND)
    trap_single_use: bool = spec(Bool(), default=True)  # a trap is removed once it springs
    # when the spawn list runs out: loop | stop
    spawn_list_end: SpawnListEnd = spec(Choice(SpawnListEnd), default=SpawnListEnd.LOOP)
    # a chapter with no round limit of its own is lost after this many rounds
    round_limit: int = spec(Int(1), default=30)
    # fear is a counter (counter) or tokens in the action pool (pool)
    fear_tokens: FearTokens = spec(Choice(FearTokens), default=FearTokens.COUNTER)
    # a spawn the supply cannot fill: skip the missing figures | lose
    supply_exhausted: SupplyExhausted = spec(Choice(SupplyExhausted), default=SupplyExhausted.SKIP)
    # whom a `target: closest` foe goes for: legends (the summary's words) | heroes (allies too)
    foe_targets: FoeTargets = spec(Choice(FoeTargets), default=FoeTargets.LEGENDS)
    settings: Mapping[str, Any] = spec(AnyMapping(), factory=frozen_map)

    def __post_init__(self) -> None:
        hold_members(self)


@dataclass(frozen=True)
class TrackSpot:
    WHAT: ClassVar[str] = "the track spot"

    # move, attack, spawn (TrackAction's words but card); plain words: the adversary phase
    # adds "card" and "<end>" to its copy of the list
    actions: tuple[str, ...] = spec(ListOf(Custom("action")), default=())
    card: str | None = spec(Custom("card_draw"), default=None)  # "draw" draws a chapter card


@dataclass(frozen=True)
class SpawnGroup:
    WHAT: ClassVar[str] = "the foe group"
    SHAPE: ClassVar[str] = "a foe group must be {foe: ID, count: N}"

    foe: str = spec(Ref("foes"))  # the place that lists the group names it in messages
    count: int = spec(Int(1), default=1)


@dataclass(frozen=True)
class FoePlacement:
    WHAT: ClassVar[str] = "the setup foe"
    SHAPE: ClassVar[str] = "a setup foe must be {foe: ID, at: POINT-or-LOCATION}"

    foe: str = spec(Ref("foes"))  # the place that lists the placements names it in messages
    at: int | str = spec(Custom("at"))  # a spawn point number or a location name like "C4"
    count: int = spec(Int(1), default=1)


@dataclass(frozen=True)
class TokenPlacement:
    """A token on a square (``{token: ward, at: D4}``) or on a skill (``{token: lock, skill:
    long-shot}``): a setup's tokens and the ``place``/``remove`` effects of events."""

    WHAT: ClassVar[str] = "the token placement"
    SHAPE: ClassVar[str] = "a token placement must be {token: ID, at: LOCATION} (or {token: ID, skill: SKILL})"

    token: str = spec(Ref("tokens", "the token placement"))
    at: int | str | None = spec(Opt(Custom("at")), default=None)  # a location or a spawn point's number
    skill: str | None = spec(Opt(Ref("skills", "the skill lock")), default=None)  # where a skill lock sits
    finds: tuple[str, ...] = spec(Custom("finds"), default=())  # this spot's own finds (a search kind)


@dataclass(frozen=True)
class Setup:
    WHAT: ClassVar[str] = "the setup"

    # legend id -> location
    legends: Mapping[str, str] = spec(Custom("setup_legends"), factory=frozen_map)
    foes: tuple[FoePlacement, ...] = spec(ListOf(Nested(FoePlacement, refs="the setup")), default=())
    # ally id -> location or spawn point
    allies: Mapping[str, int | str] = spec(Custom("setup_allies"), factory=frozen_map)
    tokens: tuple[TokenPlacement, ...] = spec(ListOf(Custom("token_placement", record=TokenPlacement)), default=())


@dataclass(frozen=True)
class Objective:
    """How a chapter is won. Which fields each kind takes, and requires, is its
    ``ObjectiveSpec`` (:mod:`hollowcli.pack.objectives`)."""

    kind: ObjectiveKind = spec(Choice(ObjectiveKind))
    # survive, protect: rounds to last; others: optional round limit
    rounds: int | None = spec(Int(1), default=None)
    count: int | None = spec(Int(1), default=None)  # search: searches needed; defeat: foes to defeat
    foe: str | None = spec(Opt(Ref("foes", "the objective")), default=None)  # defeat: which foe (id); None = any foe
    ally: str | None = spec(Ref("allies", "the objective"), default=None)  # protect: the ally (id) who must not fall
    flag: str | None = spec(Id("flag"), default=None)  # flag: the chapter flag (an event's ``set``) that wins it
    # all: the parts, each an objective (built from their canonical mappings below)
    of: tuple[Objective, ...] = spec(ListOf(Custom("objective"), nonempty=True), default=())

    def __post_init__(self) -> None:
        hold_members(self)
        if not isinstance(self.of, tuple) or not all(isinstance(part, Objective) for part in self.of):
            object.__setattr__(self, "of", tuple(part if isinstance(part, Objective) else Objective(**part)
                                                 for part in self.of))

    def leaves(self) -> tuple[Objective, ...]:
        """The objective's simple parts: itself, or every part of an ``all`` (all the way down)."""
        if not self.of:
            return (self,)
        return tuple(leaf for part in self.of for leaf in part.leaves())


@dataclass(frozen=True)
class Card:
    WHAT: ClassVar[str] = "the card"
    SHAPE: ClassVar[str] = "a card must be a mapping with id, title, text and effect"

    id: str = spec(Id("card"))
    title: str = spec(Name())
    text: str = spec(Text(), default="")
    copies: int = spec(Int(0, MAX_COPIES), default=1)  # 0: out of the deck until an event's ``deck: {add}``
    # effect key -> value (pack/effects.py); spawn: SpawnGroup objects, ally: a read-only mapping
    effect: Mapping[str, Any] = spec(Custom("effect"), factory=frozen_map)


# ----------------------------------------------------------------- chapter events
# A chapter's ``events:`` (pack/script.py checks them and says them in words; the engine's
# engine/script.py runs them). Their YAML is checked by custom checks (one trigger per
# ``when``, one key per condition and per step), so these records hold the canonical forms.


@dataclass(frozen=True)
class When:
    """An event's trigger: ``{round_start: 5}`` is ``When(Trigger.ROUND_START, 5)``."""

    kind: Trigger
    value: int | str  # a number, a name (location, feature letter, foe, card, flag...) or 'every'/'any'

    def __post_init__(self) -> None:
        if not isinstance(self.kind, Trigger):
            object.__setattr__(self, "kind", Trigger(self.kind))


@dataclass(frozen=True)
class Cond:
    """One condition of an event's ``if``: ``{counter: {stones: {at_least: 3}}}`` is
    ``Cond(COUNTER, "stones", AT_LEAST, 3)``; ``{flag: x}`` is ``Cond(FLAG, "x", None, None)``;
    ``{hero_at: F4}`` is ``Cond(HERO_AT, None, None, "F4")``."""

    kind: Condition
    name: str | None = None  # the flag or counter
    test: Compare | None = None
    value: int | str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, Condition):
            object.__setattr__(self, "kind", Condition(self.kind))
        if self.test is not None and not isinstance(self.test, Compare):
            object.__setattr__(self, "test", Compare(self.test))


@dataclass(frozen=True)
class Step:
    """One effect of an event's ``do`` (a one-key mapping): its value as the effect's
    ``EffectSpec`` check makes it (``set``: ``{"values": {...}, "campaign": bool}``)."""

    effect: Effect
    value: Any

    def __post_init__(self) -> None:
        if not isinstance(self.effect, Effect):
            object.__setattr__(self, "effect", Effect(self.effect))


@dataclass(frozen=True)
class Option:
    """One answer of a ``choose``: its label and what it does."""

    WHAT: ClassVar[str] = "the option"

    label: str = spec(Name())
    do: tuple[Step, ...] = spec(ListOf(Custom("step"), nonempty=True))
    auto: bool = spec(Bool(), default=False)  # --auto and simulate take this one (else the first)


@dataclass(frozen=True)
class Choose:
    """The ``choose`` effect: the players pick one option."""

    WHAT: ClassVar[str] = "the choose effect"

    prompt: str = spec(Name())
    options: tuple[Option, ...] = spec(ListOf(Nested(Option), nonempty=True))


@dataclass(frozen=True)
class ScriptEvent:
    """One of a chapter's ``events:``."""

    WHAT: ClassVar[str] = "the event"

    id: str = spec(Id("event"))
    when: When = spec(Custom("trigger", record=When))
    do: tuple[Step, ...] = spec(ListOf(Custom("step"), nonempty=True))
    conditions: tuple[Cond, ...] = spec(ListOf(Custom("condition", record=Cond)), default=(), yaml="if", after="when")
    once: bool = spec(Bool(), default=True)
    text: str = spec(Text(), default="")  # shown to the players, logged, read out in assist
    where: str = field(default="")  # "file:line" of the event, for the runtime chain error


@dataclass(frozen=True, kw_only=True)
class Chapter:
    id: str
    name: str = spec(Name())
    number: int = spec(Int(1))
    intro: str = spec(Text(), default="")
    map: tuple[str, ...] = spec(Custom("map"))  # rows, one character per location
    # map letter -> feature kind (YAML: LETTER: KIND or {kind:, name:, item:})
    features: Mapping[str, FeatureKind] = spec(Custom("features"), factory=frozen_map, members=FeatureKind)
    walls: tuple[tuple[str, str], ...] = spec(ListOf(Custom("wall")), default=())
    barricades: tuple[int, ...] = spec(ListOf(Custom("point")), default=())
    track: tuple[TrackSpot, ...] = spec(ListOf(Custom("spot", record=TrackSpot), nonempty=True))
    track_end: TrackEnd = spec(Choice(TrackEnd), default=TrackEnd.LOOP)
    spawn_list: tuple[tuple[SpawnGroup, ...], ...] = spec(
        ListOf(ListOf(Nested(SpawnGroup, refs="the spawn list"), nonempty=True)), default=())
    setup: Setup = spec(Nested(Setup, null_is_default=True), factory=Setup)
    objective: Objective = spec(Custom("objective", record=Objective))
    cards: tuple[Card, ...] = spec(ListOf(Nested(Card)), default=())
    # this chapter's own rules.foe_targets ("unless otherwise indicated"); None: the rules'
    foe_targets: FoeTargets | None = spec(Opt(Choice(FoeTargets)), default=None)
    events: tuple[ScriptEvent, ...] = spec(Custom("events"), default=())  # pack/script.py
    # from the long form of features: the letter's name, and the chapter item found there
    feature_names: Mapping[str, str] = field(default_factory=frozen_map)
    feature_items: Mapping[str, str] = field(default_factory=frozen_map)  # search letter -> chapter item found there

    def __post_init__(self) -> None:
        hold_members(self)

    @property
    def spawn_points(self) -> tuple[int, ...]:
        """The spawn point numbers present on the map, ascending."""
        pts = {int(ch) for row in self.map for ch in row if ch in "123456789"}
        return tuple(sorted(pts))


# ----------------------------------------------------------------- campaigns
# ``campaigns:``, ``upgrades:`` and ``paths:`` (pack/campaigns.py checks them).


@dataclass(frozen=True, kw_only=True)
class Upgrade:
    """A skill or proficiency upgrade a Legend may take when a campaign grants one."""

    id: str
    name: str = spec(Name())
    legend: str = spec(Custom("upgrade_legend"), default="any")  # a Legend's id, or 'any'
    changes: tuple[Changes, ...] = spec(Custom("changes", record=Changes))
    text: str = spec(Text(), default="")


@dataclass(frozen=True)
class PathOption:
    """One life path a Legend may choose."""

    WHAT: ClassVar[str] = "the life path option"

    name: str = spec(Name())
    changes: tuple[Changes, ...] = spec(Custom("changes", record=Changes))
    text: str = spec(Text(), default="")


@dataclass(frozen=True)
class LifePath:
    """A Legend's life paths (``paths: {LEGEND: {...}}``: the entry's id is the Legend's)."""

    id: str
    at: str = spec(Ref("chapters", "the life path"))  # chosen in the interlude after this chapter is won
    options: Mapping[str, PathOption] = spec(Custom("path_options", record=PathOption))
    text: str = spec(Text(), default="")

    @property
    def name(self) -> str:
        """How a listing names the entry: its options' names (``The Hunter or The Healer``)."""
        return " or ".join(opt.name for opt in self.options.values())


@dataclass(frozen=True)
class Next:
    """Where a campaign goes after a chapter: the first branch whose campaign flag is set,
    else ``otherwise`` (a chapter id, or ``end``). ``covered-bridge`` is ``Next((),
    "covered-bridge")``; ``{if_flag: {ferry: churchyard}, else: mill-race}`` is
    ``Next((("ferry", "churchyard"),), "mill-race")``."""

    branches: tuple[tuple[str, str], ...]
    otherwise: str

    def targets(self) -> tuple[str, ...]:
        """Every place it may go, branches first."""
        return tuple(t for _, t in self.branches) + (self.otherwise,)


#: The ``Next`` target that ends a campaign.
END = "end"


@dataclass(frozen=True)
class Reward:
    """What a campaign gives after a chapter: items, relics and outfits (the interlude asks
    who takes each), upgrades each Legend chooses, and locked skills it unlocks."""

    WHAT: ClassVar[str] = "the reward"

    items: tuple[str, ...] = spec(ListOf(Ref("items", "the reward's items")), default=())
    relics: tuple[str, ...] = spec(ListOf(Ref("items", "the reward's relics")), default=())
    outfits: tuple[str, ...] = spec(ListOf(Ref("items", "the reward's outfits")), default=())
    upgrades: int = spec(Int(0, 10), default=0)  # upgrades each Legend takes
    skills: tuple[str, ...] = spec(ListOf(Ref("skills", "the reward's skills")), default=())


@dataclass(frozen=True)
class Rewards:
    WHAT: ClassVar[str] = "the rewards"

    won: Reward | None = spec(Opt(Nested(Reward)), default=None)
    lost: Reward | None = spec(Opt(Nested(Reward)), default=None)


@dataclass(frozen=True)
class CampaignChapter:
    """One chapter of a campaign: where it goes on a win and on a loss, and its rewards."""

    WHAT: ClassVar[str] = "the campaign chapter"

    won: Next = spec(Custom("next", record=Next))
    lost: Next | None = spec(Custom("next", record=Next), default=None)  # None: the chapter again
    rewards: Rewards = spec(Nested(Rewards, null_is_default=True), factory=Rewards)


@dataclass(frozen=True)
class CampaignDef:
    """A campaign a pack defines (``campaigns: {the-hollow: {...}}``)."""

    id: str
    name: str = spec(Name())
    start: str = spec(Ref("chapters", "the campaign's start"))
    chapters: Mapping[str, CampaignChapter] = spec(Custom("campaign_chapters", record=CampaignChapter))
    text: str = spec(Text(), default="")


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
    tokens: Mapping[str, TokenKind] = field(default_factory=frozen_map)
    campaigns: Mapping[str, CampaignDef] = field(default_factory=frozen_map)
    upgrades: Mapping[str, Upgrade] = field(default_factory=frozen_map)
    paths: Mapping[str, LifePath] = field(default_factory=frozen_map)

    def kind(self, name: str) -> Mapping[str, Any]:
        """Entries of one kind by its YAML name (``legends``, ``foes`` ...)."""
        if name == "rules":
            return frozen_map({"rules": self.rules})
        return getattr(self, name)  # type: ignore[no-any-return]


#: The YAML kind names, in the order ``hollow content list`` shows them.
KINDS = ("dice", "legends", "allies", "skills", "items", "foes", "tokens", "upgrades", "paths", "campaigns", "rules",
         "chapters")
