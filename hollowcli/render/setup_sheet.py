"""A chapter's setup sheet (``setup-<chapter>.pdf``) and its board at play size
(``hollow print setup CHAPTER --scale play``: ``setup-<chapter>-play.pdf``).

The sheet is one page when the map keeps squares of :data:`SETUP_SPLIT_MM` or more: the
title, the map as large as the page allows, then the key, the setup, the search spots,
the storybook track and the spawn list in one to three columns. Every layout (portrait or
landscape, one to three columns) is measured first and the one with the largest squares
wins (then the fullest page).

The board at play size draws the same map at ``--square`` mm a square, cut into tiles
that each fit a sheet inside the printable area, with overlap strips, alignment marks and
assembly labels, after a first page that shows how the tiles go together.

What goes on the map and into the lists is gathered in one place each, so that a new
kind of thing only adds a source there: :func:`setup_tags` (who and what stands where at
setup: Legends, foes, allies) and :func:`search_spots` (what can be searched and what it
holds: today the map's ``search`` features). Tokens placed at setup (chapter scripting's
``setup: {tokens: ...}``) and searchable tokens become one more loop in each.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hollowcli.names import plural
from hollowcli.pack.model import Chapter, Pack
from hollowcli.render.fonts import BOLD, REGULAR, register_fonts, text_width
from hollowcli.render.geometry import MM, PAPER_SIZES, PRINTABLE_MM, RULER_LENGTH, Ruler, SheetSpec
from hollowcli.render.markup import escape_text, icons
from hollowcli.render.pages import GAME_NAME, PAGE_MARGIN_MM, Pager, SimpleTable, _styles, spawn_list_rows
from hollowcli.render.richtext import TextAt, draw_texts, hex_colour
from hollowcli.render.sheet import RenderResult, draw_ruler, finish_page, new_canvas

#: The largest square drawn for one map location on the setup sheet (mm).
SETUP_CELL_MAX_MM = 30.0
#: Below this square size (mm) the map gets a page of its own.
SETUP_SPLIT_MM = 12.0
#: The setup sheet's margins (mm): sides and top; the bottom keeps the ruler and label's.
SHEET_MARGIN_MM = 12.0
#: Space between the columns of text (mm).
COLUMN_GAP_MM = 6.0
#: Room above the map for its column letters (and left of it for row numbers), mm.
HEAD_MM = 4.5
#: Colours on the map: blocked squares, walls, spawn points, barricades, search spots.
BLOCKED_FILL = "#d6d6d6"
WALL_COLOUR = "#1a1a1a"
SPAWN_COLOUR = "#6b3d1f"
BARRICADE_FILL = "#f6e3c6"
SEARCH_FILL = "#fbf0b8"
SEARCH_COLOUR = "#7a5200"
LEGEND_COLOUR = "#1f3a5f"
FOE_COLOUR = "#7a1f1f"
ALLY_COLOUR = "#1f5f3a"
#: Words on a map square keep this far (pt) from its edges, shrinking down to MAP_LABEL_MIN_PT.
MAP_LABEL_PAD = 1.5
MAP_LABEL_MIN_PT = 2.5
#: A feature name shrinks in its two lines down to this size before it takes more lines.
MAP_NAME_READABLE_PT = 4.0

#: The board at play size: the default square (mm) and the range ``--square`` accepts.
#: 50 mm (about two inches): a location holds several figures at once (a spawn group of
#: three foes and a Legend, with trap and barricade tokens), four 25 mm miniature bases
#: in a 2x2 block.
PLAY_SQUARE_MM = 50.0
PLAY_SQUARE_RANGE = (15.0, 150.0)
#: How far neighbouring tiles overlap (mm): the strip one tile is laid over.
OVERLAP_MM = 10.0
#: A tile page's margins around the map (mm): room for the cut marks at the sides and top,
#: for the assembly label and the ruler at the bottom; all of it inside the printable area.
TILE_MARGIN_MM = 10.0
TILE_BOTTOM_MM = 18.0
STRIP_TINT = "#9a9a9a"
#: The type size of a tile's assembly label (pt).
TILE_LABEL_PT = 7.0


# ----------------------------------------------------------------------------------
# What the sheet says
# ----------------------------------------------------------------------------------
def objective_words(pack: Pack, chapter: Chapter) -> str:
    """The chapter's objective in a sentence."""
    o = chapter.objective
    limit = f" within {plural(o.rounds, 'round')}" if o.rounds and o.kind != "survive" else ""
    if o.kind == "survive":
        return f"Survive {plural(o.rounds or 0, 'round')}."
    if o.kind == "search":
        return f"Search {plural(o.count or 0, 'time')}{limit}."
    if o.kind == "protect":
        ally = pack.allies[o.ally].name if o.ally and o.ally in pack.allies else str(o.ally)
        return f"Keep {ally} (an ally) alive for {plural(o.rounds or 0, 'round')}: if {ally.split()[0]} falls, the chapter is lost."
    n = o.count or 1
    if not o.foe:
        return f"Defeat {plural(n, 'foe')}{limit}."
    foe = pack.foes[o.foe].name if o.foe in pack.foes else o.foe
    return f"Defeat {foe}{f' ×{n}' if n > 1 else ''}{limit}."


