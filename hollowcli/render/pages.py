"""Full-page printables: the turn-order sheet and the spawn tables.

Flowing text and simple tables on plain pages, laid out by the small :class:`Pager`
below with the same fast text engine as the cards (no platypus), on the same kind of
canvas (embedded fonts, invariant, metadata). Spawn results come from
:func:`hollowcli.engine.resolve.spawn_point`, the same function the ``hollow spawn``
command and the solo engine use.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from hollowcli.engine.resolve import spawn_point
from hollowcli.names import plural
from hollowcli.pack.model import Chapter, Pack
from hollowcli.render.cardface import SCHEMES, Placed, _para, draw_placed
from hollowcli.render.fonts import BOLD, CONDENSED_BOLD, OBLIQUE, REGULAR, register_fonts
from hollowcli.render.geometry import LABEL_PT, MM, PAPER_SIZES, SheetSpec
from hollowcli.render.markup import escape_text, icons
from hollowcli.render.sheet import RenderResult, finish_page, new_canvas

PAGE_MARGIN_MM = 16.0
#: The page label's baseline: inside the printable area, below the text.
LABEL_Y_MM = 9.0
GAME_NAME = "Legends of Sleepy Hollow"
GRID_COLOUR = "#777777"
REDIRECT_TINT = "#f6e3c6"


def _styles() -> dict[str, Any]:
    from reportlab.lib.colors import HexColor
    from reportlab.lib.styles import ParagraphStyle

    dark = HexColor("#1a1a1a")
    return {
        "title": ParagraphStyle("title", fontName=CONDENSED_BOLD, fontSize=20, leading=24, textColor=dark, spaceAfter=2),
        "sub": ParagraphStyle("sub", fontName=OBLIQUE, fontSize=10, leading=13, textColor=HexColor("#444444"), spaceAfter=8),
        "h": ParagraphStyle("h", fontName=BOLD, fontSize=13.5, leading=17, textColor=dark, spaceBefore=8, spaceAfter=3),
        "p": ParagraphStyle("p", fontName=REGULAR, fontSize=11, leading=14.5, textColor=dark, spaceAfter=4),
        "step": ParagraphStyle(
            "step", fontName=REGULAR, fontSize=11, leading=14.5, textColor=dark, leftIndent=18,
            bulletIndent=4, bulletFontName=BOLD, bulletFontSize=11, spaceAfter=3,
        ),
        "cell": ParagraphStyle("cell", fontName=REGULAR, fontSize=9.5, leading=12, textColor=dark),
        "cellc": ParagraphStyle("cellc", fontName=REGULAR, fontSize=9.5, leading=12, textColor=dark, alignment=1),
        "cellb": ParagraphStyle("cellb", fontName=BOLD, fontSize=9.5, leading=12, textColor=dark, alignment=1),
        "small": ParagraphStyle("small", fontName=OBLIQUE, fontSize=8.5, leading=11, textColor=HexColor("#555555"), spaceBefore=4),
    }


@dataclass
class SimpleTable:
    """A grid of plain-text cells: a header row, column widths (pt), styles and shading."""

    rows: list[list[str]]
    widths: list[float]
    styles: list[Any]  # one ParagraphStyle per column (body rows)
    header_style: Any
    header_fill: str
    fills: dict[tuple[int, int], str] = field(default_factory=dict)  # (row, col) -> colour
    pad: float = 3.0


class Pager:
    """Pours paragraphs and tables onto pages, top to bottom, starting new pages as needed."""

    def __init__(self, canvas: Any, page_w_mm: float, page_h_mm: float, label: str = ""):
        self.c = canvas
        self.label = label
        self.page_w_mm = page_w_mm
        self.measure = False  # True: lay out and move the cursor, draw nothing (to measure a page)
        self.left = PAGE_MARGIN_MM * MM
        self.top = page_h_mm * MM - PAGE_MARGIN_MM * MM
        self.bottom = PAGE_MARGIN_MM * MM
        self.width = page_w_mm * MM - 2 * PAGE_MARGIN_MM * MM
        self.y = self.top
        self.pages = 0
        self.dirty = False
        # The page's texts, drawn together in one text object when the page is finished (or
        # when something else must be drawn over them): text never lies under a later shape.
        self.texts: list[Placed] = []

    def flush(self) -> None:
        """Draw the texts placed so far on this page."""
        if self.texts:
            draw_placed(self.c, self.texts)
            self.texts = []

    def _finish(self) -> None:
        """Label the page in its bottom margin (inside the printable area), then finish it."""
        self.flush()
        self.pages += 1
        from hollowcli.render.geometry import PRINTABLE_MM, RULER_LENGTH, Ruler
        from hollowcli.render.sheet import draw_ruler

        # The 50 mm calibration ruler in the bottom margin, right, inside the printable area.
        draw_ruler(self.c, Ruler(self.page_w_mm - PAGE_MARGIN_MM - RULER_LENGTH, PRINTABLE_MM + 1.0, False))
        if self.label:
            c = self.c
            c.saveState()
            c.setFillColorRGB(0.35, 0.35, 0.35)
            c.setFont(REGULAR, LABEL_PT)
            c.drawString(self.left, LABEL_Y_MM * MM, f"{self.label} · page {self.pages}")
            c.restoreState()
        finish_page(self.c)

    def new_page(self) -> None:
        if self.dirty:
            self._finish()
        self.y = self.top
        self.dirty = False

    def close(self) -> int:
        if self.dirty:
            self._finish()
            self.dirty = False
        return self.pages

    def need(self, height: float) -> None:
        """Start a new page unless ``height`` points are left on this one."""
        if self.dirty and self.y - height < self.bottom:
            self.new_page()

    def para(self, markup: str, style: Any, bullet: str | None = None, keep: float = 0.0) -> None:
        """A paragraph; ``keep`` points of what follows must fit on the same page (a heading
        keeps a few lines of its text with it, never left alone at the foot of a page)."""
        flow = _para(markup, style, bullet)
        _, h = flow.wrap(self.width, 1e6)
        before = style.spaceBefore if self.dirty else 0
        self.need(before + h + keep)
        if self.dirty:
            self.y -= before
        if not self.measure:
            self.texts.append(Placed(flow, self.left, self.y, h))
        self.y -= h + style.spaceAfter
        self.dirty = True

    def space(self, height: float) -> None:
        self.y -= height

    def table(self, t: SimpleTable) -> None:
        def layout(cells: list[str], styles: list[Any]) -> tuple[list[Any], float]:
            flows, tallest = [], 0.0
            for text, w, st in zip(cells, t.widths, styles):
                f = _para(escape_text(text), st)
                _, h = f.wrap(w - 2 * t.pad, 1e6)
                flows.append(f)
                tallest = max(tallest, h)
            return flows, tallest + 2 * t.pad

        header = layout(t.rows[0], [t.header_style] * len(t.widths))
        self.need(header[1] * 2)
        self._row(t, header[0], header[1], 0, t.header_fill)
        for r, cells in enumerate(t.rows[1:], 1):
            flows, h = layout(cells, t.styles)
            if self.y - h < self.bottom:
                self.new_page()
                self._row(t, header[0], header[1], 0, t.header_fill)  # repeat the header
            self._row(t, flows, h, r, None)
        self.y -= 6

    def _row(self, t: SimpleTable, flows: list[Any], h: float, r: int, fill: str | None) -> None:
        from reportlab.lib.colors import HexColor

        if self.measure:
            self.y -= h
            self.dirty = True
            return

        c = self.c
        x = self.left
        c.saveState()
        c.setLineWidth(0.4)
        c.setStrokeColor(HexColor(GRID_COLOUR))
        for col, w in enumerate(t.widths):
            colour = fill or t.fills.get((r, col))
            if colour:
                c.setFillColor(HexColor(colour))
                c.rect(x, self.y - h, w, h, stroke=1, fill=1)
            else:
                c.rect(x, self.y - h, w, h, stroke=1, fill=0)
            x += w
        c.restoreState()
        x = self.left
        for f, w in zip(flows, t.widths):
            self.texts.append(Placed(f, x + t.pad, self.y - h + (h - f.height) / 2 + f.height, f.height))
            x += w
        self.y -= h
        self.dirty = True


def text_file(page_w: float, page_h: float, title: str, subject: str, draw: Any) -> tuple[bytes, int]:
    """A PDF of text pages: ``draw(canvas)`` fills it and returns its number of pages."""
    register_fonts()
    buf = io.BytesIO()
    c = new_canvas(buf, page_w, page_h, title, f"{subject} Print at 100%.")
    pages = int(draw(c))
    c.save()
    return buf.getvalue(), pages


def turn_order_page(c: Any, pack: Pack, page_w: float, page_h: float, label: str = "reference · turn-order sheet") -> int:
    """The one-page turn-order sheet, in our own words, with numbers from the pack's rules;
    ``label`` names it in its bottom margin."""
    st = _styles()
    r = pack.rules
    class_names = {
        "boss": "bosses", "gobkin": "Gobkins", "schrickroot": "Schrickroots", "pumpling": "Pumplings",
    }
    order = ", then ".join(escape_text(class_names.get(k, k)) for k in r.activation_order)
    pg = Pager(c, page_w, page_h, label)
    P = pg.para
    P("Turn order: one round", st["title"])
    P(f"{escape_text(GAME_NAME)} · keep this sheet beside the board", st["sub"])
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
      "in the order they came onto the board. A foe moves toward the closest hero, Legend or ally (tie: the highest "
      "attack priority) and stops as soon as it can attack; it attacks when it has range and line of "
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


def _die_values(pack: Pack) -> list[int]:
    die = pack.dice.get(pack.rules.spawn_die)
    if die is None:
        return [1, 2, 3, 4, 5, 6]
    return [f.value for f in die.faces]


def _card_changes(chapter: Chapter) -> tuple[dict[int, list[str]], dict[int, list[str]]]:
    """Spawn points chapter cards may lock and unlock -> titles of those cards."""
    locks: dict[int, list[str]] = {}
    unlocks: dict[int, list[str]] = {}
    for card in chapter.cards:
        for key, target in (("lock", locks), ("unlock", unlocks)):
            v = card.effect.get(key)
            if v is None:
                continue
            values = v if isinstance(v, (list, tuple)) else [v]
            for p in values:
                try:
                    target.setdefault(int(p), []).append(card.title)
                except (TypeError, ValueError):
                    continue
    return locks, unlocks


def spawn_list_rows(pack: Pack, chapter: Chapter) -> list[list[str]]:
    """The spawn list as a table: a header, then each entry's number and groups."""
    rows = [["#", "Groups (one D6 each)"]]
    for n, entry in enumerate(chapter.spawn_list, 1):
        groups = [f"{g.count}\u00d7 {pack.foes[g.foe].name if g.foe in pack.foes else g.foe}" for g in entry]
        rows.append([str(n), ", ".join(groups) or "nothing"])
    return rows


