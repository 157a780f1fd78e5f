"""Campaigns at pack level: the checks of ``campaigns:``, ``upgrades:`` and ``paths:``, the
campaign additions to skills (``locked``) and items (outfits and their ``changes``), and a
campaign in words.

A campaign (``campaigns: {the-hollow: {start: schoolhouse, chapters: {...}}}``) is a graph of
chapters: each goes somewhere on a win and on a loss (a chapter, ``end``, or a branch on
campaign flags, ``{if_flag: {ferry: churchyard}, else: mill-race}``). Checked here: the
targets are chapters the campaign lists, its start is one of them, the graph can reach
``end`` from every chapter the start leads to, and (once every pack is layered) its
rewards name items of the right kind, none of them a chapter item. Warnings: a chapter
nothing leads to, a branch on a flag no chapter carries into the campaign, a skill that
starts locked with nothing to unlock it, a life path at a chapter no campaign plays.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from hollowcli.errors import Problem
from hollowcli.names import plural
from hollowcli.pack import check_kinds
from hollowcli.pack.changes import changes_words, skills_named
from hollowcli.pack.convert import BAD, Checker, Conv, CustomCheck, Entry, Path_, describe
from hollowcli.pack.model import END, CampaignChapter, CampaignDef, LifePath, Next, Pack, PathOption, Reward, Upgrade
from hollowcli.pack.script import _set_names
from hollowcli.pack.vocab import ItemKind

#: The keys of the branching form of a ``won``/``lost``.
BRANCH_KEYS: Final = ("if_flag", "else")
#: Which item kind each list of a reward holds.
REWARD_KINDS: Final = (("items", ItemKind.ITEM), ("relics", ItemKind.RELIC), ("outfits", ItemKind.OUTFIT))

Merged = Mapping[str, Mapping[str, Entry]]


# ----------------------------------------------------------------------------- upgrades
def kind_upgrades(ck: Checker, entry: dict[str, Any], path: Path_) -> Any:
    out = ck.record(Upgrade, entry, path, "the upgrade")
    if out is BAD:
        return BAD
    if out["legend"] != "any":
        _skills_it_has(ck, f"the upgrade {path[1]!r}", out["legend"], out["changes"], path + ("changes",))
    return out


def upgrade_legend(ck: Checker, v: Any, path: Path_) -> Any:
    """Whom an upgrade is for: a Legend's id, or ``any``."""
    if v == "any":
        return v
    return ck.c_ref("legends", "the upgrade's legend ('any' or a legend id)")(v, path)


def _skills_it_has(ck: Checker, who: str, legend: str, changes: list[Mapping[str, Any]], path: Path_) -> None:
    """Warn (after layering) when changes bound to one Legend remove, replace or sharpen a
    skill that Legend neither starts with nor can gain from a path option or an upgrade."""
    _, needs = skills_named(changes)
    if not needs:
        return
    file, line = ck.file, ck.line(path)

    def check(merged: Merged, rules: Mapping[str, Any]) -> list[Problem]:
        lg = merged.get("legends", {}).get(legend)
        if lg is None:
            return []
        have = set(lg.canon["skills"]) | _gainable(merged, legend)
        missing = sorted(needs - have)
        if not missing:
            return []
        return [Problem(file, line, f"{who} changes the skill {missing[0]!r}, which {lg.canon['name']} neither starts with nor "
                        "gains from a life path or an upgrade", "check the skill's id, or give it to the Legend",
                        warning=True)]

    ck.later(check)


def _gainable(merged: Merged, legend: str) -> set[str]:
    """Every skill a Legend may gain in a campaign: its path options' and its upgrades'."""
    got: set[str] = set()
    path = merged.get("paths", {}).get(legend)
    if path is not None:
        for opt in path.canon["options"].values():
            got |= skills_named(opt["changes"])[0]
    for up in merged.get("upgrades", {}).values():
        if up.canon["legend"] in ("any", legend):
            got |= skills_named(up.canon["changes"])[0]
    return got


