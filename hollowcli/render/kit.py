"""The printables of the kit: reference cards, spawn tables, chapter decks, stat cards.

Each ``render_*`` function takes the pack and a :class:`~hollowcli.render.geometry.SheetSpec`
and returns a :class:`~hollowcli.render.sheet.RenderResult` (PDF bytes plus figures);
writing files is the command's job. :func:`kit_plan` lists every file of ``hollow print
kit`` with the function that builds it, so the command can show progress.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from hollowcli.errors import RenderError, UsageError
from hollowcli.names import chapters_in_order, plural
from hollowcli.pack.model import Chapter, Pack
from hollowcli.render.geometry import SheetSpec, compute_layout
from hollowcli.render.markup import Face, escape_text
from hollowcli.render.sheet import CardJob, RenderResult, card_sheets
from hollowcli.render.templates import Templates

#: The kinds ``hollow print cards`` knows, with the file each writes.
CARD_KINDS = ("legends", "allies", "foes", "items")

GAME = "Legends of Sleepy Hollow"

#: Sections of rules.md for solo play only (``## solo-legend-phase`` ...) are not printed:
#: they describe what ``hollow play`` does, not what players do at the table.
SOLO_PREFIX = "solo"
#: Sections for the docs, not the table: our readings (with their settings) and how solo
#: play reads the map. ``hollow rules`` and docs/rules-interpretations.md show them.
DOCS_ONLY = ("readings", "map-and-sight", "map and sight")

#: Reference cards are read across the table: topics are split so that each card reads at
#: REFERENCE_PT, and no card goes below REFERENCE_MIN_PT.
REFERENCE_PT = 10.5
REFERENCE_MIN_PT = 10.0
#: A topic that takes less than this share of a card joins other small topics on one card.
TINY_SHARE = 0.5


@dataclass(frozen=True)
class Printable:
    """One file of the kit: its name, what it is, and how to build it."""

    filename: str
    kind: str
    build: Callable[[], RenderResult]


_TEMPLATES: dict[tuple[str, ...], Templates] = {}


def _templates(pack: Pack) -> Templates:
    """One template environment per set of template folders, so each template compiles once."""
    key = tuple(pack.template_dirs)
    tpl = _TEMPLATES.get(key)
    if tpl is None:
        tpl = _TEMPLATES[key] = Templates(pack.template_dirs)
    return tpl


#: Cards narrower or shorter than this (mm) get the compact layout (``size.compact``).
COMPACT_W_MM = 55.0
COMPACT_H_MM = 80.0


def size_info(spec: SheetSpec) -> dict[str, Any]:
    """What templates see as ``size``: the card size's name, width and height in mm, and
    ``compact`` (a small card such as mini: templates leave out flavour text)."""
    return {
        "name": spec.size_name,
        "w": spec.card_w,
        "h": spec.card_h,
        "compact": spec.card_w < COMPACT_W_MM or spec.card_h < COMPACT_H_MM,
    }


class _Sized:
    """The pack's templates, rendered with ``size`` (see :func:`size_info`) in every context."""

    def __init__(self, pack: Pack, spec: SheetSpec) -> None:
        self.tpl = _templates(pack)
        self.size = size_info(spec)

    def render(self, kind: str, context: Mapping[str, Any], what: str) -> Face:
        return self.tpl.render(kind, {"size": self.size, **context}, what)


def _sample(pack: Pack, kind: str, id_: str) -> bool:
    return bool(pack.sample.get(f"{kind}/{id_}", False))