def spawn_chapter(pg: Pager, pack: Pack, chapter: Chapter) -> None:
    """One chapter's spawn page: points, barricades, the roll table, the grid, the spawn list."""
    st = _styles()
    points = list(chapter.spawn_points)
    barricades = sorted(set(chapter.barricades))
    rolls = _die_values(pack)
    tint = SCHEMES["chapter"][2]
    usable_w = pg.width
    pts = ", ".join(str(p) for p in points) or "none"
    bars = ", ".join(str(b) for b in barricades) or "none"
    pg.need(120 * MM)
    pg.para(f"Chapter {chapter.number}: {escape_text(chapter.name)}", st["title"])
    pg.para(icons(f"Spawn points on the map: <b>{pts}</b> · {{barricade}} barricades at setup: <b>{bars}</b>"), st["sub"])
    pg.para(icons("Roll a D6 {dice} for each group. If that spawn point is barricaded or not on the map, "
                  "the group spawns at the lowest-numbered open spawn point."), st["p"])

    # --- the main table: every roll under the setup barricades -----------------------
    rows = [["Roll", "Spawn at", "Why"]]
    fills: dict[tuple[int, int], str] = {}
    for i, roll in enumerate(rolls, 1):
        res = spawn_point(roll, points, barricades)
        rows.append([str(roll), "nothing spawns" if res.point is None else str(res.point), res.reason.split(": ", 1)[-1]])
        if res.redirected:
            fills.update({(i, col): REDIRECT_TINT for col in range(3)})
    pg.para("Under the setup barricades", st["h"])
    pg.table(SimpleTable(rows, [18 * MM, 26 * MM, usable_w - 44 * MM],
                         [st["cellb"], st["cellb"], st["cell"]], st["cellb"], tint, fills))

    # --- compact grid: each further barricade the story may add (or remove) ------------
    locks, unlocks = _card_changes(chapter)
    scenarios: list[tuple[str, list[int]]] = []
    for p in points:
        if p in barricades:
            continue
        label = f"+ barricade on {p}"
        if p in locks:
            label += " (card: " + ", ".join(locks[p]) + ")"
        scenarios.append((label, barricades + [p]))
    for p, titles in sorted(unlocks.items()):
        if p in barricades:
            scenarios.append((f"− barricade on {p} (card: " + ", ".join(titles) + ")", [b for b in barricades if b != p]))
    card_locks = sorted(p for p in locks if p not in barricades)
    if len(card_locks) > 1:
        scenarios.append(("all card barricades (" + ", ".join(map(str, card_locks)) + ")", barricades + card_locks))
    if scenarios:
        cell = min(14 * MM, (usable_w - 60 * MM) / max(1, len(rolls)))
        grid = [["Barricades"] + [str(r) for r in rolls]]
        gfills: dict[tuple[int, int], str] = {}
        for ri, (label, locked) in enumerate(scenarios, 1):
            row = [label]
            for ci, roll in enumerate(rolls, 1):
                res = spawn_point(roll, points, locked)
                row.append("—" if res.point is None else str(res.point))
                if res.redirected:
                    gfills[(ri, ci)] = REDIRECT_TINT
            grid.append(row)
        pg.para("If the story adds or removes a barricade", st["h"])
        pg.para("Each row: the spawn point for each roll with the setup barricades plus that change. "
                "Shaded cells are redirected; — means every point is barricaded and nothing spawns.", st["small"])
        pg.space(2 * MM)
        pg.table(SimpleTable(grid, [usable_w - cell * len(rolls)] + [cell] * len(rolls),
                             [st["cell"]] + [st["cellc"]] * len(rolls), st["cellb"], tint, gfills))

    # --- the spawn list ------------------------------------------------------------------
    pg.para("Spawn list", st["h"])
    if not chapter.spawn_list:
        pg.para("This chapter has no spawn list.", st["p"])
        return
    lst = spawn_list_rows(pack, chapter)
    loops = getattr(pack.rules, "spawn_list_end", "loop") == "loop"
    pg.para(icons("Each {spawn} spawn action of the storybook track takes the next entry, in this order; "
                  + ("after the last entry the list starts again from the top." if loops
                     else "after the last entry no more foes spawn from the list.")), st["small"])
    pg.space(2 * MM)
    pg.table(SimpleTable(lst, [14 * MM, usable_w - 14 * MM], [st["cellc"], st["cell"]], st["cellb"], tint))


