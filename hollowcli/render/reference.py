"""``reference.pdf``: reference cards from the rules' topics (``## topic`` sections of
``rules.md``), in large type for the table, and the one-page turn-order sheet
(``turn-order.pdf`` in the mixed kit)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from hollowcli.errors import RenderError
from hollowcli.pack.model import Pack
from hollowcli.render.cardface import READABLE_PT, SAFE_MM, fit_face, measure_text
from hollowcli.render.geometry import MM, PAPER_SIZES, SheetSpec, compute_layout
from hollowcli.render.layout import Pager, styles, text_file
from hollowcli.render.markup import escape_text, icons
from hollowcli.render.product import GAME, REFERENCE_LABEL, TURN_ORDER_LABEL, CardGroup, Sized, card_file
from hollowcli.render.sheet import CardJob, RenderResult

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

    text = rules_text if rules_text is not None else read_rules_md(rules_file(pack))
    sections = parse_rules_md(text)
    tpl = Sized(pack, spec)
    floor = _ref_floor(spec)
    size = max(floor, REFERENCE_PT * _ref_scale(spec))
    probe = tpl.render("reference", {"topic": "Topic", "text": "x", "part": 1, "parts": 2}, "a reference card")
    room = fit_face(probe, spec.card_w, spec.card_h, spec.bleed, "a reference card").body_room
    card = _Measure(spec.card_w * MM - 2 * SAFE_MM * MM, room, size)
    # 1. each topic's pieces: as few cards as it takes, at the usual size, or at the smallest
    # reference size (and a lone item line at the foot of a card) when that saves a card
    planned: list[tuple[str, list[str]]] = []
    for topic, body in sections:
        if card.height(body) <= room + 0.01:
            planned.append((topic, [body]))
            continue
        tries = [_split_topic(card, body, pt, glue) for pt in dict.fromkeys((size, floor)) for glue in (True, False)]
        planned.append((topic, min(tries, key=len)))
    return _share_cards(card, planned)


@dataclass(frozen=True)
class _Measure:
    """How reference text measures on a card: the text's width and the body's room (pt),
    and the usual type size."""

    width: float
    room: float
    size: float

    def height(self, text: str, pt: float | None = None) -> float:
        return measure_text(text, self.width, self.size if pt is None else pt)


def _split_topic(card: _Measure, body: str, pt: float, glue: bool) -> list[str]:
    """``body`` over as few cards as it takes at ``pt``, as evenly as can be (``glue``: a
    long item's own line keeps its first nested item with it)."""
    gap = round(pt * 0.35, 2)
    chunks: list[tuple[str, str | None]] = []
    for chunk in _split_paragraphs(body):
        chunks.extend(_nested_pieces(chunk, glue) if card.height(chunk, pt) > card.room else [(chunk, None)])
    heights = [card.height(c if m is None else f"{m} x\n{c}", pt) - (card.height(f"{m} x", pt) + gap if m else 0)
               for c, m in chunks]
    marker_h = card.height("1. (continued)", pt) + gap
    lead = [marker_h if m else 0.0 for _, m in chunks]
    cuts = _even_parts(heights, gap, card.room, lead)
    parts, start = [], 0
    for end in cuts:
        lines: list[str] = []
        for k in range(start, end):
            c, m = chunks[k]
            lines.append(f"{m} (continued)\n{c}" if m and k == start else c)
        parts.append("\n\n".join(lines))
        start = end
    return parts


def _share_cards(card: _Measure, planned: list[tuple[str, list[str]]]) -> list[RefCard]:
    """The cards of each topic's pieces, small one-card topics sharing a card (first fit, in
    the order of the rules), each under its name."""
    out: list[RefCard] = []
    merged: list[list[tuple[str, str]]] = []
    where: list[int] = []  # index in ``out`` of each merged card
    for topic, parts in planned:
        if len(parts) == 1 and card.height(parts[0]) < TINY_SHARE * card.room:
            piece = (topic, parts[0])
            for group in merged:
                joined = _merge_text(group + [piece])
                if card.height(joined) <= card.room + 0.01:
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
    return max(READABLE_PT, REFERENCE_MIN_PT * _ref_scale(spec))


def _merge_text(group: list[tuple[str, str]]) -> str:
    """Small topics on one card, each under its name in bold."""
    return "\n\n".join(f"**{topic}**\n\n{body}" for topic, body in group)


def reference_group(pack: Pack, spec: SheetSpec, fname: str = "reference.pdf", rules_text: str | None = None) -> CardGroup:
    """The reference cards (the rules' topics, for the table)."""
    tpl = Sized(pack, spec)
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
        return turn_order_page(c, pack, page_w, page_h, label)

    return sheet


def render_reference(pack: Pack, spec: SheetSpec, rules_text: str | None = None) -> RenderResult:
    """Reference cards (the rules' topics, for the table) and a one-page turn-order sheet."""
    layout = compute_layout(spec)
    group = reference_group(pack, spec, "reference.pdf", rules_text)
    res = card_file([group], layout, f"{GAME}: reference cards", "Rules reference cards and a turn-order sheet",
                    "reference", f"{group.holds}, then the turn-order sheet",
                    after=_turn_order(pack, layout.page_w, layout.page_h, "reference · turn-order sheet"))
    return replace(res, parts=res.parts + ((TURN_ORDER_LABEL, res.pages, res.pages),))


def render_turn_order(pack: Pack, spec: SheetSpec) -> RenderResult:
    """turn-order.pdf: the one-page turn-order sheet by itself (the kit's cards are in cards.pdf)."""
    pw, ph = PAPER_SIZES[spec.paper]
    data, pages = text_file(pw, ph, f"{GAME}: turn order", "The turn-order sheet: one round, step by step.",
                            _turn_order(pack, pw, ph, "turn-order"))
    return RenderResult(data, pages, 0, holds="the turn-order sheet: one round, step by step",
                        parts=((TURN_ORDER_LABEL, 1, pages),), paper="paper")


def turn_order_page(c: Any, pack: Pack, page_w: float, page_h: float, label: str = "reference · turn-order sheet") -> int:
    """The one-page turn-order sheet, in our own words, with numbers from the pack's rules;
    ``label`` names it in its bottom margin."""
    st = styles()
    r = pack.rules
    class_names = {
        "boss": "bosses", "gobkin": "Gobkins", "schrickroot": "Schrickroots", "pumpling": "Pumplings",
    }
    order = ", then ".join(escape_text(class_names.get(k, k)) for k in r.activation_order)
    pg = Pager(c, page_w, page_h, label)
    P = pg.para
    P("Turn order: one round", st["title"])
    P(f"{escape_text(GAME)} · keep this sheet beside the board", st["sub"])
    P("1. Legend phase", st["h"])
    P("Each Legend takes its turn once, in any order the players choose:", st["p"])
    P(icons("<b>Refresh.</b> If its preparation space holds no {token}, move all of them back there."), st["step"], "a")
    P("<b>Swap.</b> It may exchange its equipped relic for another one from its inventory.", st["step"], "b")
    P(icons(
        "<b>Move and act</b>, in either order: move up to its {move} value, and take one action: "
        "an attack, an environment action (search, hand over an item), a restore, or a skill or item "
        "that spends {token}."
    ), st["step"], "c")
    P("2. Adversary phase: the storybook track decides", st["h"])
    P("Look at the spot of the chapter's storybook track where the token stands. Its actions, "
      "in the order shown, are everything the adversary does this round; an action the spot "
      "does not show does not happen (no move, no attack or no spawn that round).", st["p"])
    P(f"<b>Move, attack.</b> Every foe on the board activates, class by class: {order}; within a class, "
      "in the order they came onto the board. A foe moves toward the closest Legend (tie: the highest "
      "attack priority; a chapter may say allies count too) and stops as soon as it can attack; it attacks when it has range and line of "
      "sight. On a spot with both, each foe moves and then attacks before the next foe acts.",
      st["step"], "a")
    P(icons("<b>Spawn.</b> Take the next entry of the chapter's spawn list; roll a {dice} D6 for each group. "
            "A barricaded or missing spawn point sends the group to the lowest-numbered open one."),
      st["step"], "b")
    P("<b>Card.</b> A spot that draws a chapter card does so after its other actions: read it aloud "
      "and do what it says.", st["step"], "c")
    P("<b>Slide</b> the token to the next spot (a card may move it further). At the end of the track "
      "it starts again from the first spot, or stays on the last, as the chapter's setup sheet says.",
      st["step"], "d")
    P("3. End of round", st["h"])
    P(icons(f"If any Legend is at 0 {{health}} or less, or has {r.fear_limit} {{fear}} or more, the chapter is "
            "lost: reset the chapter and the Legends, reshuffle the chapter cards, keep items and relics "
            "(not the chapter's own items)."), st["p"])
    P("Numbers to remember", st["h"])
    P(icons("<b>Attack:</b> direct {damage} + dice {dice} − defense {defense}, never below 0."), st["step"], "\u2022")
    P(icons(f"<b>Fear:</b> any damage taken gives {r.fear_per_damage} {{fear}} (once per attack, however much damage)."),
      st["step"], "\u2022")
    P(icons(f"<b>Leaving</b> a location with foes: one attack die per foe; {r.leave_damage_per_hit} {{damage}} "
            "for each non-blank face."), st["step"], "\u2022")
    P("<b>Range and movement</b> are orthogonal; line of sight is needed for every attack and figures never block it.",
      st["step"], "\u2022")
    return pg.close()
