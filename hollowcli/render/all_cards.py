"""``cards.pdf``: every card of the kit in one file, the kinds one after another on shared
sheets (the kit's default, ``--mix``)."""

from __future__ import annotations

from hollowcli.names import chapters_in_order
from hollowcli.pack.model import Pack
from hollowcli.render.deck import deck_group
from hollowcli.render.geometry import SheetSpec, compute_layout
from hollowcli.render.product import GAME, card_file
from hollowcli.render.reference import reference_group
from hollowcli.render.sheet import RenderResult
from hollowcli.render.stat_cards import CARD_KINDS, CampaignGrowth, cards_group


def render_all_cards(pack: Pack, spec: SheetSpec, fname: str = "cards.pdf",
                     campaign: CampaignGrowth | None = None) -> RenderResult:
    """cards.pdf: every card of the kit in one file, kinds one after another on shared sheets
    (no half-empty sheet at the end of each kind): the reference cards, the stat cards, then
    the chapter decks in order, so the first sheets hold everything chapter 1 needs. Each
    card has its kind's back; the result says which card is on which sheet and slot. With
    ``campaign`` the Legend cards are that campaign's grown Legends."""
    groups = [reference_group(pack, spec, fname)]
    groups += [cards_group(pack, kind, spec, fname, campaign) for kind in CARD_KINDS if pack.kind(kind)]
    groups += [deck_group(pack, ch, spec, fname) for ch in chapters_in_order(pack.chapters)]
    count = sum(g.count for g in groups)
    holds = f"all {count} cards: " + ", ".join(f"{g.label.lower() if i else g.label} ({g.count})"
                                                for i, g in enumerate(groups))
    return card_file(groups, compute_layout(spec), f"{GAME}: every card", "Every card of the kit: reference, stat "
                     "cards and chapter decks", fname[:-4], holds, where=True)