def spawn_pages(pack: Pack, chapters: Sequence[Chapter], spec: SheetSpec, label: str = "spawn-tables") -> RenderResult:
    """spawn-tables.pdf: one section per chapter, each starting on a fresh page; ``label``
    (the file's name without .pdf) is printed on each page."""
    register_fonts()
    pw, ph = PAPER_SIZES[spec.paper]
    buf = io.BytesIO()
    names = ", ".join(ch.name for ch in chapters[:3]) + (" ..." if len(chapters) > 3 else "")
    c = new_canvas(buf, pw, ph, f"{GAME_NAME}: spawn tables", f"Spawn tables for {names}. Print at 100%.")
    pg = Pager(c, pw, ph, label)
    parts = []
    for ch in chapters:
        pg.new_page()
        first = pg.pages + 1
        spawn_chapter(pg, pack, ch)
        parts.append((f"Chapter {ch.number}", first, pg.pages + (1 if pg.dirty else 0)))
    pages = pg.close()
    c.save()
    return RenderResult(buf.getvalue(), pages, 0, (), (), (), "spawn tables: what each roll yields, chapter by chapter",
                        parts=tuple(parts), paper="paper")


# ----------------------------------------------------------------------------------
# The kit's index
# ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class IndexEntry:
    """One file of the kit as the index lists it."""

    name: str
    holds: str
    pages: int
    cards: int
    back_pages: tuple[int, ...]
    paper: str = "paper"  # what to print it on: "card" (card stock) or "paper"
    where: tuple[Any, ...] = ()  # which card is on which sheet and slot (sheet.Placement), if it mixes kinds
    parts: tuple[tuple[str, int, int], ...] = ()  # (what, first page, last page)