# ----------------------------------------------------------------------------- paths
def kind_paths(ck: Checker, entry: dict[str, Any], path: Path_) -> Any:
    """A Legend's life paths (the entry's id is the Legend's)."""
    out = ck.record(LifePath, entry, path, "the life path")
    if out is BAD:
        return BAD
    legend = str(path[1])
    ck.ref("legends", legend, path, "the life path (its id is the Legend's)")
    if len(out["options"]) == 1:
        ck.warn(path + ("options",), f"the life path of {legend!r} has one option, so there is nothing to choose",
                "give it a second option, or make the one option an upgrade")
    for oid, opt in out["options"].items():
        _skills_it_has(ck, f"the life path option {oid!r}", legend, opt["changes"], path + ("options", oid))
    at, file, line = out["at"], ck.file, ck.line(path + ("at",))

    def played(merged: Merged, rules: Mapping[str, Any]) -> list[Problem]:
        camps = merged.get("campaigns", {})
        if at not in merged.get("chapters", {}) or any(at in c.canon["chapters"] for c in camps.values()):
            return []
        return [Problem(file, line, f"the life path of {legend!r} is chosen after the chapter {at!r}, which no "
                        "campaign plays", "name a chapter of a campaign, or add the chapter to one", warning=True)]

    ck.later(played)
    return out


def path_options(ck: Checker, v: Any, path: Path_) -> Any:
    """``options: {hunter: {name: ..., changes: ...}, ...}``: at least one."""
    return _by_id(ck, v, path, ck.c_id("life path option"), PathOption,
                  "'options' must map each option's id to its name and changes",
                  "write e.g. 'options: {hunter: {name: The Hunter, changes: {health: +1}}}'")


def _by_id(ck: Checker, v: Any, path: Path_, key: Conv, cls: type, shape: str, example: str) -> Any:
    """A mapping (at least one entry) of ids, each checked by ``key``, to records of ``cls``."""
    if not isinstance(v, dict) or not v:
        ck.add(path, f"{shape}, not {describe(v)}", example)
        return BAD
    out = {}
    ok = True
    for raw, one in v.items():
        where = path + (raw,)
        ident = key(raw, where)
        got = ck.c_nested(cls)(one, where)
        if ident is BAD or got is BAD:
            ok = False
            continue
        out[ident] = got
    return out if ok else BAD


# ----------------------------------------------------------------------------- campaigns
def next_(ck: Checker, v: Any, path: Path_) -> Any:
    """Where a campaign goes: a chapter id, ``end``, or ``{if_flag: {FLAG: TARGET}, else: TARGET}``."""
    if isinstance(v, dict):
        ok = True
        for key in v:
            if key not in BRANCH_KEYS:
                ck.add(path + (key,), f"{path[-1]!r} has an unknown field {key!r}",
                       "a branch is written {if_flag: {FLAG: CHAPTER}, else: CHAPTER}")
                ok = False
        if not ok:
            return BAD
        if "if_flag" not in v or "else" not in v:
            missing = "else" if "if_flag" in v else "if_flag"
            ck.add(path, f"the branch of {path[-1]!r} has no {missing!r}",
                   "write it {if_flag: {FLAG: CHAPTER}, else: CHAPTER}: the first flag set decides, else 'else'")
            return BAD
        flags = v["if_flag"]
        if not isinstance(flags, dict) or not flags:
            ck.add(path + ("if_flag",), f"'if_flag' must map a campaign flag to the chapter it leads to, not {describe(flags)}",
                   "write e.g. 'if_flag: {ferry: churchyard}'")
            return BAD
        branches = []
        for flag, target in flags.items():
            where = path + ("if_flag", flag)
            name = ck.check_id(flag, where, "flag")
            got = _target(ck, target, where)
            if name is None or got is BAD:
                return BAD
            branches.append([name, got])
        otherwise = _target(ck, v["else"], path + ("else",))
        return BAD if otherwise is BAD else {"branches": branches, "otherwise": otherwise}
    got = _target(ck, v, path)
    return BAD if got is BAD else {"branches": [], "otherwise": got}


def _target(ck: Checker, v: Any, path: Path_) -> Any:
    if not isinstance(v, str):
        ck.add(path, f"{path[-1]!r} must name a chapter of the campaign (or 'end'), not {describe(v)}",
               "write a chapter id like 'covered-bridge', or 'end'")
        return BAD
    ident = ck.check_id(v, path, "chapter")
    return BAD if ident is None else ident


