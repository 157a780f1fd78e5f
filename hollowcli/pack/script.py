"""Chapter events at pack level: each trigger and condition (its check and its words), the
checks of a chapter's ``events:`` list, and the lint of a chapter's script.

A chapter event (``events: [{id, when, if, do, once, text}]``) is set off by one trigger
(:data:`TRIGGERS`), fires when all its conditions hold (:data:`CONDITIONS`) and applies its
steps (``do``: effects of :mod:`hollowcli.pack.effects`, card effects and event-only ones)
in order. What an event does in a game is the engine's (``engine/script.py``). Every
problem names the file and line; the lint's findings are warnings (``Problem.warning``):
the pack still loads.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any, Final

from hollowcli.dice import Frozen, set_fields
from hollowcli.errors import Problem
from hollowcli.names import closest, plural
from hollowcli.pack import check_chapters
from hollowcli.pack.check_chapters import loc
from hollowcli.pack.convert import BAD, Checker, CustomCheck, Entry, Path_, describe
from hollowcli.pack.effects import EFFECTS
from hollowcli.pack.event_effects import counter_name
from hollowcli.pack.model import FOE_CLASSES, Chapter, Cond, Pack, ScriptEvent
from hollowcli.pack.vocab import Compare, Condition, Effect, FeatureKind, Trigger
from hollowcli.pack.words import escape_text

TRIGGER_WORDS = tuple(t.value for t in Trigger)
CONDITION_WORDS = tuple(c.value for c in Condition)
EFFECT_WORDS = tuple(e.value for e in Effect)
EVERY = "every"  # round_start / round_end: every round
ANY = "any"  # searched / foe_defeated: any one


class TriggerSpec(Frozen):
    """One trigger: the check of its value (canonical value or BAD) and its words."""

    __slots__ = ("trigger", "check", "words", "summary")
    trigger: Trigger
    check: CustomCheck
    words: Callable[[Pack, Chapter | None, Any], str]  # "round 5 begins"
    summary: str  # the YAML form, for docs and hints

    def __init__(self, trigger: Trigger, check: CustomCheck, words: Callable[[Pack, Chapter | None, Any], str],
                 summary: str) -> None:
        set_fields(self, trigger=trigger, check=check, words=words, summary=summary)


class ConditionSpec(Frozen):
    """One condition: the check of its value (canonical ``{name, test, value}`` or BAD) and its words."""

    __slots__ = ("condition", "check", "words", "summary")
    condition: Condition
    check: CustomCheck
    words: Callable[[Pack, Chapter | None, Cond], str]  # "the flag 'jar' is set"
    summary: str

    def __init__(self, condition: Condition, check: CustomCheck, words: Callable[[Pack, Chapter | None, Cond], str],
                 summary: str) -> None:
        set_fields(self, condition=condition, check=check, words=words, summary=summary)


# ------------------------------------------------------------------- value checks
def _number(lo: int) -> CustomCheck:
    def check(ck: Checker, v: Any, path: Path_) -> Any:
        return ck.c_int(lo)(v, path)
    return check


def _round(ck: Checker, v: Any, path: Path_) -> Any:
    """A round number, or ``every``."""
    if v == EVERY:
        return v
    if isinstance(v, str):
        ck.add(path, f"{path[-1]!r} must be a round number like 3 or 'every', not {v!r}")
        return BAD
    return ck.c_int(1)(v, path)


def _is_letter(v: Any) -> bool:
    return isinstance(v, str) and len(v) == 1 and v.isascii() and v.isalpha()


def _letter(ck: Checker, v: str, path: Path_) -> Any:
    """A feature letter on the chapter's map."""
    grid = ck.grid
    if grid not in (None, BAD) and not any(v in row for row in grid):
        ck.add(path, f"{path[-1]!r} names the feature {v!r}, which is not on the map",
               "use a letter of the map, or a location like C4")
        return BAD
    return v


def _place(ck: Checker, v: Any, path: Path_) -> Any:
    """A location like C4, or a feature letter of the map."""
    if _is_letter(v):
        return _letter(ck, v, path)
    return loc(ck, v, path, repr(path[-1]))


def _token_ref(ck: Checker, v: Any, path: Path_) -> Any:
    """A token kind's id (a kind of the layered pack: checked once every pack is layered)."""
    return ck.c_ref("tokens", f"the trigger {path[-1]!r}")(v, path)


