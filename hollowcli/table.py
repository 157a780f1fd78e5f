"""The table assistant: rolls, attacks, odds, spawns, the leave roll and the rules text.

Each ``hollow`` table command parses its options, calls one function here and prints the
result (``to_json()`` for ``--json``, ``text()`` otherwise). The rulings themselves live in
:mod:`hollowcli.engine.resolve`, shared with solo play; this module only gathers the
numbers (from options or from content), rolls and explains.

Start-up speed: ``hollow roll`` and ``hollow odds --dice N`` need only the dice and four
rules settings. :class:`Content` reads those from the pack cache without importing the
content model or yaml; the full :class:`~hollowcli.pack.model.Pack` is loaded only by the
commands that name Legends, foes or chapters. Hence named tuples instead of dataclasses
here, and the model imported only for type checking.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from hollowcli import dice as dicelib
from hollowcli.dice import Die, Face, Frozen, set_fields
from hollowcli.errors import UsageError

if TYPE_CHECKING:
    import random
    from pathlib import Path

    from hollowcli.engine import resolve
    from hollowcli.odds import Odds
    from hollowcli.pack.model import Chapter, Foe, Item, Legend, Pack, Skill

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


def find_id(
    what: str, query: str, entries: Mapping[str, T], name: Callable[[T], str] = lambda e: ""
) -> str:
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

    prefix = [
        k
        for k, e in entries.items()
        if any(w.startswith(c) for w in words(k, e) for c in candidates)
    ]
    if len(prefix) == 1:
        return prefix[0]
    if len(prefix) > 1:
        raise UsageError(
            f"{what} {query!r} could be {', '.join(sorted(prefix))}; give more of the name"
        )
    import difflib

    pool = {k: k for k in entries}
    pool.update({_norm(name(e)): k for k, e in entries.items() if name(e)})
    close = difflib.get_close_matches(q, list(pool), n=1, cutoff=0.5)
    if not close:  # a typo in one word of a longer name: 'emly' for emily-van-winkle
        words_pool: dict[str, set[str]] = {}
        for k, e in entries.items():
            for w in words(k, e):
                words_pool.setdefault(w, set()).add(k)
        near = [w for w in difflib.get_close_matches(q, list(words_pool), n=3, cutoff=0.75)
                if len(words_pool[w]) == 1]
        if near:
            pool[near[0]] = next(iter(words_pool[near[0]]))
            close = [near[0]]
    hint = f"did you mean {pool[close[0]]!r}? " if close else ""
    raise UsageError(f"there is no {what} {query!r}; {hint}the ids are {_listing(entries)}")


def _listing(entries: Mapping[str, Any], limit: int = 12) -> str:
    ids = sorted(entries)
    if not ids:
        return "none in this content"
    shown = ", ".join(ids[:limit])
    return shown + (f" and {len(ids) - limit} more" if len(ids) > limit else "")


# --- content, quickly when possible ------------------------------------------------------


class Dice(Frozen):
    """What the number-only table commands need from content: the dice and four settings."""

    __slots__ = ("dice", "attack_die", "spawn_die", "leave_damage_per_hit", "fear_per_damage")  # noqa: RUF023 (order = repr order)
    dice: Mapping[str, Die]
    attack_die: str
    spawn_die: str
    leave_damage_per_hit: int
    fear_per_damage: int

    def __init__(
        self,
        dice: Mapping[str, Die],
        attack_die: str = "attack",
        spawn_die: str = "d6",
        leave_damage_per_hit: int = 1,
        fear_per_damage: int = 1,
    ) -> None:
        set_fields(
            self,
            dice=dice,
            attack_die=attack_die,
            spawn_die=spawn_die,
            leave_damage_per_hit=leave_damage_per_hit,
            fear_per_damage=fear_per_damage,
        )

    def die(self, setting: str) -> Die:
        """The die a rules setting (``attack_die`` or ``spawn_die``) names."""
        die_id = getattr(self, setting)
        die = self.dice.get(die_id)
        if die is None:
            raise UsageError(
                f"the content setting rules.{setting} names the die {die_id!r}, which no pack defines"
            )
        return die


_DICE_SETTINGS = ("attack_die", "spawn_die", "leave_damage_per_hit", "fear_per_damage")


def dice_from_pack(pack: Pack) -> Dice:
    """The :class:`Dice` view of a loaded pack."""
    return Dice(pack.dice, *(getattr(pack.rules, k) for k in _DICE_SETTINGS))


def dice_from_data(data: Mapping[str, Any]) -> Dice:
    """The :class:`Dice` view of the loader's canonical (cached) data; settings a pack did
    not give keep the defaults of :class:`~hollowcli.pack.model.Rules` (a test checks they agree)."""
    dice = {
        i: Die(d["id"], tuple(Face(f["label"], f["value"]) for f in d["faces"]))
        for i, d in data["dice"].items()
    }
    rules = data.get("rules", {})
    return Dice(dice, **{k: rules[k] for k in _DICE_SETTINGS if k in rules})


class Content:
    """The content a table command reads: the layered packs of ``content_dirs``.

    ``dice()`` answers from the pack cache when it is fresh (no yaml, no model imported);
    ``pack()`` loads, validates and caches the full pack. A test may hand in a ``pack``.
    """

    def __init__(self, content_dirs: Sequence[Path | str] = (), pack: Pack | None = None) -> None:
        self._given = tuple(content_dirs)
        self._pack = pack
        self._dice: Dice | None = None

    def dirs(self) -> list[str]:
        """The config file's packs, then ``--content`` ones (what ``get_pack`` layers)."""
        from hollowcli.config import layered_dirs

        return layered_dirs(self._given)

    def pack(self) -> Pack:
        if self._pack is None:
            from hollowcli.pack.loader import load_pack

            self._pack = load_pack(self.dirs())
        return self._pack

    def dice(self) -> Dice:
        if self._dice is None:
            if self._pack is not None:
                self._dice = dice_from_pack(self._pack)
            else:
                from hollowcli.pack.loader import cached_data

                data = cached_data(self.dirs())
                try:
                    self._dice = dice_from_data(data) if data is not None else None
                except (KeyError, TypeError, ValueError, AttributeError):
                    self._dice = None  # an odd cache: the full load validates and rewrites it
                if self._dice is None:
                    self._dice = dice_from_pack(self.pack())
        return self._dice