def _page_list(pages: Sequence[int]) -> str:
    """``2, 4, 6`` or ``2, 4, … 12`` (every other page) for long runs."""
    if not pages:
        return "none"
    if len(pages) > 4 and all(b - a == 2 for a, b in zip(pages, pages[1:])):
        return f"{pages[0]}, {pages[1]}, … {pages[-1]} (every even page)"
    return ", ".join(str(p) for p in pages)


def _ranges(pages: Sequence[int]) -> str:
    """``1–12, 15`` for a set of page numbers."""
    runs: list[list[int]] = []
    for p in sorted(set(pages)):
        if runs and p == runs[-1][1] + 1:
            runs[-1][1] = p
        else:
            runs.append([p, p])
    return ", ".join(str(a) if a == b else f"{a}\u2013{b}" for a, b in runs)


def _pages_of(entry: IndexEntry, wanted: Sequence[str]) -> set[int]:
    """The pages of ``entry`` that hold one of the parts ``wanted`` (a card file's group, a
    chapter's pages)."""
    out: set[int] = set()
    for what, first, last in entry.parts:
        if what in wanted:
            out.update(range(first, last + 1))
    return out


def _stock(spec: SheetSpec, e: IndexEntry) -> str:
    """What to print a file on, in a few words."""
    if e.paper == "card":
        if spec.backs in ("long", "short"):
            return f"card stock, two-sided ({spec.backs} edge)"
        return "card stock, one-sided" + (" (fold)" if spec.backs == "fold" else "")
    if e.back_pages:
        return f"paper, two-sided ({spec.backs} edge)"
    return "paper, one-sided"


