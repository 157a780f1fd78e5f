"""What to do on the real board when ``hollow assist`` takes steps back (``undo``).

The ledger goes back at once; the players' board does not. :func:`put_back` compares the
board before the undo with the board after it and says, one instruction a line, what to
change so the table shows the ledger again: each standee to take off, put back or move
back, each health, fear and token count to reset, the storybook token, the barricades,
the traps and the chapter cards. One undo that takes back a whole adversary phase lists
all of it. It reads two engine states and returns text; nothing here decides a rule.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hollowcli.engine import standees
from hollowcli.engine.growth import fear_limit


def put_back(before: Any, after: Any) -> list[str]:
    """The instructions that turn the board ``before`` (now on the table) into ``after``
    (the ledger once the steps are taken back), in the order to do them: standees off,
    standees moved and put back, the heroes, the tokens, the track, the cards."""
    out: list[str] = []
    out += _foes(before, after)
    out += _heroes(before, after)
    out += _barricades(before, after)
    out += _traps(before, after)
    out += _script(before, after)
    if before.track_pos != after.track_pos and after.chapter_def.track:
        out.append(f"Slide the storybook token back from spot {before.track_pos + 1} to spot {after.track_pos + 1}.")
    out += _cards(before, after)
    entries = len(after.chapter_def.spawn_list)
    if entries and before.spawn_pos % entries != after.spawn_pos % entries:
        out.append(f"The spawn list goes on at entry {after.spawn_pos % entries + 1} again (it was at "
                   f"{before.spawn_pos % entries + 1}).")
    return out


def _foes(before: Any, after: Any) -> list[str]:
    was = {f.number: f for f in before.foes}
    now = {f.number: f for f in after.foes}
    off: dict[tuple[str, str], list[int]] = {}  # (kind, place) -> standee numbers to take off
    for n, f in was.items():
        if n not in now:
            off.setdefault((f.foe, f.loc), []).append(f.standee)
    out = [f"Take {standees.group_name(before, kind, sorted(nums))} off {loc} (not on the board before)."
           for (kind, loc), nums in off.items()]
    for n, f in now.items():
        out += _back(after.foe_name(f), was.get(n), f, after.foe_def(f.foe).health)
    return out


def _back(name: str, old: Any, new: Any, top: int) -> list[str]:
    """A figure (foe or ally) as it stands on the ledger again: put back on the board, moved
    back, its health reset ([] when it is as it was)."""
    if old is None:
        return [f"Put {name} back on {new.loc}, with health {new.health}/{top}."]
    parts = []
    if old.loc != new.loc:
        parts.append(f"move {name} from {old.loc} back to {new.loc}")
    if old.health != new.health:
        parts.append(f"{'its' if parts else name + chr(39) + 's'} health is {new.health}/{top} again (it was {old.health})")
    text = "; ".join(parts)
    return [text[:1].upper() + text[1:] + "."] if parts else []


def _heroes(before: Any, after: Any) -> list[str]:
    out = []
    for lg in after.legends:
        old = before.legend(lg.id)
        parts = []
        if old.loc != lg.loc:
            parts.append(f"back from {old.loc} to {lg.loc}")
        if old.health != lg.health:
            parts.append(f"health {lg.health}/{after.legend_def(lg.id).health} (it was {old.health})")
        if old.fear != lg.fear:
            parts.append(f"fear {lg.fear}/{fear_limit(after.pack, lg.id)} (it was {old.fear})")
        if old.ready != lg.ready or old.spent != lg.spent:
            parts.append(f"{lg.ready} of {lg.ready + lg.spent} action tokens ready (it was {old.ready})")
        if old.relic != lg.relic:
            parts.append(f"relic {_item(after, lg.relic)} again (it was {_item(after, old.relic)})")
        gone = Counter(old.inventory) - Counter(lg.inventory)
        back = Counter(lg.inventory) - Counter(old.inventory)
        if back:
            parts.append("carries " + ", ".join(_item(after, i) for i in back.elements()) + " again")
        if gone:
            parts.append("gives back " + ", ".join(_item(after, i) for i in gone.elements()))
        if parts:
            out.append(f"{after.legend_name(lg.id)}: " + "; ".join(parts) + ".")
    was = {a.id: a for a in before.allies}
    now = {a.id: a for a in after.allies}
    out += [f"Take {before.legend_name(aid)} (ally) off {a.loc} (not on the board before)."
            for aid, a in was.items() if aid not in now]
    for aid, a in now.items():
        out += _back(f"{after.legend_name(aid)} (ally)", was.get(aid), a, after.pack.allies[aid].health)
    return out


def _item(state: Any, item_id: str | None) -> str:
    if not item_id:
        return "none"
    item = state.pack.items.get(item_id)
    return item.name if item is not None else item_id


def _barricades(before: Any, after: Any) -> list[str]:
    pts = after.board.spawn_points
    out = [f"Take the barricade off spawn point {p} ({pts.get(p, '?')})." for p in before.barricades if p not in after.barricades]
    out += [f"Put a barricade back on spawn point {p} ({pts.get(p, '?')})." for p in after.barricades if p not in before.barricades]
    return out


def _traps(before: Any, after: Any) -> list[str]:
    old = {(t.loc, t.type) for t in before.traps}
    new = {(t.loc, t.type) for t in after.traps}
    out = [f"Take the {kind} trap token off {loc}." for loc, kind in sorted(old - new)]
    out += [f"Put a {kind} trap token back on {loc}." for loc, kind in sorted(new - old)]
    return out


def _script(before: Any, after: Any) -> list[str]:
    """The chapter's tokens and squares as they were: tokens placed since taken off, tokens
    removed or destroyed since put back (with their health), squares opened or closed
    since as they were. Flags and counters are hollow's alone: nothing to do for them."""
    from hollowcli.play.view import token_words

    old = before.script.tokens if before.script is not None else ()
    new = after.script.tokens if after.script is not None else ()
    was = {(t.kind, t.loc, t.skill): t for t in old}
    now = {(t.kind, t.loc, t.skill): t for t in new}
    out = [f"Take the {token_words(before, t).replace(' on ', ' token off ', 1)}." for key, t in was.items() if key not in now]
    out += [f"Put the {token_words(after, t).replace(' on ', ' token back on ', 1)}." for key, t in now.items() if key not in was]
    for key, t in now.items():
        k = after.pack.tokens.get(t.kind)
        if key in was and was[key].health != t.health and k is not None and k.health:
            out.append(f"The {k.name} on {t.loc}: health {t.health}/{k.health} again (it was {was[key].health}).")
    opened = set(before.script.opened if before.script is not None else ()) - set(after.script.opened if after.script is not None else ())
    closed = set(before.script.closed if before.script is not None else ()) - set(after.script.closed if after.script is not None else ())
    out += [f"{loc} is no location again: the script opened it since." for loc in sorted(opened)]
    out += [f"{loc} is a location again: the script closed it since." for loc in sorted(closed)]
    return out


def _cards(before: Any, after: Any) -> list[str]:
    """The chapter cards drawn in the steps taken back go back into the deck."""
    drawn = Counter(before.discard) - Counter(after.discard)
    if len(before.discard) < len(after.discard):  # the deck was reshuffled in between: every card drawn since
        drawn = Counter(before.discard)
    titles = {c.id: c.title for c in after.chapter_def.cards}
    return [f"Put '{titles.get(cid, cid)}' back into the chapter deck." for cid in drawn.elements()]