def _searched(ck: Checker, v: Any, path: Path_) -> Any:
    """A search feature's letter, a token kind that can be searched, or ``any``."""
    if v == ANY:
        return v
    if _is_letter(v):
        return _letter(ck, v, path)
    return _token_ref(ck, v, path)


def _foe(ck: Checker, v: Any, path: Path_) -> Any:
    """A foe's id, a foe class, or ``any``."""
    if v == ANY or v in FOE_CLASSES:
        return v
    return ck.c_ref("foes", f"the trigger {path[-1]!r}")(v, path)


def _card(ck: Checker, v: Any, path: Path_) -> Any:
    return ck.c_id("card")(v, path)


# ------------------------------------------------------------------- trigger words
def _feature_words(chapter: Chapter | None, letter: str) -> str:
    name = chapter.feature_names.get(letter) if chapter is not None else None
    return f"feature {letter}" + (f" ({escape_text(name)})" if name else "")


def _place_words(chapter: Chapter | None, v: Any) -> str:
    return _feature_words(chapter, v) if _is_letter(v) else str(v)


def _foe_words(pack: Pack, v: Any) -> str:
    if v == ANY:
        return "any foe"
    if v in pack.foes:
        return escape_text(pack.foes[v].name)
    return f"a {v} foe"


def _card_words(chapter: Chapter | None, v: Any) -> str:
    card = next((c for c in chapter.cards if c.id == v), None) if chapter is not None else None
    return f"the card {escape_text(card.title) if card else v!r}"


def _token_words(pack: Pack, v: Any) -> str:
    kinds = getattr(pack, "tokens", {})
    return f"a {escape_text(kinds[v].name)} token" if v in kinds else f"a {v!r} token"


def _searched_words(pack: Pack, chapter: Chapter | None, v: Any) -> str:
    if v == ANY:
        return "a hero searches"
    if _is_letter(v):
        return f"a hero searches {_feature_words(chapter, v)}"
    return f"a hero searches {_token_words(pack, v)}"


#: Every trigger, in ``Trigger``'s order.
TRIGGERS: Final[dict[Trigger, TriggerSpec]] = {t.trigger: t for t in (
    TriggerSpec(Trigger.ROUND_START, _round, lambda p, c, v: "each round begins" if v == EVERY else f"round {v} begins",
                "round_start: N-or-every"),
    TriggerSpec(Trigger.ROUND_END, _round,
                lambda p, c, v: "each round ends" if v == EVERY else f"round {v} ends (before the win and loss checks)",
                "round_end: N-or-every"),
    TriggerSpec(Trigger.TRACK_SPOT, _number(1), lambda p, c, v: f"the storybook token's spot {v} resolves",
                "track_spot: N"),
    TriggerSpec(Trigger.SEARCHED, _searched, _searched_words, "searched: FEATURE-or-TOKEN-or-any"),
    TriggerSpec(Trigger.ENTERS, _place, lambda p, c, v: f"a hero enters {_place_words(c, v)}",
                "enters: LOCATION-or-FEATURE"),
    TriggerSpec(Trigger.FOE_DEFEATED, _foe, lambda p, c, v: f"{_foe_words(p, v)} is defeated",
                "foe_defeated: FOE-or-CLASS-or-any"),
    TriggerSpec(Trigger.FOES_LEFT, _number(0),
                lambda p, c, v: "no foe is left on the board" if v == 0 else f"{plural(int(v), 'foe')} or fewer are left",
                "foes_left: N"),
    TriggerSpec(Trigger.CARD_DRAWN, _card, lambda p, c, v: f"{_card_words(c, v)} is drawn", "card_drawn: CARD"),
    TriggerSpec(Trigger.TOKEN_DESTROYED, _token_ref, lambda p, c, v: f"{_token_words(p, v)} is destroyed",
                "token_destroyed: TOKEN"),
    TriggerSpec(Trigger.FLAG, counter_name, lambda p, c, v: f"the flag {v!r} is set", "flag: NAME"),
    TriggerSpec(Trigger.HEALTH_BELOW, _number(1), lambda p, c, v: f"a Legend's health drops below {v}",
                "health_below: N"),
    TriggerSpec(Trigger.FEAR_AT_LEAST, _number(1), lambda p, c, v: f"a Legend's fear reaches {v}",
                "fear_at_least: N"),
)}