def _file_pages(e: IndexEntry, pages: set[int]) -> str:
    if pages >= set(range(1, e.pages + 1)):
        return f"<b>{escape_text(e.name)}</b>"
    return f"<b>{escape_text(e.name)}</b> {'pages' if len(pages) > 1 else 'page'} {_ranges(sorted(pages))}"


def first_printing(spec: SheetSpec, entries: Sequence[IndexEntry], chapter: str, needs: Sequence[str]) -> list[str]:
    """A first-timer's checklist: the duplex test, what the first chapter needs (card stock,
    then paper), then the rest, then cutting."""
    steps = []
    duplex = spec.backs in ("long", "short")
    test = next((e for e in entries if e.name == "duplex-test.pdf"), None)
    if duplex and test is not None:
        steps.append(
            f"First <b>duplex-test.pdf</b>, on the card stock you will use (or paper), two-sided, flip on the "
            f"{spec.backs} edge, at 100%. Measure its 50 mm ruler; hold the sheet to a light and read your printer's "
            "back offset. If it is not 0,0, print the card files with <b>--back-offset X,Y</b> (for example "
            "<b>hollow print kit --back-offset 1.5,-1</b>).")
    rest = [e for e in entries if e.name != "duplex-test.pdf"]
    if chapter and needs:
        cards: list[str] = []
        paper: list[str] = []
        later: list[str] = []
        for e in rest:
            got = _pages_of(e, needs)
            if got:
                (cards if e.paper == "card" else paper).append(_file_pages(e, got))
            left = set(range(1, e.pages + 1)) - got if e.parts else set()
            if left or not e.parts:
                later.append(_file_pages(e, left) if e.parts and got else f"<b>{escape_text(e.name)}</b>")
        first = []
        if cards:
            first.append(", ".join(cards) + " on card stock" + (", two-sided" if duplex else ""))
        if paper:
            first.append(", ".join(paper) + " on paper, one-sided")
        if first:
            steps.append(f"What {escape_text(chapter)} needs: " + "; then ".join(first) + ".")
        if later:
            steps.append("The rest when you reach its chapter: " + ", ".join(later) + ".")
    else:
        steps.append("Print the files in the order of the table below: card files on card stock, the rest on paper.")
    steps.append("Cut along the crop marks (or the full-length cut lines), then sort the cards by their backs.")
    return steps


def how_to_print(spec: SheetSpec) -> list[str]:
    """The printing steps for this kit, in words (the index and docs say the same)."""
    steps = [
        "Print at <b>100%</b> (\"actual size\"); never \"fit to page\" or \"shrink\". Measure the 50 mm "
        "ruler in the margin of the first sheet: if it is not 50 mm, the printer scaled the page.",
    ]
    if spec.backs in ("long", "short"):
        edge = "long" if spec.backs == "long" else "short"
        steps.append(
            f"Card files: print <b>two-sided, flip on the {edge} edge</b> (the PDFs ask for it). In each card file "
            "the backs page follows its fronts page, so every even page is a backs page (listed below). "
            "Without duplex, print the odd pages, put the stack back in the tray and print the even pages.")
        steps.append(
            "If the backs come out shifted, print duplex-test.pdf (<b>hollow print duplex-test</b>), read the "
            "offset it shows and print again with --back-offset X,Y.")
    elif spec.backs == "fold":
        steps.append("Card files: print <b>one-sided</b>. Each page holds fronts on the left and their backs on the "
                     "right: cut the pair out, fold along the dashed line, glue, then cut the card.")
    else:
        steps.append("Card files: print <b>one-sided</b>; there are no backs (--backs none).")
    steps.append("Card stock: about 250\u2013300 g/m\u00b2 (110 lb cover) that your printer takes, or paper glued to "
                 "thin card. Sheets of text (setup sheets, spawn tables, the turn-order sheet) go on plain paper, "
                 "one-sided.")
    steps.append("Cut along the crop marks (or the full-length cut lines). Each sheet's label in the margin "
                 "names its file, its number and its side.")
    return steps