def _check_range(option: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise UsageError(
            f"{option} {value} is out of range; give a whole number from {low} to {high}"
        )


def _face_json(r: dicelib.DieRoll) -> dict[str, Any]:
    return {"die": r.die, "face": r.face.label, "value": r.face.value}


def _faces_words(faces: Sequence[Face]) -> str:
    return ", ".join(f.label for f in faces) if faces else "no dice"


# --- hollow roll ----------------------------------------------------------------------


def roll_dice(
    content: Content, exprs: Sequence[str], rng: random.Random, rolled: str | None = None
) -> dicelib.RollResult:
    """Parse and roll ``hollow roll`` expressions (no expression = one attack die)."""
    d = content.dice()
    expr = dicelib.parse_expression(exprs, d.dice, d.attack_die)
    return dicelib.roll_expression(expr, d.dice, rng, rolled)


# --- attack numbers: from options or from content --------------------------------------


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
    from hollowcli.engine import resolve

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
        kind, ident = _find_actor(pack, by)
        if kind == "legend":
            attacker_is_legend = True
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
            attacker_is_legend = False
            foe = pack.foes[ident]
            if with_ is not None and _norm(with_) not in ("basic", "attack"):
                raise UsageError(
                    f"--with is for Legends; the {foe.name} ({ident}) has only its own attack"
                )
            nums = resolve.foe_attack(foe)
        base_dice, base_direct = nums.dice, nums.direct
        notes.append(nums.reason)
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


def _setup(
    d: Dice,
    dice: int | None,
    direct: int | None,
    defense: int | None,
    notes: tuple[str, ...] = (),
    target_health: int | None = None,
) -> AttackSetup:
    if dice is None:
        raise UsageError(
            "say how many dice: --dice N, or --by LEGEND (with --with SKILL-or-ITEM) to take them from content"
        )
    direct, defense = direct or 0, defense or 0
    _check_range("--dice", dice, 0, dicelib.MAX_DICE)
    _check_range("--direct", direct, -MAX_NUMBER, MAX_NUMBER)
    _check_range("--defense", defense, -MAX_NUMBER, MAX_NUMBER)
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
    if query is None or _norm(query) in ("basic", "basic-attack"):
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
            f"Rolled {len(self.faces)} {self.setup.die.id} dice: {_faces_words(self.faces)} "
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


def _roll_or_read(die: Die, count: int, rng: random.Random, rolled: str | None) -> list[Face]:
    if rolled is None:
        return dicelib.roll(die, count, rng)
    return dicelib.read_rolled_dice([die] * count, rolled)


def attack(setup: AttackSetup, rng: random.Random, rolled: str | None = None) -> AttackReport:
    """Roll (or read) the attack dice and apply the damage rule."""
    from hollowcli.engine import resolve

    faces = _roll_or_read(setup.die, setup.dice, rng, rolled)
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
        _check_range("--health", health, 1, MAX_NUMBER)
    elif setup.target_health is not None:
        health = setup.target_health
        notes += (f"health {health} from the target",)
    return attack_odds(setup.die, setup.dice, setup.direct, setup.defense, health, notes)


# --- hollow spawn -----------------------------------------------------------------------


class Group(Frozen):
    """A spawn group typed on the command line: how many of which foe."""

    __slots__ = ("foe", "count")  # noqa: RUF023 (order = repr order)
    foe: str
    count: int

    def __init__(self, foe: str, count: int) -> None:
        set_fields(self, foe=foe, count=count)

    @property
    def label(self) -> str:
        return f"{self.count}{self.foe}"


_GROUP = r"([0-9]+)?\s*[x×*]?\s*(.*)"  # compiled on first use


def parse_groups(words: Sequence[str], foes: Mapping[str, Foe]) -> list[Group]:
    """``2gobkin``, ``gobkin``, ``2 gobkins``, ``2x gobkin`` -> groups; bad words raise UsageError."""
    groups: list[Group] = []
    pending: int | None = None
    for word in words:
        w = word.strip()
        if re.fullmatch(r"[0-9]+\s*[x×*]?", w):  # a count on its own: 2 gobkin, 2x gobkin
            w = w.rstrip("x×* ")
            if pending is not None:
                raise UsageError(
                    f"two numbers in a row ({pending} {w}); write groups like 2gobkin or 2 gobkin"
                )
            pending = _count(w)
            continue
        m = re.fullmatch(_GROUP, w, re.DOTALL)
        assert m is not None
        digits, name = m.groups()
        if digits and pending is not None:
            raise UsageError(
                f"two numbers in a row ({pending} {w}); write groups like 2gobkin or 2 gobkin"
            )
        count = _count(digits) if digits else (pending if pending is not None else 1)
        pending = None
        if not name.strip():
            raise UsageError(
                f"the group {word!r} names no foe; write groups like 2gobkin or 2 gobkin"
            )
        groups.append(Group(find_id("foe", name, foes, lambda e: e.name), count))
    if pending is not None:
        raise UsageError(
            f"the number {pending} at the end names no foe; write groups like 2gobkin or 2 gobkin"
        )
    if not groups:
        raise UsageError("name at least one group to spawn, like 2gobkin")
    if len(groups) > MAX_GROUPS:
        raise UsageError(
            f"{len(groups)} groups is too many; the most one spawn rolls for is {MAX_GROUPS}"
        )
    return groups


def _count(digits: str) -> int:
    if len(digits) > 4 or not 1 <= int(digits) <= MAX_FOES:
        raise UsageError(
            f"a group of {digits} foes is out of range; a group has 1 to {MAX_FOES} foes"
        )
    return int(digits)


def parse_points(text: str, option: str) -> list[int]:
    """``1,3`` (commas and/or spaces) -> [1, 3]; ``none`` -> []."""
    if text.strip().lower() in ("", "none"):
        return []
    out = []
    for part in re.split(r"[,\s]+", text.strip()):
        if not re.fullmatch(r"[0-9]{1,3}", part):
            raise UsageError(
                f"{option}: {part!r} is not a spawn point number; give numbers like {option} 1,3"
            )
        out.append(int(part))
    return out


class SpawnLine(Frozen):
    __slots__ = ("group", "name", "result")
    group: Group
    name: str
    result: resolve.SpawnResult

    def __init__(self, group: Group, name: str, result: resolve.SpawnResult) -> None:
        set_fields(self, group=group, name=name, result=result)


class SpawnReport(Frozen):
    """Where each group spawns, under which points and locks."""

    __slots__ = ("points", "locked", "lines", "where", "notes", "barricades")  # noqa: RUF023 (order = repr order)
    points: tuple[int, ...]
    locked: tuple[int, ...]
    lines: tuple[SpawnLine, ...]
    where: str
    notes: tuple[str, ...]
    barricades: tuple[int, ...]  # the chapter's setup barricades among ``locked``

    def __init__(
        self,
        points: tuple[int, ...],
        locked: tuple[int, ...],
        lines: tuple[SpawnLine, ...],
        where: str = "",
        notes: tuple[str, ...] = (),
        barricades: tuple[int, ...] = (),
    ) -> None:
        set_fields(
            self, points=points, locked=locked, lines=lines, where=where, notes=notes,
            barricades=barricades,
        )

    @property
    def all_locked(self) -> bool:
        return set(self.points) <= set(self.locked)

    def to_json(self) -> dict[str, Any]:
        return {
            "points": list(self.points),
            "locked": list(self.locked),
            "all_locked": self.all_locked,
            "spawns": [
                {
                    "group": s.group.label,
                    "foe": s.group.foe,
                    "count": s.group.count,
                    "roll": s.result.roll,
                    "point": s.result.point,
                    "redirected": s.result.redirected,
                    "reason": s.result.reason,
                }
                for s in self.lines
            ],
        }

    def text(self) -> str:
        pts = _ranges(self.points)
        lk = _ranges(self.locked) if self.locked else "none"
        if self.barricades:
            which = "" if set(self.barricades) == set(self.locked) else f"{_ranges(self.barricades)} "
            noun = "barricade" if len(self.barricades) == 1 else "barricades"
            lk += f" ({which}by the chapter's setup {noun})"
        head = f"Spawn points {pts}{self.where}; locked: {lk}."
        out = [head, *(f"  {n}" for n in self.notes)]
        if self.all_locked:
            out.append(
                "Every spawn point is locked, so nothing spawns: the foes stay in the supply."
            )
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
    content: Content,
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
    from hollowcli.engine import resolve

    pack = content.pack()
    groups = parse_groups(words, pack.foes)
    notes: list[str] = []
    for g in groups:
        foe = pack.foes[g.foe]
        if g.count > foe.supply:
            notes.append(
                f"the box holds only {foe.supply} {foe.name} "
                f"{'figure' if foe.supply == 1 else 'figures'} (its supply), not {g.count}"
            )
    where = ""
    if chapter is not None and points is not None:
        raise UsageError(
            "give --points or --chapter, not both: a chapter's map says which points it has"
        )
    if chapter is not None:
        cid = find_id("chapter", chapter, pack.chapters, lambda c: c.name)
        ch: Chapter = pack.chapters[cid]
        pts = tuple(ch.spawn_points)
        base_locks = set(ch.barricades)
        where = f" on the map of {ch.name}"
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
                raise UsageError(
                    f"{option} {p}: there is no spawn point {p}{where}; the points are {_ranges(pts)}"
                )
    lock = tuple(sorted((base_locks | set(add)) - set(remove)))
    die = dice_from_pack(pack).die("spawn_die")
    faces = _roll_or_read(die, len(groups), rng, rolled)
    lines = tuple(
        SpawnLine(g, pack.foes[g.foe].name, resolve.spawn_point(f.value, pts, lock))
        for g, f in zip(groups, faces)
    )
    kept = tuple(p for p in lock if p in base_locks)
    return SpawnReport(pts, lock, lines, where, tuple(notes), kept)


# --- hollow leave -----------------------------------------------------------------------


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
            f"Leaving past {len(self.faces)} {'foe' if len(self.faces) == 1 else 'foes'}: "
            f"rolled {_faces_words(self.faces)}.\n"
            f"{hits} non-blank{per} = {self.damage} damage; {fear}."
        )