# ----------------------------------------------------------------------------------
# Reference cards
# ----------------------------------------------------------------------------------
def parse_rules_md(text: str) -> list[tuple[str, str]]:
    """``## topic`` sections of a rules file -> [(topic, body text)], in file order.

    Text before the first ``##`` heading and ``#`` titles are skipped; ``###`` subheadings
    inside a section become bold lines. Empty sections and solo-play sections (headings
    starting with ``solo``) are dropped.
    """
    from hollowcli.rulestext import sections as rule_sections

    sections: list[tuple[str, list[str]]] = []
    for topic, text_body in rule_sections(text):  # the one rules.md reader
        if not topic:
            continue  # the text before the first topic
        lines: list[str] = []
        for line in text_body.splitlines():
            sub = re.match(r"^#{3,6}\s+(.+?)\s*#*\s*$", line)
            if sub:
                lines.extend(["", f"**{sub.group(1)}**", ""])
            elif not re.match(r"^#\s", line):
                lines.append(line)
        sections.append((topic, lines))
    out = []
    for topic, lines in sections:
        body = "\n".join(lines).strip()
        low = topic.lower().strip()
        if body and not low.startswith(SOLO_PREFIX) and low not in DOCS_ONLY:
            out.append((topic_title(topic), body))
    return out


def topic_title(topic: str) -> str:
    """``legend-phase`` -> ``Legend phase``; headings that are already words stay as written."""
    if re.fullmatch(r"[a-z0-9]+(?:[-_][a-z0-9]+)*", topic):
        words = re.split(r"[-_]", topic)
        return " ".join(words)[:1].upper() + " ".join(words)[1:]
    return topic


def rules_file(pack: Pack) -> Path:
    """The ``rules.md`` of the highest-priority pack that has one (built-in content last);
    the same file ``hollow rules`` shows (:mod:`hollowcli.rulestext`)."""
    from hollowcli.rulestext import find_rules_file

    found = find_rules_file(pack.sources)
    if not found.is_file():
        raise RenderError(
            "no rules.md in the content packs; the reference cards are printed from content/rules.md "
            "(one '## topic' section per card)"
        )
    return found


_ITEM = re.compile(r"^(\s*)([-*\u2022]|\d{1,2}[.)])\s+")


def _split_paragraphs(text: str) -> list[str]:
    """Split section text into chunks that may go on separate cards: paragraphs and top-level
    list items, each top-level item together with the items nested under it."""
    chunks: list[list[str]] = [[]]
    for line in text.splitlines():
        if not line.strip():
            first = _ITEM.match(chunks[-1][0]) if chunks[-1] else None
            if chunks[-1] and not (first is not None and not first.group(1)):
                chunks.append([])
            continue
        m = _ITEM.match(line)
        top_level_item = m is not None and not m.group(1)
        if top_level_item and chunks[-1]:
            chunks.append([])
        elif not m and not line[:1].isspace() and chunks[-1] and _ITEM.match(chunks[-1][0]):
            # an unindented paragraph after a list ends the item
            chunks.append([])
        chunks[-1].append(line)
    return ["\n".join(c) for c in chunks if c]


def _nested_pieces(chunk: str, glue: bool = True) -> list[tuple[str, str | None]]:
    """A top-level list item split at its nested items: (text, marker). Pieces after the
    first carry the item's marker (``3.``), which a card starting with one shows as
    "3. (continued)" so the nesting and numbering stay as written. With ``glue`` the item's
    own line keeps its first nested item with it (no card ends on a lone "3. Move and act")."""
    lines = chunk.splitlines()
    m = _ITEM.match(lines[0]) if lines else None
    if m is None:
        return [(chunk, None)]
    pieces: list[list[str]] = [[]]
    for n, line in enumerate(lines):
        item = _ITEM.match(line)
        if n > 0 and item is not None and item.group(1):
            pieces.append([])
        pieces[-1].append(line)
    if not glue:
        return [("\n".join(pieces[0]), None)] + [("\n".join(p), m.group(2)) for p in pieces[1:]]
    head = pieces[0] + (pieces[1] if len(pieces) > 1 else [])
    return [("\n".join(head), None)] + [("\n".join(p), m.group(2)) for p in pieces[2:]]


@dataclass(frozen=True)
class RefCard:
    """One reference card: its topic, its share of the topic's text, and its face."""

    topic: str
    text: str
    part: int
    parts: int
    fitted: Any = None  # unused; kept for callers that look


