"""A chapter's setup sheet (``setup-<chapter>.pdf``), the companion of ``hollow assist``.

The sheet is one page when the map keeps squares of :data:`SETUP_SPLIT_MM` or more: the
title, the map as large as the page allows, then the key, the setup, the search spots,
the storybook track and the spawn list in one to three columns. Every layout (portrait or
landscape, one to three columns) is measured first and the one with the largest squares
wins (then the fullest page).

The map is drawn by :mod:`hollowcli.render.chapter_map`, which the board at play size
(:mod:`hollowcli.render.play_board`) shares.

What goes on the map and into the lists is gathered in one place each, so that a new
kind of thing only adds a source there: :func:`setup_tags` (who and what stands where at
setup: Legends, foes, allies, tokens) and :func:`search_spots` (what can be searched and what it
holds: the map's ``search`` features and the searchable tokens placed at setup).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from hollowcli.pack.model import Chapter, Pack
from hollowcli.pack.vocab import FeatureKind, ItemKind, ObjectiveKind
from hollowcli.render.chapter_map import MapView, draw_map, map_view, objective_words
from hollowcli.render.fonts import register_fonts
from hollowcli.render.geometry import MM, PAPER_SIZES, SheetSpec
from hollowcli.render.layout import PAGE_MARGIN_MM, SHEET_MARGIN_MM, Pager, SimpleTable, compact_styles
from hollowcli.render.markup import escape_text, icons
from hollowcli.render.product import GAME, chapter_label
from hollowcli.render.sheet import RenderResult, new_canvas
from hollowcli.render.spawn_tables import CHAPTER_TINT, spawn_list_rows

#: The largest square drawn for one map location on the setup sheet (mm).
SETUP_CELL_MAX_MM = 30.0
#: Below this square size (mm) the map gets a page of its own.
SETUP_SPLIT_MM = 12.0
#: Space between the columns of text (mm).
COLUMN_GAP_MM = 6.0
#: Room above the map for its column letters (and left of it for row numbers), mm.
HEAD_MM = 4.5


def _track_words(spot: Any) -> str:
    """What a storybook spot does, in order, in a few words (the sheet's key says them in full)."""
    acts = list(spot.actions) + (["card"] if spot.card == "draw" else [])
    return ", ".join(acts) if acts else "nothing"


@dataclass(frozen=True)
class SearchSpot:
    """Something the Legends can search: its mark on the map, where it is, its name, and
    what it holds (markup: the item with its card's key numbers, or nothing)."""

    mark: str
    loc: str
    name: str
    holds: str


def item_words(pack: Pack, item_id: str) -> str:
    """An item in a few words, as its card has them: ``Snare Wire (item: 1 token, sets a
    snare trap, 2 damage)``, and whether the chapter takes it back."""
    from hollowcli.render.markup import attack_words, restore_words

    it = pack.items.get(item_id)
    if it is None:
        return f"<b>{escape_text(item_id)}</b>"
    bits = []
    if it.cost:
        bits.append(f"{it.cost}{{token}}")
    if it.attack is not None:
        bits.append(str(attack_words(it.attack)))
    if it.restore is not None:
        bits.append(str(restore_words(it.restore)))
    if it.defense:
        bits.append(f"{{defense}}&#160;{it.defense:+d} while equipped")
    if it.trap:
        bits.append(f"sets a {escape_text(it.trap)} trap: {it.trap_damage}{{damage}} to the foe that springs it")
    kind = "relic" if it.kind == ItemKind.RELIC else "item"
    words = f"<b>{escape_text(it.name)}</b> ({kind}{': ' + ', '.join(bits) if bits else ''})"
    if it.chapter_item:
        words += "; a chapter item, lost when the chapter ends"
    return words


def search_spots(pack: Pack, chapter: Chapter) -> list[SearchSpot]:
    """Every place the Legends can search, in reading order (row by row), with what it
    holds: the map's ``search`` features, and the searchable tokens placed at setup (a
    placement's own finds, else the next of its kind's, which go in order to whichever of
    its tokens is searched first; a token on a feature's square is searched first)."""
    from hollowcli.engine.geometry import loc_name, parse_loc

    spots: list[tuple[tuple[int, int, int], SearchSpot]] = []
    for r, line in enumerate(chapter.map):
        for col, ch in enumerate(line):
            if chapter.features.get(ch) != "search":
                continue
            item = chapter.feature_items.get(ch)
            holds = item_words(pack, item) if item else "nothing to find"
            spots.append(((r, col, 1), SearchSpot(ch, loc_name(col, r), chapter.feature_names.get(ch, "") or "Search", holds)))
    for tp in chapter.setup.tokens:
        kind = pack.tokens.get(tp.token)
        xy = parse_loc(str(tp.at)) if kind is not None and kind.search and isinstance(tp.at, str) else None
        if kind is None or xy is None:
            continue
        if tp.finds:
            holds = " and ".join(item_words(pack, i) for i in tp.finds)
        elif kind.finds:
            holds = f"the next of what every {escape_text(kind.name)} holds (below)"
        else:
            holds = "nothing to find"
        spots.append(((xy[1], xy[0], 0), SearchSpot("\u2022", loc_name(*xy), kind.name, holds)))
    return [spot for _, spot in sorted(spots, key=lambda s: s[0])]


def token_finds(pack: Pack, chapter: Chapter) -> list[str]:
    """For each searchable kind placed at setup without finds of its own: what its tokens
    hold together, in the order they are found (markup)."""
    out = []
    for kid in dict.fromkeys(tp.token for tp in chapter.setup.tokens if not tp.finds):
        kind = pack.tokens.get(kid)
        if kind is not None and kind.search and kind.finds:
            items = "; ".join(f"{n}. {item_words(pack, i)}" for n, i in enumerate(kind.finds, 1))
            out.append(f"<b>{escape_text(kind.name)}</b> tokens go once searched; in the order they are searched "
                       f"(whichever it is), they hold: {items}; after that, nothing.")
    return out


def search_rules_words(pack: Pack, chapter: Chapter) -> str:
    """How searching works in this chapter, in a few sentences (the engine's reading)."""
    how = {
        "per_round": "each spot once a round",
        "once": "each spot once in the chapter",
        "unlimited": "as often as they like",
    }.get(pack.rules.search_limit, "")
    words = f"A Legend on a search spot may spend its action to search it ({how})."
    o = chapter.objective
    if o.kind == ObjectiveKind.SEARCH:
        words += f" Every search counts toward the objective ({o.count} needed)."
    if chapter.feature_items:
        words += " The first search of a spot finds what it holds (unless a Legend has it): give the searcher its card."
    return words


Section = Callable[[Pager], None]


def _sections(pack: Pack, chapter: Chapter, st: dict[str, Any]) -> list[Section]:
    """The sheet's text under the map, in order: each draws itself on a Pager at its cursor."""
    spots = search_spots(pack, chapter)
    out: list[Section] = [partial(_key, chapter, st, bool(spots)), partial(_start, pack, chapter, st)]
    if chapter.setup.tokens:
        out.append(partial(_tokens, pack, chapter, st))
    if spots:
        out.append(partial(_search, pack, chapter, st, spots))
    return out + [partial(_track, chapter, st), partial(_spawn_list, pack, chapter, st)]


def _key(chapter: Chapter, st: dict[str, Any], searchable: bool, pg: Pager) -> None:
    """What the map's colours, lines, circles, letters and names mean."""
    bars = ", ".join(str(b) for b in sorted(set(chapter.barricades))) or "none"
    pg.para("Key", st["h"])
    pg.para(icons(
        "<b>Grey:</b> not a location. <b>Thick line:</b> a wall; no walking or sight through it. "
        "<b>Circled number:</b> a {spawn} spawn point; shaded: {barricade} barricaded at setup "
        f"(<b>{bars}</b>). <b>Letters:</b> features, named under the letter"
        + ("; <b>yellow, marked search:</b> a search spot (below)" if searchable else "")
        + ". <b>Names</b> at the top of a square: Legends (blue) and foes (red)"
        + (" and allies (green)" if chapter.setup.allies else "")
        + (" and tokens (purple)" if any(tp.at is not None for tp in chapter.setup.tokens) else "") + " at setup."), st["p"])


def _start(pack: Pack, chapter: Chapter, st: dict[str, Any], pg: Pager) -> None:
    """Where the Legends, foes and allies start."""
    legends = ", ".join(
        f"{escape_text(pack.legends[lid].name if lid in pack.legends else lid)} on {escape_text(str(at))}"
        for lid, at in chapter.setup.legends.items())
    first = next((ch for ch, kind in chapter.features.items() if kind == FeatureKind.START), None)
    foes = ", ".join(
        f"{fp.count}× {escape_text(pack.foes[fp.foe].name if fp.foe in pack.foes else fp.foe)} on "
        + (f"spawn point {fp.at}" if isinstance(fp.at, int) else escape_text(str(fp.at)))
        for fp in chapter.setup.foes) or "none"
    allies = ", ".join(
        f"{escape_text(pack.allies[aid].name if aid in pack.allies else aid)} on "
        + (f"spawn point {at}" if isinstance(at, int) else escape_text(str(at)))
        for aid, at in chapter.setup.allies.items())
    where = [legends] if legends else []
    if first:
        where.append(("the others" if legends else "all") + f" on the start square {escape_text(first)}")
    pg.para("Setup", st["h"])
    pg.para("<b>Legends:</b> " + ("; ".join(where) or "no starting squares are given") + f". <b>Foes:</b> {foes}."
            + (f" <b>Allies:</b> {allies}." if allies else "") + set_aside_words(chapter), st["p"])


def set_aside_words(chapter: Chapter) -> str:
    """The chapter cards to keep out of the deck at setup (its events add them), as a
    sentence for the setup list, or "" when there are none (markup)."""
    from hollowcli.render.deck import set_aside

    aside = set_aside(chapter)
    if not aside:
        return ""
    titles = {card.id: card.title for card in chapter.cards}
    cards = ", ".join(f"{n}× {escape_text(titles[cid])}" for cid, n in aside.items())
    return f" <b>Set aside</b> (printed with the deck, marked “set aside”; an event adds them): {cards}."


def token_spots(pack: Pack, chapter: Chapter) -> dict[str, list[str]]:
    """The tokens placed at setup: kind id -> where each of its tokens goes (a square, a
    spawn point, or a skill lock's skill), in the order the setup names them (plain text)."""
    where: dict[str, list[str]] = {}
    for tp in chapter.setup.tokens:
        spot = (f"on {pack.skills[tp.skill].name if tp.skill in pack.skills else tp.skill}" if tp.skill
                else f"spawn point {tp.at}" if isinstance(tp.at, int) else str(tp.at))
        where.setdefault(tp.token, []).append(spot)
    return where


def token_lines(pack: Pack, chapter: Chapter) -> list[str]:
    """The tokens placed at setup, kind by kind in the order the setup names them: where
    each is (a skill lock: on which skill) and what the kind does (markup)."""
    from hollowcli.pack.tokens import kind_words

    out = []
    for kid, spots in token_spots(pack, chapter).items():
        kind = pack.tokens.get(kid)
        name = kind.name if kind is not None else kid
        does = kind_words(pack, kind).removeprefix(f"{kind.name}: ") if kind is not None else ""
        out.append(f"<b>{escape_text(name)}</b> ({escape_text(', '.join(spots))})" + (f": {escape_text(does)}" if does else ""))
    return out


def _tokens(pack: Pack, chapter: Chapter, st: dict[str, Any], pg: Pager) -> None:
    """The tokens placed at setup and what each kind does."""
    pg.para("Tokens", st["h"])
    for line in token_lines(pack, chapter):
        pg.para(line, st["item"], "\u2022")


def _search(pack: Pack, chapter: Chapter, st: dict[str, Any], spots: list[SearchSpot], pg: Pager) -> None:
    """How searching works here, and each search spot with what it holds."""
    pg.para("Search spots", st["h"])
    pg.para(icons(search_rules_words(pack, chapter)), st["p"])
    for s in spots:
        pg.para(icons(f"<b>{escape_text(s.name)}</b> ({escape_text(s.loc)}): {s.holds}."), st["item"],
                escape_text(s.mark))
    for words in token_finds(pack, chapter):
        pg.para(icons(words), st["p"])


def _track(chapter: Chapter, st: dict[str, Any], pg: Pager) -> None:
    """The storybook track, spot by spot, in rows as wide as the column allows."""
    pg.para("Storybook track", st["h"])
    pg.para("Each adversary phase does what the token's spot shows, in order (<b>move</b>, <b>attack</b>: "
            "every foe; <b>spawn</b>: the next spawn-list entry; <b>card</b>: draw a chapter card), then the "
            "token slides on; it starts on spot 1 and after the last spot "
            + ("starts again from spot 1." if chapter.track_end == "loop" else "stays there."), st["small"])
    pg.space(1.5 * MM)
    spots_: list[Any] = list(chapter.track) or [None]
    per_row = max(3, min(len(spots_), int(pg.width // (17 * MM))))
    for first_spot in range(0, len(spots_), per_row):
        chunk = spots_[first_spot:first_spot + per_row]
        rows = [[str(first_spot + n + 1) for n in range(len(chunk))],
                [_track_words(spot) if spot is not None else "no track" for spot in chunk]]
        width = pg.width / per_row
        pg.table(SimpleTable(rows, [width] * len(chunk), [st["cellc"]] * len(chunk), st["cellb"], CHAPTER_TINT,
                             pad=2.0))
        pg.space(-4)


def _spawn_list(pack: Pack, chapter: Chapter, st: dict[str, Any], pg: Pager) -> None:
    """The chapter's spawn list, and what happens after its last entry."""
    pg.para("Spawn list", st["h"])
    if not chapter.spawn_list:
        pg.para("This chapter has no spawn list.", st["p"])
        return
    rows = spawn_list_rows(pack, chapter)
    pg.para("Each spawn action takes the next entry; "
            + ("after the last, the list starts again." if pack.rules.spawn_list_end == "loop"
               else "after the last, no more foes spawn from the list."), st["small"])
    pg.space(1.5 * MM)
    pg.table(SimpleTable(rows, [8 * MM, pg.width - 8 * MM], [st["cellc"], st["cell"]], st["cellb"], CHAPTER_TINT,
                         pad=2.0))


def _title(pg: Pager, pack: Pack, chapter: Chapter, st: dict[str, Any], cell_mm: float, suffix: str = "") -> None:
    """The sheet's title and the line under it: the objective and the scale of the map."""
    pg.para(f"Chapter {chapter.number}: {escape_text(chapter.name)}{suffix}", st["title"])
    pg.para(f"Setup sheet · Objective: {escape_text(objective_words(pack, chapter))} "
            f"One square = {cell_mm:g} mm; squares are named as in hollow assist and hollow play "
            "(the map's blocked border is not drawn).", st["sub"])


@dataclass(frozen=True)
class SheetPlan:
    """A measured layout of the setup sheet."""

    landscape: bool
    columns: tuple[tuple[int, int], ...]  # the sections of each column: [start, stop)
    cell_mm: float
    spare_mm: float  # the height left empty at the foot of the page
    split: bool = False  # the map on a page of its own, the text on a second


def _scratch(w_mm: float, h_mm: float) -> Pager:
    """A Pager on an endless page that only measures."""
    pg = Pager(None, w_mm, h_mm)  # (it draws nothing: no canvas)
    pg.set_margins(SHEET_MARGIN_MM)
    pg.bottom = -1e7
    pg.measure = True
    return pg


def _measure(sections: Sequence[Section], width_pt: float, w_mm: float, h_mm: float) -> list[float]:
    """The height (mm) of each section alone at the top of a column ``width_pt`` wide. In
    a column they add up, with a heading's space before each section but the first
    (:func:`_stacked`): every section starts with a heading and breaks no page."""
    pg = _scratch(w_mm, h_mm)
    pg.width = width_pt
    out = []
    for s in sections:
        pg.y, pg.dirty = pg.top, False
        s(pg)
        out.append((pg.top - pg.y) / MM)
    return out


def _stacked(heights: Sequence[float], st: dict[str, Any]) -> float:
    """The height (mm) of sections one under the other in a column."""
    return sum(heights) + max(0, len(heights) - 1) * st["h"].spaceBefore / MM


def _partitions(n: int, k: int) -> list[tuple[tuple[int, int], ...]]:
    """Every way to cut ``n`` sections, in order, into ``k`` non-empty columns."""
    if k == 1:
        return [((0, n),)]
    out = []
    for cut in range(1, n - k + 2):
        for rest in _partitions(n - cut, k - 1):
            out.append(((0, cut),) + tuple((a + cut, b + cut) for a, b in rest))
    return out


#: A landscape sheet must give squares at least this much larger (mm) to be chosen: a
#: portrait sheet reads like the kit's other pages and lies beside the board the same way.
LANDSCAPE_GAIN_MM = 2.0


def _score(plan: SheetPlan) -> tuple[float, int, float]:
    """Larger squares first; then fewer, wider columns; then the fuller page."""
    return plan.cell_mm - (LANDSCAPE_GAIN_MM if plan.landscape else 0.0), -len(plan.columns), -plan.spare_mm


def plan_sheet(pack: Pack, chapter: Chapter, paper: str) -> SheetPlan:
    """The layout with the largest squares (then the fullest page): portrait or landscape,
    the text in one, two or three columns under the map; the map alone on a first page
    when every one-page layout would shrink its squares below SETUP_SPLIT_MM."""
    register_fonts()
    st = compact_styles()
    sections = _sections(pack, chapter, st)
    view = map_view(chapter)
    title: Section = partial(_title, pack=pack, chapter=chapter, st=st, cell_mm=88.5)  # (as wide as a title gets)
    best, largest = _one_page(sections, title, view, paper, st)
    if best.cell_mm >= SETUP_SPLIT_MM:
        return best
    split = _two_pages(sections, title, view, paper, st)
    # (a map too wide for the page gains nothing from a page of its own)
    return split if split.cell_mm > largest else best


def _one_page(sections: Sequence[Section], title_section: Section, view: MapView, paper: str,
              st: dict[str, Any]) -> tuple[SheetPlan, float]:
    """The best one-page layout, and the largest squares any one-page layout gives."""
    pw, ph = PAPER_SIZES[paper]
    best: SheetPlan | None = None
    largest = 0.0
    for landscape in (False, True):
        w, h = (ph, pw) if landscape else (pw, ph)
        usable_w = w - 2 * SHEET_MARGIN_MM
        usable_h = h - SHEET_MARGIN_MM - PAGE_MARGIN_MM
        widest = min(SETUP_CELL_MAX_MM, (usable_w - HEAD_MM) / view.cols)
        title = _measure([title_section], usable_w * MM, w, h)[0]
        widest_heights: list[float] = []
        for k in range(1, min(3, len(sections)) + 1):
            if k > 1 and best is not None:
                # A narrower column makes a section taller (or as tall), so k columns need at
                # least the tallest section, and a k-th of all of them, at the widest column:
                # when even that loses, the k columns are not measured. (The track's grid can
                # gain a row as its column narrows; a layout missed that way still fits.)
                gaps = (len(widest_heights) - k) * st["h"].spaceBefore / MM
                least = max(max(widest_heights), (sum(widest_heights) + gaps) / k)
                bound = math.floor(min(widest, (usable_h - title - HEAD_MM - 3.0 - least) / view.rows) * 2) / 2
                most = _score(SheetPlan(landscape, ((0, 0),) * k, bound, -1e9))  # the best it could score
                if most < _score(best):
                    continue
            col_w = (usable_w - (k - 1) * COLUMN_GAP_MM) / k
            heights = _measure(sections, col_w * MM, w, h)
            widest_heights = widest_heights or heights
            for parts in _partitions(len(sections), k):
                text = max(_stacked(heights[a:b], st) for a, b in parts)
                room = usable_h - title - HEAD_MM - 3.0 - text
                cell = math.floor(min(widest, room / view.rows) * 2) / 2
                plan = SheetPlan(landscape, parts, cell, room - cell * view.rows)
                largest = max(largest, cell)
                if best is None or _score(plan) > _score(best):
                    best = plan
    assert best is not None
    return best, largest


def _two_pages(sections: Sequence[Section], title_section: Section, view: MapView, paper: str,
               st: dict[str, Any]) -> SheetPlan:
    """The map alone on the first page (with the key), the rest on a second page, in the
    orientation that gives the larger squares."""
    pw, ph = PAPER_SIZES[paper]
    split: SheetPlan | None = None
    for landscape in (False, True):
        w, h = (ph, pw) if landscape else (pw, ph)
        usable_w = w - 2 * SHEET_MARGIN_MM
        usable_h = h - SHEET_MARGIN_MM - PAGE_MARGIN_MM
        title = _stacked(_measure([title_section, sections[0]], usable_w * MM, w, h), st)
        room = usable_h - title - HEAD_MM - 3.0
        cell = max(0.5, math.floor(min(SETUP_CELL_MAX_MM, (usable_w - HEAD_MM) / view.cols, room / view.rows) * 2) / 2)
        k = min(2, len(sections) - 1)
        parts = tuple((a + 1, b + 1) for a, b in _balanced(sections[1:], k, w, h, st))
        plan = SheetPlan(landscape, parts, cell, room - cell * view.rows, split=True)
        if split is None or plan.cell_mm > split.cell_mm:
            split = plan
    assert split is not None
    return split


def _balanced(sections: Sequence[Section], k: int, w: float, h: float,
              st: dict[str, Any]) -> tuple[tuple[int, int], ...]:
    """The cut of ``sections`` into ``k`` columns whose tallest column is the shortest."""
    heights = _measure(sections, (w - 2 * SHEET_MARGIN_MM - (k - 1) * COLUMN_GAP_MM) / k * MM, w, h)
    return min(_partitions(len(sections), k), key=lambda parts: max(_stacked(heights[a:b], st) for a, b in parts))


def _columns(pg: Pager, sections: Sequence[Section], parts: Sequence[tuple[int, int]], w_mm: float) -> None:
    """Draw the sections in columns side by side from the Pager's cursor down."""
    k = len(parts)
    col_w = (w_mm - 2 * SHEET_MARGIN_MM - (k - 1) * COLUMN_GAP_MM) / k * MM
    start, lowest = pg.y, pg.y
    left = pg.left
    for n, (a, b) in enumerate(parts):
        pg.left = left + n * (col_w + COLUMN_GAP_MM * MM)
        pg.width = col_w
        pg.y = start
        pg.dirty = False  # (no space before a column's first heading)
        for s in sections[a:b]:
            s(pg)
        lowest = min(lowest, pg.y)
    pg.left, pg.width, pg.y = left, (w_mm - 2 * SHEET_MARGIN_MM) * MM, lowest
    pg.dirty = True


def setup_pages(pack: Pack, chapter: Chapter, spec: SheetSpec) -> RenderResult:
    """setup-<chapter>.pdf: the chapter's board and setup, the companion of ``hollow assist``."""
    register_fonts()
    plan = plan_sheet(pack, chapter, spec.paper)
    pw, ph = PAPER_SIZES[spec.paper]
    w, h = (ph, pw) if plan.landscape else (pw, ph)
    buf = io.BytesIO()
    c = new_canvas(buf, w, h, f"{GAME}: chapter {chapter.number} setup",
                   f"Setup sheet for {chapter.name}: map, search spots, track and spawn list. Print at 100%.")
    st = compact_styles()
    sections = _sections(pack, chapter, st)
    view = map_view(chapter)
    pg = Pager(c, w, h, f"setup-{chapter.id}")
    pg.set_margins(SHEET_MARGIN_MM)
    pg.new_page()
    _title(pg, pack, chapter, st, plan.cell_mm)
    pg.flush()
    cell = plan.cell_mm * MM
    draw_map(c, pack, chapter, view, (view.c0, view.r0), pg.left + HEAD_MM * MM, pg.y - HEAD_MM * MM, cell)
    pg.y -= (HEAD_MM + 3.0) * MM + view.rows * cell
    pg.dirty = True
    bottom = pg.bottom
    pg.bottom = -1e7  # measured: the columns fit (a page break inside them would be a bug)
    if plan.split:
        sections[0](pg)
        pg.bottom = bottom
        pg.new_page()
        pg.bottom = -1e7
        pg.para(f"Chapter {chapter.number}: {escape_text(chapter.name)} · setup, track and spawn list", st["title"])
    _columns(pg, sections, plan.columns, w)
    pg.bottom = bottom
    pages = pg.close()
    c.save()
    return RenderResult(buf.getvalue(), pages, 0, (), (), (),
                        f"chapter {chapter.number} setup: map, search spots, storybook track, spawn list")


def render_setup(pack: Pack, chapter: Chapter, spec: SheetSpec) -> RenderResult:
    """A chapter's setup sheet: the map to scale, what goes where, the track and the spawn list."""
    res = setup_pages(pack, chapter, spec)
    return replace(res, parts=res.parts or ((chapter_label(chapter), 1, res.pages),), paper=res.paper or "paper")