def _track_words(spot: Any) -> str:
    """What a storybook spot does, in order, in a few words (the sheet's key says them in full)."""
    acts = list(spot.actions) + (["card"] if spot.card == "draw" else [])
    return ", ".join(acts) if acts else "nothing"


@dataclass(frozen=True)
class MapView:
    """The squares drawn: columns ``c0`` to ``c1 - 1`` and rows ``r0`` to ``r1 - 1`` of the
    chapter map (0-based), the map's blocked outer border left out."""

    c0: int
    c1: int
    r0: int
    r1: int

    @property
    def cols(self) -> int:
        return self.c1 - self.c0

    @property
    def rows(self) -> int:
        return self.r1 - self.r0


def _square(chapter: Chapter, col: int, row: int) -> str:
    line = chapter.map[row] if 0 <= row < len(chapter.map) else ""
    return line[col] if 0 <= col < len(line) else " "


def map_view(chapter: Chapter) -> MapView:
    """The map without the rows and columns at its edges that hold no location at all
    (a bordered map's ``#`` frame): they would only make every square smaller."""
    rows = len(chapter.map)
    cols = max((len(r) for r in chapter.map), default=0)

    def open_row(r: int) -> bool:
        return any(_square(chapter, c, r) not in "# " for c in range(cols))

    def open_col(c: int) -> bool:
        return any(_square(chapter, c, r) not in "# " for r in range(rows))

    r0, r1, c0, c1 = 0, rows, 0, cols
    while r0 < r1 - 1 and not open_row(r0):
        r0 += 1
    while r1 - 1 > r0 and not open_row(r1 - 1):
        r1 -= 1
    while c0 < c1 - 1 and not open_col(c0):
        c0 += 1
    while c1 - 1 > c0 and not open_col(c1 - 1):
        c1 -= 1
    return MapView(c0, max(c1, c0 + 1), r0, max(r1, r0 + 1))


@dataclass(frozen=True)
class Tag:
    """A name written along the top of a square: who or what is there at setup."""

    text: str
    colour: str


def _spawn_squares(chapter: Chapter) -> dict[int, tuple[int, int]]:
    out: dict[int, tuple[int, int]] = {}
    for r, line in enumerate(chapter.map):
        for col, ch in enumerate(line):
            if ch.isdigit() and ch != "0":
                out.setdefault(int(ch), (col, r))
    return out


def setup_tags(pack: Pack, chapter: Chapter) -> dict[tuple[int, int], list[Tag]]:
    """(column, row) -> what stands there at setup: Legends (blue), foes (red), allies
    (green). Tokens placed at setup, when chapters can say them, are one more source here."""
    from hollowcli.engine.geometry import parse_loc

    spawn_xy = _spawn_squares(chapter)

    def where(at: int | str) -> tuple[int, int] | None:
        return spawn_xy.get(at) if isinstance(at, int) else parse_loc(str(at))

    groups: list[tuple[str, dict[tuple[int, int], list[str]]]] = [(LEGEND_COLOUR, {}), (FOE_COLOUR, {}), (ALLY_COLOUR, {})]
    for lid, loc in chapter.setup.legends.items():
        xy = parse_loc(str(loc))
        if xy is not None:
            groups[0][1].setdefault(xy, []).append((pack.legends[lid].name if lid in pack.legends else lid).split()[0])
    for fp in chapter.setup.foes:
        xy = where(fp.at)
        if xy is not None:
            name = (pack.foes[fp.foe].name if fp.foe in pack.foes else fp.foe).split()[-1]
            groups[1][1].setdefault(xy, []).append(f"{fp.count}× {name}" if fp.count > 1 else name)
    for aid, at in chapter.setup.allies.items():
        xy = where(at)
        if xy is not None:
            groups[2][1].setdefault(xy, []).append((pack.allies[aid].name if aid in pack.allies else aid).split()[0])
    out: dict[tuple[int, int], list[Tag]] = {}
    for colour, names in groups:
        for xy, found in names.items():
            out.setdefault(xy, []).append(Tag(", ".join(found)[:24], colour))
    return out


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
    kind = "relic" if it.kind == "relic" else "item"
    words = f"<b>{escape_text(it.name)}</b> ({kind}{': ' + ', '.join(bits) if bits else ''})"
    if it.chapter_item:
        words += "; a chapter item, lost when the chapter ends"
    return words


def search_spots(pack: Pack, chapter: Chapter) -> list[SearchSpot]:
    """Every place the Legends can search, in reading order (row by row), with what it
    holds. Searchable tokens, when chapters can place them, are one more source here."""
    from hollowcli.engine.geometry import loc_name

    spots = []
    for r, line in enumerate(chapter.map):
        for col, ch in enumerate(line):
            if chapter.features.get(ch) != "search":
                continue
            item = chapter.feature_items.get(ch)
            holds = item_words(pack, item) if item else "nothing to find"
            spots.append(SearchSpot(ch, loc_name(col, r), chapter.feature_names.get(ch, "") or "Search", holds))
    return spots


