"""``guide-<chapter>.pdf``: the keeper's guide of a scripted chapter, for a group in which one
player runs the chapter's script at the table, without a screen.

It tells the story before it happens, so the kit prints it only when asked (``hollow print
kit --guide``). Per chapter, from a fresh page: the objective it starts with (its events
may set another); the token kinds the chapter uses, each with what it does; the tokens placed at setup; then every event in file order, each with a box to
tick when it fires (a row of boxes for one that fires every time): when it fires, the
conditions that must hold, the text to read out, and what it does step by step (a choice
with its options one under the other). The words are the pack's own (each trigger's,
condition's and effect's ``words``), the ones ``hollow content show chapter ID`` prints.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from functools import partial
from typing import Any

from hollowcli.errors import UsageError
from hollowcli.pack.effects import EFFECTS, choose_parts
from hollowcli.pack.model import Chapter, Pack, Step
from hollowcli.pack.script import CONDITIONS, TRIGGERS
from hollowcli.pack.tokens import kind_words
from hollowcli.pack.vocab import Effect, Trigger
from hollowcli.render.chapter_map import objective_words
from hollowcli.render.fonts import register_fonts
from hollowcli.render.geometry import PAPER_SIZES, SheetSpec
from hollowcli.render.layout import Pager, styles
from hollowcli.render.markup import escape_text, inline
from hollowcli.render.product import GAME, chapter_label
from hollowcli.render.setup_sheet import token_spots
from hollowcli.render.sheet import RenderResult, new_canvas

#: The box the keeper ticks when an event fires (DejaVu Sans has it), and how many boxes an
#: event that fires every time gets.
BOX = "\u2610"
REPEAT_BOXES = 6
#: What the kit's index says the file holds.
HOLDS = "keeper's guide: each scripted chapter's events (it spoils the story)"


def scripted(chapter: Chapter) -> bool:
    """Whether a chapter has a script for a keeper to run: events, or tokens placed at setup."""
    return bool(chapter.events or chapter.setup.tokens)


def _all_steps(steps: Sequence[Step]) -> Iterator[Step]:
    """Every step, those of a choice's options included."""
    for st in steps:
        yield st
        if st.effect == Effect.CHOOSE:
            for option in st.value.options:
                yield from _all_steps(option.do)


def used_kinds(chapter: Chapter) -> list[str]:
    """The token kinds a chapter names, in the order it first names them: its setup, then
    its events (a trigger on a kind's tokens, a ``place`` or ``remove``, in a choice too)."""
    seen = [tp.token for tp in chapter.setup.tokens]
    for ev in chapter.events:
        if ev.when.kind in (Trigger.SEARCHED, Trigger.TOKEN_DESTROYED):
            seen.append(str(ev.when.value))
        seen.extend(st.value.token for st in _all_steps(ev.do) if st.effect in (Effect.PLACE, Effect.REMOVE))
    return list(dict.fromkeys(seen))


def step_lines(pack: Pack, steps: Sequence[Step]) -> list[tuple[int, str]]:
    """An event's steps in order, one line each as (depth, markup): ``1. Place a ...``; a
    choice is its prompt, then each option one level deeper, told apart by its number."""
    out: list[tuple[int, str]] = []
    for n, st in enumerate(steps, 1):
        if st.effect == Effect.CHOOSE:
            prompt, options = choose_parts(pack, st.value)
            out.append((0, f"{n}. {prompt}"))
            out.extend((1, ("or " if i else "") + inline(option)) for i, option in enumerate(options))
        else:
            out.append((0, f"{n}. " + inline(EFFECTS[st.effect].words(pack, st.value))))
    return out


def _styles() -> dict[str, Any]:
    """The guide's styles: the text pages' ones, and an event's heading and its indented lines."""
    from reportlab.lib.styles import ParagraphStyle

    st = styles()
    line = ParagraphStyle("gl", parent=st["p"], fontSize=10, leading=13, leftIndent=18, spaceAfter=1.5)
    return {
        **st,
        "event": ParagraphStyle("ge", parent=st["p"], fontName=st["cellb"].fontName, fontSize=11, leading=14,
                                spaceBefore=7, spaceAfter=2),
        "line": line,
        "option": ParagraphStyle("go", parent=line, leftIndent=36),
        "kind": ParagraphStyle("gk", parent=st["step"], fontSize=10, leading=13, spaceAfter=2),
    }


