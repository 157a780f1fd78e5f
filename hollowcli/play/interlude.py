"""The interlude between two chapters of a campaign (issue 19; docs/design/campaign-plan.md §4).

When a chapter ends, the campaign it follows gives that outcome's rewards and asks each
choice it owes, in the order the box would do it:

1. each reward item, relic and outfit: which Legend takes it;
2. per Legend, ``upgrades: N`` times: which upgrade (open to it, not taken yet);
3. per Legend whose life path is ``at`` this chapter and who has none: which path (only
   when the chapter is won: reading 3);
4. per Legend who gained a relic or an outfit and now carries two or more of that kind:
   which to wear (the first option keeps what is worn).

Automatic, never asked: chapter items are dropped (``engine.campaign_carryover``), locked
skills the reward names are unlocked, the flags the chapter carries are merged.

The record (``Campaign.interlude``, a plain JSON mapping) keeps ``base``: the Legends'
kit, growth and flags from before the interlude. Everything else is a pure function of
``base``, the rewards and the answers (:func:`apply`), so undo is ``answers.pop()`` and
apply again. The interlude is *asking* while questions are owed, *done* when all are
answered (the next chapter is named), and *closed* when the next game starts: it moves
into the chapter log without ``base`` and can no longer be undone (:func:`close`).

A campaign that follows no pack campaign (made before issue 19, or in content with no
campaign) gets no rewards and no questions, but its chapters are logged all the same.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from hollowcli.engine.growth import BASIC, Grown, attack_words, grow, stat_words
from hollowcli.errors import HollowError
from hollowcli.pack.campaigns import reward_words
from hollowcli.pack.changes import changes_words, given
from hollowcli.pack.model import END, Changes, Next, Pack, Reward
from hollowcli.pack.vocab import ItemKind, Stat
from hollowcli.play.saves import QUESTION_KINDS, Campaign, empty_growth

#: The reward keys whose entries a Legend takes, in the order they are asked, with the
#: question kind each asks.
TAKEN = (("items", "item"), ("relics", "relic"), ("outfits", "outfit"))
#: Every question kind, in the order they are asked.
KINDS = QUESTION_KINDS
ASKING, DONE = "asking", "done"


# ----------------------------------------------------------------------------- the record
def reward_doc(reward: Reward | None) -> dict[str, Any]:
    """A reward as the record keeps it (only what it gives)."""
    if reward is None:
        return {}
    doc: dict[str, Any] = {key: list(getattr(reward, key)) for key, _ in TAKEN if getattr(reward, key)}
    if reward.upgrades:
        doc["upgrades"] = reward.upgrades
    if reward.skills:
        doc["skills"] = list(reward.skills)
    return doc


def campaign_def(pack: Pack, camp: Campaign) -> Any | None:
    """The pack campaign ``camp`` follows (None: it follows none); one sentence when the
    content loaded does not define it."""
    if camp.follows is None:
        return None
    found = pack.campaigns.get(camp.follows)
    if found is None:
        known = ", ".join(sorted(pack.campaigns)) or "none"
        raise HollowError(f"campaign '{camp.name}' follows the pack campaign '{camp.follows}', which the loaded content "
                          f"does not define (it defines: {known}); load its pack with --content DIR")
    return found


def next_of(nxt: Next, flags: Mapping[str, int]) -> str:
    """Where ``nxt`` leads with ``flags``: the first branch whose flag is set (not 0), in the
    order written, else ``otherwise`` (a flag no chapter set is 0: reading 10)."""
    for flag, target in nxt.branches:
        if flags.get(flag, 0):
            return target
    return nxt.otherwise


def open_interlude(pack: Pack, camp: Campaign, chapter: str, outcome: str, rounds: int, flags_set: Mapping[str, int],
                   carried: Mapping[str, Any], dropped: Sequence[tuple[str, str]],
                   unlocked: Sequence[str] = ()) -> dict[str, Any]:
    """The interlude after ``chapter`` ended with ``outcome`` (``won``/``lost``): ``carried``
    is what the Legends keep (chapter items gone), ``flags_set`` what the chapter carries
    (merged into the campaign's flags now: automatic), ``unlocked`` the skills its story
    freed (free for the campaign from now on, for every Legend: automatic, no undo). Sets
    ``camp.interlude``, and the campaign's Legends, growth and flags to what it does with no
    answer yet."""
    cdef = campaign_def(pack, camp)
    entry = cdef.chapters.get(chapter) if cdef is not None else None
    legends = {lid: {**dict(kit), "outfits": list((camp.legends or {}).get(lid, {}).get("outfits", []))}
               for lid, kit in carried.items()}
    growth = copy.deepcopy(camp.growth)
    unlock_for_all(pack, growth, unlocked)
    base = {"legends": legends, "growth": growth, "flags": dict(camp.flags)}
    reward = None if entry is None else (entry.rewards.won if outcome == "won" else entry.rewards.lost)
    flags = {**camp.flags, **flags_set} if outcome == "won" else dict(camp.flags)
    if entry is not None:
        goes = entry.won if outcome == "won" else (entry.lost or Next((), chapter))
        nxt: str | None = next_of(goes, flags)
    elif cdef is not None:  # a chapter the campaign does not list: the campaign goes on where it was
        nxt = next_id(pack, camp)
    else:
        nxt = None  # no pack campaign: the next chapter by number, named by the caller
    rec: dict[str, Any] = {
        "chapter": chapter, "outcome": outcome, "rounds": int(rounds), "date": _today(),
        "flags_set": dict(sorted(flags_set.items())) if outcome == "won" else {},
        "rewards": reward_doc(reward), "dropped": [[lid, item] for lid, item in dropped],
        "base": base, "questions": [], "answers": [], "redo": [], "next": nxt,
    }
    camp.flags = flags
    camp.interlude = rec
    refresh(pack, camp)
    return rec


def _today() -> str:
    return datetime.now(UTC).date().isoformat()


def refresh(pack: Pack, camp: Campaign) -> None:
    """Recompute the open interlude's questions and the campaign's Legends and growth from
    its base and answers (after an answer or an undo)."""
    rec = camp.interlude
    assert rec is not None
    # a campaign that follows no pack campaign is asked nothing, not even a life path the
    # content defines for the chapter it won (the module's docstring)
    rec["questions"] = owed(pack, rec) if camp.follows is not None else []
    camp.legends, camp.growth = apply(pack, rec["base"], rec["rewards"], rec["questions"], rec["answers"])


def state_of(rec: Mapping[str, Any]) -> str:
    """``asking`` while questions are owed, else ``done``."""
    return ASKING if len(rec["answers"]) < len(rec["questions"]) else DONE


# ----------------------------------------------------------------------------- the questions
def _legends(pack: Pack) -> list[str]:
    return list(pack.legends)


def unlock_for_all(pack: Pack, growth: dict[str, Any], skills: Sequence[str]) -> None:
    """A locked skill freed (by a reward or the chapter's story) is free for every Legend
    (reading 11): each Legend's growth record lists it as ``unlocked``."""
    for skill in skills:
        for lid in _legends(pack):
            got = growth.setdefault(lid, empty_growth())["unlocked"]
            if skill not in got:
                got.append(skill)


def _growth(growth: Mapping[str, Any], lid: str) -> dict[str, Any]:
    return dict(growth.get(lid) or empty_growth())


def open_upgrades(pack: Pack, lid: str, taken: Sequence[str]) -> list[str]:
    """The upgrades ``lid`` may take: its own and ``legend: any`` ones (each Legend may take
    an ``any`` upgrade once: reading 2), not taken yet, in file order."""
    return [uid for uid, up in pack.upgrades.items() if up.legend in (lid, "any") and uid not in taken]


def owed(pack: Pack, rec: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The questions the interlude asks, in order, as far as the answers so far tell (which
    Legends choose what to wear follows from who took what)."""
    base, rewards, answers = rec["base"], rec["rewards"], rec["answers"]
    who = _legends(pack)
    out: list[dict[str, Any]] = []
    for key, kind in TAKEN:
        out += [{"kind": kind, "legend": None, "item": iid, "options": list(who)} for iid in rewards.get(key, [])]
    for lid in who:
        taken = _growth(base["growth"], lid)["upgrades"]
        free = open_upgrades(pack, lid, taken)
        n = int(rewards.get("upgrades", 0))
        out += [{"kind": "upgrade", "legend": lid, "count": i + 1, "of": min(n, len(free)), "options": list(free)}
                for i in range(min(n, len(free)))]
    if rec["outcome"] == "won":  # a life path is chosen after its chapter is won (reading 3)
        for lid in who:
            lp = pack.paths.get(lid)
            if lp is not None and lp.at == rec["chapter"] and _growth(base["growth"], lid)["path"] is None:
                out.append({"kind": "path", "legend": lid, "options": list(lp.options)})
    n_taken = sum(1 for q in out if q["kind"] in ("item", "relic", "outfit"))
    if len(answers) < n_taken:
        return out  # who wears what follows from who took what
    legends, growth = apply(pack, base, rewards, out[:n_taken], answers[:n_taken])
    for slot in ("relic", "outfit"):
        for lid in who:
            gained = [q["item"] for q, a in zip(out, answers, strict=False) if q["kind"] == slot and a == lid]
            if not gained:
                continue
            options = _wearable(pack, slot, legends[lid], _growth(growth, lid))
            if len(options) >= 2:
                out.append({"kind": "wear", "slot": slot, "legend": lid, "gained": gained, "options": options})
    return out


def _wearable(pack: Pack, slot: str, kit: Mapping[str, Any], growth: Mapping[str, Any]) -> list[str]:
    """What a Legend may wear in ``slot``: what it wears first, then what it carries."""
    if slot == "relic":
        worn = kit.get("relic")
        carried = [i for i in kit.get("inventory", []) if i in pack.items and pack.items[i].kind == ItemKind.RELIC]
    else:
        worn = growth.get("outfit")
        carried = list(kit.get("outfits", []))
    return list(dict.fromkeys(([worn] if worn else []) + carried))


def options_now(pack: Pack, rec: Mapping[str, Any], index: int) -> list[str]:
    """The options of question ``index`` now: an upgrade taken by an earlier answer of the
    same interlude is not offered again."""
    questions, answers = rec["questions"], rec["answers"]
    q = questions[index]
    if q["kind"] != "upgrade":
        return list(q["options"])
    earlier = {a for p, a in zip(questions[:index], answers[:index], strict=False)
               if p["kind"] == "upgrade" and p["legend"] == q["legend"]}
    return [o for o in q["options"] if o not in earlier]


# ----------------------------------------------------------------------------- applying
def apply(pack: Pack, base: Mapping[str, Any], rewards: Mapping[str, Any], questions: Sequence[Mapping[str, Any]],
          answers: Sequence[str | None]) -> tuple[dict[str, Any], dict[str, Any]]:
    """What the answers make of ``base``: ``(legends, growth)``, the Legends' kit (inventory,
    relic, outfits carried) and their growth. Pure: ``base`` is not changed."""
    legends: dict[str, Any] = {}
    for lid in _legends(pack):
        kit = (base.get("legends") or {}).get(lid)
        ldef = pack.legends[lid]
        legends[lid] = {"inventory": list(kit.get("inventory", [])) if kit else list(ldef.inventory),
                        "relic": kit.get("relic") if kit else ldef.relic,
                        "outfits": list(kit.get("outfits", [])) if kit else []}
    for lid, kit in (base.get("legends") or {}).items():  # a Legend the content no longer has keeps its kit
        legends.setdefault(lid, copy.deepcopy(dict(kit)))
    growth = copy.deepcopy(dict(base.get("growth") or {}))

    def mine(lid: str) -> dict[str, Any]:
        return growth.setdefault(lid, empty_growth())

    unlock_for_all(pack, growth, rewards.get("skills", []))
    for q, a in zip(questions, answers, strict=False):
        if a is None:
            continue
        kind = q["kind"]
        if kind in ("item", "relic", "outfit"):
            kit = legends.setdefault(a, {"inventory": [], "relic": None, "outfits": []})
            if kind == "item":
                kit["inventory"].append(q["item"])
            elif kind == "relic":  # into the empty relic slot, else carried
                if kit.get("relic") is None:
                    kit["relic"] = q["item"]
                else:
                    kit["inventory"].append(q["item"])
            else:  # an outfit: carried; worn when nothing is
                kit["outfits"].append(q["item"])
                if mine(a)["outfit"] is None:
                    mine(a)["outfit"] = q["item"]
        elif kind == "upgrade":
            mine(q["legend"])["upgrades"].append(a)
        elif kind == "path":
            mine(q["legend"])["path"] = a
        elif kind == "wear":
            lid = q["legend"]
            if q["slot"] == "outfit":
                mine(lid)["outfit"] = a
            else:
                kit = legends[lid]
                if kit.get("relic") != a:
                    if a in kit["inventory"]:
                        kit["inventory"].remove(a)
                    if kit.get("relic"):
                        kit["inventory"].append(kit["relic"])
                    kit["relic"] = a
    for kit in legends.values():  # (no outfits carried: the kit reads as before layout 6)
        if not kit.get("outfits"):
            kit.pop("outfits", None)
    return legends, growth


# ----------------------------------------------------------------------------- the steps
def answer(pack: Pack, camp: Campaign, choice: str) -> dict[str, Any]:
    """Answer the next question owed with ``choice`` (an option's id, as
    :func:`options_now` lists them); returns the question answered. A choice that is not an
    option raises ValueError (the caller says so)."""
    rec = camp.interlude
    if rec is None or state_of(rec) != ASKING:
        raise ValueError("no question is owed")
    i = len(rec["answers"])
    if choice not in options_now(pack, rec, i):
        raise ValueError(f"{choice!r} is not one of the options")
    q = rec["questions"][i]
    rec["answers"].append(choice)
    redo = rec.get("redo", [])
    rec["redo"] = redo[1:] if redo and redo[0] == choice else []
    refresh(pack, camp)
    return q


def undo(pack: Pack, camp: Campaign) -> dict[str, Any] | None:
    """Take back the last answer (it can be redone): the question it answered, or None when
    nothing is answered yet."""
    rec = camp.interlude
    if rec is None or not rec["answers"]:
        return None
    rec["redo"] = [rec["answers"].pop(), *rec.get("redo", [])]
    refresh(pack, camp)
    return rec["questions"][len(rec["answers"])]


def redo(pack: Pack, camp: Campaign) -> dict[str, Any] | None:
    """Give again the answer undone last, if it still fits (None: nothing to redo)."""
    rec = camp.interlude
    if rec is None or not rec.get("redo") or state_of(rec) != ASKING:
        return None
    choice = rec["redo"][0]
    if choice not in options_now(pack, rec, len(rec["answers"])):
        rec["redo"] = []
        return None
    return answer(pack, camp, choice)


def auto_answer(pack: Pack, camp: Campaign) -> dict[str, Any]:
    """``--auto``: the first option of the next question."""
    rec = camp.interlude
    assert rec is not None
    return answer(pack, camp, options_now(pack, rec, len(rec["answers"]))[0])


def close(camp: Campaign) -> dict[str, Any] | None:
    """The next game starts: the interlude moves into the chapter log (without its base);
    it can no longer be undone. Returns the log entry (None: no interlude was open)."""
    rec = camp.interlude
    if rec is None:
        return None
    entry = log_entry(rec)
    camp.log.append(entry)
    camp.interlude = None
    return entry


def log_entry(rec: Mapping[str, Any]) -> dict[str, Any]:
    """A chapter-log entry from an interlude record: what it asked and what was answered."""
    choices = []
    for q, a in zip(rec["questions"], rec["answers"], strict=False):
        choice = {"kind": q["kind"], "legend": q.get("legend"), "answer": a}
        for key in ("item", "slot"):
            if key in q:
                choice[key] = q[key]
        choices.append(choice)
    return {"chapter": rec["chapter"], "outcome": rec["outcome"], "rounds": rec["rounds"], "date": rec["date"],
            "flags_set": dict(rec["flags_set"]), "rewards": dict(rec["rewards"]), "choices": choices,
            "dropped": [list(d) for d in rec.get("dropped", [])], "next": rec.get("next")}


def next_id(pack: Pack, camp: Campaign) -> str | None:
    """The chapter a campaign that follows a pack campaign plays next: the open interlude's
    (or the last logged one's) ``next``, else the campaign's start; None once it ended."""
    cdef = campaign_def(pack, camp)
    assert cdef is not None
    if camp.interlude is not None and camp.interlude.get("next"):
        nxt = camp.interlude["next"]
    else:
        nxt = next((e["next"] for e in reversed(camp.log) if e.get("next")), cdef.start)
    return None if nxt == END else str(nxt)


# ----------------------------------------------------------------------------- words
def name_of(pack: Pack, kind: str, key: str) -> str:
    """The name of a Legend, an upgrade, an item, a skill (``kind``: the pack's mapping)."""
    found = getattr(pack, kind).get(key)
    return str(found.name) if found is not None else key


def sources(pack: Pack, lid: str, growth: Mapping[str, Any]) -> list[tuple[str, Sequence[Changes]]]:
    """A Legend's changes in the order they apply (path, upgrades in the order taken, the
    outfit worn), each with the name of what gives it; a name the content lost is left out."""
    return list(given(pack, lid, growth.get(lid) or empty_growth())[0])


def grown(pack: Pack, lid: str, growth: Mapping[str, Any]) -> Grown:
    """The Legend ``lid`` grown by ``growth`` (``engine.growth.grow``)."""
    g = growth.get(lid) or empty_growth()
    return grow(pack.legends[lid], pack.skills, sources(pack, lid, growth), g["unlocked"])


def option_words(pack: Pack, q: Mapping[str, Any], option: str, legends: Mapping[str, Any]) -> tuple[str, str]:
    """``(name, words)`` of one option of question ``q``: for a Legend, what it carries;
    for an upgrade, a path or an outfit, its changes in words (``pack.changes``)."""
    kind = q["kind"]
    if kind in ("item", "relic", "outfit"):
        kit = legends.get(option, {})
        held = [name_of(pack, "items", i) for i in ([kit["relic"]] if kit.get("relic") else []) + kit.get("inventory", [])]
        return name_of(pack, "legends", option), ("carries " + ", ".join(held)) if held else "carries nothing"
    if kind == "upgrade":
        up = pack.upgrades.get(option)
        return name_of(pack, "upgrades", option), changes_words(pack, up.changes) if up else ""
    if kind == "path":
        lp = pack.paths.get(q["legend"])
        opt = lp.options.get(option) if lp else None
        return (opt.name, changes_words(pack, opt.changes)) if opt else (option, "")
    item = pack.items.get(option)  # wear
    if item is None:
        return option, ""
    if item.kind == ItemKind.OUTFIT:
        words = changes_words(pack, item.changes)
    else:
        words = f"+{item.defense} defense while worn" if item.defense else (item.text or "a relic")
    return item.name, words


def question_words(pack: Pack, q: Mapping[str, Any]) -> str:
    """The question in a sentence: ``Who takes the Storm Lantern?``."""
    kind = q["kind"]
    if kind in ("item", "relic", "outfit"):
        item = pack.items.get(q["item"])
        what = "a relic" if kind == "relic" else "an " + kind
        if kind == "outfit" and item is not None and item.changes:  # what wearing it does
            what += f": {changes_words(pack, item.changes)} when worn"
        return f"Who takes the {name_of(pack, 'items', q['item'])} ({what})?"
    who = name_of(pack, "legends", q["legend"])
    if kind == "upgrade":
        of = f" ({q['count']} of {q['of']})" if q.get("of", 1) > 1 else ""
        return f"Which upgrade does {who} take{of}?"
    if kind == "path":
        return f"Which life path does {who} choose?"
    return f"Which {q['slot']} does {who} wear? (the others are carried, with no effect)"


def what_it_did(pack: Pack, camp: Campaign, q: Mapping[str, Any], choice: str) -> str:
    """What an answer did, in a sentence, with the Legend's numbers that changed
    (``engine.growth.grow``): ``Emily Van Winkle: health 9 (8 +1 The Healer); gains Poultice.``"""
    name, _ = option_words(pack, q, choice, camp.legends or {})
    kind = q["kind"]
    if kind in ("item", "relic", "outfit"):
        return f"{name} takes the {name_of(pack, 'items', q['item'])}."
    lid = q["legend"]
    if lid not in pack.legends:
        return f"{name}."
    g = grown(pack, lid, camp.growth)
    changed = [f"{word} {stat_words(g, stat, pack.rules.fear_limit)}" for stat, word in _STAT_WORDS.items()
               if g.sources.get(stat)]
    for skill in g.attacks:  # an attack a change sharpens: its numbers, and where they come from
        spec = pack.legends[lid].basic_attack if skill == BASIC else getattr(pack.skills.get(skill), "attack", None)
        if spec is not None:
            changed.append(f"{'basic attack' if skill == BASIC else name_of(pack, 'skills', skill)} "
                           f"{attack_words(spec, g, skill)}")
    skills = ", ".join(name_of(pack, "skills", s) + (" (locked)" if s in g.locked else "")
                       for s in (*g.legend.skills, *g.locked))
    verb = {"upgrade": "takes", "path": "chooses", "wear": "wears"}[kind]
    said = f"{name_of(pack, 'legends', lid)} {verb} {name}."
    if changed:
        said += " Now " + "; ".join(changed) + "."
    return said + (f" Skills: {skills}." if skills else "")


_STAT_WORDS = {Stat.HEALTH: "health", Stat.DEFENSE: "defense", Stat.MOVE: "move", Stat.TOKENS: "tokens",
               Stat.ATTACK_PRIORITY: "attack priority", Stat.FEAR_LIMIT: "fear limit"}


def reward_of(rewards: Any) -> Reward:
    """The ``Reward`` a record holds (``reward_doc``'s shape; anything else reads as none)."""
    if not isinstance(rewards, Mapping):
        return Reward()

    def ids(key: str) -> tuple[str, ...]:
        value = rewards.get(key) or ()
        return tuple(str(v) for v in value) if isinstance(value, (list, tuple)) else ()

    upgrades = rewards.get("upgrades")
    return Reward(items=ids("items"), relics=ids("relics"), outfits=ids("outfits"),
                  upgrades=upgrades if isinstance(upgrades, int) and not isinstance(upgrades, bool) else 0,
                  skills=ids("skills"))


def rewards_words(pack: Pack, rewards: Any) -> str:
    """The rewards of a record in words (``pack.campaigns.reward_words``; "nothing" for none)."""
    return reward_words(pack, reward_of(rewards))


def doc(pack: Pack, camp: Campaign) -> dict[str, Any]:
    """The interlude as ``hollow campaign next --json`` shows it: ``{state, chapter, outcome,
    questions: [{kind, legend, options: [{id, name, words}], answer}], next}``."""
    rec = camp.interlude
    if rec is None:
        return {"state": "closed", "chapter": None, "outcome": None, "questions": [], "next": None}
    questions = []
    for i, q in enumerate(rec["questions"]):
        ans = rec["answers"][i] if i < len(rec["answers"]) else None
        shown = options_now(pack, rec, i) if i <= len(rec["answers"]) else list(q["options"])
        before = camp.legends or {}  # what the Legends carried when it was asked
        if i < len(rec["answers"]):
            before = apply(pack, rec["base"], rec["rewards"], rec["questions"][:i], rec["answers"][:i])[0]
        questions.append({
            "kind": q["kind"], "legend": q.get("legend"), "question": question_words(pack, q),
            **({"item": q["item"]} if "item" in q else {}), **({"slot": q["slot"]} if "slot" in q else {}),
            "options": [dict(zip(("id", "name", "words"), (o, *option_words(pack, q, o, before)), strict=True))
                        for o in shown],
            "answer": ans,
        })
    return {"state": state_of(rec), "chapter": rec["chapter"], "outcome": rec["outcome"], "rounds": rec["rounds"],
            "flags_set": rec["flags_set"], "rewards": rec["rewards"], "rewards_words": rewards_words(pack, rec["rewards"]),
            "dropped": rec.get("dropped", []), "questions": questions, "next": rec.get("next")}