def _even_parts(heights: list[float], gap: float, room: float, lead: list[float] | None = None) -> list[int]:
    """Cut points that split chunks of ``heights`` into the fewest cards of at most ``room``
    each, as evenly as possible (the tallest card as short as it can be). ``lead[i]`` is
    extra height a card starting with chunk ``i`` needs (a "continued" line)."""
    n = len(heights)
    lead = lead or [0.0] * n

    def span(i: int, j: int) -> float:
        return lead[i] + sum(heights[i:j]) + gap * (j - i - 1)

    for parts in range(1, n + 1):
        # best[k][j]: the smallest "tallest card" for the first j chunks in k cards
        inf = float("inf")
        best = [[inf] * (n + 1) for _ in range(parts + 1)]
        cut = [[0] * (n + 1) for _ in range(parts + 1)]
        best[0][0] = 0.0
        for k in range(1, parts + 1):
            for j in range(1, n + 1):
                for i in range(k - 1, j):
                    v = max(best[k - 1][i], span(i, j))
                    if v < best[k][j]:
                        best[k][j], cut[k][j] = v, i
        if best[parts][n] <= room + 0.01:
            cuts, j = [], n
            for k in range(parts, 0, -1):
                cuts.append(j)
                j = cut[k][j]
            return sorted(cuts)
    return list(range(1, n + 1))


def reference_sections(pack: Pack, spec: SheetSpec, rules_text: str | None = None) -> list[RefCard]:
    """The reference cards, for the table: the rules' topics in large type.

    A topic too long for one card is split evenly over as few cards as it needs (at
    whole paragraphs and list items; a long item at its nested items, which stay nested);
    small topics share a card, each under its bold name.
    """
    from hollowcli.pack.files import read_rules_md
    from hollowcli.render.cardface import SAFE_MM, fit_face, measure_text
    from hollowcli.render.geometry import MM

    text = rules_text if rules_text is not None else read_rules_md(rules_file(pack))
    sections = parse_rules_md(text)
    tpl = _Sized(pack, spec)
    floor = _ref_floor(spec)
    size = max(floor, REFERENCE_PT * _ref_scale(spec))
    probe = tpl.render("reference", {"topic": "Topic", "text": "x", "part": 1, "parts": 2}, "a reference card")
    room = fit_face(probe, spec.card_w, spec.card_h, spec.bleed, "a reference card").body_room
    width = spec.card_w * MM - 2 * SAFE_MM * MM

    def height(t: str, pt: float = size) -> float:
        return measure_text(t, width, pt)

    def split(body: str, pt: float, glue: bool) -> list[str]:
        """``body`` over as few cards as it takes at ``pt``, as evenly as can be."""
        gap = round(pt * 0.35, 2)
        chunks: list[tuple[str, str | None]] = []
        for chunk in _split_paragraphs(body):
            chunks.extend(_nested_pieces(chunk, glue) if height(chunk, pt) > room else [(chunk, None)])
        heights = [height(c if m is None else f"{m} x\n{c}", pt) - (height(f"{m} x", pt) + gap if m else 0)
                   for c, m in chunks]
        marker_h = height("1. (continued)", pt) + gap
        lead = [marker_h if m else 0.0 for _, m in chunks]
        cuts = _even_parts(heights, gap, room, lead)
        parts, start = [], 0
        for end in cuts:
            lines: list[str] = []
            for k in range(start, end):
                c, m = chunks[k]
                lines.append(f"{m} (continued)\n{c}" if m and k == start else c)
            parts.append("\n\n".join(lines))
            start = end
        return parts

    # 1. each topic's pieces: as few cards as it takes, at the usual size, or at the smallest
    # reference size (and a lone item line at the foot of a card) when that saves a card
    planned: list[tuple[str, list[str]]] = []
    for topic, body in sections:
        if height(body) <= room + 0.01:
            planned.append((topic, [body]))
            continue
        tries = [split(body, pt, glue) for pt in dict.fromkeys((size, floor)) for glue in (True, False)]
        planned.append((topic, min(tries, key=len)))
    # 2. small one-card topics share a card (first fit, in the order of the rules)
    out: list[RefCard] = []
    merged: list[list[tuple[str, str]]] = []
    where: list[int] = []  # index in ``out`` of each merged card
    for topic, parts in planned:
        if len(parts) == 1 and height(parts[0]) < TINY_SHARE * room:
            piece = (topic, parts[0])
            for group in merged:
                joined = _merge_text(group + [piece])
                if height(joined) <= room + 0.01:
                    group.append(piece)
                    break
            else:
                merged.append([piece])
                where.append(len(out))
                out.append(RefCard(topic, parts[0], 1, 1))
            continue
        for i, part in enumerate(parts, 1):
            out.append(RefCard(topic, part, i, len(parts)))
    for group, idx in zip(merged, where):
        if len(group) > 1:
            out[idx] = RefCard(" · ".join(t for t, _ in group), _merge_text(group), 1, 1)
    return out


