"""A Legend grown by a campaign: its record after the ``changes`` of its life path, its
upgrades and its outfit, with the source of every number kept.

Pure: a Legend record and the changes in the order they apply in, each with the name of
what gives it (``("Steady Hand", changes)``), make a :class:`Grown`. Its ``legend`` is the
pack's record with the stats and skills changed (what every engine reader of the Legend
sees); ``sources`` says where each stat's change came from, and ``attacks`` holds each
attack delta by skill (``""``: the basic attack) with its source, for the loadout to add
and to say: "2 dice +1 direct (Steady Hand)".

Readings (docs/design/campaign-plan.md §9): within one ``changes`` the skills change
first (removed, replaced, added), then the stats, then the attack; every change adds; a
stat never goes below its floor (health 1, defense, move and tokens 0); an attack delta on
a skill the Legend does not have waits for it (it applies if the skill comes); a skill
that starts ``locked`` stays locked, however the Legend comes by it, until unlocked.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from mypy_extensions import mypyc_attr

from hollowcli.engine.speed import per_pack, same
from hollowcli.errors import SaveError
from hollowcli.pack.changes import changes_words
from hollowcli.pack.changes import given as changes_given
from hollowcli.pack.model import AttackDelta, AttackSpec, Changes, Legend, Pack, Skill, frozen_map
from hollowcli.pack.vocab import Stat

#: Each stat's lowest value after changes (the fear limit's is the rules' concern: 1).
FLOORS: Final = {Stat.HEALTH: 1, Stat.DEFENSE: 0, Stat.MOVE: 0, Stat.TOKENS: 0}
#: The key of the basic attack in :attr:`Grown.attacks`.
BASIC: Final = ""

Sourced = tuple[tuple[str, int], ...]  # ((source name, delta), ...) in the order applied


@mypyc_attr(native_class=False)  # a Python class even when compiled: see engine/speed.py
@dataclass(frozen=True)
class Grown:
    """A Legend after its campaign's changes."""

    legend: Legend  # the grown record: stats and skills changed (attacks are not: see attacks)
    base: Legend  # the pack's record
    sources: Mapping[str, Sourced]  # stat -> its changes with their sources (only stats that changed)
    attacks: Mapping[str, tuple[tuple[str, AttackDelta], ...]]  # skill id ('' basic) -> (source, delta), ...
    locked: tuple[str, ...]  # skills the Legend has but may not use yet (locked, not unlocked)
    fear_limit: int  # the sum of the fear-limit changes (added to rules.fear_limit)

    def __eq__(self, other: object) -> bool:
        return same(self, other)  # type: ignore[no-any-return]

    def attack_delta(self, skill: str) -> AttackDelta:
        """The sum of the attack deltas on ``skill`` (``BASIC``: the basic attack)."""
        return total(d for _, d in self.attacks.get(skill, ()))


def total(deltas: Iterable[AttackDelta]) -> AttackDelta:
    """Attack deltas added up (the last one that says ``area`` decides it)."""
    dice = direct = rng = 0
    area: bool | None = None
    for d in deltas:
        dice += d.dice
        direct += d.direct
        rng += d.range
        if d.area is not None:
            area = d.area
    return AttackDelta(dice, direct, rng, area)


