"""The checks of the event-only effects that a model record cannot state (a chapter
event's ``do:``; ``EffectSpec.on_cards`` is False; :mod:`hollowcli.pack.effects` names them
with ``Custom(name)``): the counters of ``set``/``add``, the options of ``choose``, ``give``,
``take``, ``boost``, ``track`` and ``deck``. Their words are the specs' in
:mod:`hollowcli.pack.effects`; what they do is the engine's ``APPLY``.

Each check takes the YAML value and returns its canonical value, or ``BAD`` after
reporting what is wrong with the file and line. What needs the whole chapter or the
layered pack (a card of the chapter, a spot of its track, a foe or foe class) is checked
once every pack is layered (``ck.later``), against the chapter the effect sits in.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from hollowcli.errors import Problem
from hollowcli.names import closest, plural, suggest
from hollowcli.pack.convert import BAD, ID_RE, Checker, CustomCheck, Entry, Path_, describe
from hollowcli.pack.fields import INT_LIMIT, MAX_COPIES, REQUIRED
from hollowcli.pack.model import FOE_CLASSES, Choose
from hollowcli.pack.vocab import BoostStat, Recipient

#: The words ``give``/``take`` accept besides a Legend's id.
RECIPIENTS = tuple(r.value for r in Recipient)
#: The stats a ``boost`` may name, in the order they are told.
BOOST_STATS = tuple(s.value for s in BoostStat)
#: How far one ``boost`` may move a stat (either way).
MAX_BOOST = 20

_Later = Callable[[Mapping[str, Mapping[str, Entry]], Mapping[str, Any]], list[Problem]]


def _chapter_later(ck: Checker, path: Path_, check: Callable[[Mapping[str, Any], Mapping[str, Mapping[str, Entry]],
                                                               Mapping[str, Any]], str | None], hint: Callable[..., str]) -> None:
    """Run ``check(chapter canon, merged, rules)`` once every pack is layered; a message it
    returns becomes a problem at this effect's line (``hint`` makes its hint from the same)."""
    file, line, cid = ck.file, ck.line(path), path[1] if len(path) > 1 and path[0] == "chapters" else None

    def later(merged: Mapping[str, Mapping[str, Entry]], rules: Mapping[str, Any]) -> list[Problem]:
        entry = merged.get("chapters", {}).get(cid) if cid is not None else None
        if entry is None:
            return []
        message = check(entry.canon, merged, rules)
        return [Problem(file, line, message, hint(entry.canon, merged, rules))] if message else []

    ck.later(later)


# ----------------------------------------------------------------------- give, take
def _transfer(ck: Checker, v: Any, path: Path_, name: str, key: str) -> Any:
    """``{item: ID, to|from: searcher|active|each|LEGEND}``."""
    if not isinstance(v, dict):
        ck.add(path, f"a {name} effect must be {{item: ID, {key}: WHO}}, not {describe(v)}",
               f"WHO is {', '.join(RECIPIENTS)} or a Legend's id")
        return BAD

    def who(x: Any, p: Path_) -> Any:
        if isinstance(x, str) and x in RECIPIENTS:
            return x
        near = closest(x, RECIPIENTS) if isinstance(x, str) else None
        if near is not None:
            ck.add(p, f"{key!r} must be {', '.join(RECIPIENTS)} or a Legend's id, not {describe(x)}",
                   f"did you mean {near!r}?")
            return BAD
        return ck.c_ref("legends", f"the {name} effect")(x, p)

    spec = {"item": (ck.c_ref("items", f"the {name} effect"), REQUIRED), key: (who, REQUIRED)}
    return ck.take(v, path, spec, f"the {name} effect", extra=())


def give(ck: Checker, v: Any, path: Path_) -> Any:
    """``give: {item: ID, to: WHO}``."""
    return _transfer(ck, v, path, "give", "to")


def take(ck: Checker, v: Any, path: Path_) -> Any:
    """``take: {item: ID, from: WHO}``."""
    return _transfer(ck, v, path, "take", "from")