def _ref_scale(spec: SheetSpec) -> float:
    """Reference type scales with the card: larger on tarot, smaller on mini."""
    return min(spec.card_w / 63.0, spec.card_h / 88.0)


def _ref_floor(spec: SheetSpec) -> float:
    """The smallest reference type: REFERENCE_MIN_PT scaled with the card, never below the
    size every card's body keeps (READABLE_PT): a small card takes more reference cards."""
    from hollowcli.render.cardface import READABLE_PT

    return max(READABLE_PT, REFERENCE_MIN_PT * _ref_scale(spec))


def _merge_text(group: list[tuple[str, str]]) -> str:
    """Small topics on one card, each under its name in bold."""
    return "\n\n".join(f"**{topic}**\n\n{body}" for topic, body in group)


@dataclass(frozen=True)
class CardGroup:
    """A run of cards with one back, ready for :func:`~hollowcli.render.sheet.card_sheets`: the
    reference cards, a chapter's deck, or the stat cards of one kind."""

    label: str  # as the index names it: "Reference cards", "Chapter 1 deck", "Legends"
    jobs: Callable[[], Iterator[CardJob]]
    back: Face
    back_name: str  # the back, as a warning names it
    count: int  # card copies
    holds: str  # what the run holds, in a few words


REFERENCE_LABEL = "Reference cards"
TURN_ORDER_LABEL = "Turn-order sheet"


def reference_group(pack: Pack, spec: SheetSpec, fname: str = "reference.pdf", rules_text: str | None = None) -> CardGroup:
    """The reference cards (the rules' topics, for the table)."""
    tpl = _Sized(pack, spec)
    sections = reference_sections(pack, spec, rules_text)
    if not sections:
        raise RenderError("rules.md has no '## topic' sections with text; nothing to print as reference cards")
    floor = _ref_floor(spec)

    def jobs() -> Iterator[CardJob]:
        for n, rc in enumerate(sections, 1):
            what = f"{fname} card {rc.topic!r}"
            ctx = {"topic": rc.topic, "text": rc.text, "part": rc.part, "parts": rc.parts}
            name = rc.topic + (f" ({rc.part}/{rc.parts})" if rc.parts > 1 else "")
            yield CardJob(f"ref-{n}", what, tpl.render("reference", ctx, what), kind="reference",
                          body_floor=floor, name=name, group=REFERENCE_LABEL)

    back = tpl.render("back", {"title": "Reference", "subtitle": GAME, "band": "reference"}, "the reference card back")
    return CardGroup(REFERENCE_LABEL, jobs, back, "reference card back", len(sections),
                     f"{len(sections)} reference cards")


def _turn_order(pack: Pack, page_w: float, page_h: float, label: str) -> Callable[[Any], int]:
    """Draws the turn-order sheet on a canvas (labelled ``label``) and says how many pages it took."""

    def sheet(c: Any) -> int:
        from hollowcli.render.pages import turn_order_page

        return turn_order_page(c, pack, page_w, page_h, label)

    return sheet


