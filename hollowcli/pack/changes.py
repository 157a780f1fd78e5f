"""``changes``: the one vocabulary for what an upgrade, a life path and an outfit change on a
Legend, checked once here and said in words once here.

``changes`` is a mapping (or a list of them, when one card changes two attacks), each a
:class:`~hollowcli.pack.model.Changes`: stat deltas (``health: +1``), skills added, removed
or replaced (``skills: {add: [a], remove: [b], replace: {c: d}}``) and an attack delta on a
skill (``skill: steady-aim, attack: {direct: +1}``; no ``skill``: the basic attack). Upgrades,
path options and outfits name the check with ``Custom("changes")``. What needs the layered
pack (the skill ``attack`` changes must have an attack) is checked once every pack is
layered. :func:`changes_words` says a ``changes`` list in plain words, for ``content show``,
the interlude, the party sheet and the cards (the print kit escapes them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from hollowcli.errors import Problem
from hollowcli.pack.convert import BAD, Checker, CustomCheck, Entry, Path_, describe
from hollowcli.pack.model import AttackDelta, Changes, Pack
from hollowcli.pack.vocab import Stat

#: The stats a change may move, in the order they are told, with their words.
STATS: Final = {Stat.HEALTH: "health", Stat.DEFENSE: "defense", Stat.MOVE: "move", Stat.TOKENS: "action tokens",
                Stat.ATTACK_PRIORITY: "attack priority", Stat.FEAR_LIMIT: "fear limit"}


# ----------------------------------------------------------------------------- checks
def changes(ck: Checker, v: Any, path: Path_) -> Any:
    """``changes``: one mapping or a list of them; canonical: a list of ``Changes`` dicts."""
    if v is None:
        return []
    if not isinstance(v, (dict, list)):
        ck.add(path, f"'changes' must be a mapping like {{health: +1}} (or a list of them), not {describe(v)}",
               "write e.g. 'changes: {skill: volley, attack: {dice: +1}}'")
        return BAD
    many = isinstance(v, list)
    if many and not v:
        ck.add(path, "'changes' is an empty list", "give at least one change, e.g. {health: +1}")
        return BAD
    out = []
    for i, one in enumerate(v if many else [v]):
        where = path + (i,) if many else path
        got = _one(ck, one, where)
        if got is BAD:
            return BAD
        out.append(got)
    return out


def _one(ck: Checker, v: Any, path: Path_) -> Any:
    out = ck.c_nested(Changes)(v, path)
    if out is BAD:
        return BAD
    if not said(out):
        ck.add(path, "these changes change nothing (every number is 0 and no skill is named)",
               "give a stat a delta like 'health: +1', or add, remove or replace a skill")
        return BAD
    atk = out["attack"]
    if out["skill"] is not None and (atk is None or not _attack_said(atk)):
        ck.add(path + ("skill",), f"the changes name the skill {out['skill']!r} but change nothing about its attack",
               "add e.g. 'attack: {direct: +1}', or take 'skill' off")
        return BAD
    if out["skill"] is not None:
        skill, file, line = out["skill"], ck.file, ck.line(path + ("skill",))

        def has_attack(merged: Mapping[str, Mapping[str, Entry]], rules: Mapping[str, Any]) -> list[Problem]:
            entry = merged.get("skills", {}).get(skill)
            if entry is None or entry.canon["attack"] is not None:
                return []  # (an unknown skill: its reference says so)
            return [Problem(file, line, f"the changes sharpen the attack of the skill {skill!r}, which has no attack",
                            "name a skill that attacks, or leave 'skill' out to change the basic attack")]

        ck.later(has_attack)
    sk = out["skills"]
    if sk is not None:
        both = sorted(set(sk["add"]) & set(sk["remove"]))
        if both:
            ck.add(path + ("skills",), f"the changes both add and remove the skill {both[0]!r}", "keep one of the two")
            return BAD
    return out


def said(canon: Mapping[str, Any]) -> bool:
    """Whether a canonical ``Changes`` changes anything."""
    if any(canon[stat] for stat in STATS) or canon["skill"] is not None:
        return True
    sk = canon["skills"]
    if sk is not None and (sk["add"] or sk["remove"] or sk["replace"]):
        return True
    return canon["attack"] is not None and _attack_said(canon["attack"])


def _attack_said(atk: Mapping[str, Any]) -> bool:
    return bool(atk["dice"] or atk["direct"] or atk["range"] or atk["area"] is not None)


def skill_replace(ck: Checker, v: Any, path: Path_) -> Any:
    """``replace: {OLD: NEW}``: each old skill by a new one (both skills)."""
    if v is None:
        return {}
    if not isinstance(v, dict):
        ck.add(path, f"'replace' must map a skill to the skill that replaces it, not {describe(v)}",
               "write e.g. 'replace: {long-shot: far-shot}'")
        return BAD
    out: dict[str, str] = {}
    ok = True
    for old, new in v.items():
        where = path + (old,)
        a = ck.c_ref("skills", "the skills replaced")(old, where)
        b = ck.c_ref("skills", "the skills that replace them")(new, where)
        if a is BAD or b is BAD:
            ok = False
            continue
        if a == b:
            ck.add(where, f"'replace' replaces the skill {a!r} by itself", "name the skill that takes its place")
            ok = False
            continue
        out[a] = b
    return out if ok else BAD


#: The checks of this module a model field names with ``Custom(name)``.
CUSTOMS: dict[str, CustomCheck] = {
    "changes": changes,
    "skill_replace": skill_replace,
}


# ----------------------------------------------------------------------------- words
def _name(pack: Pack, skill: str) -> str:
    found = pack.skills.get(skill)
    return found.name if found is not None else skill


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def attack_delta_words(atk: AttackDelta) -> str:
    """``+1 die, +1 direct damage``: an attack delta in words."""
    parts = []
    if atk.dice:
        parts.append(f"{_signed(atk.dice)} {'die' if abs(atk.dice) == 1 else 'dice'}")
    if atk.direct:
        parts.append(f"{_signed(atk.direct)} direct damage")
    if atk.range:
        parts.append(f"{_signed(atk.range)} range")
    if atk.area is not None:
        parts.append("becomes an area attack" if atk.area else "stops being an area attack")
    return ", ".join(parts)


def one_words(pack: Pack, ch: Changes) -> list[str]:
    """The parts of one ``Changes`` in words, in the order they apply."""
    out = []
    if ch.skills is not None:
        out += [f"loses {_name(pack, s)}" for s in ch.skills.remove]
        out += [f"{_name(pack, a)} becomes {_name(pack, b)}" for a, b in ch.skills.replace.items()]
        out += [f"gains {_name(pack, s)}" for s in ch.skills.add]
    stats = [f"{_signed(getattr(ch, stat))} {word}" for stat, word in STATS.items() if getattr(ch, stat)]
    if stats:
        out.append(", ".join(stats))
    if ch.attack is not None and attack_delta_words(ch.attack):
        whose = _name(pack, ch.skill) if ch.skill is not None else "basic attack"
        out.append(f"{whose}: {attack_delta_words(ch.attack)}")
    return out


def changes_words(pack: Pack, changes: Iterable[Changes]) -> str:
    """A ``changes`` list in plain words: ``gains Piercing Shot; +1 health; Steady Aim: +1
    direct damage`` (nothing: ``no change``)."""
    parts = [p for ch in changes for p in one_words(pack, ch)]
    return "; ".join(parts) if parts else "no change"


def skills_named(changes: Iterable[Mapping[str, Any]]) -> tuple[set[str], set[str]]:
    """(skills a canonical ``changes`` list gains, skills it needs the Legend to have)."""
    gains: set[str] = set()
    needs: set[str] = set()
    for ch in changes:
        sk = ch["skills"]
        if sk is not None:
            gains |= set(sk["add"]) | set(sk["replace"].values())
            needs |= set(sk["remove"]) | set(sk["replace"])
        if ch["skill"] is not None:
            needs.add(ch["skill"])
    return gains, needs - gains


# ----------------------------------------------------------------------------- a grown Legend
def given(pack: Pack, legend: str, growth: Mapping[str, Any]) -> tuple[list[tuple[str, tuple[Changes, ...]]], list[str]]:
    """What a campaign's growth record of one Legend (``{"upgrades": [...], "path": id,
    "outfit": id, "unlocked": [...]}``, as a save holds it) gives, in the order it applies
    (the life path, the upgrades in the order taken, the outfit worn): ``[(source name,
    changes), ...]``, the shape ``engine.growth.grow`` takes; and the ids the content no
    longer has (said, and left out, never guessed)."""
    out: list[tuple[str, tuple[Changes, ...]]] = []
    missing: list[str] = []
    path = growth.get("path")
    if path:
        lp = pack.paths.get(legend)
        option = lp.options.get(path) if lp is not None else None
        if option is None:
            missing.append(f"life path {path!r}")
        else:
            out.append((option.name, option.changes))
    for uid in growth.get("upgrades") or ():
        up = pack.upgrades.get(uid)
        if up is None:
            missing.append(f"upgrade {uid!r}")
        else:
            out.append((up.name, up.changes))
    outfit = growth.get("outfit")
    if outfit:
        item = pack.items.get(outfit)
        if item is None:
            missing.append(f"outfit {outfit!r}")
        else:
            out.append((item.name, item.changes))
    return out, missing
