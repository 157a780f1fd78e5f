"""The table assistant: rolls, attacks, odds, spawns, the leave roll and the rules text.

Each ``hollow`` table command parses its options, calls one function here and prints the
result (``to_json()`` for ``--json``, ``text()`` otherwise). The rulings themselves live in
:mod:`hollowcli.engine.resolve`, shared with solo play; this module only gathers the
numbers (from options or from content), rolls and explains.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence, TypeVar

from hollowcli import dice as dicelib
from hollowcli.engine import resolve
from hollowcli.errors import UsageError
from hollowcli.odds import Odds, attack_odds, fraction_text, leave_odds
from hollowcli.pack.model import Chapter, Die, Face, Foe, Item, Legend, Pack, Skill

T = TypeVar("T")

#: Largest direct damage, defense or health the commands accept.
MAX_NUMBER = 1000
#: Largest group of foes one spawn group or leave roll may name.
MAX_FOES = dicelib.MAX_DICE
#: Most groups one ``hollow spawn`` rolls for.
MAX_GROUPS = dicelib.MAX_DICE


# --- finding things by forgiving names ---------------------------------------------


def _norm(text: str) -> str:
    return re.sub(r"[\s_]+", "-", text.strip().lower())


def find_id(what: str, query: str, entries: Mapping[str, T], name: Callable[[T], str] = lambda e: "") -> str:
    """The id of the entry ``query`` names: its id, its name, a plural, or a unique prefix.

    Anything else raises :class:`UsageError` with the closest id suggested.
    """
    q = _norm(query)
    if not q:
        raise UsageError(f"an empty {what} name was given; the ids are {_listing(entries)}")
    if q in entries:
        return q
    candidates = [q]
    if q.endswith("es"):
        candidates.append(q[:-2])
    if q.endswith("s"):
        candidates.append(q[:-1])
    for c in candidates[1:]:
        if c in entries:
            return c
    by_name = [k for k, e in entries.items() if _norm(name(e)) in candidates]
    if len(by_name) == 1:
        return by_name[0]

    def words(k: str, e: T) -> list[str]:
        return [k, _norm(name(e)), *k.split("-"), *_norm(name(e)).split("-")]

    prefix = [k for k, e in entries.items() if any(w.startswith(c) for w in words(k, e) for c in candidates)]
    if len(prefix) == 1:
        return prefix[0]
    if len(prefix) > 1:
        raise UsageError(f"{what} {query!r} could be {', '.join(sorted(prefix))}; give more of the name")
    import difflib

    pool = {k: k for k in entries}
    pool.update({_norm(name(e)): k for k, e in entries.items() if name(e)})
    close = difflib.get_close_matches(q, list(pool), n=1, cutoff=0.5)
    hint = f"did you mean {pool[close[0]]!r}? " if close else ""
    raise UsageError(f"there is no {what} {query!r}; {hint}the ids are {_listing(entries)}")


def _listing(entries: Mapping[str, Any], limit: int = 12) -> str:
    ids = sorted(entries)
    if not ids:
        return "none in this content"
    shown = ", ".join(ids[:limit])
    return shown + (f" and {len(ids) - limit} more" if len(ids) > limit else "")


def _die(pack: Pack, die_id: str, setting: str) -> Die:
    die = pack.dice.get(die_id)
    if die is None:
        raise UsageError(f"the content setting rules.{setting} names the die {die_id!r}, which no pack defines")
    return die


def _check_range(option: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise UsageError(f"{option} {value} is out of range; give a whole number from {low} to {high}")


def _face_json(r: dicelib.DieRoll) -> dict[str, Any]:
    return {"die": r.die, "face": r.face.label, "value": r.face.value}


def _faces_words(faces: Sequence[Face]) -> str:
    return ", ".join(f.label for f in faces) if faces else "no dice"


# --- hollow roll ----------------------------------------------------------------------


@dataclass(frozen=True)
class RollReport:
    """What ``hollow roll`` shows."""

    result: dicelib.RollResult

    def to_json(self) -> dict[str, Any]:
        return {
            "dice": [_face_json(r) for r in self.result.dice],
            "modifier": self.result.modifier,
            "total": self.result.total,
        }

    def text(self) -> str:
        lines = []
        for r in self.result.dice:
            shown = r.face.label if r.face.label == str(r.face.value) else f"{r.face.label} ({r.face.value})"
            lines.append(f"  {r.die:<8} {shown}")
        mod = self.result.modifier
        if mod:
            lines.append(f"  {'modifier':<8} {mod:+d}")
        lines.append(f"Total: {self.result.total}")
        return "\n".join(lines)


def roll_dice(pack: Pack, exprs: Sequence[str], rng: random.Random, rolled: str | None = None) -> RollReport:
    """Parse and roll ``hollow roll`` expressions (no expression = one attack die)."""
    expr = dicelib.parse_expression(exprs, pack.dice, pack.rules.attack_die)
    return RollReport(dicelib.roll_expression(expr, pack.dice, rng, rolled))


# --- attack numbers: from options or from content --------------------------------------


@dataclass(frozen=True)
class AttackSetup:
    """The numbers of one attack and the sentences that say where they came from."""

    die: Die
    dice: int
    direct: int
    defense: int
    notes: tuple[str, ...] = ()
    fear_per_damage: int = 1
    target_health: int | None = None  # the --target's health, from content


def attack_setup(
    pack: Pack,
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
    notes: list[str] = []
    base_dice = base_direct = None
    base_defense = None
    attacker_is_legend: bool | None = None
    if by is not None:
        kind, ident = _find_actor(pack, by)
        if kind == "legend":
            attacker_is_legend = True
            legend = pack.legends[ident]
            source = _find_source(pack, legend, with_)
            try:
                nums = resolve.legend_attack(legend, source, pack.rules.basic_attack_bonus)
            except ValueError as e:
                raise UsageError(f"{e}; choose a skill or item with an attack, or 'basic'") from e
        else:
            attacker_is_legend = False
            foe = pack.foes[ident]
            if with_ is not None and _norm(with_) not in ("basic", "attack"):
                raise UsageError(f"--with is for Legends; the {foe.name} ({ident}) has only its own attack")
            nums = resolve.foe_attack(foe)
        base_dice, base_direct = nums.dice, nums.direct
        notes.append(nums.reason)
    elif with_ is not None:
        raise UsageError("--with needs --by LEGEND to say who attacks, e.g. --by emily --with long-shot")
    target_health = None
    if target is not None:
        base_defense, why, target_health = _target_defense(pack, target, attacker_is_legend)
        notes.append(why)
    for option, given, base in (("--dice", dice, base_dice), ("--direct", direct, base_direct),
                                ("--defense", defense, base_defense)):
        if given is not None and base is not None and given != base:
            notes.append(f"{option} {given} given, replacing {base} from content")
    n = dice if dice is not None else base_dice
    if n is None:
        raise UsageError("say how many dice: --dice N, or --by LEGEND (with --with SKILL-or-ITEM) to take them from content")
    k = direct if direct is not None else (base_direct or 0)
    d = defense if defense is not None else (base_defense or 0)
    _check_range("--dice", n, 0, dicelib.MAX_DICE)
    _check_range("--direct", k, -MAX_NUMBER, MAX_NUMBER)
    _check_range("--defense", d, -MAX_NUMBER, MAX_NUMBER)
    die = _die(pack, pack.rules.attack_die, "attack_die")
    return AttackSetup(die, n, k, d, tuple(notes), pack.rules.fear_per_damage, target_health)


def _find_actor(pack: Pack, query: str) -> tuple[str, str]:
    """("legend", id) or ("foe", id) for an attacker's name."""
    both: dict[str, Legend | Foe] = {**pack.foes, **pack.legends}
    ident = find_id("Legend or foe", query, both, lambda e: e.name)
    return ("legend", ident) if ident in pack.legends else ("foe", ident)