def _tokens(pg: Pager, pack: Pack, chapter: Chapter, st: dict[str, Any]) -> None:
    """The token kinds the chapter uses, each with what it does, and where the setup puts them."""
    kinds = [pack.tokens[k] for k in used_kinds(chapter) if k in pack.tokens]
    if not kinds:
        return
    spots = token_spots(pack, chapter)
    pg.para("Tokens", st["h"], keep=2 * st["kind"].leading)
    for kind in kinds:
        does = kind_words(pack, kind).removeprefix(f"{kind.name}: ")
        where = spots.get(kind.id)
        pg.para(f"<b>{escape_text(kind.name)}</b>: {escape_text(does)}."
                + (f" <b>At setup:</b> {escape_text(', '.join(where))}." if where else " Only the events place it.")
                + (f" <i>{escape_text(kind.text)}</i>" if kind.text else ""), st["kind"], "\u2022")


def _event(pg: Pager, pack: Pack, chapter: Chapter, ev: Any, st: dict[str, Any]) -> None:
    """One event: its box(es), id and how often, then when, if, what to read out and its steps."""
    boxes = BOX if ev.once else " ".join([BOX] * REPEAT_BOXES)
    often = "once" if ev.once else "every time"
    lines = [f"<b>When</b> {inline(TRIGGERS[ev.when.kind].words(pack, chapter, ev.when.value))}."]
    if ev.conditions:
        conds = " and ".join(CONDITIONS[c.kind].words(pack, chapter, c) for c in ev.conditions)
        lines.append(f"<b>Only if</b> {inline(conds)} (when its turn comes).")
    if ev.text:
        lines.append(f"<b>Read out:</b> <i>{escape_text(ev.text)}</i>")
    lines.append("<b>Then:</b>")
    # The heading keeps its first lines with it: never alone at the foot of a page.
    pg.para(f"{boxes}&#160;&#160;{escape_text(ev.id)} <font name=\"{st['p'].fontName}\">(fires {often})</font>",
            st["event"], keep=2 * st["line"].leading)
    for line in lines:
        pg.para(line, st["line"])
    for depth, words in step_lines(pack, ev.do):
        pg.para(words, st["option"] if depth else st["line"])


def guide_chapter(pg: Pager, pack: Pack, chapter: Chapter) -> None:
    """One chapter's keeper's guide, from the Pager's cursor."""
    st = _styles()
    pg.para(f"Chapter {chapter.number}: {escape_text(chapter.name)}", st["title"])
    pg.para("The keeper's guide: it tells the chapter's story before it happens. One player keeps it, "
            "out of the others' sight, and ticks an event's box when it fires.", st["sub"])
    pg.para(f"<b>Objective at the start:</b> {escape_text(objective_words(pack, chapter))}", st["p"])
    _tokens(pg, pack, chapter, st)
    pg.para("Events", st["h"], keep=3 * st["p"].leading)
    if not chapter.events:
        pg.para("This chapter has no events: only its setup tokens above.", st["p"])
        return
    pg.para("In the order the chapter lists them. When one moment sets off several events, they fire in the "
            "order things happened, each trigger's events in this order; the events their own steps set off "
            "wait until those are done. An event fires only if all its conditions hold when its turn comes, "
            "and its steps are done in order. A threshold (health, fear, foes left, a flag) fires when it is "
            "crossed, not while it stays crossed.", st["small"])
    for ev in chapter.events:
        _event(pg, pack, chapter, ev, st)


def render_guide(pack: Pack, chapters: Sequence[Chapter], spec: SheetSpec, label: str = "guide") -> RenderResult:
    """The keeper's guide of ``chapters``, each from a fresh page (``label``: the file's name
    without .pdf, printed on each page). Plain paper, like the other text pages."""
    if not chapters:
        raise UsageError("there are no chapters to print a keeper's guide for")
    register_fonts()
    pw, ph = PAPER_SIZES[spec.paper]
    buf = io.BytesIO()
    names = ", ".join(ch.name for ch in chapters[:3]) + (" ..." if len(chapters) > 3 else "")
    c = new_canvas(buf, pw, ph, f"{GAME}: keeper's guide",
                   f"The events of {names}: it spoils the story. Print at 100%.")
    pg = Pager(c, pw, ph, label)
    parts = [pg.part(chapter_label(ch), partial(guide_chapter, pg, pack, ch)) for ch in chapters]
    pages = pg.close()
    c.save()
    return RenderResult(buf.getvalue(), pages, 0, holds=HOLDS, parts=tuple(parts), paper="paper")