def grow(legend: Legend, skills: Mapping[str, Skill], given: Sequence[tuple[str, Sequence[Changes]]],
         unlocked: Iterable[str] = ()) -> Grown:
    """``legend`` after ``given`` ((source name, its changes), in the order they apply);
    ``skills`` are the pack's (to know which start locked), ``unlocked`` the locked skills a
    campaign has freed."""
    stats: dict[str, int] = {stat: getattr(legend, stat) for stat in FLOORS}
    sources: dict[str, list[tuple[str, int]]] = {}
    attacks: dict[str, list[tuple[str, AttackDelta]]] = {}
    have = list(legend.skills)
    fear = 0
    for name, changes in given:
        for ch in changes:
            have = _skills(have, ch)
            for stat in Stat:
                delta = getattr(ch, stat)
                if not delta:
                    continue
                sources.setdefault(stat, []).append((name, delta))
                if stat == Stat.FEAR_LIMIT:
                    fear += delta
                elif stat == Stat.ATTACK_PRIORITY:
                    stats[stat] = stats.get(stat, legend.attack_priority) + delta
                else:
                    stats[stat] += delta
            if ch.attack is not None:
                attacks.setdefault(ch.skill if ch.skill is not None else BASIC, []).append((name, ch.attack))
    free = set(unlocked)
    locked = tuple(s for s in have if s in skills and skills[s].locked and s not in free)
    for stat, low in FLOORS.items():
        stats[stat] = max(low, stats[stat])
    grown = dataclasses.replace(legend, skills=tuple(s for s in have if s not in locked), health=stats[Stat.HEALTH],
                                defense=stats[Stat.DEFENSE], move=stats[Stat.MOVE], tokens=stats[Stat.TOKENS],
                                attack_priority=stats.get(Stat.ATTACK_PRIORITY, legend.attack_priority))
    return Grown(grown, legend, {k: tuple(v) for k, v in sources.items()},
                 {k: tuple(v) for k, v in attacks.items()}, locked, fear)


def _skills(have: list[str], ch: Changes) -> list[str]:
    """The skill list after one change's removals, replacements and additions."""
    sk = ch.skills
    if sk is None:
        return have
    out = [s for s in have if s not in sk.remove]
    out = [sk.replace.get(s, s) for s in out]
    return out + [s for s in sk.add if s not in out]


def grown_attack(spec: AttackSpec, grown: Grown | None, skill: str) -> AttackSpec:
    """An attack with the deltas the Legend's changes add to it (never below 0)."""
    if grown is None or skill not in grown.attacks:
        return spec
    d = grown.attack_delta(skill)
    return AttackSpec(max(0, spec.dice + d.dice), max(0, spec.direct + d.direct), max(0, spec.range + d.range),
                      spec.area if d.area is None else d.area)


def _note(base: int, changes: Sequence[tuple[str, int]]) -> str:
    """Where a number came from: `` (3 +1 Keen Eye)``; from a base of 0 and one change, just
    `` (Steady Hand)``; no change: ``''``."""
    if not changes:
        return ""
    if base == 0 and len(changes) == 1:
        return f" ({changes[0][0]})"
    said = " ".join(f"{n:+d} {src}" for src, n in changes)
    return f" ({base} {said})" if base else f" ({said.removeprefix('+')})"


def _now(base: int, changes: Sequence[tuple[str, int]], low: int = 0) -> int:
    return max(low, base + sum(n for _, n in changes))


def attack_words(spec: AttackSpec, grown: Grown | None, skill: str) -> str:
    """An attack's numbers with where each change came from: ``2 dice +1 direct (Steady
    Hand)``; ``3 dice +2 direct (1 +1 Steady Hand), range 5 (4 +1 Mourning Coat)``."""
    given = grown.attacks.get(skill, ()) if grown is not None else ()
    dice = [(src, d.dice) for src, d in given if d.dice]
    direct = [(src, d.direct) for src, d in given if d.direct]
    rng = [(src, d.range) for src, d in given if d.range]
    n = _now(spec.dice, dice)
    words = f"{n} {'die' if n == 1 else 'dice'}{_note(spec.dice, dice)}"
    if spec.direct or direct:
        words += f" +{_now(spec.direct, direct)} direct{_note(spec.direct, direct)}"
    if rng:
        words += f", range {_now(spec.range, rng)}{_note(spec.range, rng)}"
    area = next((d.area for _, d in reversed(given) if d.area is not None), None)
    if area is not None and area != spec.area:
        words += f", an area attack ({next(src for src, d in reversed(given) if d.area is not None)})" if area \
            else ", not an area attack"
    return words


