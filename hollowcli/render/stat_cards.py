"""``cards-<kind>.pdf``: the stat cards of Legends, allies, foes (in activation order) and
items, each kind with its back."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from hollowcli.engine.growth import BASIC, grown_attack, grown_pack, growth_words
from hollowcli.errors import UsageError
from hollowcli.pack.changes import changes_words
from hollowcli.pack.model import Legend, Pack
from hollowcli.pack.vocab import ItemKind
from hollowcli.pack.words import escape_text
from hollowcli.render.cardface import READABLE_PT, fit_face
from hollowcli.render.geometry import SheetSpec, compute_layout
from hollowcli.render.product import GAME, STAT_LABELS, CardGroup, Sized, card_file, sample
from hollowcli.render.sheet import CardJob, RenderResult

#: The kinds ``hollow print cards`` knows, with the file each writes.
CARD_KINDS = ("legends", "allies", "foes", "items")


@dataclass(frozen=True)
class CampaignGrowth:
    """What the Legend cards need of a saved campaign: its name (on each card's footer) and
    its growth record (``{legend_id: {"upgrades": [...], "path": ..., "outfit": ...,
    "unlocked": [...]}}``, as the save holds it); the relic each Legend carries (a Legend
    the campaign does not list carries the pack's)."""

    name: str
    growth: Mapping[str, Mapping[str, Any]]
    relics: Mapping[str, str | None] = dataclasses.field(default_factory=dict)  # legend id -> relic it carries


def legend_context(pack: Pack, lg: Legend, campaign: CampaignGrowth | None = None) -> dict[str, Any]:
    """The legend template's context for ``lg`` (a record of ``grown_pack(pack, ...)``).

    Its skills in the order it has them, each a skill record whose attack carries the grown
    numbers, then the skills it has that are still locked (``locked`` holds their ids: a
    skill that starts locked, with no campaign, is locked too). A grown Legend's basic
    attack carries its grown numbers, and ``grown`` lists, per source (life path, upgrades
    in the order taken, outfit worn), what it changed in the words of ``pack.changes``.
    With ``campaign`` the card names it and shows the relic the Legend carries in it; the
    template's ``terse`` (set by :func:`_legend_face` when the card cannot otherwise hold it all
    at 8.5 pt) keeps a skill's or relic's description only where it is the rule. With no
    campaign the card is the pack's, as before."""
    g = lg.grown
    locked = tuple(g.locked) if g is not None else tuple(s for s in lg.skills if s in pack.skills and pack.skills[s].locked)
    skills = [_grown_skill(pack.skills[s], g) for s in (*lg.skills, *(g.locked if g is not None else ())) if s in pack.skills]
    carried = campaign.relics.get(lg.id, lg.relic) if campaign is not None and lg.id in campaign.relics else lg.relic
    relic = pack.items.get(carried) if carried else None
    ctx: dict[str, Any] = {"legend": lg, "skills": skills, "relic": relic,
                           "sample": sample(pack, "legends", lg.id), "locked": locked, "grown": [], "terse": False,
                           "campaign": campaign.name if campaign is not None else ""}
    if g is not None and campaign is not None:
        ctx["legend"] = dataclasses.replace(lg, basic_attack=grown_attack(lg.basic_attack, g, BASIC))
        ctx["grown"] = [{"source": name, "words": words}
                        for name, words in growth_words(pack, lg.id, campaign.growth.get(lg.id) or {})]
    return ctx


def _legend_face(tpl: Sized, ctx: dict[str, Any], what: str, spec: SheetSpec) -> Any:
    """A Legend card: with the skills' and relic's descriptions when the card can hold them
    at 8.5 pt or more, else ``terse`` (a description kept only where it is the rule)."""
    face = tpl.render("legend", {**ctx, "terse": False}, what)
    if not fit_face(face, spec.card_w, spec.card_h, spec.bleed, what, READABLE_PT).overflow:
        return face
    return tpl.render("legend", {**ctx, "terse": True}, what)


def _grown_skill(skill: Any, g: Any) -> Any:
    """A skill as its Legend has it: the attack with the grown numbers (the pack's record when
    nothing changes it)."""
    if g is None or skill.attack is None or skill.id not in g.attacks:
        return skill
    return dataclasses.replace(skill, attack=grown_attack(skill.attack, g, skill.id))


def cards_group(pack: Pack, kind: str, spec: SheetSpec, fname: str | None = None,
                campaign: CampaignGrowth | None = None) -> CardGroup:
    """Stat cards of one kind: ``legends``, ``allies``, ``foes`` or ``items``. With ``campaign``
    the Legend cards are that campaign's grown Legends (see :func:`legend_context`)."""
    if kind not in CARD_KINDS:
        raise UsageError(f"there are no {kind!r} cards; use one of {', '.join(CARD_KINDS)}")
    tpl = Sized(pack, spec)
    fname = fname or f"cards-{kind}.pdf"
    label = STAT_LABELS[kind]

    def jobs() -> Iterator[CardJob]:
        if kind == "legends":
            grown = grown_pack(pack, campaign.growth) if campaign is not None else pack
            for lid, lg in grown.legends.items():
                ctx = legend_context(pack, lg, campaign)
                what = f"{fname} card {lid!r} ({lg.name})"
                # every Legend card (a campaign's, or one with locked skills to show) shrinks, never
                # below 8.5 pt, and drops a description the numbers already say before going lower
                yield CardJob(lid, what, _legend_face(tpl, ctx, what, spec), kind="legend", name=lg.name,
                              group=label, body_floor=READABLE_PT)
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


def render_cards(pack: Pack, kind: str, spec: SheetSpec, campaign: CampaignGrowth | None = None) -> RenderResult:
    """Stat cards of one kind: ``legends``, ``allies``, ``foes`` or ``items`` (the Legends grown
    by ``campaign`` when given)."""
    group = cards_group(pack, kind, spec, campaign=campaign)
    return card_file([group], compute_layout(spec), f"{GAME}: {kind} cards", f"Stat cards: {kind}", f"cards-{kind}",
                     group.holds)


def _order(order: list[str], cls: str) -> int:
    return order.index(cls) if cls in order else len(order)
