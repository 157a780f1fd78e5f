"""The kit: every file ``hollow print kit`` writes, in the order to print them, each with
the function of its product module that builds it (:func:`kit_plan`), so the command can
show progress and write the index last."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hollowcli.names import chapters_in_order
from hollowcli.pack.model import Pack
from hollowcli.render.all_cards import render_all_cards
from hollowcli.render.deck import render_deck
from hollowcli.render.duplex import render_duplex_test
from hollowcli.render.geometry import SheetSpec
from hollowcli.render.guide import render_guide, scripted
from hollowcli.render.product import GUIDE
from hollowcli.render.reference import render_reference, render_turn_order
from hollowcli.render.setup_sheet import render_setup
from hollowcli.render.sheet import RenderResult
from hollowcli.render.spawn_tables import render_spawn_tables
from hollowcli.render.stat_cards import CARD_KINDS, CampaignGrowth, render_cards


@dataclass(frozen=True)
class Printable:
    """One file of the kit: its name, what it is, and how to build it."""

    filename: str
    kind: str
    build: Callable[[], RenderResult]


def kit_plan(pack: Pack, spec: SheetSpec, mix: bool = True, guide: bool = False,
             campaign: CampaignGrowth | None = None) -> list[Printable]:
    """Every file ``hollow print kit`` writes, in the order to print them, each with its builder.

    The duplex test comes first (with duplex backs). With ``mix`` (the default) every card is
    in one ``cards.pdf``, kinds sharing sheets, and the turn-order sheet in ``turn-order.pdf``;
    without it, a file per kind of card as ``hollow print reference``, ``deck`` and ``cards``
    write them. Then the text pages: setup sheets and spawn tables, and with ``guide`` the
    keeper's guide of the scripted chapters (it spoils the story: only when asked). With
    ``campaign`` the Legend cards are that campaign's grown Legends (nothing else changes).
    """
    chapters = chapters_in_order(pack.chapters)
    plan = []
    if spec.backs in ("long", "short"):
        plan.append(Printable("duplex-test.pdf", "duplex-test", lambda: render_duplex_test(spec)))
    if mix:
        plan.append(Printable("cards.pdf", "cards", lambda: render_all_cards(pack, spec, campaign=campaign)))
        plan.append(Printable("turn-order.pdf", "turn-order", lambda: render_turn_order(pack, spec)))
    else:
        plan.append(Printable("reference.pdf", "reference", lambda: render_reference(pack, spec)))
        for kind in CARD_KINDS:
            if pack.kind(kind):
                plan.append(Printable(f"cards-{kind}.pdf", "cards", lambda kind=kind: render_cards(pack, kind, spec, campaign)))  # type: ignore[misc]
        for ch in chapters:
            plan.append(Printable(f"deck-{ch.id}.pdf", "deck", lambda ch=ch: render_deck(pack, ch, spec)))  # type: ignore[misc]
    for ch in chapters:
        plan.append(Printable(f"setup-{ch.id}.pdf", "setup", lambda ch=ch: render_setup(pack, ch, spec)))  # type: ignore[misc]
    if chapters:
        plan.append(Printable("spawn-tables.pdf", "spawn", lambda: render_spawn_tables(pack, chapters, spec)))
    keeper = [ch for ch in chapters if scripted(ch)] if guide else []
    if keeper:
        plan.append(Printable(f"{GUIDE}.pdf", GUIDE, lambda: render_guide(pack, keeper, spec)))
    return plan