def search_rules_words(pack: Pack, chapter: Chapter) -> str:
    """How searching works in this chapter, in a few sentences (the engine's reading)."""
    how = {
        "per_round": "each spot once a round",
        "once": "each spot once in the chapter",
        "unlimited": "as often as they like",
    }.get(pack.rules.search_limit, "")
    words = f"A Legend on a search spot may spend its action to search it ({how})."
    o = chapter.objective
    if o.kind == "search":
        words += f" Every search counts toward the objective ({o.count} needed)."
    if chapter.feature_items:
        words += " The first search of a spot finds what it holds (unless a Legend has it): give the searcher its card."
    return words


# ----------------------------------------------------------------------------------
# The map
# ----------------------------------------------------------------------------------
def draw_map(c: Any, pack: Pack, chapter: Chapter, view: MapView, origin: tuple[int, int], x0: float, top: float,
             cell: float, headers: bool = True, coordinates: bool = False) -> None:
    """The squares of ``view`` at ``cell`` points a square, square ``origin`` (column,
    row) with its top-left corner at (``x0``, ``top``). ``headers``: column letters above
    and row numbers left of the view; ``coordinates``: each square's name in its corner
    (the board at play size, where the edges are cut away)."""
    from reportlab.lib.colors import HexColor

    from hollowcli.engine.geometry import column_letters, loc_name, parse_loc

    oc, orow = origin
    k = min(1.8, max(1.0, cell / (20 * MM)))  # type sizes grow a little with large squares
    barricaded = set(chapter.barricades)
    tags = setup_tags(pack, chapter)
    texts: list[tuple[TextAt, float, float]] = []

    def text(words: str, font: str, size: float, colour: str, x: float, y: float, align: int = 1) -> None:
        texts.append((TextAt(words, font, size, hex_colour(colour), align), x, y))

    room = cell - 2 * MAP_LABEL_PAD

    def fitted(lines: list[str], font: str, size: float) -> float:
        """The size at which every line fits across a square (never above ``size``)."""
        widest = max((text_width(t, font, size) for t in lines), default=0.0)
        return size if widest <= room else max(MAP_LABEL_MIN_PT, size * room / widest)

    def corner(col: int, row: int) -> tuple[float, float]:
        """The bottom-left corner of a square."""
        return x0 + (col - oc) * cell, top - (row - orow + 1) * cell

    cols, rows = range(view.c0, view.c1), range(view.r0, view.r1)
    wall = max(2.0, cell * 0.08)
    c.saveState()
    if headers:  # (as large as 7.5 pt while the letters of neighbouring columns stay apart)
        letters = [column_letters(col) for col in cols]
        head_pt = min(7.5, 7.5 * (cell - 1.5) / max(text_width(t, BOLD, 7.5) for t in letters))
        for col, letter in zip(cols, letters):
            text(letter, BOLD, head_pt, "#444444", corner(col, 0)[0] + cell / 2, top + 1.3 * MM)
        row_pt = min(7.5, cell * 0.8)
        for r in rows:
            text(str(r + 1), BOLD, row_pt, "#444444", x0 - 1.2 * MM, corner(0, r)[1] + cell / 2 - row_pt / 3, 2)
    # squares
    c.setLineWidth(0.4 * k)
    c.setStrokeColor(HexColor("#8a8a8a"))
    for r in rows:
        for col in cols:
            ch = _square(chapter, col, r)
            x, y = corner(col, r)
            fill = None
            if ch in "# ":
                fill = BLOCKED_FILL
            elif ch.isdigit() and int(ch) in barricaded:
                fill = BARRICADE_FILL
            elif chapter.features.get(ch) == "search":
                fill = SEARCH_FILL
            if fill:
                c.setFillColor(HexColor(fill))
            c.rect(x, y, cell, cell, stroke=1, fill=1 if fill else 0)
    # what is on each open square
    for r in rows:
        for col in cols:
            ch = _square(chapter, col, r)
            x, y = corner(col, r)
            cx = x + cell / 2
            if coordinates and ch not in "# ":  # (clear of a wall along the square's bottom edge)
                text(loc_name(col, r), REGULAR, min(8.0, cell * 0.12), "#8a8a8a", x + wall / 2 + 1.5,
                     y + wall / 2 + 1.5, 0)
            if ch in "# .":
                continue
            if ch.isdigit() and ch != "0":
                n = int(ch)
                c.setStrokeColor(HexColor(SPAWN_COLOUR))
                c.setFillColor(HexColor("#ffffff"))
                c.setLineWidth(1.0 * k)
                c.circle(cx, y + cell * 0.48, cell * 0.2, stroke=1, fill=1)
                text(str(n), BOLD, cell * 0.28, SPAWN_COLOUR, cx, y + cell * 0.48 - cell * 0.1)
                word = "barricaded" if n in barricaded else "spawn"
                text(word, BOLD, fitted([word], BOLD, min(7.0 * k, cell * 0.17)), SPAWN_COLOUR, cx, y + cell * 0.09)
                continue
            kind = chapter.features.get(ch, "")
            name = chapter.feature_names.get(ch, "") or ("Start" if kind == "start" else kind.capitalize())
            search = kind == "search"
            # a search spot: letter and name a little higher, "search" along the bottom
            lift = cell * 0.08 if search else 0.0
            text(ch, BOLD, cell * 0.32, "#1a1a1a", cx, y + cell * 0.52 + lift)
            size, step, lines = _name_in_square(name, min(6.5 * k, cell * 0.15), min(7.0 * k, cell * 0.17), room,
                                                cell * (0.12 if search else 0.24))
            for n, part in enumerate(lines):
                text(part, REGULAR, size, "#1a1a1a", cx, y + cell * 0.3 + lift - n * step)
            if search:
                text("search", BOLD, fitted(["search"], BOLD, min(7.0 * k, cell * 0.15)), SEARCH_COLOUR, cx,
                     y + cell * 0.07)
    # setup figures: small tags along the top of the square
    tag_pt = min(6.0 * k, cell * 0.14)
    for (col, r), found in tags.items():
        if not (view.c0 <= col < view.c1 and view.r0 <= r < view.r1):
            continue
        x, y = corner(col, r)
        for n, tag in enumerate(found):  # (below a wall along the square's top edge)
            text(tag.text, BOLD, fitted([tag.text], BOLD, tag_pt), tag.colour, x + cell / 2,
                 y + cell - tag_pt - wall / 2 - 0.5 - n * (tag_pt + 0.5))
    draw_texts(c, texts)
    # walls: thick lines on the shared edge
    c.setStrokeColor(HexColor(WALL_COLOUR))
    c.setLineWidth(wall)
    c.setLineCap(1)
    for a, b in chapter.walls:
        pa, pb = parse_loc(a), parse_loc(b)
        if pa is None or pb is None:
            continue
        (ca, ra), (cb, rb) = pa, pb
        if ra == rb:  # side by side: a vertical wall
            if not (view.r0 <= ra < view.r1 and view.c0 < max(ca, cb) < view.c1 + 1):
                continue
            xw = corner(max(ca, cb), ra)[0]
            c.line(xw, corner(0, ra)[1], xw, corner(0, ra)[1] + cell)
        else:  # one above the other: a horizontal wall
            if not (view.c0 <= ca < view.c1 and view.r0 < max(ra, rb) < view.r1 + 1):
                continue
            yw = corner(0, max(ra, rb))[1] + cell
            c.line(corner(ca, 0)[0], yw, corner(ca, 0)[0] + cell, yw)
    c.restoreState()