def where_rows(entry: IndexEntry, duplex: bool) -> list[list[str]]:
    """The rows of a file's "where each card is" table: a sheet, its pages, its cards by slot."""
    rows: list[list[str]] = []
    by_sheet: dict[int, list[Any]] = {}
    for p in entry.where:
        by_sheet.setdefault(p.sheet, []).append(p)
    for n, places in sorted(by_sheet.items()):
        pages = f"{2 * n - 1}\u2013{2 * n}" if duplex else str(n)
        groups: list[str] = []
        last = None
        for p in places:
            slot = str(p.first) if p.first == p.last else f"{p.first}\u2013{p.last}"
            if p.group != last:
                groups.append(f"{p.group}: {slot} {p.name}")
                last = p.group
            else:
                groups[-1] += f" · {slot} {p.name}"
        rows.append([f"{n} (p. {pages})", "; ".join(groups)])
    return rows


def index_pages(spec: SheetSpec, entries: Sequence[IndexEntry], notes: Sequence[str], chapter: str = "",
                needs: Sequence[str] = ()) -> RenderResult:
    """index.pdf, a first-timer's checklist: the first printing step by step, how to print,
    every file in print order (what it holds, what to print it on, pages, cards, backs
    pages), which card is where in a file that mixes kinds, and what the layout could not fit."""
    register_fonts()
    pw, ph = PAPER_SIZES[spec.paper]
    buf = io.BytesIO()
    c = new_canvas(buf, pw, ph, f"{GAME_NAME}: print-and-play kit", "What each file holds and how to print it.")
    pg = Pager(c, pw, ph, "index")
    st = _styles()
    keep = 3 * st["p"].leading  # a heading keeps three lines of what follows with it
    pg.new_page()
    total_cards = sum(e.cards for e in entries)
    total_pages = sum(e.pages for e in entries)
    pg.para(f"{escape_text(GAME_NAME)}: print-and-play kit", st["title"])
    pg.para(f"{escape_text(spec.describe())} · {plural(len(entries), 'file')}, {plural(total_pages, 'page')}, {plural(total_cards, 'card')}", st["sub"])
    pg.para("Your first printing", st["h"], keep=keep)
    for step in first_printing(spec, entries, chapter, needs):
        pg.para(step, st["step"], "\u2610")
    pg.para("How to print", st["h"], keep=keep)
    for n, step in enumerate(how_to_print(spec), 1):
        pg.para(step, st["step"], f"{n}")
    pg.para("The files, in the order to print them", st["h"], keep=keep)
    # Which pages are backs matters only when a file has backs pages (duplex); with
    # --backs none or fold the column would say "none" on every row, so it is left out.
    backs = any(e.back_pages for e in entries)
    rows = [["File", "Holds", "Print on", "Pages", "Cards"] + (["Backs pages"] if backs else [])]
    for e in entries:
        rows.append([e.name, e.holds, _stock(spec, e), str(e.pages), str(e.cards) if e.cards else "—"]
                    + ([_page_list(e.back_pages)] if backs else []))
    rows.append(["Total", "", "", str(total_pages), str(total_cards)] + ([""] if backs else []))
    w = pg.width
    last = 26 * MM if backs else 0
    widths = [46 * MM, w - 46 * MM - 29 * MM - 15 * MM - 14 * MM - last, 29 * MM, 15 * MM, 14 * MM] + ([last] if backs else [])
    styles = [st["cell"], st["cell"], st["cell"], st["cellc"], st["cellc"]] + ([st["cell"]] if backs else [])
    pg.table(SimpleTable(rows, widths, styles, st["cellb"], SCHEMES["reference"][2]))
    for e in entries:
        if not e.where:
            continue
        pg.para(f"Where each card is: {escape_text(e.name)}", st["h"], keep=keep)
        pg.para("Slots are counted row by row from the top left of the fronts page; the sheet's label in the "
                "margin gives its number.", st["small"])
        pg.space(2 * MM)
        table = [["Sheet", "Cards by slot"]] + where_rows(e, spec.backs in ("long", "short"))
        pg.table(SimpleTable(table, [27 * MM, w - 27 * MM], [st["cell"], st["cell"]], st["cellb"],
                             SCHEMES["reference"][2]))
    if notes:
        pg.para("What this layout could not fit", st["h"], keep=keep)
        for note in notes:
            pg.para(escape_text(note[:1].upper() + note[1:]) + ".", st["step"], "\u2022")
    pages = pg.close()
    c.save()
    return RenderResult(buf.getvalue(), pages, 0, (), (), (), "this index", paper="paper")