def stat_words(grown: Grown, stat: str, rules_fear_limit: int = 0) -> str:
    """A stat with its sources: ``9 (8 +1 The Healer)``; unchanged: ``8``. The fear limit
    starts from the rules' (``rules_fear_limit``)."""
    changes = grown.sources.get(stat, ())
    if stat == Stat.FEAR_LIMIT:
        base, now = rules_fear_limit, max(1, rules_fear_limit + grown.fear_limit)
    else:
        base, now = getattr(grown.base, stat), getattr(grown.legend, stat)
    if not changes:
        return str(now)
    return f"{now} ({base} " + " ".join(f"{n:+d} {src}" for src, n in changes) + ")"


# --------------------------------------------------------------------------- a campaign's pack
#: The keys of one Legend's growth record in a save (plan §5): ``{legend_id: {"upgrades":
#: [ids], "path": option id or None, "outfit": item id or None, "unlocked": [skill ids]}}``.
GROWTH_KEYS: Final = ("upgrades", "path", "outfit", "unlocked")


def given(pack: Pack, legend_id: str, record: Mapping[str, object]) -> list[tuple[str, tuple[Changes, ...]]]:
    """A Legend's changes from its growth record, each with the name of what gives it, in
    the order they apply (``pack.changes.given``). A name the content no longer has is a
    :class:`SaveError` (one sentence): a game is never played with part of its growth."""
    out, missing = changes_given(pack, legend_id, record)
    if missing:
        raise SaveError(f"the campaign gave {legend_id} the {missing[0]}, which the content no longer has; "
                        "put the pack that defines it back in the content folders")
    return out


def _ids(value: object) -> tuple[str, ...]:
    return tuple(str(x) for x in value) if isinstance(value, (list, tuple)) else ()


def grown_pack(pack: Pack, growth: Mapping[str, Mapping[str, object]] | None) -> Pack:
    """``pack`` with each Legend that ``growth`` (a save's per-Legend record) grows replaced
    by its grown record, whose ``grown`` is set; a Legend with an empty record, or one the
    pack lacks, is kept as it is. Nothing grown: the very same ``pack`` object (an
    unscripted chapter with no campaign pays nothing)."""
    if not growth:
        return pack
    legends = dict(pack.legends)
    changed = False
    for lid, record in growth.items():
        base = pack.legends.get(lid)
        if base is None or not any(record.get(k) for k in GROWTH_KEYS):
            continue
        g = grow(base, pack.skills, given(pack, lid, record), _ids(record.get("unlocked")))
        object.__setattr__(g.legend, "grown", g)  # not a field: see Legend.grown
        legends[lid] = g.legend
        changed = True
    return dataclasses.replace(pack, legends=frozen_map(legends)) if changed else pack


def growth_words(pack: Pack, legend_id: str, record: Mapping[str, object]) -> list[tuple[str, str]]:
    """For a Legend card or a sheet: (source name, its changes in words) per source, in the
    order they apply: ``("Steady Hand", "Steady Aim: +1 direct damage")``."""
    return [(name, changes_words(pack, changes)) for name, changes in given(pack, legend_id, record)]


def fear_limit(pack: Pack, legend_id: str) -> int:
    """The fear a Legend falls at: the rules' limit plus its campaign's fear-limit changes
    (never below 1, reading 12); a Legend nothing grew: ``rules.fear_limit``. Every reading
    of the fear limit goes through here (each Legend's, every round: one table per pack,
    :func:`~hollowcli.engine.speed.per_pack`)."""
    limit = per_pack(pack, "fear limits", _fear_limits, pack).get(legend_id)
    return pack.rules.fear_limit if limit is None else limit  # (not a Legend: the rules' own)


def _fear_limits(pack: Pack) -> dict[str, int]:
    limits: dict[str, int] = {}
    for legend_id, lg in pack.legends.items():
        g = lg.grown
        limits[legend_id] = pack.rules.fear_limit if g is None else max(1, pack.rules.fear_limit + g.fear_limit)
    return limits