def _name_in_square(name: str, size: float, step: float, room: float, depth: float) -> tuple[float, float, list[str]]:
    """A feature's name under its letter: (size, line step, lines), every line at most ``room``
    wide and the lines at most ``depth`` from first to last baseline. Its words in two halves
    while they fit at a readable size, else wrapped over more lines, smaller; at the smallest
    size a word longer than the square is broken."""
    words = name.split()
    half = (len(words) + 1) // 2
    halves = [t for t in (" ".join(words[:half]), " ".join(words[half:])) if t]
    widest = max((text_width(t, REGULAR, size) for t in halves), default=0.0)
    fits = size if widest <= room else size * room / widest
    if fits >= min(size, MAP_NAME_READABLE_PT) and (len(halves) - 1) * step <= depth:
        return fits, step, halves
    s = size
    while s > MAP_LABEL_MIN_PT:
        lines = _wrap_words(words, s, room)
        if lines is not None and (len(lines) - 1) * s * 1.1 <= depth:
            return s, s * 1.1, lines
        s -= 0.25
    s = MAP_LABEL_MIN_PT
    return s, s * 1.1, _wrap_words(words, s, room, break_words=True) or []


def _wrap_words(words: list[str], size: float, room: float, break_words: bool = False) -> list[str] | None:
    """Words in lines at most ``room`` wide (``None`` if a word is wider, unless ``break_words``)."""
    lines: list[str] = []
    for word in words:
        if text_width(word, REGULAR, size) > room:
            if not break_words:
                return None
            piece = ""
            for ch in word:
                if piece and text_width(piece + ch, REGULAR, size) > room:
                    lines.append(piece)
                    piece = ""
                piece += ch
            lines.append(piece)
            continue
        if lines and text_width(f"{lines[-1]} {word}", REGULAR, size) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


# ----------------------------------------------------------------------------------
# The setup sheet
# ----------------------------------------------------------------------------------
def _sheet_styles() -> dict[str, Any]:
    """The text pages' styles, a little smaller: the sheet's text shares the page with the map."""
    from reportlab.lib.styles import ParagraphStyle

    st = _styles()
    return {
        **st,
        "title": ParagraphStyle("st", parent=st["title"], fontSize=18, leading=21),
        "sub": ParagraphStyle("ss", parent=st["sub"], fontSize=9, leading=11.5, spaceAfter=4),
        "h": ParagraphStyle("sh", parent=st["h"], fontSize=11.5, leading=14, spaceBefore=6, spaceAfter=1.5),
        "p": ParagraphStyle("sp", parent=st["p"], fontSize=9, leading=11.5, spaceAfter=2),
        "small": ParagraphStyle("sm", parent=st["small"], fontSize=8, leading=10, spaceBefore=0),
        "item": ParagraphStyle("si", parent=st["step"], fontSize=9, leading=11.5, leftIndent=13, bulletIndent=0,
                               bulletFontSize=9, spaceAfter=1.5),
        "cell": ParagraphStyle("sc", parent=st["cell"], fontSize=8.5, leading=10.5),
        "cellc": ParagraphStyle("scc", parent=st["cellc"], fontSize=8.5, leading=10.5),
        "cellb": ParagraphStyle("scb", parent=st["cellb"], fontSize=8.5, leading=10.5),
    }