def campaign_chapters(ck: Checker, v: Any, path: Path_) -> Any:
    """``chapters: {CHAPTER: {won: ..., lost: ..., rewards: ...}}``: at least one."""
    return _by_id(ck, v, path, ck.c_ref("chapters", "the campaign's chapters"), CampaignChapter,
                  "'chapters' must map each chapter of the campaign to where it leads",
                  "write e.g. 'chapters: {schoolhouse: {won: end}}'")


def kind_campaigns(ck: Checker, entry: dict[str, Any], path: Path_) -> Any:
    out = ck.record(CampaignDef, entry, path, "the campaign")
    if out is BAD:
        return BAD
    chapters: dict[str, Any] = out["chapters"]
    ident = path[1]
    ok = True
    if out["start"] not in chapters:
        ok = False
        ck.add(path + ("start",), f"the campaign {ident!r} starts at {out['start']!r}, which is not one of its chapters",
               f"add '{out['start']}: {{won: ...}}' under its chapters, or start at one of {', '.join(chapters)}")
    for cid, ch in chapters.items():
        for outcome in ("won", "lost"):
            nxt = ch[outcome]
            for target in () if nxt is None else [*(t for _, t in nxt["branches"]), nxt["otherwise"]]:
                if target != END and target not in chapters:
                    ok = False
                    ck.add(path + ("chapters", cid, outcome), f"the campaign goes to {target!r} when {cid!r} is "
                           f"{outcome}, but {target!r} is not one of its chapters",
                           f"add '{target}: {{won: ...}}' under its chapters, or write 'end'")
    if not ok:
        return BAD
    if not _ends(ck, out, path):
        return BAD
    _later_rewards(ck, out, path)
    _later_flags(ck, out, path)
    return out


def _edges(chapters: Mapping[str, Any]) -> dict[str, set[str]]:
    """Chapter -> every place a win or a loss may lead (a chapter with no ``lost``: itself)."""
    out = {}
    for cid, ch in chapters.items():
        nexts = [ch["won"], ch["lost"] or {"branches": [], "otherwise": cid}]
        out[cid] = {t for n in nexts for t in [*(t for _, t in n["branches"]), n["otherwise"]]}
    return out


def _reach(edges: Mapping[str, set[str]], start: str) -> list[str]:
    """The places reachable from ``start`` (itself first), in the order a walk finds them."""
    seen = [start]
    i = 0
    while i < len(seen):
        for nxt in sorted(edges.get(seen[i], ())):
            if nxt not in seen:
                seen.append(nxt)
        i += 1
    return seen


def _ends(ck: Checker, out: Mapping[str, Any], path: Path_) -> bool:
    """Every chapter the start leads to can still reach ``end``; a chapter nothing leads to
    is a warning."""
    chapters, ident = out["chapters"], path[1]
    edges = _edges(chapters)
    reached = _reach(edges, out["start"])
    if END not in reached:
        ck.add(path + ("start",), f"the campaign {ident!r} can never end: no chapter it reaches from "
               f"{out['start']!r} leads to 'end'", "make the last chapter's 'won' say 'end'")
        return False
    for cid in reached:
        if cid != END and END not in _reach(edges, cid):
            ck.add(path + ("chapters", cid), f"once the campaign {ident!r} reaches {cid!r} it can never end: every "
                   "way on from there leads back to chapters that do not reach 'end'",
                   "let one of those chapters' 'won' lead on to a chapter that ends, or to 'end'")
            return False
    for cid in chapters:
        if cid not in reached:
            ck.warn(path + ("chapters", cid), f"no chapter of the campaign {ident!r} leads to {cid!r}, so it is "
                    "never played", "name it in another chapter's 'won' or 'lost', or take it out of the campaign")
    return True


