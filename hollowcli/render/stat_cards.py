"""``cards-<kind>.pdf``: the stat cards of Legends, allies, foes (in activation order) and
items, each kind with its back."""

from __future__ import annotations

from collections.abc import Iterator

from hollowcli.errors import UsageError
from hollowcli.pack.changes import changes_words
from hollowcli.pack.model import Pack
from hollowcli.pack.vocab import ItemKind
from hollowcli.pack.words import escape_text
from hollowcli.render.geometry import SheetSpec, compute_layout
from hollowcli.render.product import GAME, STAT_LABELS, CardGroup, Sized, card_file, sample
from hollowcli.render.sheet import CardJob, RenderResult

#: The kinds ``hollow print cards`` knows, with the file each writes.
CARD_KINDS = ("legends", "allies", "foes", "items")


def cards_group(pack: Pack, kind: str, spec: SheetSpec, fname: str | None = None) -> CardGroup:
    """Stat cards of one kind: ``legends``, ``allies``, ``foes`` or ``items``."""
    if kind not in CARD_KINDS:
        raise UsageError(f"there are no {kind!r} cards; use one of {', '.join(CARD_KINDS)}")
    tpl = Sized(pack, spec)
    fname = fname or f"cards-{kind}.pdf"
    label = STAT_LABELS[kind]

    def jobs() -> Iterator[CardJob]:
        if kind == "legends":
            for lid, lg in pack.legends.items():
                skills = [pack.skills[s] for s in lg.skills if s in pack.skills]
                relic = pack.items.get(lg.relic) if lg.relic else None
                ctx = {"legend": lg, "skills": skills, "relic": relic, "sample": sample(pack, "legends", lid)}
                what = f"{fname} card {lid!r} ({lg.name})"
                yield CardJob(lid, what, tpl.render("legend", ctx, what), kind="legend", name=lg.name, group=label)
        elif kind == "allies":
            for aid, ally in pack.allies.items():
                ctx = {"ally": ally, "sample": sample(pack, "allies", aid)}
                what = f"{fname} card {aid!r} ({ally.name})"
                yield CardJob(aid, what, tpl.render("ally", ctx, what), kind="ally", name=ally.name, group=label)
        elif kind == "foes":
            order = list(pack.rules.activation_order)
            for fid, foe in sorted(pack.foes.items(), key=lambda kv: (_order(order, kv[1].cls), kv[0])):
                quarry = pack.legends[foe.target].name if foe.target in pack.legends else None  # as the engine ranks
                ctx = {"foe": foe, "order": _order(order, foe.cls) + 1, "quarry": quarry, "sample": sample(pack, "foes", fid)}
                what = f"{fname} card {fid!r} ({foe.name})"
                yield CardJob(fid, what, tpl.render("foe", ctx, what), kind="foe", name=foe.name, group=label)
        else:
            for iid, item in sorted(pack.items.items(), key=lambda kv: (kv[1].kind != ItemKind.ITEM, kv[0])):
                worn = escape_text(changes_words(pack, item.changes)) if item.changes else ""
                ctx = {"item": item, "sample": sample(pack, "items", iid), "changes": worn}
                what = f"{fname} card {iid!r} ({item.name})"
                yield CardJob(iid, what, tpl.render("item", ctx, what), kind="item", name=item.name, group=label)

    singular = {"legends": "Legend", "allies": "Ally", "foes": "Foe", "items": "Item"}[kind]
    band = {"legends": "legend", "allies": "ally", "foes": "foe", "items": "item"}[kind]
    back = tpl.render("back", {"title": singular, "subtitle": GAME, "band": band}, f"the back of {fname}")
    holds = {"legends": "Legend stat cards", "allies": "ally stat cards (heroes who are not Legends)",
             "foes": "foe stat cards, in activation order", "items": "item and relic cards"}[kind]
    return CardGroup(label, jobs, back, f"{fname} card back", len(pack.kind(kind)), holds)


def render_cards(pack: Pack, kind: str, spec: SheetSpec) -> RenderResult:
    """Stat cards of one kind: ``legends``, ``allies``, ``foes`` or ``items``."""
    group = cards_group(pack, kind, spec)
    return card_file([group], compute_layout(spec), f"{GAME}: {kind} cards", f"Stat cards: {kind}", f"cards-{kind}",
                     group.holds)


def _order(order: list[str], cls: str) -> int:
    return order.index(cls) if cls in order else len(order)