Section = Callable[[Pager], None]


def _sections(pack: Pack, chapter: Chapter, st: dict[str, Any]) -> list[Section]:
    """The sheet's text under the map, in order: each draws itself on a Pager at its cursor."""
    from hollowcli.render.cardface import SCHEMES

    tint = SCHEMES["chapter"][2]
    bars = ", ".join(str(b) for b in sorted(set(chapter.barricades))) or "none"
    spots = search_spots(pack, chapter)

    def key(pg: Pager) -> None:
        pg.para("Key", st["h"])
        pg.para(icons(
            "<b>Grey:</b> not a location. <b>Thick line:</b> a wall; no walking or sight through it. "
            "<b>Circled number:</b> a {spawn} spawn point; shaded: {barricade} barricaded at setup "
            f"(<b>{bars}</b>). <b>Letters:</b> features, named under the letter"
            + ("; <b>yellow, marked search:</b> a search spot (below)" if spots else "")
            + ". <b>Names</b> at the top of a square: Legends (blue) and foes (red)"
            + (" and allies (green)" if chapter.setup.allies else "") + " at setup."), st["p"])

    def start(pg: Pager) -> None:
        legends = ", ".join(
            f"{escape_text(pack.legends[lid].name if lid in pack.legends else lid)} on {escape_text(str(at))}"
            for lid, at in chapter.setup.legends.items())
        first = next((ch for ch, kind in chapter.features.items() if kind == "start"), None)
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
                + (f" <b>Allies:</b> {allies}." if allies else ""), st["p"])

    def search(pg: Pager) -> None:
        pg.para("Search spots", st["h"])
        pg.para(icons(search_rules_words(pack, chapter)), st["p"])
        for s in spots:
            pg.para(icons(f"<b>{escape_text(s.name)}</b> ({escape_text(s.loc)}): {s.holds}."), st["item"],
                    escape_text(s.mark))

    def track(pg: Pager) -> None:
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
            pg.table(SimpleTable(rows, [width] * len(chunk), [st["cellc"]] * len(chunk), st["cellb"], tint, pad=2.0))
            pg.space(-4)

    def spawn(pg: Pager) -> None:
        pg.para("Spawn list", st["h"])
        if not chapter.spawn_list:
            pg.para("This chapter has no spawn list.", st["p"])
            return
        rows = spawn_list_rows(pack, chapter)
        pg.para("Each spawn action takes the next entry; "
                + ("after the last, the list starts again." if pack.rules.spawn_list_end == "loop"
                   else "after the last, no more foes spawn from the list."), st["small"])
        pg.space(1.5 * MM)
        pg.table(SimpleTable(rows, [8 * MM, pg.width - 8 * MM], [st["cellc"], st["cell"]], st["cellb"], tint, pad=2.0))

    out: list[Section] = [key, start]
    if spots:
        out.append(search)
    return out + [track, spawn]


def _title(pg: Pager, pack: Pack, chapter: Chapter, st: dict[str, Any], cell_mm: float, suffix: str = "") -> None:
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
    _margins(pg, w_mm, h_mm)
    pg.bottom = -1e7
    pg.measure = True
    return pg


