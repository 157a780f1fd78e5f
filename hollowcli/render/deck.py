"""``deck-<chapter>.pdf``: a chapter's deck, every card as many times as its ``copies``,
with the chapter's back, and the cards its events add to the deck (``deck: {add: ID}``:
a ``copies: 0`` card, or more copies of one), each marked "set aside" on its face."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from hollowcli.names import plural
from hollowcli.pack.model import Chapter, Pack, Step
from hollowcli.pack.vocab import Effect
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


def _adds(steps: Sequence[Step]) -> dict[str, int]:
    """Card id -> copies the steps shuffle into the deck; a choice counts the option that
    adds the most of each card (the players take one option)."""
    out: dict[str, int] = {}
    for st in steps:
        if st.effect == Effect.DECK and st.value.get("add"):
            out[st.value["add"]] = out.get(st.value["add"], 0) + int(st.value.get("copies") or 1)
        elif st.effect == Effect.CHOOSE:
            most: dict[str, int] = {}
            for option in st.value.options:
                for card, n in _adds(option.do).items():
                    most[card] = max(most.get(card, 0), n)
            for card, n in most.items():
                out[card] = out.get(card, 0) + n
    return out


def set_aside(chapter: Chapter) -> dict[str, int]:
    """The chapter's cards that are out of the deck at setup, to print all the same: card id
    -> the copies its events add to the deck (each event counted once, even one that may
    fire again), in the order of the chapter's cards. A ``copies: 0`` card is one; so are
    extra copies of a card the deck already has."""
    added: dict[str, int] = {}
    for ev in chapter.events:
        for card, n in _adds(ev.do).items():
            added[card] = added.get(card, 0) + n
    return {card.id: added[card.id] for card in chapter.cards if added.get(card.id)}


def deck_group(pack: Pack, chapter: Chapter, spec: SheetSpec, fname: str | None = None) -> CardGroup:
    """One chapter's deck: every card as many times as its ``copies``."""
    tpl = Sized(pack, spec)
    marked = sample(pack, "chapters", chapter.id)
    fname = fname or f"deck-{chapter.id}.pdf"
    label = deck_label(chapter)

    aside = set_aside(chapter)

    def jobs() -> Iterator[CardJob]:
        for card in chapter.cards:
            ctx = {"card": card, "chapter": chapter, "effects": effect_lines(pack, card.effect), "sample": marked,
                   "set_aside": 0}
            what = f"{fname} card {card.id!r} ({card.title})"
            if card.copies:
                yield CardJob(card.id, what, tpl.render("chapter", ctx, what), card.copies, kind="chapter",
                              name=card.title, group=label)
            if aside.get(card.id):
                what += " (set aside)"
                yield CardJob(f"{card.id} (set aside)", what, tpl.render("chapter", ctx | {"set_aside": aside[card.id]}, what),
                              aside[card.id], kind="chapter", name=f"{card.title} (set aside)", group=label)

    back = tpl.render(
        "back",
        {"title": f"Chapter {chapter.number}", "subtitle": chapter.name, "band": "chapter"},
        f"the back of {fname}",
    )
    count = sum(max(0, c.copies) for c in chapter.cards)
    extra = sum(aside.values())
    return CardGroup(label, jobs, back, f"{fname} card back", count + extra,
                     f"chapter {chapter.number} deck: {plural(len(chapter.cards), 'card')}, {count} with copies"
                     + (f", and {extra} set aside until an event adds them" if extra else ""))


def render_deck(pack: Pack, chapter: Chapter, spec: SheetSpec) -> RenderResult:
    """One chapter's deck: every card as many times as its ``copies``, with backs."""
    fname = f"deck-{chapter.id}.pdf"
    group = deck_group(pack, chapter, spec, fname)
    return card_file([group], compute_layout(spec), f"{GAME}: chapter {chapter.number}, {chapter.name}",
                     f"The chapter deck of {chapter.name}", fname[:-4], group.holds)