# ----------------------------------------------------------------------------------
# The duplex test sheet
# ----------------------------------------------------------------------------------
#: The front's lines reach this far either side of a target (mm): past the back's scales,
#: whatever offset they read.
DUPLEX_LINE_MM = 25.0
#: The scales sit this far below and left of the spot a target lands on (mm); their numbers
#: are this large (pt), every DUPLEX_STEP_MM, and they reach MAX_BACK_OFFSET either way.
DUPLEX_GAP_MM = 12.0
DUPLEX_NUMBER_PT = 6.5
DUPLEX_STEP_MM = 2
#: Room the back's title takes at the top of the page, and what a target's scales and words
#: need around the spot it lands on, offsets included (mm).
DUPLEX_BACK_HEAD_MM = 32.0
DUPLEX_REACH_UP_MM = 23.0
DUPLEX_REACH_DOWN_MM = 30.0
DUPLEX_BOTTOM_MM = 16.0


def duplex_targets(spec: SheetSpec, text_bottom_mm: float) -> list[tuple[str, float, float]]:
    """The targets of the duplex test, (name, x, y) in mm on the front, below its instructions
    (``text_bottom_mm``) and placed so that their scales on the back, moved by any offset the
    scales can read, stay clear of the back's title and of each other: B high on the left, A in
    the middle, C low on the right."""
    pw, ph = PAPER_SIZES[spec.paper]
    short = spec.backs == "short"
    top = min(text_bottom_mm - DUPLEX_LINE_MM - 5.0, ph - DUPLEX_BACK_HEAD_MM - DUPLEX_REACH_UP_MM)
    low = DUPLEX_BOTTOM_MM + max(DUPLEX_LINE_MM, DUPLEX_REACH_DOWN_MM)
    if short:  # the back is upside down: a target low on the front lands high on the back
        low = max(low, DUPLEX_BACK_HEAD_MM + DUPLEX_REACH_UP_MM)
        top = min(top, ph - DUPLEX_BOTTOM_MM - DUPLEX_REACH_DOWN_MM)
    mid = (top + low) / 2
    return [("A", 0.5 * pw, mid), ("B", 0.3 * pw, top), ("C", 0.7 * pw, low)]


def duplex_test_pages(spec: SheetSpec) -> RenderResult:
    """duplex-test.pdf: a front with crossing lines and a back with millimetre scales where
    those lines land when the printer turns the sheet exactly; the scale number a front line
    meets is the --back-offset to use. The scales read every offset --back-offset accepts."""
    from hollowcli.errors import UsageError
    from hollowcli.render.geometry import MAX_BACK_OFFSET, PRINTABLE_MM, Ruler
    from hollowcli.render.sheet import draw_label, draw_ruler

    if spec.backs not in ("long", "short"):
        raise UsageError("duplex-test is for two-sided printing; use --backs long or --backs short")
    register_fonts()
    pw, ph = PAPER_SIZES[spec.paper]
    buf = io.BytesIO()
    c = new_canvas(buf, pw, ph, f"{GAME_NAME}: duplex test", f"Duplex test sheet, {spec.describe()}. Print at 100%.",
                   spec.backs)
    mirror_x = spec.backs == "long"  # the test sheet is portrait: long edge = left-right flip
    ox, oy = spec.offset_x, spec.offset_y
    st = _styles()
    edge = "long" if spec.backs == "long" else "short"
    reach = int(MAX_BACK_OFFSET)

    # ---- front
    pg = Pager(c, pw, ph)
    pg.new_page()
    pg.para("Duplex test: front", st["title"])
    pg.para(f"Print this file <b>two-sided, flip on the {edge} edge</b>, at 100%, on the stock you print cards on.",
            st["sub"])
    offset_note = (f" You printed with --back-offset {ox:g},{oy:g}: add the numbers you read to it."
                   if ox or oy else "")
    pg.para("Hold the printed sheet up to a bright light. At each of the targets A, B and C, the front's two "
            "lines cross the scales printed on the back. Read the number where the front's <b>vertical</b> line "
            "meets the back's horizontal scale (X), and where the front's <b>horizontal</b> line meets the back's "
            f"vertical scale (Y); the scales read up to {reach} mm either way. Then print the cards with "
            "<b>--back-offset X,Y</b>: if A, B and C read alike, that offset lines every back up." + offset_note,
            st["p"])
    pg.flush()
    targets = duplex_targets(spec, pg.y / MM)
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.35)
    c.setFont(BOLD, 11)
    for name, x, y in targets:
        x, y = x * MM, y * MM
        c.line(x - DUPLEX_LINE_MM * MM, y, x + DUPLEX_LINE_MM * MM, y)
        c.line(x, y - DUPLEX_LINE_MM * MM, x, y + DUPLEX_LINE_MM * MM)
        c.drawString(x + 2 * MM, y + 2 * MM, name)
    c.restoreState()
    draw_ruler(c, Ruler(pw - PAGE_MARGIN_MM - 50.0, PRINTABLE_MM + 1.0, False))
    draw_label(c, _text_label(pw), "duplex-test · front")
    finish_page(c)

    # ---- back: the scales, where the front's lines land when the sheet is turned
    c.saveState()
    c.setFont(BOLD, 14)
    c.drawString(PAGE_MARGIN_MM * MM, (ph - PAGE_MARGIN_MM) * MM - 14, "Duplex test: back")
    c.setFont(REGULAR, 9)
    c.drawString(PAGE_MARGIN_MM * MM, (ph - PAGE_MARGIN_MM) * MM - 30,
                 "Numbers are millimetres: the one a front line meets is the --back-offset value (X right, Y up).")
    for name, fx, fy in targets:
        x = pw - fx if mirror_x else fx
        y = fy if mirror_x else ph - fy
        x, y = (x + ox) * MM, (y + oy) * MM
        # The X scale below the point (the front's vertical line crosses it), the Y scale to
        # its left (the front's horizontal line crosses it); a dot where the lines should meet.
        _scale(c, x, y - DUPLEX_GAP_MM * MM, False)
        _scale(c, x - DUPLEX_GAP_MM * MM, y, True)
        c.circle(x, y, 0.6 * MM, stroke=0, fill=1)
        c.setFont(BOLD, 11)
        c.drawString(x + 3 * MM, y + 3 * MM, name)
        c.setFont(REGULAR, 6.5)
        c.drawString(x + 3 * MM + 10, y + 3 * MM, "X below, Y at the left")
    c.restoreState()
    draw_label(c, _text_label(pw), "duplex-test · back")
    finish_page(c)
    c.save()
    return RenderResult(buf.getvalue(), 2, 0, (), (), (2,), "the duplex calibration sheet")