def _later_rewards(ck: Checker, out: Mapping[str, Any], path: Path_) -> None:
    """Once every pack is layered: each reward's items are of the kind its list says, none
    is a chapter item, and the skills it unlocks start locked."""
    found: list[tuple[str, str, str, int | None, str]] = []  # (list, id, chapter, line, outcome)
    for cid, ch in out["chapters"].items():
        for outcome in ("won", "lost"):
            reward = ch["rewards"][outcome]
            if reward is None:
                continue
            for key in ("items", "relics", "outfits", "skills"):
                for i, thing in enumerate(reward[key]):
                    where = path + ("chapters", cid, "rewards", outcome, key, i)
                    found.append((key, thing, cid, ck.line(where), outcome))
    if not found:
        return
    file = ck.file
    kinds = dict(REWARD_KINDS)

    def check(merged: Merged, rules: Mapping[str, Any]) -> list[Problem]:
        problems = []
        for key, thing, cid, line, outcome in found:
            if key == "skills":
                skill = merged.get("skills", {}).get(thing)
                if skill is not None and not skill.canon["locked"]:
                    problems.append(Problem(file, line, f"the reward for {_ING[outcome]} {cid!r} unlocks the skill {thing!r}, "
                                            "which does not start locked", "give the skill 'locked: true', or take it "
                                            "out of the reward", warning=True))
                continue
            item = merged.get("items", {}).get(thing)
            if item is None:
                continue
            want, kind = kinds[key], item.canon["kind"]
            if kind != want:
                right = {v: k for k, v in REWARD_KINDS}[kind]
                problems.append(Problem(file, line, f"the reward's {key} lists {thing!r}, which is {_a(kind)}",
                                        f"list it under '{right}' instead"))
            elif item.canon["chapter_item"]:
                problems.append(Problem(file, line, f"the reward for {_ING[outcome]} {cid!r} gives {thing!r}, a chapter item, "
                                        "which would be dropped at once: chapter items go when a chapter ends",
                                        "give another item, or take 'chapter_item' off it"))
        return problems

    ck.later(check)


#: An outcome as the words "the reward for ... X" use.
_ING: Final = {"won": "winning", "lost": "losing"}


def _a(kind: str) -> str:
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


def _later_flags(ck: Checker, out: Mapping[str, Any], path: Path_) -> None:
    """Warn, once every pack is layered, of a branch on a flag no chapter carries into the
    campaign (an event's ``set`` with ``campaign: true``)."""
    tested = []
    for cid, ch in out["chapters"].items():
        for outcome in ("won", "lost"):
            nxt = ch[outcome]
            for flag, _ in () if nxt is None else nxt["branches"]:
                tested.append((flag, cid, ck.line(path + ("chapters", cid, outcome, "if_flag", flag))))
    if not tested:
        return
    file = ck.file

    def check(merged: Merged, rules: Mapping[str, Any]) -> list[Problem]:
        carried = set().union(*(_set_names(e.canon, True) for e in merged.get("chapters", {}).values()))
        return [Problem(file, line, f"the campaign branches on the flag {flag!r} after {cid!r}, but no chapter carries "
                        "that flag into the campaign, so the branch is never taken",
                        f"set it in a chapter's event with {{set: {{{flag}: 1, campaign: true}}}}, or check its spelling",
                        warning=True)
                for flag, cid, line in tested if flag not in carried]

    ck.later(check)


# ----------------------------------------------------------------------------- skills and items
def kind_skills(ck: Checker, entry: dict[str, Any], path: Path_) -> Any:
    """A skill; one that starts locked warns when no campaign reward unlocks it."""
    out = check_kinds.kind_skills(ck, entry, path)
    if out is BAD or not out["locked"]:
        return out
    skill, file, line = str(path[1]), ck.file, ck.line(path + ("locked",))

    def unlocked(merged: Merged, rules: Mapping[str, Any]) -> list[Problem]:
        mine = merged.get("skills", {}).get(skill)
        home = mine.pack if mine is not None else 0
        if not any(c.pack <= home for c in merged.get("campaigns", {}).values()):
            # no campaign of its own pack or an earlier one is left (a later pack replaced
            # them): the skill's pack is not the one to fix; it stays locked (reading 9)
            # unless an event's unlock_skill frees it
            return []
        for camp in merged.get("campaigns", {}).values():
            for ch in camp.canon["chapters"].values():
                if any(r is not None and skill in r["skills"] for r in ch["rewards"].values()):
                    return []
        return [Problem(file, line, f"the skill {skill!r} starts locked, and no campaign reward unlocks it",
                        f"list it under a chapter's rewards ('skills: [{skill}]'), or take 'locked' off", warning=True)]

    ck.later(unlocked)
    return out