# ------------------------------------------------------------------- condition checks
def _compare(ck: Checker, v: Any, path: Path_, choices: tuple[str, ...], lo: int | None) -> Any:
    """``{at_least|at_most|equals: N}``: (test, N) or BAD."""
    if not isinstance(v, dict) or len(v) != 1:
        ck.add(path, f"{path[-1]!r} must be one comparison like {{at_least: 2}} ({', '.join(choices)}), not {describe(v)}")
        return BAD
    (test, n), = v.items()
    if test not in choices:
        near = closest(str(test), choices)
        ck.add(path + (test,), f"{test!r} is not a comparison of {path[-1]!r}",
               f"use {', '.join(choices)}" + (f"; did you mean {near!r}?" if near else ""))
        return BAD
    got = ck.c_int(lo)(n, path + (test,))
    return BAD if got is BAD else (test, got)


_ALL_TESTS: Final = tuple(c.value for c in Compare)
_BOUNDS: Final = (Compare.AT_LEAST.value, Compare.AT_MOST.value)


def _flag_cond(ck: Checker, v: Any, path: Path_) -> Any:
    name = counter_name(ck, v, path)
    return BAD if name is BAD else {"name": name, "test": None, "value": None}


def _counter_cond(ck: Checker, v: Any, path: Path_) -> Any:
    if not isinstance(v, dict) or len(v) != 1:
        ck.add(path, f"'counter' must name one counter and a comparison, like {{counter: {{stones: {{at_least: 3}}}}}}, "
               f"not {describe(v)}")
        return BAD
    (name, cmp), = v.items()
    name = counter_name(ck, name, path + (name,))
    got = _compare(ck, cmp, path + (name,), _ALL_TESTS, None) if name is not BAD else BAD
    return BAD if got is BAD else {"name": name, "test": got[0], "value": got[1]}


def _bound_cond(lo: int) -> CustomCheck:
    def check(ck: Checker, v: Any, path: Path_) -> Any:
        got = _compare(ck, v, path, _BOUNDS, lo)
        return BAD if got is BAD else {"name": None, "test": got[0], "value": got[1]}
    return check


def _hero_at_cond(ck: Checker, v: Any, path: Path_) -> Any:
    got = _place(ck, v, path)
    return BAD if got is BAD else {"name": None, "test": None, "value": got}


_TEST_WORDS: Final = {Compare.AT_LEAST: "at least", Compare.AT_MOST: "at most", Compare.EQUALS: "exactly"}


def _test_words(cond: Cond) -> str:
    return f"{_TEST_WORDS[cond.test]} {cond.value}" if cond.test is not None else ""


#: Every condition, in ``Condition``'s order.
CONDITIONS: Final[dict[Condition, ConditionSpec]] = {c.condition: c for c in (
    ConditionSpec(Condition.FLAG, _flag_cond, lambda p, c, k: f"the flag {k.name!r} is set", "flag: NAME"),
    ConditionSpec(Condition.NOT_FLAG, _flag_cond, lambda p, c, k: f"the flag {k.name!r} is not set", "not_flag: NAME"),
    ConditionSpec(Condition.COUNTER, _counter_cond, lambda p, c, k: f"the counter {k.name!r} is {_test_words(k)}",
                  "counter: {NAME: {at_least|at_most|equals: N}}"),
    ConditionSpec(Condition.ROUND, _bound_cond(1), lambda p, c, k: f"the round is {_test_words(k)}",
                  "round: {at_least|at_most: N}"),
    ConditionSpec(Condition.HERO_AT, _hero_at_cond, lambda p, c, k: f"a hero stands on {_place_words(c, k.value)}",
                  "hero_at: LOCATION-or-FEATURE"),
    ConditionSpec(Condition.FOES_ON_BOARD, _bound_cond(0), lambda p, c, k: f"the board holds {_test_words(k)} foes",
                  "foes_on_board: {at_least|at_most: N}"),
)}


