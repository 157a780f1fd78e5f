"""``deck-<chapter>.pdf``: a chapter's deck, every card as many times as its ``copies``,
with the chapter's back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hollowcli.names import plural
from hollowcli.pack.model import Chapter, Pack
from hollowcli.render.geometry import SheetSpec, compute_layout
from hollowcli.render.markup import escape_text
from hollowcli.render.product import GAME, CardGroup, Sized, card_file, deck_label, sample
from hollowcli.render.sheet import CardJob, RenderResult


def effect_lines(pack: Pack, effect: Any) -> list[Any]:
    """A chapter card's ``effect:`` mapping in words (escaped, with icons), one line per effect."""
    from markupsafe import Markup

    from hollowcli.pack.effects import EFFECTS  # the one registry of card effects

    lines: list[str] = []
    for key, value in effect.items():
        eff = EFFECTS.get(key)
        lines.append(eff.words(pack, value) if eff is not None else f"{escape_text(key)}: {escape_text(value)}")
    return [Markup(s) for s in lines]


def deck_group(pack: Pack, chapter: Chapter, spec: SheetSpec, fname: str | None = None) -> CardGroup:
    """One chapter's deck: every card as many times as its ``copies``."""
    tpl = Sized(pack, spec)
    marked = sample(pack, "chapters", chapter.id)
    fname = fname or f"deck-{chapter.id}.pdf"
    label = deck_label(chapter)

    def jobs() -> Iterator[CardJob]:
        for card in chapter.cards:
            ctx = {"card": card, "chapter": chapter, "effects": effect_lines(pack, card.effect), "sample": marked}
            what = f"{fname} card {card.id!r} ({card.title})"
            yield CardJob(card.id, what, tpl.render("chapter", ctx, what), card.copies, kind="chapter",
                          name=card.title, group=label)

    back = tpl.render(
        "back",
        {"title": f"Chapter {chapter.number}", "subtitle": chapter.name, "band": "chapter"},
        f"the back of {fname}",
    )
    count = sum(max(0, c.copies) for c in chapter.cards)
    return CardGroup(label, jobs, back, f"{fname} card back", count,
                     f"chapter {chapter.number} deck: {plural(len(chapter.cards), 'card')}, {count} with copies")


def render_deck(pack: Pack, chapter: Chapter, spec: SheetSpec) -> RenderResult:
    """One chapter's deck: every card as many times as its ``copies``, with backs."""
    fname = f"deck-{chapter.id}.pdf"
    group = deck_group(pack, chapter, spec, fname)
    return card_file([group], compute_layout(spec), f"{GAME}: chapter {chapter.number}, {chapter.name}",
                     f"The chapter deck of {chapter.name}", fname[:-4], group.holds)