def _text_label(pw: float) -> Any:
    from hollowcli.render.geometry import Label

    return Label(PAGE_MARGIN_MM, LABEL_Y_MM - 0.6, False, 60.0)


def _scale(c: Any, x: float, y: float, vertical: bool) -> None:
    """A millimetre scale through (x, y) points reaching MAX_BACK_OFFSET either way, with the
    value growing to the right (or up): a tick every half mm, longer every mm and longer still
    where it is numbered (every DUPLEX_STEP_MM). Neighbouring numbers alternate between two
    rows (below an X scale) or two columns (left of a Y scale), so none touches another;
    left of (below) 0 the numbers are negative."""
    from hollowcli.render.geometry import MAX_BACK_OFFSET

    n = int(MAX_BACK_OFFSET)
    c.saveState()
    c.translate(x, y)
    c.setLineWidth(0.25)
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(0, 0, 0)
    along = (lambda v, d: (0, v, -d, v)) if vertical else (lambda v, d: (v, 0, v, -d))
    c.line(*((0, -n * MM, 0, n * MM) if vertical else (-n * MM, 0, n * MM, 0)))
    for half in range(-2 * n, 2 * n + 1):
        v = half / 2
        numbered = half % (2 * DUPLEX_STEP_MM) == 0
        tick = 3.2 if half == 0 else 2.4 if numbered else 1.4 if half % 2 == 0 else 0.8
        c.line(*(t * MM for t in along(v, tick)))
    c.setFont(REGULAR, DUPLEX_NUMBER_PT)
    ascent = DUPLEX_NUMBER_PT * 0.73
    for k, v in enumerate(range(-n, n + 1, DUPLEX_STEP_MM)):
        text = str(v)  # "-4", "0", "4": a short minus keeps neighbours apart
        outer = k % 2 == 1
        if vertical:
            right = -(3.0 + (4.8 if outer else 0.0)) * MM
            c.drawRightString(right, v * MM - ascent / 2, text)
        else:
            base = -(3.0 + (2.9 if outer else 0.0)) * MM - ascent
            c.drawCentredString(v * MM, base, text)
    c.setFont(BOLD, 6)
    if vertical:
        c.drawString(1.2 * MM, n * MM - 2.0, "Y mm")
    else:
        c.drawString((n + 1.2) * MM, -1.0 * MM, "X mm")
    c.restoreState()