def _find_source(pack: Pack, legend: Legend, query: str | None) -> Skill | Item | None:
    """The skill or item ``--with`` names (None = the basic attack)."""
    if query is None or _norm(query) in ("basic", "basic-attack"):
        return None
    pool: dict[str, Skill | Item] = {**pack.items, **pack.skills}  # a skill wins a shared id
    ident = find_id("skill or item", query, pool, lambda e: e.name)
    return pool[ident]


def _target_defense(pack: Pack, query: str, attacker_is_legend: bool | None) -> tuple[int, str, int]:
    """Defense of the target ``query`` names, the reason, and its health."""
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


@dataclass(frozen=True)
class AttackReport:
    """One rolled attack: the faces, the arithmetic and the fear."""

    setup: AttackSetup
    faces: tuple[Face, ...]
    damage: resolve.Damage

    def to_json(self) -> dict[str, Any]:
        return {
            "dice": [{"die": self.setup.die.id, "face": f.label, "value": f.value} for f in self.faces],
            "dice_total": self.damage.dice_total,
            "direct": self.damage.direct,
            "defense": self.damage.defense,
            "damage": self.damage.damage,
            "fear": self.damage.fear,
            "notes": list(self.setup.notes),
        }

    def text(self) -> str:
        lines = [f"  {n}" for n in self.setup.notes]
        lines.append(f"Rolled {len(self.faces)} {self.setup.die.id} dice: {_faces_words(self.faces)} "
                     f"(total {self.damage.dice_total})")
        lines.append(f"Damage: {self.damage.reason}")
        fear = f"the target gains {self.damage.fear} fear" if self.damage.fear else "no damage, so no fear"
        lines.append(f"{self.damage.damage} damage; {fear}.")
        return "\n".join(lines)


def _roll_or_read(die: Die, count: int, rng: random.Random, rolled: str | None) -> list[Face]:
    if rolled is None:
        return dicelib.roll(die, count, rng)
    return dicelib.read_rolled_dice([die] * count, rolled)


def attack(setup: AttackSetup, rng: random.Random, rolled: str | None = None) -> AttackReport:
    """Roll (or read) the attack dice and apply the damage rule."""
    faces = _roll_or_read(setup.die, setup.dice, rng, rolled)
    dmg = resolve.attack_damage(sum(f.value for f in faces), setup.direct, setup.defense, setup.fear_per_damage)
    return AttackReport(setup, tuple(faces), dmg)


# --- hollow odds ------------------------------------------------------------------------


@dataclass(frozen=True)
class OddsReport:
    """Exact odds of an attack (or of a leave roll), ready to print or to dump as JSON."""

    odds: Odds
    notes: tuple[str, ...] = ()
    title: str = ""

    def to_json(self) -> dict[str, Any]:
        doc = self.odds.to_json()
        doc["notes"] = list(self.notes)
        return doc

    def text(self, width: int = 80, unicode: bool = True, exact: bool | None = None, full: bool = False) -> str:
        return format_odds(self, width, unicode, exact, full)


def odds(setup: AttackSetup, health: int | None = None) -> OddsReport:
    """Exact damage distribution of the attack ``setup`` and the chance to defeat ``health``.

    Without ``health``, a ``--target`` from content brings its own.
    """
    notes = setup.notes
    if health is not None:
        _check_range("--health", health, 1, MAX_NUMBER)
    elif setup.target_health is not None:
        health = setup.target_health
        notes += (f"health {health} from the target",)
    o = attack_odds(setup.die, setup.dice, setup.direct, setup.defense, health)
    title = (f"{setup.dice} {setup.die.id} dice + {setup.direct} direct - {setup.defense} defense"
             " (damage never below 0)")
    return OddsReport(o, notes, title)


_EIGHTHS = " ▏▎▍▌▋▊▉█"


def _bar(fraction: float, cells: int, unicode: bool) -> str:
    if cells <= 0:
        return ""
    if not unicode:
        return "#" * round(fraction * cells)
    eighths = round(fraction * cells * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + (_EIGHTHS[part] if part else "")


def _percent(p: float) -> str:
    if p == 0:
        return "0%"
    if p >= 0.9995 and p < 1:
        return ">99.9%"
    if p < 0.0005:
        return "<0.1%"
    return f"{p * 100:.1f}%"


def format_odds(report: OddsReport, width: int = 80, unicode: bool = True, exact: bool | None = None,
                full: bool = False) -> str:
    """The odds as a table with a bar chart, fitted to ``width`` columns.

    Exact fractions are shown when they are short (or ``exact`` is True); rows in the far
    tails (together under 0.1%) are folded into one line unless ``full``.
    """
    o = report.odds
    lines = [f"  {n}" for n in report.notes]
    if report.title:
        lines.append(f"Damage of {report.title}:")
    rows = list(o.distribution.items())
    fr = {d: fraction_text(p) for d, p in rows}
    show_exact = exact if exact is not None else max(len(s) for s in fr.values()) <= 15
    lo_hidden = hi_hidden = 0.0
    if not full and len(rows) > 12:
        # fold far tails: from each end, drop rows while their running total stays under 0.05%
        cut = 0.0005
        start, total = 0, 0.0
        while start < len(rows) - 1 and total + float(rows[start][1]) < cut:
            total += float(rows[start][1])
            start += 1
        lo_hidden = total
        end, total = len(rows), 0.0
        while end - 1 > start and total + float(rows[end - 1][1]) < cut:
            total += float(rows[end - 1][1])
            end -= 1
        hi_hidden = total
        hidden_lo, hidden_hi = rows[:start], rows[end:]
        rows = rows[start:end]
    else:
        hidden_lo = hidden_hi = []
    ex_w = max((len(fr[d]) for d, _ in rows), default=5) if show_exact else 0
    head = f"{'damage':>6}  {'chance':>6}  {'at least':>8}"
    if show_exact:
        head += f"  {'exact':>{ex_w}}"
    bar_cells = max(0, width - len(head) - 3)
    top = max(float(p) for _, p in rows) if rows else 1.0
    lines.append(head)
    if hidden_lo:
        lines.append(f"{'':>6}  damage {hidden_lo[0][0]}-{hidden_lo[-1][0]}: {_percent(lo_hidden)} in all (--full shows every row)")
    for d, p in rows:
        at_least = o.at_least.get(d, 1) if d > 0 else 1
        line = f"{d:>6}  {_percent(float(p)):>6}  {_percent(float(at_least)):>8}"
        if show_exact:
            line += f"  {fr[d]:>{ex_w}}"
        line += "  " + _bar(float(p) / top if top else 0.0, bar_cells, unicode)
        lines.append(line.rstrip())
    if hidden_hi:
        lines.append(f"{'':>6}  damage {hidden_hi[0][0]}-{hidden_hi[-1][0]}: {_percent(hi_hidden)} in all (--full shows every row)")
    mean = o.mean
    mean_exact = f" = {fraction_text(mean)}" if mean.denominator != 1 and (len(fraction_text(mean)) <= 30 or exact) else ""
    lines.append(f"Mean damage: {float(mean):.3f}{mean_exact}")
    if o.health is not None:
        d = o.defeat
        assert d is not None
        exact_d = f" = {fraction_text(d)}" if len(fraction_text(d)) <= 30 or exact else ""
        lines.append(f"Chance to deal at least {o.health} damage (defeat a foe with {o.health} health): "
                     f"{_percent(float(d))}{exact_d}")
    if not show_exact:
        lines.append("Exact fractions: --exact, or --json.")
    return "\n".join(lines)


# --- hollow spawn -----------------------------------------------------------------------


@dataclass(frozen=True)
class Group:
    """A spawn group typed on the command line: how many of which foe."""

    foe: str
    count: int

    @property
    def label(self) -> str:
        return f"{self.count}{self.foe}"


_GROUP = re.compile(r"([0-9]+)?\s*[x×*]?\s*(.*)", re.S)


def parse_groups(words: Sequence[str], foes: Mapping[str, Foe]) -> list[Group]:
    """``2gobkin``, ``gobkin``, ``2 gobkins``, ``2x gobkin`` -> groups; bad words raise UsageError."""
    groups: list[Group] = []
    pending: int | None = None
    for word in words:
        w = word.strip()
        if re.fullmatch(r"[0-9]+", w):
            if pending is not None:
                raise UsageError(f"two numbers in a row ({pending} {w}); write groups like 2gobkin or 2 gobkin")
            pending = _count(w)
            continue
        m = _GROUP.fullmatch(w)
        assert m is not None
        digits, name = m.groups()
        if digits and pending is not None:
            raise UsageError(f"two numbers in a row ({pending} {w}); write groups like 2gobkin or 2 gobkin")
        count = _count(digits) if digits else (pending if pending is not None else 1)
        pending = None
        if not name.strip():
            raise UsageError(f"the group {word!r} names no foe; write groups like 2gobkin or 2 gobkin")
        groups.append(Group(find_id("foe", name, foes, lambda e: e.name), count))
    if pending is not None:
        raise UsageError(f"the number {pending} at the end names no foe; write groups like 2gobkin or 2 gobkin")
    if not groups:
        raise UsageError("name at least one group to spawn, like 2gobkin")
    if len(groups) > MAX_GROUPS:
        raise UsageError(f"{len(groups)} groups is too many; the most one spawn rolls for is {MAX_GROUPS}")
    return groups


def _count(digits: str) -> int:
    if len(digits) > 4 or not 1 <= int(digits) <= MAX_FOES:
        raise UsageError(f"a group of {digits} foes is out of range; a group has 1 to {MAX_FOES} foes")
    return int(digits)


def parse_points(text: str, option: str) -> list[int]:
    """``1,3`` (commas and/or spaces) -> [1, 3]; ``none`` -> []."""
    if text.strip().lower() in ("", "none"):
        return []
    out = []
    for part in re.split(r"[,\s]+", text.strip()):
        if not re.fullmatch(r"[0-9]{1,3}", part):
            raise UsageError(f"{option}: {part!r} is not a spawn point number; give numbers like {option} 1,3")
        out.append(int(part))
    return out


@dataclass(frozen=True)
class SpawnLine:
    group: Group
    name: str
    result: resolve.SpawnResult


@dataclass(frozen=True)
class SpawnReport:
    """Where each group spawns, under which points and locks."""

    points: tuple[int, ...]
    locked: tuple[int, ...]
    lines: tuple[SpawnLine, ...]
    where: str = ""
    notes: tuple[str, ...] = field(default=())

    @property
    def all_locked(self) -> bool:
        return set(self.points) <= set(self.locked)

    def to_json(self) -> dict[str, Any]:
        return {
            "points": list(self.points),
            "locked": list(self.locked),
            "all_locked": self.all_locked,
            "spawns": [
                {"group": s.group.label, "foe": s.group.foe, "count": s.group.count, "roll": s.result.roll,
                 "point": s.result.point, "redirected": s.result.redirected, "reason": s.result.reason}
                for s in self.lines
            ],
        }

    def text(self) -> str:
        pts = _ranges(self.points)
        lk = _ranges(self.locked) if self.locked else "none"
        head = f"Spawn points {pts}{self.where}; locked: {lk}."
        out = [head, *(f"  {n}" for n in self.notes)]
        if self.all_locked:
            out.append("Every spawn point is locked, so nothing spawns: "
                       "the foes stay in the supply.")
            return "\n".join(out)
        for s in self.lines:
            r = s.result
            who = s.name if s.group.count == 1 else f"{s.name} x{s.group.count}"
            out.append(f"  {who}: point {r.point}  ({r.reason})")
        return "\n".join(out)


def _ranges(nums: Sequence[int]) -> str:
    nums = sorted(set(nums))
    if len(nums) > 2 and nums == list(range(nums[0], nums[-1] + 1)):
        return f"{nums[0]}-{nums[-1]}"
    return ", ".join(str(n) for n in nums)


def spawn(
    pack: Pack,
    words: Sequence[str],
    rng: random.Random,
    rolled: str | None = None,
    locked: str | None = None,
    unlocked: str | None = None,
    points: int | None = None,
    chapter: str | None = None,
) -> SpawnReport:
    """One spawn-die roll per group, resolved by ``resolve.spawn_point``.

    Points are 1..6 by default, 1..``points`` with ``--points``, or the chapter's map points
    with ``--chapter`` (whose barricades start locked; ``--locked`` adds to them and
    ``--unlocked`` removes some).
    """
    groups = parse_groups(words, pack.foes)
    notes: list[str] = []
    where = ""
    if chapter is not None and points is not None:
        raise UsageError("give --points or --chapter, not both: a chapter's map says which points it has")
    if chapter is not None:
        cid = find_id("chapter", chapter, pack.chapters, lambda c: c.name)
        ch: Chapter = pack.chapters[cid]
        pts = tuple(ch.spawn_points)
        base_locks = set(ch.barricades)
        where = f" on the map of {ch.name}"
        if ch.barricades:
            notes.append(f"barricades of {ch.name}: {_ranges(ch.barricades)}")
    else:
        n = 6 if points is None else points
        _check_range("--points", n, 1, 9)
        pts = tuple(range(1, n + 1))
        base_locks = set()
    add = parse_points(locked, "--locked") if locked is not None else []
    remove = parse_points(unlocked, "--unlocked") if unlocked is not None else []
    for option, values in (("--locked", add), ("--unlocked", remove)):
        for p in values:
            if p not in pts:
                raise UsageError(f"{option} {p}: there is no spawn point {p}{where}; the points are {_ranges(pts)}")
    lock = tuple(sorted((base_locks | set(add)) - set(remove)))
    die = _die(pack, pack.rules.spawn_die, "spawn_die")
    faces = _roll_or_read(die, len(groups), rng, rolled)
    lines = tuple(
        SpawnLine(g, pack.foes[g.foe].name, resolve.spawn_point(f.value, pts, lock)) for g, f in zip(groups, faces)
    )
    return SpawnReport(pts, lock, lines, where, tuple(notes))


# --- hollow leave -----------------------------------------------------------------------


@dataclass(frozen=True)
class LeaveReport:
    """The leave roll: one attack die per foe, damage per non-blank face, fear if any damage."""

    die: str
    faces: tuple[Face, ...]
    damage: int
    fear: int
    per_hit: int

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
        return (f"Leaving past {len(self.faces)} foe(s): rolled {_faces_words(self.faces)}.\n"
                f"{hits} non-blank{per} = {self.damage} damage; {fear}.")


def _check_foes(foes: int) -> None:
    _check_range("--foes", foes, 0, MAX_FOES)


def leave(pack: Pack, foes: int, rng: random.Random, rolled: str | None = None) -> LeaveReport:
    """Roll (or read) the leave roll for a location holding ``foes`` foes."""
    _check_foes(foes)
    die = _die(pack, pack.rules.attack_die, "attack_die")
    faces = _roll_or_read(die, foes, rng, rolled)
    per_hit = pack.rules.leave_damage_per_hit
    dmg = resolve.leave_damage(faces, per_hit)
    return LeaveReport(die.id, tuple(faces), dmg, resolve.fear_for(dmg, pack.rules.fear_per_damage), per_hit)


def leave_chances(pack: Pack, foes: int) -> OddsReport:
    """Exact damage distribution of the leave roll (``hollow leave --odds``)."""
    _check_foes(foes)
    die = _die(pack, pack.rules.attack_die, "attack_die")
    per_hit = pack.rules.leave_damage_per_hit
    return OddsReport(leave_odds(die, foes, per_hit), (),
                      f"leaving past {foes} foe(s) ({per_hit} per non-blank {die.id} die, no defense)")


# --- hollow rules -----------------------------------------------------------------------


def rules_file(content_dirs: Sequence[Path] = ()) -> Path:
    """The rules text: the last content pack that brings a ``rules.md``, else the built-in one."""
    from hollowcli.resources import content_dir

    found = content_dir() / "rules.md"
    for d in content_dirs:
        d = Path(d).expanduser()
        if not d.is_dir():
            raise UsageError(f"the content folder {d} does not exist; check --content or HOLLOW_CONTENT")
        if (d / "rules.md").is_file():
            found = d / "rules.md"
    return found


def rules_sections(text: str) -> list[tuple[str, str]]:
    """``## topic`` sections of the rules text as (topic, body); a preamble has topic ''."""
    sections: list[tuple[str, str]] = []
    topic, body = "", []
    for line in text.splitlines():
        if line.startswith("## "):
            if topic or any(b.strip() for b in body):
                sections.append((topic, "\n".join(body).strip("\n")))
            topic, body = line[3:].strip(), []
        else:
            body.append(line)
    if topic or any(b.strip() for b in body):
        sections.append((topic, "\n".join(body).strip("\n")))
    return sections


def _topic_key(topic: str) -> str:
    return _norm(topic.split(" — ")[0].split(":")[0])


@dataclass(frozen=True)
class RulesReport:
    """The rules text, whole or one topic."""

    sections: tuple[tuple[str, str], ...]
    source: str

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "topics": [t for t, _ in self.sections if t],
            "sections": [{"topic": t, "text": b} for t, b in self.sections],
        }

    def text(self, heading: Callable[[str], str] = lambda s: s) -> str:
        parts = []
        for t, b in self.sections:
            parts.append((heading(f"## {t}") + "\n\n" + b) if t else b)
        return "\n\n".join(parts).rstrip() + "\n"


def rules(topic: str | None = None, content_dirs: Sequence[Path] = ()) -> RulesReport:
    """The rules summary and our readings; with ``topic``, only the matching section(s).

    Topics match forgivingly: case-insensitive, by the start of the topic or of one of its
    words. An unknown topic raises :class:`UsageError` listing the topics.
    """
    path = rules_file(content_dirs)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError(f"cannot read the rules text {path} ({e})") from e
    sections = rules_sections(text)
    if topic is None:
        return RulesReport(tuple(sections), str(path))
    keys = {_topic_key(t): (t, b) for t, b in sections if t}
    q = _norm(topic)
    if q in keys:
        return RulesReport((keys[q],), str(path))
    hits = [k for k in keys if k.startswith(q)] or [k for k in keys if any(w.startswith(q) for w in k.split("-"))]
    if hits and q:
        return RulesReport(tuple(keys[k] for k in hits), str(path))
    import difflib

    close = difflib.get_close_matches(q, list(keys), n=1, cutoff=0.4)
    hint = f"did you mean {close[0]!r}? " if close else ""
    raise UsageError(f"there is no rules topic {topic!r}; {hint}topics are {', '.join(keys)}")