# ------------------------------------------------------------------- one-key mappings
def _one_key(ck: Checker, v: Any, path: Path_, what: str, example: str, words: tuple[str, ...], noun: str,
             owner: str = "") -> Any:
    """The (key, value) of a one-key mapping whose key is one of ``words``, or BAD."""
    if not isinstance(v, dict) or len(v) != 1:
        has = f"this one has {len(v)} ({', '.join(map(str, v))})" if isinstance(v, dict) and v else f"not {describe(v)}"
        ck.add(path, f"{owner}{what} must be one {noun} like {example}; {has}",
               f"the {noun}s are {', '.join(words)}")
        return BAD
    (key, value), = v.items()
    if key not in words:
        near = closest(str(key), words)
        ck.add(path + (key,), f"{owner}{key!r} is not {'an' if noun[0] in 'aeiou' else 'a'} {noun}",
               (f"did you mean {near!r}? " if near else "") + f"the {noun}s are {', '.join(words)}")
        return BAD
    return key, value


def trigger(ck: Checker, v: Any, path: Path_, owner: str = "") -> Any:
    """``when: {TRIGGER: VALUE}``: ``{"kind": ..., "value": ...}``."""
    got = _one_key(ck, v, path, "'when'", "{round_start: 5}", TRIGGER_WORDS, "trigger", owner)
    if got is BAD:
        return BAD
    kind, raw = got
    value = TRIGGERS[Trigger(kind)].check(ck, raw, path + (kind,))
    return BAD if value is BAD else {"kind": kind, "value": value}


def condition(ck: Checker, v: Any, path: Path_) -> Any:
    """One condition of ``if``: ``{"kind", "name", "test", "value"}``."""
    got = _one_key(ck, v, path, "a condition", "{flag: key-found}", CONDITION_WORDS, "condition")
    if got is BAD:
        return BAD
    kind, raw = got
    value = CONDITIONS[Condition(kind)].check(ck, raw, path + (kind,))
    return BAD if value is BAD else {"kind": kind, **value}


def step(ck: Checker, v: Any, path: Path_) -> Any:
    """One step of ``do``: any effect (card or event-only), ``{"effect": ..., "value": ...}``."""
    got = _one_key(ck, v, path, "a step of 'do'", "{story: TEXT}", EFFECT_WORDS, "effect")
    if got is BAD:
        return BAD
    key, raw = got
    value = ck.conv(EFFECTS[Effect(key)].check)(raw, path + (key,))
    return BAD if value is BAD else {"effect": key, "value": value}


def events(ck: Checker, v: Any, path: Path_) -> Any:
    """A chapter's ``events:``: each event checked, each id once."""
    if v is None:
        return []
    if not isinstance(v, list):
        ck.add(path, f"'events' must be a list of events, not {describe(v)}",
               "write one '- id: ...' per event, each with 'when' and 'do'")
        return BAD
    out: list[dict[str, Any]] = []
    ok = True
    seen: dict[str, int | None] = {}  # event id -> its line
    for i, raw in enumerate(v):
        got = _event(ck, raw, path + (i,))
        if got is BAD:
            ok = False
            continue
        first = seen.get(got["id"])
        if first is not None:
            ok = False
            ck.add(path + (i, "id"), f"two events have the id {got['id']!r} (the first on line {first})",
                   "give each event its own id")
            continue
        seen[got["id"]] = ck.line(path + (i,))
        out.append(got)
    return out if ok else BAD


def _event(ck: Checker, raw: Any, path: Path_) -> Any:
    if not isinstance(raw, dict):
        ck.add(path, f"an event must be a mapping with id, when and do, not {describe(raw)}")
        return BAD
    ident = raw.get("id")
    owner = f"event {ident!r}: " if isinstance(ident, str) else ""
    spec = ck.spec_of(ScriptEvent)
    spec["when"] = (lambda x, p: trigger(ck, x, p, owner), spec["when"][1])
    got = ck.take(raw, path, spec, f"event {ident!r}" if owner else ScriptEvent.WHAT, extra=())
    if got is BAD:
        return BAD
    got["conditions"] = got.pop("if")
    # the file as an absolute path: the pack cache keeps it, and a later run may start in
    # another folder (the loop error shows it relative to the folder of that run)
    got["where"] = f"{os.path.abspath(ck.file)}:{ck.line(path)}"
    return got