def _check_foes(foes: int) -> None:
    _check_range("--foes", foes, 0, MAX_FOES)


def leave(
    content: Content, foes: int, rng: random.Random, rolled: str | None = None
) -> LeaveReport:
    """Roll (or read) the leave roll for a location holding ``foes`` foes."""
    from hollowcli.engine import resolve

    _check_foes(foes)
    d = content.dice()
    die = d.die("attack_die")
    faces = _roll_or_read(die, foes, rng, rolled)
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


# --- hollow rules -----------------------------------------------------------------------


def rules_file(content_dirs: Sequence[Path | str] = ()) -> Path:
    """The rules text: the last content pack that brings a ``rules.md``, else the built-in one."""
    from pathlib import Path

    from hollowcli.resources import content_dir

    found = content_dir() / "rules.md"
    for d in content_dirs:
        d = Path(d).expanduser()
        if not d.is_dir():
            raise UsageError(
                f"the content folder {d} does not exist; check --content or HOLLOW_CONTENT"
            )
        if (d / "rules.md").is_file():
            found = d / "rules.md"
    return found


def rules_sections(text: str) -> list[tuple[str, str]]:
    """``## topic`` sections of the rules text as (topic, body); a preamble has topic ''."""
    sections: list[tuple[str, str]] = []
    topic = ""
    body: list[str] = []
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


class RulesReport(Frozen):
    """The rules text, whole or one topic."""

    __slots__ = ("sections", "source")
    sections: tuple[tuple[str, str], ...]
    source: str

    def __init__(self, sections: tuple[tuple[str, str], ...], source: str) -> None:
        set_fields(self, sections=sections, source=source)

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "topics": [t for t, _ in self.sections if t],
            "sections": [{"topic": t, "text": b} for t, b in self.sections],
        }

    def text(self, heading: Callable[[str], str] = str) -> str:
        parts = []
        for t, b in self.sections:
            parts.append((heading(f"## {t}") + "\n\n" + b) if t else b)
        return "\n\n".join(parts).rstrip() + "\n"


def rules(topic: str | None = None, content_dirs: Sequence[Path | str] = ()) -> RulesReport:
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
    hits = [k for k in keys if k.startswith(q)] or [
        k for k in keys if any(w.startswith(q) for w in k.split("-"))
    ]
    if hits and q:
        return RulesReport(tuple(keys[k] for k in hits), str(path))
    import difflib

    close = difflib.get_close_matches(q, list(keys), n=1, cutoff=0.6)
    hint = f"did you mean {close[0]!r}? " if close else ""
    raise UsageError(f"there is no rules topic {topic!r}; {hint}topics are {', '.join(keys)}")