def _margins(pg: Pager, w_mm: float, h_mm: float) -> None:
    pg.left = SHEET_MARGIN_MM * MM
    pg.width = (w_mm - 2 * SHEET_MARGIN_MM) * MM
    pg.top = pg.y = (h_mm - SHEET_MARGIN_MM) * MM


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
    st = _sheet_styles()
    sections = _sections(pack, chapter, st)
    view = map_view(chapter)
    pw, ph = PAPER_SIZES[paper]
    best: SheetPlan | None = None
    largest = 0.0  # the largest squares of any one-page layout
    for landscape in (False, True):
        w, h = (ph, pw) if landscape else (pw, ph)
        usable_w = w - 2 * SHEET_MARGIN_MM
        usable_h = h - SHEET_MARGIN_MM - PAGE_MARGIN_MM
        widest = min(SETUP_CELL_MAX_MM, (usable_w - HEAD_MM) / view.cols)
        title = _measure([lambda pg: _title(pg, pack, chapter, st, 88.5)], usable_w * MM, w, h)[0]
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
    if best.cell_mm >= SETUP_SPLIT_MM:
        return best
    # the map alone on the first page (with the key), the rest on a second page
    split: SheetPlan | None = None
    for landscape in (False, True):
        w, h = (ph, pw) if landscape else (pw, ph)
        usable_w = w - 2 * SHEET_MARGIN_MM
        usable_h = h - SHEET_MARGIN_MM - PAGE_MARGIN_MM
        title = _stacked(_measure([lambda pg: _title(pg, pack, chapter, st, 88.5), sections[0]], usable_w * MM, w, h),
                         st)
        room = usable_h - title - HEAD_MM - 3.0
        cell = max(0.5, math.floor(min(SETUP_CELL_MAX_MM, (usable_w - HEAD_MM) / view.cols, room / view.rows) * 2) / 2)
        k = min(2, len(sections) - 1)
        parts = tuple((a + 1, b + 1) for a, b in _balanced(sections[1:], k, w, h, st))
        plan = SheetPlan(landscape, parts, cell, room - cell * view.rows, split=True)
        if split is None or plan.cell_mm > split.cell_mm:
            split = plan
    assert split is not None
    # (a map too wide for the page gains nothing from a page of its own)
    return split if split.cell_mm > largest else best


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
    c = new_canvas(buf, w, h, f"{GAME_NAME}: chapter {chapter.number} setup",
                   f"Setup sheet for {chapter.name}: map, search spots, track and spawn list. Print at 100%.")
    st = _sheet_styles()
    sections = _sections(pack, chapter, st)
    view = map_view(chapter)
    pg = Pager(c, w, h, f"setup-{chapter.id}")
    _margins(pg, w, h)
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