# ------------------------------------------------------------------- the chapter
def kind_chapters(ck: Checker, entry: dict[str, Any], path: Path_) -> Any:
    """A chapter: :func:`check_chapters.kind_chapters`, then its events against the rest of
    it (an event that can never fire) and the lint of its script (warnings)."""
    out = check_chapters.kind_chapters(ck, entry, path)
    if out is BAD or not out.get("events"):
        return out
    ok = True
    for i, ev in enumerate(out["events"]):
        why = _never(out, ev)
        if why:
            ok = False
            ck.add(path + ("events", i, "when"), f"event {ev['id']!r} can never fire: {why}",
                   "change its trigger, or remove the event")
    _token_kinds_fit(ck, out, path)
    _lint(ck, out, path)
    return out if ok else BAD


#: A trigger that names a token kind, and the property the kind needs for it to happen.
_TOKEN_NEEDS: Final = {Trigger.TOKEN_DESTROYED: ("health", "it has no 'health', so heroes cannot destroy it"),
                       Trigger.SEARCHED: ("search", "it is not 'search: true', so nobody searches it")}


def _token_kinds_fit(ck: Checker, out: Mapping[str, Any], path: Path_) -> None:
    """Once every pack is layered: an event on a token kind that can never be destroyed
    (no health) or searched (no search) can never fire."""
    wants = [(ev["id"], ev["when"]["value"], *_TOKEN_NEEDS[ev["when"]["kind"]], ck.line(path + ("events", i, "when")))
             for i, ev in enumerate(out["events"]) if ev["when"]["kind"] in _TOKEN_NEEDS
             and ev["when"]["value"] != ANY and not _is_letter(ev["when"]["value"])]
    if not wants:
        return
    file = ck.file

    def check(merged: Mapping[str, Mapping[str, Entry]], rules: Mapping[str, Any]) -> list[Problem]:
        found = []
        for ident, kind, prop, why, line in wants:
            entry = merged.get("tokens", {}).get(kind)
            if entry is not None and not entry.canon.get(prop):
                found.append(Problem(file, line, f"event {ident!r} can never fire: the token kind {kind!r} is named, but "
                                     f"{why}", f"give {kind} '{'health: N' if prop == 'health' else 'search: true'}', "
                                     "or change the event's trigger"))
        return found

    ck.later(check)


def _never(chapter: Mapping[str, Any], ev: Mapping[str, Any]) -> str:
    """Why an event's trigger cannot happen in its chapter ('' when it can)."""
    kind, value = ev["when"]["kind"], ev["when"]["value"]
    if kind == Trigger.TRACK_SPOT and value > len(chapter["track"]):
        return f"the storybook track has {plural(len(chapter['track']), 'spot')}, so there is no spot {value}"
    if kind == Trigger.SEARCHED and _is_letter(value) and chapter["features"].get(value) != FeatureKind.SEARCH:
        return f"feature {value} is not a search feature, so nobody searches it"
    if kind == Trigger.CARD_DRAWN and not any(c["id"] == value for c in chapter["cards"]):
        ids = ", ".join(c["id"] for c in chapter["cards"]) or "none"
        return f"the chapter has no card {value!r} (its cards: {ids})"
    return ""


def _steps(steps: Any) -> list[Mapping[str, Any]]:
    """Every step of a ``do`` list, the steps of its ``choose`` options included."""
    out: list[Mapping[str, Any]] = []
    for st in steps:
        out.append(st)
        if st["effect"] == Effect.CHOOSE:
            for opt in st["value"]["options"]:
                out.extend(_steps(opt["do"]))
    return out


def _set_names(chapter: Mapping[str, Any], campaign_only: bool = False) -> set[str]:
    """The counters a chapter's events set or add to (only ``campaign: true`` sets if asked)."""
    names: set[str] = set()
    for ev in chapter.get("events", ()):
        for st in _steps(ev["do"]):
            if st["effect"] in (Effect.SET, Effect.ADD) and (st["value"]["campaign"] or not campaign_only):
                names.update(st["value"]["values"])
    return names


def _tested(ev: Mapping[str, Any]) -> list[str]:
    """The flags and counters an event reads (its trigger and its conditions)."""
    names = [ev["when"]["value"]] if ev["when"]["kind"] == Trigger.FLAG else []
    return names + [c["name"] for c in ev["conditions"] if c["name"] is not None]