# ----------------------------------------------------------------------- boost
def _classes(rules: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(rules.get("activation_order") or FOE_CLASSES)


def _foe_or_class_hint(ident: str, foes: list[str], classes: tuple[str, ...]) -> str:
    near = closest(ident, foes + list(classes))
    if near is not None:
        return f"did you mean {near!r}?"
    return f"name a foe ({', '.join(foes) or 'none loaded'}) or a foe class ({', '.join(classes)})"


def boost(ck: Checker, v: Any, path: Path_) -> Any:
    """``boost: {foe: ID-or-CLASS, attack|direct|defense|move|health: +N}``: every stat named
    (the others 0), the foe or class checked once every pack is layered."""
    if not isinstance(v, dict):
        ck.add(path, f"a boost effect must be {{foe: ID-or-CLASS, move: +1, ...}}, not {describe(v)}",
               f"name a foe or foe class and one or more of {', '.join(BOOST_STATS)}")
        return BAD

    def foe(x: Any, p: Path_) -> Any:
        ident = ck.check_id(x, p, "foe")
        if ident is None:
            return BAD
        if ident not in FOE_CLASSES:
            _chapter_later(ck, p, lambda c, m, r: None if ident in m.get("foes", {}) or ident in _classes(r) else
                           f"the boost effect names {ident!r}, which is neither a foe nor a foe class",
                           lambda c, m, r: _foe_or_class_hint(ident, list(m.get("foes", {})), _classes(r)))
        return ident

    spec = {"foe": (foe, REQUIRED), **{s: (ck.c_int(-MAX_BOOST, MAX_BOOST), 0) for s in BOOST_STATS}}
    got = ck.take(v, path, spec, "the boost effect", extra=())
    if got is BAD:
        return BAD
    if not any(s in v for s in BOOST_STATS):
        ck.add(path, "the boost effect names no stat to raise", f"add one of {', '.join(BOOST_STATS)}, e.g. 'move: +1'")
        return BAD
    return got


# ----------------------------------------------------------------------- track
def track_spot(ck: Checker, v: Any, path: Path_) -> Any:
    """``track: N``: a spot of the chapter's storybook track (1 is the first)."""
    n = ck.c_int(1)(v, path)
    if n is BAD:
        return BAD
    _chapter_later(ck, path, lambda c, m, r: None if n <= len(c["track"]) else
                   f"'track' moves the storybook token to spot {n}, but the track has {plural(len(c['track']), 'spot')}",
                   lambda c, m, r: f"use a spot from 1 to {len(c['track'])}")
    return n


# ----------------------------------------------------------------------- unlock_skill
def unlock_skill(ck: Checker, v: Any, path: Path_) -> Any:
    """``unlock_skill: SKILL``: one skill; a warning once every pack is layered when the
    skill does not start ``locked`` (the step would change nothing)."""
    if not isinstance(v, str):
        ck.add(path, f"an unlock_skill effect names one skill, like {{unlock_skill: piercing-shot}}, not {describe(v)}",
               "write one unlock_skill step for each skill")
        return BAD
    got = ck.c_ref("skills", "the unlock_skill effect")(v, path)
    if got is BAD:
        return BAD
    file, line = ck.file, ck.line(path)

    def later(merged: Mapping[str, Mapping[str, Entry]], rules: Mapping[str, Any]) -> list[Problem]:
        entry = merged.get("skills", {}).get(got)
        if entry is None or entry.canon.get("locked"):
            return []
        return [Problem(file, line, f"the unlock_skill effect unlocks the skill {got!r}, which is not locked, so it "
                                    "changes nothing", f"give {got} 'locked: true', or take the step out", warning=True)]

    ck.later(later)
    return got


# ----------------------------------------------------------------------- deck
def deck(ck: Checker, v: Any, path: Path_) -> Any:
    """``deck: {add: CARD, copies: N}`` (copies 1 unless given) or ``deck: {remove: CARD}``;
    the card is one of the chapter's own."""
    shape = "a deck effect must be {add: CARD, copies: N} or {remove: CARD}"
    if not isinstance(v, dict):
        ck.add(path, f"{shape}, not {describe(v)}")
        return BAD
    spec = {"add": (ck.c_id("card"), None), "remove": (ck.c_id("card"), None), "copies": (ck.c_int(1, MAX_COPIES), None)}
    got = ck.take(v, path, spec, "the deck effect", extra=())
    if got is BAD:
        return BAD
    if (got["add"] is None) == (got["remove"] is None):
        ck.add(path, f"{shape}: it names {'both' if got['add'] else 'neither'}", "write one deck effect for each card")
        return BAD
    if got["remove"] is not None and got["copies"] is not None:
        ck.add(path + ("copies",), "a deck effect's 'copies' goes with 'add' only (remove takes every copy out)",
               "take 'copies' off, or write 'add:'")
        return BAD
    card = got["add"] or got["remove"]

    def cards(c: Mapping[str, Any]) -> list[str]:
        return [card_["id"] for card_ in c["cards"]]

    _chapter_later(ck, path, lambda c, m, r: None if card in cards(c) else
                   f"the deck effect names the card {card!r}, which the chapter does not have",
                   lambda c, m, r: suggest(card, cards(c), "card") if cards(c) else
                   "add the card under the chapter's cards (with 'copies: 0' to keep it out of the deck until then)")
    if got["add"] is not None:
        return {"add": card, "copies": got["copies"] or 1}
    return {"remove": card}


def counter_name(ck: Checker, v: Any, path: Path_) -> Any:
    """A flag or counter's name (a-z, 0-9 and -), or BAD."""
    if not isinstance(v, str) or not ID_RE.match(v):
        fixed = re.sub(r"[^a-z0-9-]+", "-", str(v).lower()).strip("-") or "my-flag"
        ck.add(path, f"a flag or counter name may only use a-z, 0-9 and -, not {describe(v) if not isinstance(v, str) else repr(v)}",
               f"for example {fixed!r}")
        return BAD
    return v


def counters(ck: Checker, v: Any, path: Path_) -> Any:
    """``set: {NAME: N, campaign: true}`` / ``add: {NAME: N}``: ``{"values": {...}, "campaign": bool}``."""
    what = path[-1]
    if isinstance(v, dict) and not v:
        ck.add(path, f"'{what}' names no counter", f"write it like {{{what}: {{key-found: 1}}}}")
        return BAD
    if not isinstance(v, dict):
        ck.add(path, f"'{what}' must map flag or counter names to numbers, like {{{what}: {{key-found: 1}}}}, "
               f"not {describe(v)}")
        return BAD
    values: dict[str, int] = {}
    campaign = False
    ok = True
    for key, n in v.items():
        if key == "campaign":
            if not isinstance(n, bool):
                ck.add(path + (key,), f"'campaign' must be true or false, not {describe(n)}",
                       "write 'campaign: true' to carry the counters into the campaign")
                ok = False
            elif what != "set" and n:
                ck.add(path + (key,), "'campaign: true' goes on a 'set', not on an 'add'",
                       "set the counter with {set: {NAME: N, campaign: true}} to carry it into the campaign")
                ok = False
            campaign = bool(n)
            continue
        name = counter_name(ck, key, path + (key,))
        if isinstance(n, bool) or not isinstance(n, int):
            ck.add(path + (key,), f"the counter {key!r} must be given a whole number, not {describe(n)}",
                   "write a number such as 1; a flag is set when its counter is above 0")
            ok = False
        elif abs(n) > INT_LIMIT:
            ck.add(path + (key,), f"the counter {key!r} is given {n}; a number in a pack is at most {INT_LIMIT}")
            ok = False
        if name is BAD:
            ok = False
        elif ok:
            values[name] = n
    if ok and not values:
        ck.add(path, f"'{what}' names no counter, only 'campaign'", f"add one, e.g. {{{what}: {{key-found: 1, campaign: true}}}}")
        return BAD
    return {"values": values, "campaign": campaign} if ok else BAD


def choose(ck: Checker, v: Any, path: Path_) -> Any:
    """``choose: {prompt, options: [{label, auto?, do}]}``: at most one option is ``auto``."""
    if not isinstance(v, dict):
        ck.add(path, f"a choose effect must be {{prompt: TEXT, options: [{{label: TEXT, do: [...]}}, ...]}}, not {describe(v)}")
        return BAD
    out = ck.record(Choose, v, path, Choose.WHAT, extra=())
    if out is BAD:
        return BAD
    autos = [o["label"] for o in out["options"] if o["auto"]]
    if len(autos) > 1:
        ck.add(path + ("options",), f"the choose effect marks {len(autos)} options 'auto: true' "
               f"({', '.join(autos)}); at most one may be", "keep 'auto: true' on the option --auto should take")
        return BAD
    return out


#: The checks of this module that effects name with ``Custom(name)``.
CUSTOMS: dict[str, CustomCheck] = {
    "counters": counters,
    "choose": choose,
    "give": give,
    "take": take,
    "boost": boost,
    "track_spot": track_spot,
    "deck": deck,
    "unlock_skill": unlock_skill,
}