def render_reference(pack: Pack, spec: SheetSpec, rules_text: str | None = None) -> RenderResult:
    """Reference cards (the rules' topics, for the table) and a one-page turn-order sheet."""
    layout = compute_layout(spec)
    group = reference_group(pack, spec, "reference.pdf", rules_text)
    res = _sheets([group], layout, f"{GAME}: reference cards", "Rules reference cards and a turn-order sheet",
                  "reference", f"{group.holds}, then the turn-order sheet",
                  after=_turn_order(pack, layout.page_w, layout.page_h, "reference · turn-order sheet"))
    return replace(res, parts=res.parts + ((TURN_ORDER_LABEL, res.pages, res.pages),))


def render_turn_order(pack: Pack, spec: SheetSpec) -> RenderResult:
    """turn-order.pdf: the one-page turn-order sheet by itself (the kit's cards are in cards.pdf)."""
    from hollowcli.render.geometry import PAPER_SIZES
    from hollowcli.render.pages import text_file

    pw, ph = PAPER_SIZES[spec.paper]
    data, pages = text_file(pw, ph, f"{GAME}: turn order", "The turn-order sheet: one round, step by step.",
                            _turn_order(pack, pw, ph, "turn-order"))
    return RenderResult(data, pages, 0, holds="the turn-order sheet: one round, step by step",
                        parts=((TURN_ORDER_LABEL, 1, pages),), paper="paper")


def _sheets(groups: Sequence[CardGroup], layout: Any, title: str, subject: str, name: str, holds: str,
            after: Callable[[Any], int] | None = None, where: bool = False) -> RenderResult:
    """The cards of ``groups``, one after another on shared sheets, each group with its back."""

    def jobs() -> Iterator[CardJob]:
        for g in groups:
            for job in g.jobs():
                yield replace(job, back=g.label)

    backs = {g.label: (g.back, g.back_name) for g in groups}
    return card_sheets(jobs(), None, layout, title, subject, after=after, name=name,
                       count=sum(g.count for g in groups), holds=holds, backs=backs, where=where)


# ----------------------------------------------------------------------------------
# Spawn tables
# ----------------------------------------------------------------------------------
def render_setup(pack: Pack, chapter: Chapter, spec: SheetSpec) -> RenderResult:
    """A chapter's setup sheet: the map to scale, what goes where, the track and the spawn list."""
    from hollowcli.render.setup_sheet import setup_pages

    res = setup_pages(pack, chapter, spec)
    return replace(res, parts=res.parts or ((chapter_label(chapter), 1, res.pages),), paper=res.paper or "paper")


def chapter_label(chapter: Chapter) -> str:
    """How the index names a chapter's pages in a file: "Chapter 1"."""
    return f"Chapter {chapter.number}"


def deck_label(chapter: Chapter) -> str:
    return f"Chapter {chapter.number} deck"


def render_index(spec: SheetSpec, entries: Sequence[tuple[str, RenderResult]], notes: Sequence[str],
                 pack: Pack | None = None) -> RenderResult:
    """index.pdf: a first printing step by step (the duplex test, what chapter 1 needs, the
    rest), each file of the kit in print order (what it holds, paper or card stock, pages,
    cards, which pages are backs), which card is where in a file that mixes kinds, and how
    to print."""
    from hollowcli.render.pages import IndexEntry, index_pages

    rows = [IndexEntry(name, r.holds, r.pages, r.cards, r.back_pages, r.paper or ("card" if r.cards else "paper"),
                       r.where, r.parts) for name, r in entries]
    first = chapters_in_order(pack.chapters)[0] if pack is not None and pack.chapters else None
    needs = first_chapter_needs(first) if first is not None else ()
    title = f"chapter {first.number} ({first.name})" if first is not None else ""
    return index_pages(spec, rows, notes, title, needs)


def first_chapter_needs(chapter: Chapter) -> tuple[str, ...]:
    """The parts of the kit (as files name their pages) a first game of ``chapter`` needs."""
    return (REFERENCE_LABEL, TURN_ORDER_LABEL, *STAT_LABELS.values(), deck_label(chapter), chapter_label(chapter))