def kind_items(ck: Checker, entry: dict[str, Any], path: Path_) -> Any:
    """An item; only an outfit has ``changes``, and an outfit is worn, not used."""
    out = check_kinds.kind_items(ck, entry, path)
    if out is BAD:
        return BAD
    ident = path[1]
    if out["kind"] != ItemKind.OUTFIT:
        if out["changes"]:
            ck.add(path + ("changes",), f"the item {ident!r} has changes, but only an outfit has them",
                   "give it 'kind: outfit' so that a Legend may wear it, or take 'changes' off")
            return BAD
        return out
    used = [key for key in ("attack", "restore", "trap") if out[key] is not None]
    if used:
        ck.add(path + (used[0],), f"the outfit {ident!r} has {' and '.join(repr(k) for k in used)}, but an outfit "
               "is worn, not used", "say what wearing it does with 'changes', or make it an item")
        return BAD
    return out


#: The checks of this module a model field names with ``Custom(name)``.
CUSTOMS: dict[str, CustomCheck] = {
    "upgrade_legend": upgrade_legend,
    "path_options": path_options,
    "next": next_,
    "campaign_chapters": campaign_chapters,
}

#: The kinds this module checks (skills and items add to check_kinds' checks).
KIND_CHECKS: Final = {"skills": kind_skills, "items": kind_items, "campaigns": kind_campaigns,
                      "upgrades": kind_upgrades, "paths": kind_paths}


# ----------------------------------------------------------------------------- words
def _chapter(pack: Pack, cid: str) -> str:
    ch = pack.chapters.get(cid)
    return "the end" if cid == END else ch.name if ch is not None else cid


def next_words(pack: Pack, nxt: Next) -> str:
    """``The Churchyard if the flag 'ferry' is set, else The Mill Race``."""
    parts = [f"{_chapter(pack, t)} if the flag {flag!r} is set" for flag, t in nxt.branches]
    last = _chapter(pack, nxt.otherwise)
    return ", ".join(parts) + f", else {last}" if parts else last


def reward_words(pack: Pack, reward: Reward) -> str:
    """``Storm Lantern, Oilskin Coat; 1 upgrade for each Legend; unlocks Piercing Shot``."""
    def name(kind: Mapping[str, Any], i: str) -> str:
        found = kind.get(i)
        return str(found.name) if found is not None else i

    things = [name(pack.items, i) for i in (*reward.items, *reward.relics, *reward.outfits)]
    parts = [", ".join(things)] if things else []
    if reward.upgrades:
        parts.append(f"{plural(reward.upgrades, 'upgrade')} for each Legend")
    if reward.skills:
        parts.append("unlocks " + ", ".join(name(pack.skills, s) for s in reward.skills))
    return "; ".join(parts) or "nothing"


def campaign_words(pack: Pack, camp: CampaignDef) -> list[str]:
    """Each chapter of a campaign in words, in the order a walk from the start finds them."""
    edges = {cid: set(ch.won.targets() + (ch.lost.targets() if ch.lost else (cid,)))
             for cid, ch in camp.chapters.items()}
    order = [c for c in _reach(edges, camp.start) if c in camp.chapters]
    order += [c for c in camp.chapters if c not in order]
    lines = []
    for cid in order:
        ch = camp.chapters[cid]
        again = ch.lost is None or (not ch.lost.branches and ch.lost.otherwise == cid)
        lost = "played again" if again or ch.lost is None else next_words(pack, ch.lost)
        line = f"{_chapter(pack, cid)}: won, on to {next_words(pack, ch.won)}; lost, {lost}"
        for outcome, reward in (("won", ch.rewards.won), ("lost", ch.rewards.lost)):
            if reward is not None:
                line += f". Rewards when {outcome}: {reward_words(pack, reward)}"
        lines.append(line + ".")
    return lines


def entry_words(pack: Pack, kind: str, entry: Any) -> dict[str, list[str]]:
    """An entry of a campaign kind in words, for ``hollow content show`` (heading -> lines)."""
    if kind == "campaigns":
        return {"chapters": campaign_words(pack, entry)}
    if kind == "upgrades":
        who = "any Legend" if entry.legend == "any" else _legend(pack, entry.legend)
        return {"changes": [f"for {who}: {changes_words(pack, entry.changes)}"]}
    if kind == "paths":
        return {"options": [f"{oid} ({opt.name}): {changes_words(pack, opt.changes)}"
                            for oid, opt in entry.options.items()]}
    if kind == "items" and entry.changes:
        return {"changes": [f"while worn: {changes_words(pack, entry.changes)}"]}
    return {}


def _legend(pack: Pack, legend: str) -> str:
    found = pack.legends.get(legend)
    return found.name if found is not None else legend