# ----------------------------------------------------------------------------------
# The board at play size
# ----------------------------------------------------------------------------------
def _spans(n: int, square: float, room: float) -> list[tuple[float, float]]:
    """How ``n`` squares of ``square`` mm are cut over sheets with ``room`` mm for the map:
    (start, end) of each tile in mm from the map's edge. Every tile but the last reaches
    OVERLAP_MM past the start of the next (the strip the next one is laid over). Tiles join
    on grid lines when a whole square (and the strip) fits a sheet, so a seam runs along a
    line of the grid; else they are cut evenly, anywhere."""
    length = n * square
    if length <= room:
        return [(0.0, length)]
    mid, last = int((room - OVERLAP_MM) // square), int(room // square)
    if mid >= 1:
        tiles = 1 + math.ceil((n - last) / mid)
        sizes = [n // tiles] * tiles
        for i in range(n % tiles):  # the larger ones last: the last tile has no strip
            sizes[tiles - 1 - i] += 1
        if any(sz > mid for sz in sizes[:-1]) or sizes[-1] > last:
            sizes = [mid] * (tiles - 1) + [n - mid * (tiles - 1)]
        out, start = [], 0
        for i, sz in enumerate(sizes):
            end = (start + sz) * square
            out.append((start * square, end + (OVERLAP_MM if i < tiles - 1 else 0.0)))
            start += sz
        return out
    tiles = math.ceil((length - OVERLAP_MM) / (room - OVERLAP_MM))
    width = (length + (tiles - 1) * OVERLAP_MM) / tiles
    return [(i * (width - OVERLAP_MM), i * (width - OVERLAP_MM) + width) for i in range(tiles)]


@dataclass(frozen=True)
class TilePlan:
    """How the board is cut: the sheet's orientation and each column's and row's span (mm
    from the map's left and top edges)."""

    landscape: bool
    xs: tuple[tuple[float, float], ...]
    ys: tuple[tuple[float, float], ...]
    page: tuple[float, float]  # the sheet (mm), as printed

    @property
    def tiles(self) -> int:
        return len(self.xs) * len(self.ys)


def plan_tiles(cols: int, rows: int, square: float, paper: str) -> TilePlan:
    """The cut that takes the fewest sheets (portrait or landscape; portrait when equal)."""
    pw, ph = PAPER_SIZES[paper]
    best: TilePlan | None = None
    for landscape in (False, True):
        w, h = (ph, pw) if landscape else (pw, ph)
        plan = TilePlan(landscape, tuple(_spans(cols, square, w - 2 * TILE_MARGIN_MM)),
                        tuple(_spans(rows, square, h - TILE_MARGIN_MM - TILE_BOTTOM_MM)), (w, h))
        if best is None or plan.tiles < best.tiles:
            best = plan
    assert best is not None
    return best


def tile_name(col: int, row: int) -> str:
    """``A1``: the tile's column as a letter, its row as a number (as on a map)."""
    from hollowcli.engine.geometry import column_letters

    return f"{column_letters(col)}{row + 1}"


def _assembly_words(plan: TilePlan, col: int, row: int) -> str:
    """Where a tile goes, for its label: ``tile B1 of 2×2: right of A1; cut along the dashed
    edge at its left and lay it over A1's grey strip, the + marks on theirs.``"""
    nx, ny = len(plan.xs), len(plan.ys)
    name = tile_name(col, row)
    words = f"tile {name} of {nx}×{ny}"
    joins = []
    if col > 0:
        joins.append(f"right of {tile_name(col - 1, row)}")
    if row > 0:
        joins.append(f"below {tile_name(col, row - 1)}")
    if not joins:
        return words + ": the top-left tile; the others are laid over its grey strips"
    edges = " and ".join(e for e, on in (("left", col > 0), ("top", row > 0)) if on)
    return (f"{words}: {' and '.join(joins)}; cut off the margin at the dashed {edges} edge, lay it over the grey "
            "strip there, + marks on + marks, and tape it from the back")


def _mark_places(a: float, b: float, square: float, at: float) -> list[float]:
    """Up to three places (mm along the map) for the + marks of a strip from ``a`` to ``b``:
    ``at`` (a fraction) across the first, the middle and the last square well inside it."""
    inside = [(k + at) * square for k in range(int(a // square), math.ceil(b / square))
              if a + OVERLAP_MM < (k + at) * square < b - OVERLAP_MM]
    if not inside:
        return [(a + b) / 2]
    return sorted({inside[0], inside[len(inside) // 2], inside[-1]})


def _register(c: Any, x: float, y: float, size: float) -> None:
    """An alignment mark: a small cross in a circle (points)."""
    c.line(x - size, y, x + size, y)
    c.line(x, y - size, x, y + size)
    c.circle(x, y, size * 0.6, stroke=1, fill=0)


def play_pages(pack: Pack, chapter: Chapter, spec: SheetSpec, square_mm: float = PLAY_SQUARE_MM) -> RenderResult:
    """setup-<chapter>-play.pdf: the map at ``square_mm`` a square, tiled over as many
    sheets as it needs, after a page that shows how the tiles go together."""
    from reportlab.lib.colors import HexColor

    register_fonts()
    view = map_view(chapter)
    plan = plan_tiles(view.cols, view.rows, square_mm, spec.paper)
    w, h = plan.page
    nx, ny = len(plan.xs), len(plan.ys)
    name = f"setup-{chapter.id}-play"
    buf = io.BytesIO()
    c = new_canvas(buf, w, h, f"{GAME_NAME}: chapter {chapter.number} board at play size",
                   f"The board of {chapter.name} at {square_mm:g} mm a square, on {plan.tiles} sheets. Print at 100%.")
    st = _sheet_styles()
    cell = square_mm * MM

    # ---- page 1: how the tiles go together
    pg = Pager(c, w, h, name)
    _margins(pg, w, h)
    pg.new_page()
    pg.para(f"Chapter {chapter.number}: {escape_text(chapter.name)} · the board at play size", st["title"])
    pg.para(f"One square = {square_mm:g} mm, the size of the board's squares (hollow print setup --square MM for "
            f"another size): {plural(plan.tiles, 'sheet')} ({nx} × {ny}), pages 2 to "
            f"{plan.tiles + 1}. Squares are named in their corner as in hollow assist; the map's blocked border "
            "is not drawn. Objective: " + escape_text(objective_words(pack, chapter)), st["sub"])
    steps = [
        "Print at <b>100%</b> (\"actual size\", never \"fit to page\"); the 50 mm ruler at the foot of each "
        "sheet must measure 50 mm.",
        "Lay the sheets out as the picture below shows; each names its place in its bottom margin.",
        "A sheet with a neighbour to its left or above has a dashed edge there: cut off the margin along it.",
        f"Lay that edge over the neighbour's grey strip ({OVERLAP_MM:g} mm), so the + marks sit on the + marks "
        "and the grid lines run on, and tape the sheets together from the back.",
    ] if plan.tiles > 1 else ["Print at <b>100%</b>; the 50 mm ruler at the foot of the sheet must measure 50 mm."]
    for n, step in enumerate(steps, 1):
        pg.para(step, st["item"], str(n))
    pg.space(4 * MM)
    pg.flush()
    # the picture: the whole map, small, with each tile's outline and name
    room_w, room_h = pg.width, pg.y - pg.bottom - 4 * MM
    small = min(room_w / (view.cols * cell), room_h / (view.rows * cell))
    x0, top = pg.left + (room_w - view.cols * cell * small) / 2, pg.y
    draw_map(c, pack, chapter, view, (view.c0, view.r0), x0, top, cell * small, headers=False)
    c.saveState()
    c.setLineWidth(1.2)
    for j, (ya, yb) in enumerate(plan.ys):
        for i, (xa, xb) in enumerate(plan.xs):
            colour = HexColor(("#1f5a8c", "#c2711d", "#3d7a3a", "#7a3d7a")[(j * nx + i) % 4])
            c.setStrokeColor(colour)
            c.setFillColor(colour)
            inset = 1.2 * ((i + j) % 2)
            c.rect(x0 + xa * MM * small + inset, top - yb * MM * small + inset,
                   (xb - xa) * MM * small - 2 * inset, (yb - ya) * MM * small - 2 * inset, stroke=1, fill=0)
            c.setFont(BOLD, 20)
            c.drawCentredString(x0 + (xa + xb) / 2 * MM * small, top - (ya + yb) / 2 * MM * small - 7,
                                tile_name(i, j))
    c.restoreState()
    pg.dirty = True
    pg.close()

    # ---- the tiles
    for j, (ya, yb) in enumerate(plan.ys):
        for i, (xa, xb) in enumerate(plan.xs):
            tw, th = (xb - xa), (yb - ya)
            # the tile's map area on the sheet, centred in the room inside the margins
            left = TILE_MARGIN_MM + (w - 2 * TILE_MARGIN_MM - tw) / 2
            bottom = TILE_BOTTOM_MM + (h - TILE_MARGIN_MM - TILE_BOTTOM_MM - th) / 2
            top_mm = bottom + th
            first_col = view.c0 + int(xa // square_mm)
            last_col = view.c0 + min(view.cols, math.ceil(xb / square_mm - 1e-9))
            first_row = view.r0 + int(ya // square_mm)
            last_row = view.r0 + min(view.rows, math.ceil(yb / square_mm - 1e-9))
            part = MapView(first_col, last_col, first_row, last_row)
            c.saveState()
            clip = c.beginPath()
            clip.rect(left * MM, bottom * MM, tw * MM, th * MM)
            c.clipPath(clip, stroke=0, fill=0)
            draw_map(c, pack, chapter, part, (view.c0, view.r0), (left - xa) * MM, (top_mm + ya) * MM, cell,
                     headers=False, coordinates=True)
            c.restoreState()
            c.saveState()
            c.setLineWidth(0.4)
            c.setStrokeColor(HexColor("#333333"))
            marks: list[tuple[float, float]] = []
            # along a strip: + marks beside three of its squares, at the same place of the map on
            # both tiles, off the grid lines and what the squares hold: halfway down a square's
            # side (a strip down the tiles), near the right end of its top (a strip across,
            # where the names of who stands there are centred)
            down = [top_mm - (y - ya) for y in _mark_places(ya, yb, square_mm, 0.5)]
            across = [left + (x - xa) for x in _mark_places(xa, xb, square_mm, 0.85)]
            # strips the next tiles are laid over: grey, with + marks along their middle
            c.setFillColor(HexColor(STRIP_TINT))
            c.setFillAlpha(0.3)
            if i < nx - 1:
                sx = left + tw - OVERLAP_MM
                c.rect(sx * MM, bottom * MM, OVERLAP_MM * MM, th * MM, stroke=0, fill=1)
                marks += [(sx + OVERLAP_MM / 2, y) for y in down]
            if j < ny - 1:
                c.rect(left * MM, bottom * MM, tw * MM, OVERLAP_MM * MM, stroke=0, fill=1)
                marks += [(x, bottom + OVERLAP_MM / 2) for x in across]
            c.setFillAlpha(1)
            # on a tile laid over others, the + marks where theirs are
            if i > 0:
                marks += [(left + OVERLAP_MM / 2, y) for y in down]
            if j > 0:
                marks += [(x, top_mm - OVERLAP_MM / 2) for x in across]
            for mx, my in marks:
                _register(c, mx * MM, my * MM, 2.2 * MM)
            # the edges to cut along (dashed), with a word in the margin beside them
            c.setDash(3, 2)
            c.setLineWidth(0.6)
            c.setFillColor(HexColor("#333333"))
            c.setFont(REGULAR, 6.5)
            if i > 0:
                c.line(left * MM, bottom * MM, left * MM, top_mm * MM)
                c.saveState()
                c.translate((left - 1.2) * MM, (bottom + th / 2) * MM)
                c.rotate(90)
                c.drawCentredString(0, 0, f"cut here, lay over tile {tile_name(i - 1, j)}")
                c.restoreState()
            if j > 0:
                c.line(left * MM, top_mm * MM, (left + tw) * MM, top_mm * MM)
                c.drawCentredString((left + tw / 2) * MM, (top_mm + 1.2) * MM, f"cut here, lay over tile {tile_name(i, j - 1)}")
            c.restoreState()
            # the assembly label and the ruler, inside the printable area
            label = f"{name} · " + _assembly_words(plan, i, j)
            c.saveState()
            c.setFillColorRGB(0.2, 0.2, 0.2)
            c.setFont(BOLD, 8)
            c.drawString(TILE_MARGIN_MM * MM, (PRINTABLE_MM + 6.2) * MM, f"Tile {tile_name(i, j)} of {nx}×{ny}")
            c.setFont(REGULAR, TILE_LABEL_PT)
            room = (w - 2 * TILE_MARGIN_MM - RULER_LENGTH - 4) * MM
            for n, line in enumerate(_lines(label, room)[:2]):
                c.drawString(TILE_MARGIN_MM * MM, (PRINTABLE_MM + 3.6 - 2.9 * n) * MM + 0.6 * MM, line)
            c.restoreState()
            draw_ruler(c, Ruler(w - TILE_MARGIN_MM - RULER_LENGTH, PRINTABLE_MM + 1.0, False))
            finish_page(c)
    c.save()
    return RenderResult(buf.getvalue(), plan.tiles + 1, 0, (), (), (),
                        f"chapter {chapter.number} board at play size: {square_mm:g} mm squares on "
                        f"{plan.tiles} sheets ({nx}×{ny}), and how they go together")


def _lines(text: str, room: float) -> list[str]:
    """``text`` in lines at most ``room`` points wide at the label's size."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(f"{lines[-1]} {word}", REGULAR, TILE_LABEL_PT) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines
