"""The party sheet: a campaign's Legends as they are now, where each changed number comes
from, and the chapter log (``hollow campaign status``, its ``--json``, and ``hollow print
campaign``'s PDF all show this one :class:`Sheet`).

Pure: :func:`party_sheet` reads a campaign record and the content and builds the rows; it
grows each Legend with ``engine.growth.grow`` (the changes of its life path, its upgrades in
the order taken and its outfit, ``pack.changes.given``) and says changes with
``pack.changes.changes_words``. A number that changed reads ``base+delta (source)``:
``health 8+1 (The Healer)``. :func:`screen_lines` lays the sheet out for an 80x24 terminal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hollowcli import names
from hollowcli.engine.growth import BASIC, Grown, grow
from hollowcli.pack.changes import changes_words, given
from hollowcli.pack.model import AttackSpec, Pack
from hollowcli.pack.vocab import Stat
from hollowcli.play.interlude import rewards_words
from hollowcli.play.saves import Campaign

#: Each stat the sheet shows: (key, short column head, words).
STATS: tuple[tuple[str, str, str], ...] = (
    (Stat.HEALTH, "HP", "health"), (Stat.DEFENSE, "DEF", "defense"), (Stat.MOVE, "MV", "move"),
    (Stat.TOKENS, "TOK", "tokens"), (Stat.ATTACK_PRIORITY, "PRI", "attack priority"),
    (Stat.FEAR_LIMIT, "FEAR", "fear limit"),
)
#: The attack numbers a change may move, with their words.
ATTACK_NUMBERS: tuple[tuple[str, str], ...] = (("dice", "dice"), ("direct", "direct"), ("range", "range"))
#: The screen's size: the sheet never needs more (a shell prompt keeps the last line).
WIDTH, HEIGHT = 80, 23


@dataclass(frozen=True)
class Number:
    """A stat or an attack number: what it is now, what the content starts it at, and each
    change with its source, in the order applied."""

    key: str
    label: str  # in words: "health", "Steady Aim direct"
    short: str  # on the screen: "HP", "Steady Aim direct"
    value: int
    base: int
    sources: tuple[tuple[str, int], ...] = ()

    @property
    def words(self) -> str:
        """``8+1 (The Healer)``; ``10+1-1 (Brave Heart, Heavy Boots) = 10``... unchanged: ``8``."""
        if not self.sources:
            return str(self.value)
        said = f"{self.base}" + "".join(f"{n:+d}" for _, n in self.sources)
        said += " (" + ", ".join(dict.fromkeys(src for src, _ in self.sources)) + ")"
        if self.value != self.base + sum(n for _, n in self.sources):  # held at its floor
            said += f" = {self.value}"
        return said

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "base": self.base,
                "sources": [{"name": src, "delta": n} for src, n in self.sources]}


@dataclass(frozen=True)
class Named:
    """An upgrade, a life path, an item, a relic or an outfit on the sheet, with what it
    changes in words ('' when it changes nothing)."""

    id: str
    name: str
    words: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, **({"changes": self.words} if self.words else {})}

    @property
    def said(self) -> str:
        return f"{self.name} ({self.words})" if self.words else self.name


@dataclass(frozen=True)
class SkillRow:
    id: str
    name: str
    locked: bool
    attack: tuple[Number, ...] = ()  # the attack numbers its changes moved
    source: str = ""  # what gave the Legend this skill ('' : it starts with it)

    @property
    def said(self) -> str:
        """``Poultice (The Healer) [locked]``."""
        return self.name + (f" ({self.source})" if self.source else "") + (" [locked]" if self.locked else "")

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "locked": self.locked, "source": self.source or None,
                **({"attack": {n.key: n.to_json() for n in self.attack}} if self.attack else {})}


@dataclass(frozen=True)
class LegendSheet:
    id: str
    name: str
    stats: tuple[Number, ...]
    skills: tuple[SkillRow, ...]
    basic_attack: tuple[Number, ...]  # the basic attack's numbers its changes moved
    items: tuple[Named, ...]
    relic: Named | None
    outfit: Named | None  # the one worn
    outfits: tuple[Named, ...]  # carried, not worn
    path: Named | None
    upgrades: tuple[Named, ...]

    def changed(self) -> list[Number]:
        """Every number a change moved: the stats, then each attack."""
        return ([s for s in self.stats if s.sources] + list(self.basic_attack)
                + [n for sk in self.skills for n in sk.attack])

    def to_json(self) -> dict[str, Any]:
        def one(x: Named | None) -> dict[str, Any] | None:
            return x.to_json() if x is not None else None

        return {
            "id": self.id, "name": self.name,
            "stats": {s.key: s.to_json() for s in self.stats},
            "skills": [s.to_json() for s in self.skills],
            "basic_attack": {n.key: n.to_json() for n in self.basic_attack},
            "items": [i.to_json() for i in self.items], "relic": one(self.relic),
            "outfit": one(self.outfit), "outfits": [o.to_json() for o in self.outfits],
            "path": one(self.path), "upgrades": [u.to_json() for u in self.upgrades],
        }


@dataclass(frozen=True)
class LogRow:
    """One chapter played, as the chapter log recorded it."""

    chapter: str
    name: str  # "2. The Covered Bridge"
    outcome: str
    rounds: int
    date: str  # YYYY-MM-DD
    flags_set: Mapping[str, int]
    rewards: str  # in words ('' when none)
    choices: str  # in words ('' when none)

    def to_json(self) -> dict[str, Any]:
        return {"chapter": self.chapter, "name": self.name, "outcome": self.outcome, "rounds": self.rounds,
                "date": self.date, "flags_set": dict(self.flags_set), "rewards": self.rewards, "choices": self.choices}


@dataclass(frozen=True)
class Sheet:
    campaign: str  # the save's name
    title: str  # the pack campaign's name, or '' when it follows none
    follows: str | None
    next: str | None  # the next chapter's id (None: the campaign is over)
    next_name: str  # "3. The Churchyard", "the end", or "" with no next
    in_progress: bool  # ``next`` is the game in progress
    flags: Mapping[str, int]
    legends: tuple[LegendSheet, ...]
    log: tuple[LogRow, ...]
    earlier: tuple[int, int] | None  # (won, lost) of chapters played before the log began
    notes: tuple[str, ...] = field(default=())  # what the content no longer has

    def to_json(self) -> dict[str, Any]:
        return {
            "campaign": self.campaign, "title": self.title, "follows": self.follows,
            "next": {"chapter": self.next, "name": self.next_name, "in_progress": self.in_progress},
            "flags": dict(self.flags),
            "legends": [lg.to_json() for lg in self.legends],
            "log": [row.to_json() for row in self.log],
            "earlier": {"won": self.earlier[0], "lost": self.earlier[1]} if self.earlier else None,
            "notes": list(self.notes),
        }


# ----------------------------------------------------------------------------- building
def party_sheet(pack: Pack, camp: Campaign, next_id: str | None) -> Sheet:
    """The party sheet of ``camp`` in the content ``pack``; ``next_id``: the chapter played
    next (the game in progress, or what the campaign names), None when it is over."""
    notes: list[str] = []
    growth = camp.growth
    carried = camp.legends or {}
    ids = [lid for lid in pack.legends if not carried or lid in carried]
    legends = tuple(_legend(pack, lid, growth.get(lid) or {}, carried.get(lid), notes) for lid in ids)
    open_ = [_interlude_entry(camp.interlude)] if camp.interlude is not None else []
    log = tuple(_log_row(pack, e) for e in [*camp.log, *open_])
    won = sum(r.won for r in camp.results.values()) - sum(1 for r in log if r.outcome == "won")
    lost = sum(r.lost for r in camp.results.values()) - sum(1 for r in log if r.outcome == "lost")
    follows = camp.follows
    title = ""
    if follows:
        found = pack.campaigns.get(follows)
        title = found.name if found is not None else follows
        if found is None:
            notes.append(f"the campaign follows {follows!r}, which the content does not define")
    return Sheet(
        campaign=camp.name, title=title, follows=follows, next=next_id,
        next_name=_chapter_name(pack, next_id) if next_id else "",
        in_progress=camp.game is not None and camp.game.chapter == next_id,
        flags=dict(sorted(camp.flags.items())), legends=legends, log=log,
        earlier=(max(0, won), max(0, lost)) if won > 0 or lost > 0 else None, notes=tuple(notes),
    )


def _chapter_name(pack: Pack, cid: str) -> str:
    ch = pack.chapters.get(cid)
    return f"{ch.number}. {ch.name}" if ch is not None else cid


def _named(pack: Pack, iid: str) -> Named:
    item = pack.items.get(iid)
    if item is None:
        return Named(iid, iid)
    return Named(iid, item.name, changes_words(pack, item.changes) if item.changes else "")


def _legend(pack: Pack, lid: str, growth: Mapping[str, Any], carried: Any, notes: list[str]) -> LegendSheet:
    legend = pack.legends[lid]
    sources, missing = given(pack, lid, growth)
    notes.extend(f"{legend.name}'s {what} is not in the content (left out)" for what in missing)
    grown = grow(legend, pack.skills, sources, growth.get("unlocked") or ())
    stats = tuple(_stat(pack, grown, key, head, words) for key, head, words in STATS)
    gave = {sid: name for name, changes in sources for ch in changes if ch.skills is not None
            for sid in (*ch.skills.add, *ch.skills.replace.values())}
    skills = tuple(
        SkillRow(sid, pack.skills[sid].name if sid in pack.skills else sid, sid in grown.locked,
                 _attack(grown, sid, pack.skills[sid].attack if sid in pack.skills else None,
                         pack.skills[sid].name if sid in pack.skills else sid), gave.get(sid, ""))
        for sid in (*grown.legend.skills, *grown.locked))
    if isinstance(carried, dict):
        inventory = [str(i) for i in carried.get("inventory") or ()]
        relic = carried.get("relic")
        outfits = [str(i) for i in carried.get("outfits") or ()]
    else:  # nothing carried yet: as the content sets the Legend up
        inventory, relic, outfits = list(legend.inventory), legend.relic, []
    worn = growth.get("outfit")
    path = None
    if growth.get("path"):
        lp = pack.paths.get(lid)
        option = lp.options.get(growth["path"]) if lp is not None else None
        path = Named(growth["path"], option.name if option else growth["path"],
                     changes_words(pack, option.changes) if option else "")
    upgrades = tuple(Named(u, pack.upgrades[u].name, changes_words(pack, pack.upgrades[u].changes))
                     if u in pack.upgrades else Named(u, u) for u in growth.get("upgrades") or ())
    return LegendSheet(
        id=lid, name=legend.name, stats=stats, skills=skills,
        basic_attack=_attack(grown, BASIC, legend.basic_attack, "basic attack"),
        items=tuple(_named(pack, i) for i in inventory), relic=_named(pack, str(relic)) if relic else None,
        outfit=_named(pack, str(worn)) if worn else None,
        outfits=tuple(_named(pack, o) for o in outfits if o != worn), path=path, upgrades=upgrades,
    )


def _stat(pack: Pack, grown: Grown, key: str, head: str, words: str) -> Number:
    changes = tuple(grown.sources.get(key, ()))
    if key == Stat.FEAR_LIMIT:
        base = pack.rules.fear_limit
        return Number(key, words, head, max(1, base + grown.fear_limit), base, changes)
    return Number(key, words, head, int(getattr(grown.legend, key)), int(getattr(grown.base, key)), changes)


def _attack(grown: Grown, skill: str, spec: AttackSpec | None, label: str) -> tuple[Number, ...]:
    """The numbers of an attack that the Legend's changes moved (none: ``()``)."""
    given_ = grown.attacks.get(skill, ())
    if spec is None or not given_:
        return ()
    out = []
    for key, words in ATTACK_NUMBERS:
        changes = tuple((src, int(getattr(d, key))) for src, d in given_ if getattr(d, key))
        if changes:
            base = int(getattr(spec, key))
            out.append(Number(key, f"{label} {words}", f"{label} {words}", max(0, base + sum(n for _, n in changes)),
                              base, changes))
    return tuple(out)


def _interlude_entry(rec: Mapping[str, Any]) -> dict[str, Any]:
    """The open interlude as the log entry it becomes when the next game starts: the
    chapter just played, with the answers given so far."""
    choices = [{"kind": q.get("kind"), "legend": q.get("legend"), "answer": a,
                **({"item": q["item"]} if "item" in q else {})}
               for q, a in zip(rec.get("questions") or [], rec.get("answers") or []) if isinstance(q, dict)]
    return {**rec, "choices": choices}


def _log_row(pack: Pack, entry: Mapping[str, Any]) -> LogRow:
    cid = str(entry.get("chapter", ""))
    flags = entry.get("flags_set") or {}
    return LogRow(
        chapter=cid, name=_chapter_name(pack, cid), outcome=str(entry.get("outcome", "")),
        rounds=int(entry.get("rounds") or 0), date=str(entry.get("date", ""))[:10],
        flags_set=dict(flags) if isinstance(flags, dict) else {},
        rewards=_rewards_words(pack, entry.get("rewards")), choices=_choices_words(pack, entry.get("choices")),
    )


def _rewards_words(pack: Pack, rewards: Any) -> str:
    """A log entry's rewards in the pack's words ('' for none)."""
    words = rewards_words(pack, rewards)
    return "" if words == "nothing" else words


def _choices_words(pack: Pack, choices: Any) -> str:
    """The interlude's answers: ``Emily Van Winkle: The Hunter``; who took a reward:
    ``Storm Lantern to Jeremiah Pincke``."""
    if not isinstance(choices, list):
        return ""
    said = []
    for c in choices:
        if not isinstance(c, dict) or not c.get("answer"):
            continue  # nothing was left to choose
        answer = str(c["answer"])
        if c.get("item"):  # which Legend takes a reward's item, relic or outfit
            item = pack.items.get(str(c["item"]))
            said.append(f"{item.name if item else c['item']} to "
                        f"{pack.legends[answer].name if answer in pack.legends else answer}")
            continue
        who = pack.legends[c["legend"]].name if c.get("legend") in pack.legends else str(c.get("legend") or "")
        lp = pack.paths.get(str(c.get("legend")))
        if answer in pack.upgrades:
            answer = pack.upgrades[answer].name
        elif answer in pack.items:
            answer = pack.items[answer].name
        elif lp is not None and answer in lp.options:
            answer = lp.options[answer].name
        said.append(f"{who}: {answer}" if who else answer)
    return ", ".join(said)


# ----------------------------------------------------------------------------- the screen
def _cut(text: str, width: int = WIDTH) -> str:
    """One screen line: never wider than ``width`` (an ellipsis says more is in --json)."""
    return text if len(text) <= width else text[: width - 1] + "…"


def legend_lines(lg: LegendSheet, wide: bool = False) -> list[str]:
    """A Legend on the screen, in 2 to 4 lines: its numbers, life path and outfit; its
    skills (locked ones marked) and kit; what changed and from where; its upgrades."""
    nums = " ".join(f"{s.value:>{max(len(h), 2)}}" for s, (_, h, _) in zip(lg.stats, STATS))
    extra = " · ".join(x for x in ((lg.path.name if lg.path else ""),
                                   (f"wears {lg.outfit.name}" if lg.outfit else "")) if x)
    lines = [_cut(f"{lg.name:<18.18} {nums}  {extra}".rstrip())]
    skills = "  skills: " + (", ".join(s.said for s in lg.skills) or "none")
    kit = [i.name for i in lg.items] + ([f"relic {lg.relic.name}"] if lg.relic else [])
    kit += [f"{o.name} (not worn)" for o in lg.outfits]
    carries = "carries " + (", ".join(kit) if kit else "nothing")
    if len(skills) + 3 + len(carries) <= WIDTH:
        lines.append(f"{skills} · {carries}")
    else:
        lines += [_cut(skills), _cut(f"  {carries}")]
    changed = [f"{n.short} {n.words}" for n in lg.changed()]
    if changed and wide:  # room to spare: what changed on two lines rather than cut
        from hollowcli.play.view import wrap_items

        lines += [_cut(line) for line in wrap_items("  changed: ", changed, WIDTH, "    ", ";")[:2]]
    elif changed:
        lines.append(_cut("  changed: " + "; ".join(changed)))
    return lines


def stats_head() -> str:
    return _cut(f"{'Legend':<18} " + " ".join(f"{h:>{max(len(h), 2)}}" for _, h, _ in STATS) + "  path / outfit")


def log_lines(sheet: Sheet, room: int) -> list[str]:
    """The chapter log in at most ``room`` lines (the latest chapters; the earlier ones
    counted), and the tally of chapters played before the log began."""
    lines: list[str] = []
    if sheet.earlier:
        lines.append(f"Earlier chapters: won {sheet.earlier[0]}, lost {sheet.earlier[1]} (before the chapter log).")
    rows = list(sheet.log)
    if rows and room - len(lines) == 1:  # one line: the last chapter played
        r = rows[-1]
        lines.append(_cut(f"Log: {names.plural(len(rows), 'chapter')}; the last: {r.name}, {r.outcome}, "
                          f"{names.plural(r.rounds, 'round')}, {r.date}."))
    elif rows:
        shown = rows[-(room - len(lines) - 1):]
        hidden = len(rows) - len(shown)
        lines.append("Log" + (f" (the last {len(shown)} of {len(rows)}; --json has all)" if hidden else "") + ":")
        for r in shown:
            tail = "; ".join(x for x in (r.rewards, r.choices,
                                         ", ".join(f"{k} {v}" for k, v in r.flags_set.items())) if x)
            name = r.name if len(r.name) <= 28 else r.name[:27] + "…"
            lines.append(_cut(f"  {name:<28} {r.outcome:<4} {names.plural(r.rounds, 'round'):<9} {r.date}"
                              + (f"  {tail}" if tail else "")))
    return lines[:room] if room > 0 else []


def _chapter_rows(chapters: Sequence[Mapping[str, Any]], room: int) -> list[str]:
    """A campaign that follows no pack campaign plays the chapters by number: a row each
    when there is room (won, in progress, the tally), else the same in a few lines."""
    rows = []
    for ch in chapters:
        tally = f"won {ch['won']}, lost {ch['lost']}" if ch["won"] or ch["lost"] else ""
        if ch["in_progress"]:
            tally = "in progress" + (f" ({tally})" if tally else "")
        mark = "won " if ch["completed"] else "    "
        rows.append(f"  {mark}{ch['number']:>2}. {ch['name']:<36.36} {tally or 'not played'}")
    if len(rows) <= room:
        return rows
    from hollowcli.play.view import wrap_items

    said = [f"{ch['number']} " + ("won" if ch["completed"] else "in progress" if ch["in_progress"]
                                  else "lost" if ch["lost"] else "not played") for ch in chapters]
    return [_cut(line) for line in wrap_items("Chapters:", said, WIDTH - 2, "  ")][:max(1, room)]


def screen_lines(sheet: Sheet, doc: Mapping[str, Any], head: str, now: str, tail: Sequence[str]) -> list[str]:
    """The whole party sheet for an 80x24 terminal (:data:`HEIGHT` lines at most, each at most
    :data:`WIDTH` columns): ``head`` (the campaign and its file), the Legends, the chapters (by
    number, for a campaign that follows no pack campaign) or the chapter log, ``now`` (the
    game in progress or what comes next), the flags, then ``tail`` (dice, how to go on)."""
    top = [_cut(head), *([_cut(n) for n in sheet.notes[:1]]), stats_head()]
    narrow = [line for lg in sheet.legends for line in legend_lines(lg)]
    wide = [line for lg in sheet.legends for line in legend_lines(lg, wide=True)]
    flags = [_cut("Flags carried: " + ", ".join(f"{k} {v}" for k, v in sheet.flags.items()) + ".")] \
        if sheet.flags else []
    from hollowcli.play.view import wrap

    bottom = [*wrap(now, WIDTH, "  ")[:2], *flags, *[_cut(t) for t in tail]]
    by_number = sheet.follows is None  # chapters by number, as before the campaign book, then the log
    chapters = doc.get("chapters") or [] if by_number else []
    log_least = min(len(sheet.log) + 1, 4 if not by_number else 2) + bool(sheet.earlier) if sheet.log \
        else bool(sheet.earlier)
    # the Legends' changes on two lines each only when the chapters and some of the log still fit
    top += wide if HEIGHT - len(top) - len(wide) - len(bottom) >= len(chapters) + log_least else narrow
    room = HEIGHT - len(top) - len(bottom)
    middle = _chapter_rows(chapters, room - log_least) if chapters else []
    middle += log_lines(sheet, room - len(middle))
    if not middle and room > 0:
        middle = ["Log: no chapter played yet."]
    return (top + middle + bottom)[:HEIGHT]