#: An effect that can set off a trigger (the lint's chains): effect -> (trigger, reads the counters?)
_SETS_OFF: Final = {Effect.SET: Trigger.FLAG, Effect.ADD: Trigger.FLAG, Effect.DAMAGE: Trigger.HEALTH_BELOW,
                    Effect.FEAR: Trigger.FEAR_AT_LEAST}


def _lint(ck: Checker, out: Mapping[str, Any], path: Path_) -> None:
    """Warnings: a round event past the objective's last round, a cycle of ``once: false``
    events, and (once every pack is layered) a flag tested that nothing sets."""
    last = out["objective"].get("rounds")
    for i, ev in enumerate(out["events"]):
        kind, value = ev["when"]["kind"], ev["when"]["value"]
        if last and kind in (Trigger.ROUND_START, Trigger.ROUND_END) and value != EVERY and value > last:
            ck.warn(path + ("events", i, "when"), f"event {ev['id']!r} waits for round {value}, but the objective "
                    f"ends the chapter after round {last}", "fire it earlier, or give the objective more rounds")
    cycle = _cycle(out["events"])
    if cycle:
        first = next(i for i, ev in enumerate(out["events"]) if ev["id"] == cycle[0])
        ck.warn(path + ("events", first), "the events " + " and ".join(repr(c) for c in cycle) + " are 'once: false' "
                "and can set each other off in a loop; a game stops with an error after 100 firings in one moment",
                "make one of them 'once: true', or give it a condition that ends the loop")
    tests = [(i, ev["id"], name) for i, ev in enumerate(out["events"]) for name in _tested(ev)]
    if not tests:
        return
    own = _set_names(out)
    lines = {i: ck.line(path + ("events", i)) for i, _, _ in tests}
    file, chapter_id = ck.file, path[-1]

    def unset_flags(merged: Mapping[str, Mapping[str, Entry]], rules: Mapping[str, Any]) -> list[Problem]:
        carried = set().union(*(_set_names(e.canon, True) for cid, e in merged.get("chapters", {}).items()
                                if cid != chapter_id))
        found, told = [], set()
        for i, ident, name in tests:
            if name in own or name in carried or name in told:
                continue
            told.add(name)
            found.append(Problem(file, lines[i], f"event {ident!r} tests the flag {name!r}, which no event of this "
                                 "chapter sets and no chapter carries into the campaign ('campaign: true')",
                                 f"set it with {{set: {{{name}: 1}}}} in an event, or check its spelling",
                                 warning=True))
        return found

    ck.later(unset_flags)


def _cycle(evs: list[Mapping[str, Any]]) -> list[str]:
    """The ids of a loop of ``once: false`` events whose steps set off each other's triggers
    (the first found, in file order), or []."""
    repeat = [ev for ev in evs if not ev["once"]]

    def sets_off(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
        for st in _steps(a["do"]):
            trig = _SETS_OFF.get(st["effect"])
            if trig is None or trig != b["when"]["kind"]:
                continue
            if trig != Trigger.FLAG or st["value"]["values"].get(b["when"]["value"], 0) > 0:
                return True  # (a set to 0 or an add of less than 1 sets no flag off)
        return False

    edges = {a["id"]: [b["id"] for b in repeat if sets_off(a, b)] for a in repeat}
    for start in edges:  # a walk from each event back to itself
        stack: list[tuple[str, list[str]]] = [(start, [start])]
        while stack:
            node, trail = stack.pop()
            for nxt in edges[node]:
                if nxt == start:
                    return trail
                if nxt not in trail:
                    stack.append((nxt, trail + [nxt]))
    return []


# ------------------------------------------------------------------- in words
def event_words(pack: Pack, chapter: Chapter, ev: ScriptEvent) -> str:
    """One event in words (print markup): its trigger, its conditions, its steps, once or not."""
    when = TRIGGERS[ev.when.kind].words(pack, chapter, ev.when.value)
    conds = " and ".join(CONDITIONS[c.kind].words(pack, chapter, c) for c in ev.conditions)
    steps = "; ".join(EFFECTS[st.effect].words(pack, st.value) for st in ev.do)
    return (f"when {when}" + (f", if {conds}" if conds else "") + f": {steps}."
            + (" Once." if ev.once else " Every time."))


#: The checks of this module that model fields name with ``Custom(name)``.
CUSTOMS: dict[str, CustomCheck] = {
    "trigger": trigger,
    "condition": condition,
    "step": step,
    "events": events,
}
