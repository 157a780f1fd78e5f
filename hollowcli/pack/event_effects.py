"""The custom checks of the event-only effects (an event's ``do``; ``EffectSpec.on_cards``
is False): the counters of ``set``/``add`` and the options of ``choose``. Their words are
the specs' in :mod:`hollowcli.pack.effects`; what they do is the engine's ``APPLY``.
"""

from __future__ import annotations

import re
from typing import Any

from hollowcli.pack.convert import BAD, ID_RE, Checker, CustomCheck, Path_, describe
from hollowcli.pack.fields import INT_LIMIT
from hollowcli.pack.model import Choose


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
}