def render_duplex_test(spec: SheetSpec) -> RenderResult:
    """duplex-test.pdf: a calibration sheet that shows the printer's back offset in mm."""
    from hollowcli.render.pages import duplex_test_pages

    return replace(duplex_test_pages(spec), paper="paper", parts=(("Duplex test", 1, 2),))


def render_spawn_tables(pack: Pack, chapters: Sequence[Chapter], spec: SheetSpec, label: str = "spawn-tables") -> RenderResult:
    """Per chapter: spawn points, barricades, what each die roll yields, and the spawn list
    (``label``: the file's name without .pdf, printed on each page)."""
    from hollowcli.render.pages import spawn_pages

    if not chapters:
        raise UsageError("there are no chapters to print spawn tables for")
    return spawn_pages(pack, chapters, spec, label)


# ----------------------------------------------------------------------------------
# Chapter decks
# ----------------------------------------------------------------------------------
def effect_lines(pack: Pack, effect: Any) -> list[Any]:
    """A chapter card's ``effect:`` mapping in words (escaped, with icons), one line per effect."""
    from markupsafe import Markup

    from hollowcli.engine.effects import EFFECTS  # the one registry of card effects

    lines: list[str] = []
    for key, value in effect.items():
        eff = EFFECTS.get(key)
        lines.append(eff.words(pack, value) if eff is not None else f"{escape_text(key)}: {escape_text(value)}")
    return [Markup(s) for s in lines]


def deck_group(pack: Pack, chapter: Chapter, spec: SheetSpec, fname: str | None = None) -> CardGroup:
    """One chapter's deck: every card as many times as its ``copies``."""
    tpl = _Sized(pack, spec)
    sample = _sample(pack, "chapters", chapter.id)
    fname = fname or f"deck-{chapter.id}.pdf"
    label = deck_label(chapter)

    def jobs() -> Iterator[CardJob]:
        for card in chapter.cards:
            ctx = {"card": card, "chapter": chapter, "effects": effect_lines(pack, card.effect), "sample": sample}
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
    return _sheets([group], compute_layout(spec), f"{GAME}: chapter {chapter.number}, {chapter.name}",
                   f"The chapter deck of {chapter.name}", fname[:-4], group.holds)


# ----------------------------------------------------------------------------------
# Stat cards
# ----------------------------------------------------------------------------------
#: How the index names each kind of stat card.
STAT_LABELS = {"legends": "Legends", "allies": "Allies", "foes": "Foes", "items": "Items and relics"}


def cards_group(pack: Pack, kind: str, spec: SheetSpec, fname: str | None = None) -> CardGroup:
    """Stat cards of one kind: ``legends``, ``allies``, ``foes`` or ``items``."""
    if kind not in CARD_KINDS:
        raise UsageError(f"there are no {kind!r} cards; use one of {', '.join(CARD_KINDS)}")
    tpl = _Sized(pack, spec)
    fname = fname or f"cards-{kind}.pdf"
    label = STAT_LABELS[kind]

    def jobs() -> Iterator[CardJob]:
        if kind == "legends":
            for lid, lg in pack.legends.items():
                skills = [pack.skills[s] for s in lg.skills if s in pack.skills]
                relic = pack.items.get(lg.relic) if lg.relic else None
                ctx = {"legend": lg, "skills": skills, "relic": relic, "sample": _sample(pack, "legends", lid)}
                what = f"{fname} card {lid!r} ({lg.name})"
                yield CardJob(lid, what, tpl.render("legend", ctx, what), kind="legend", name=lg.name, group=label)
        elif kind == "allies":
            for aid, ally in pack.allies.items():
                ctx = {"ally": ally, "sample": _sample(pack, "allies", aid)}
                what = f"{fname} card {aid!r} ({ally.name})"
                yield CardJob(aid, what, tpl.render("ally", ctx, what), kind="ally", name=ally.name, group=label)
        elif kind == "foes":
            order = list(pack.rules.activation_order)
            for fid, foe in sorted(pack.foes.items(), key=lambda kv: (_order(order, kv[1].cls), kv[0])):
                quarry = pack.legends[foe.target].name if foe.target in pack.legends else None  # as the engine ranks
                ctx = {"foe": foe, "order": _order(order, foe.cls) + 1, "quarry": quarry, "sample": _sample(pack, "foes", fid)}
                what = f"{fname} card {fid!r} ({foe.name})"
                yield CardJob(fid, what, tpl.render("foe", ctx, what), kind="foe", name=foe.name, group=label)
        else:
            for iid, item in sorted(pack.items.items(), key=lambda kv: (kv[1].kind != "item", kv[0])):
                ctx = {"item": item, "sample": _sample(pack, "items", iid)}
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
    return _sheets([group], compute_layout(spec), f"{GAME}: {kind} cards", f"Stat cards: {kind}", f"cards-{kind}",
                   group.holds)


