"""``index.pdf``: the kit's checklist for a first printing, how to print, each file in
print order (what it holds, what to print it on, pages, cards, backs pages) and which card
is where in a file that mixes kinds."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hollowcli.names import chapters_in_order, plural
from hollowcli.pack.model import Chapter, Pack
from hollowcli.render.cardface import SCHEMES
from hollowcli.render.fonts import register_fonts
from hollowcli.render.geometry import MM, PAPER_SIZES, SheetSpec
from hollowcli.render.layout import Pager, SimpleTable, styles
from hollowcli.render.markup import escape_text
from hollowcli.render.product import (
    GAME,
    GUIDE,
    REFERENCE_LABEL,
    STAT_LABELS,
    TURN_ORDER_LABEL,
    chapter_label,
    deck_label,
)
from hollowcli.render.sheet import RenderResult, new_canvas


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


def how_to_print(spec: SheetSpec, guide: bool = False) -> list[str]:
    """The printing steps for this kit, in words (the index and docs say the same);
    ``guide``: the kit holds the keeper's guide (``--guide``), a sheet of text too."""
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
                 "thin card. Sheets of text (setup sheets, spawn tables, the turn-order sheet"
                 + (", the keeper's guide" if guide else "") + ") go on plain paper, one-sided.")
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
    c = new_canvas(buf, pw, ph, f"{GAME}: print-and-play kit", "What each file holds and how to print it.")
    pg = Pager(c, pw, ph, "index")
    st = styles()
    keep = 3 * st["p"].leading  # a heading keeps three lines of what follows with it
    pg.new_page()
    total_cards = sum(e.cards for e in entries)
    total_pages = sum(e.pages for e in entries)
    pg.para(f"{escape_text(GAME)}: print-and-play kit", st["title"])
    pg.para(f"{escape_text(spec.describe())} · {plural(len(entries), 'file')}, {plural(total_pages, 'page')}, {plural(total_cards, 'card')}", st["sub"])
    pg.para("Your first printing", st["h"], keep=keep)
    for step in first_printing(spec, entries, chapter, needs):
        pg.para(step, st["step"], "\u2610")
    pg.para("How to print", st["h"], keep=keep)
    for n, step in enumerate(how_to_print(spec, any(e.name == f"{GUIDE}.pdf" for e in entries)), 1):
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
    cells = [st["cell"], st["cell"], st["cell"], st["cellc"], st["cellc"]] + ([st["cell"]] if backs else [])
    pg.table(SimpleTable(rows, widths, cells, st["cellb"], SCHEMES["reference"][2]))
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


def render_index(spec: SheetSpec, entries: Sequence[tuple[str, RenderResult]], notes: Sequence[str],
                 pack: Pack | None = None) -> RenderResult:
    """index.pdf: a first printing step by step (the duplex test, what chapter 1 needs, the
    rest), each file of the kit in print order (what it holds, paper or card stock, pages,
    cards, which pages are backs), which card is where in a file that mixes kinds, and how
    to print."""
    rows = [IndexEntry(name, r.holds, r.pages, r.cards, r.back_pages, r.paper or ("card" if r.cards else "paper"),
                       r.where, r.parts) for name, r in entries]
    first = chapters_in_order(pack.chapters)[0] if pack is not None and pack.chapters else None
    needs = first_chapter_needs(first) if first is not None else ()
    title = f"chapter {first.number} ({first.name})" if first is not None else ""
    return index_pages(spec, rows, notes, title, needs)


def first_chapter_needs(chapter: Chapter) -> tuple[str, ...]:
    """The parts of the kit (as files name their pages) a first game of ``chapter`` needs."""
    return (REFERENCE_LABEL, TURN_ORDER_LABEL, *STAT_LABELS.values(), deck_label(chapter), chapter_label(chapter))