def render_all_cards(pack: Pack, spec: SheetSpec, fname: str = "cards.pdf") -> RenderResult:
    """cards.pdf: every card of the kit in one file, kinds one after another on shared sheets
    (no half-empty sheet at the end of each kind): the reference cards, the stat cards, then
    the chapter decks in order, so the first sheets hold everything chapter 1 needs. Each
    card has its kind's back; the result says which card is on which sheet and slot."""
    groups = [reference_group(pack, spec, fname)]
    groups += [cards_group(pack, kind, spec, fname) for kind in CARD_KINDS if pack.kind(kind)]
    groups += [deck_group(pack, ch, spec, fname) for ch in chapters_in_order(pack.chapters)]
    count = sum(g.count for g in groups)
    holds = f"all {count} cards: " + ", ".join(f"{g.label.lower() if i else g.label} ({g.count})"
                                                for i, g in enumerate(groups))
    return _sheets(groups, compute_layout(spec), f"{GAME}: every card", "Every card of the kit: reference, stat "
                   "cards and chapter decks", fname[:-4], holds, where=True)


def _order(order: list[str], cls: str) -> int:
    return order.index(cls) if cls in order else len(order)


# ----------------------------------------------------------------------------------
# The whole kit
# ----------------------------------------------------------------------------------
def kit_plan(pack: Pack, spec: SheetSpec, mix: bool = True) -> list[Printable]:
    """Every file ``hollow print kit`` writes, in the order to print them, each with its builder.

    The duplex test comes first (with duplex backs). With ``mix`` (the default) every card is
    in one ``cards.pdf``, kinds sharing sheets, and the turn-order sheet in ``turn-order.pdf``;
    without it, a file per kind of card as ``hollow print reference``, ``deck`` and ``cards``
    write them. Then the text pages: spawn tables and setup sheets.
    """
    chapters = chapters_in_order(pack.chapters)
    plan = []
    if spec.backs in ("long", "short"):
        plan.append(Printable("duplex-test.pdf", "duplex-test", lambda: render_duplex_test(spec)))
    if mix:
        plan.append(Printable("cards.pdf", "cards", lambda: render_all_cards(pack, spec)))
        plan.append(Printable("turn-order.pdf", "turn-order", lambda: render_turn_order(pack, spec)))
    else:
        plan.append(Printable("reference.pdf", "reference", lambda: render_reference(pack, spec)))
        for kind in CARD_KINDS:
            if pack.kind(kind):
                plan.append(Printable(f"cards-{kind}.pdf", "cards", lambda kind=kind: render_cards(pack, kind, spec)))  # type: ignore[misc]
        for ch in chapters:
            plan.append(Printable(f"deck-{ch.id}.pdf", "deck", lambda ch=ch: render_deck(pack, ch, spec)))  # type: ignore[misc]
    for ch in chapters:
        plan.append(Printable(f"setup-{ch.id}.pdf", "setup", lambda ch=ch: render_setup(pack, ch, spec)))  # type: ignore[misc]
    if chapters:
        plan.append(Printable("spawn-tables.pdf", "spawn", lambda: render_spawn_tables(pack, chapters, spec)))
    return plan
