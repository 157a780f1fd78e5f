"""``setup-<chapter>-play.pdf`` (``hollow print setup CHAPTER --scale play``): the chapter's
map at ``--square`` mm a square, cut into tiles that each fit a sheet inside the printable
area, with overlap strips, alignment marks and assembly labels, after a first page that
shows how the tiles go together."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Any

from hollowcli.names import plural
from hollowcli.pack.model import Chapter, Pack
from hollowcli.render.chapter_map import MapView, draw_map, map_view, objective_words
from hollowcli.render.fonts import BOLD, REGULAR, register_fonts, text_width
from hollowcli.render.geometry import MM, PAPER_SIZES, PRINTABLE_MM, RULER_LENGTH, Ruler, SheetSpec
from hollowcli.render.layout import SHEET_MARGIN_MM, Pager, compact_styles
from hollowcli.render.markup import escape_text
from hollowcli.render.product import GAME
from hollowcli.render.sheet import RenderResult, draw_ruler, finish_page, new_canvas

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
    register_fonts()
    view = map_view(chapter)
    plan = plan_tiles(view.cols, view.rows, square_mm, spec.paper)
    w, h = plan.page
    nx, ny = len(plan.xs), len(plan.ys)
    board = _Board(pack, chapter, view, plan, square_mm, f"setup-{chapter.id}-play")
    buf = io.BytesIO()
    c = new_canvas(buf, w, h, f"{GAME}: chapter {chapter.number} board at play size",
                   f"The board of {chapter.name} at {square_mm:g} mm a square, on {plan.tiles} sheets. Print at 100%.")
    _guide_page(c, board)
    for j in range(ny):
        for i in range(nx):
            _tile_page(c, board, i, j)
    c.save()
    return RenderResult(buf.getvalue(), plan.tiles + 1, 0, (), (), (),
                        f"chapter {chapter.number} board at play size: {square_mm:g} mm squares on "
                        f"{plan.tiles} sheets ({nx}×{ny}), and how they go together")


@dataclass(frozen=True)
class _Board:
    """The board being printed: the chapter, the part of its map drawn, how it is cut, the
    square's size (mm) and the file's name (in every page's label)."""

    pack: Pack
    chapter: Chapter
    view: MapView
    plan: TilePlan
    square_mm: float
    name: str

    @property
    def cell(self) -> float:
        """A square, in points."""
        return self.square_mm * MM


def _guide_page(c: Any, board: _Board) -> None:
    """The first page: how the tiles go together, in steps and in a picture."""
    chapter, plan, square_mm = board.chapter, board.plan, board.square_mm
    w, h = plan.page
    nx, ny = len(plan.xs), len(plan.ys)
    st = compact_styles()
    pg = Pager(c, w, h, board.name)
    pg.set_margins(SHEET_MARGIN_MM)
    pg.new_page()
    pg.para(f"Chapter {chapter.number}: {escape_text(chapter.name)} · the board at play size", st["title"])
    pg.para(f"One square = {square_mm:g} mm, the size of the board's squares (hollow print setup --square MM for "
            f"another size): {plural(plan.tiles, 'sheet')} ({nx} × {ny}), pages 2 to "
            f"{plan.tiles + 1}. Squares are named in their corner as in hollow assist; the map's blocked border "
            "is not drawn. Objective: " + escape_text(objective_words(board.pack, chapter)), st["sub"])
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
    _guide_picture(c, board, pg)
    pg.dirty = True
    pg.close()


def _guide_picture(c: Any, board: _Board, pg: Pager) -> None:
    """The whole map, small, below the Pager's cursor, with each tile's outline and name."""
    from reportlab.lib.colors import HexColor

    view, plan, cell = board.view, board.plan, board.cell
    nx = len(plan.xs)
    room_w, room_h = pg.width, pg.y - pg.bottom - 4 * MM
    small = min(room_w / (view.cols * cell), room_h / (view.rows * cell))
    x0, top = pg.left + (room_w - view.cols * cell * small) / 2, pg.y
    draw_map(c, board.pack, board.chapter, view, (view.c0, view.r0), x0, top, cell * small, headers=False)
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


@dataclass(frozen=True)
class _Tile:
    """Tile (``i``, ``j``): the part of the map it holds (mm from the map's left and top
    edges) and where that part is on its sheet (mm from the sheet's left and bottom edges)."""

    i: int
    j: int
    xa: float
    xb: float
    ya: float
    yb: float
    left: float
    bottom: float

    @property
    def width(self) -> float:
        return self.xb - self.xa

    @property
    def height(self) -> float:
        return self.yb - self.ya

    @property
    def top(self) -> float:
        return self.bottom + self.height


def _tile_page(c: Any, board: _Board, i: int, j: int) -> None:
    """One tile's sheet: its part of the map, the strips the next tiles are laid over, the
    + marks, the edges to cut, the assembly label and the ruler."""
    from reportlab.lib.colors import HexColor

    plan, w, h = board.plan, *board.plan.page
    (xa, xb), (ya, yb) = plan.xs[i], plan.ys[j]
    # the tile's map area on the sheet, centred in the room inside the margins
    tile = _Tile(i, j, xa, xb, ya, yb, TILE_MARGIN_MM + (w - 2 * TILE_MARGIN_MM - (xb - xa)) / 2,
                 TILE_BOTTOM_MM + (h - TILE_MARGIN_MM - TILE_BOTTOM_MM - (yb - ya)) / 2)
    _tile_map(c, board, tile)
    c.saveState()
    c.setLineWidth(0.4)
    c.setStrokeColor(HexColor("#333333"))
    _strips_and_marks(c, board, tile)
    _cut_edges(c, tile)
    c.restoreState()
    _tile_label(c, board, tile)
    draw_ruler(c, Ruler(w - TILE_MARGIN_MM - RULER_LENGTH, PRINTABLE_MM + 1.0, False))
    finish_page(c)


def _tile_map(c: Any, board: _Board, t: _Tile) -> None:
    """The squares of the tile's part of the map, clipped to the tile, each named in its corner."""
    view, square_mm = board.view, board.square_mm
    first_col = view.c0 + int(t.xa // square_mm)
    last_col = view.c0 + min(view.cols, math.ceil(t.xb / square_mm - 1e-9))
    first_row = view.r0 + int(t.ya // square_mm)
    last_row = view.r0 + min(view.rows, math.ceil(t.yb / square_mm - 1e-9))
    part = MapView(first_col, last_col, first_row, last_row)
    c.saveState()
    clip = c.beginPath()
    clip.rect(t.left * MM, t.bottom * MM, t.width * MM, t.height * MM)
    c.clipPath(clip, stroke=0, fill=0)
    draw_map(c, board.pack, board.chapter, part, (view.c0, view.r0), (t.left - t.xa) * MM, (t.top + t.ya) * MM,
             board.cell, headers=False, coordinates=True)
    c.restoreState()


def _strips_and_marks(c: Any, board: _Board, t: _Tile) -> None:
    """The grey strips the next tiles are laid over, and the + marks: along a strip, beside
    three of its squares, at the same place of the map on both tiles, off the grid lines and
    what the squares hold: halfway down a square's side (a strip down the tiles), near the
    right end of its top (a strip across, where the names of who stands there are centred)."""
    from reportlab.lib.colors import HexColor

    plan, square_mm = board.plan, board.square_mm
    nx, ny = len(plan.xs), len(plan.ys)
    marks: list[tuple[float, float]] = []
    down = [t.top - (y - t.ya) for y in _mark_places(t.ya, t.yb, square_mm, 0.5)]
    across = [t.left + (x - t.xa) for x in _mark_places(t.xa, t.xb, square_mm, 0.85)]
    c.setFillColor(HexColor(STRIP_TINT))
    c.setFillAlpha(0.3)
    if t.i < nx - 1:
        sx = t.left + t.width - OVERLAP_MM
        c.rect(sx * MM, t.bottom * MM, OVERLAP_MM * MM, t.height * MM, stroke=0, fill=1)
        marks += [(sx + OVERLAP_MM / 2, y) for y in down]
    if t.j < ny - 1:
        c.rect(t.left * MM, t.bottom * MM, t.width * MM, OVERLAP_MM * MM, stroke=0, fill=1)
        marks += [(x, t.bottom + OVERLAP_MM / 2) for x in across]
    c.setFillAlpha(1)
    # on a tile laid over others, the + marks where theirs are
    if t.i > 0:
        marks += [(t.left + OVERLAP_MM / 2, y) for y in down]
    if t.j > 0:
        marks += [(x, t.top - OVERLAP_MM / 2) for x in across]
    for mx, my in marks:
        _register(c, mx * MM, my * MM, 2.2 * MM)


def _cut_edges(c: Any, t: _Tile) -> None:
    """The edges to cut along (dashed) where a tile is laid over its neighbours, with a word
    in the margin beside them."""
    from reportlab.lib.colors import HexColor

    c.setDash(3, 2)
    c.setLineWidth(0.6)
    c.setFillColor(HexColor("#333333"))
    c.setFont(REGULAR, 6.5)
    if t.i > 0:
        c.line(t.left * MM, t.bottom * MM, t.left * MM, t.top * MM)
        c.saveState()
        c.translate((t.left - 1.2) * MM, (t.bottom + t.height / 2) * MM)
        c.rotate(90)
        c.drawCentredString(0, 0, f"cut here, lay over tile {tile_name(t.i - 1, t.j)}")
        c.restoreState()
    if t.j > 0:
        c.line(t.left * MM, t.top * MM, (t.left + t.width) * MM, t.top * MM)
        c.drawCentredString((t.left + t.width / 2) * MM, (t.top + 1.2) * MM,
                            f"cut here, lay over tile {tile_name(t.i, t.j - 1)}")


def _tile_label(c: Any, board: _Board, t: _Tile) -> None:
    """The tile's name and where it goes, in the bottom margin inside the printable area."""
    plan = board.plan
    w = plan.page[0]
    nx, ny = len(plan.xs), len(plan.ys)
    label = f"{board.name} · " + _assembly_words(plan, t.i, t.j)
    c.saveState()
    c.setFillColorRGB(0.2, 0.2, 0.2)
    c.setFont(BOLD, 8)
    c.drawString(TILE_MARGIN_MM * MM, (PRINTABLE_MM + 6.2) * MM, f"Tile {tile_name(t.i, t.j)} of {nx}×{ny}")
    c.setFont(REGULAR, TILE_LABEL_PT)
    room = (w - 2 * TILE_MARGIN_MM - RULER_LENGTH - 4) * MM
    for n, line in enumerate(_lines(label, room)[:2]):
        c.drawString(TILE_MARGIN_MM * MM, (PRINTABLE_MM + 3.6 - 2.9 * n) * MM + 0.6 * MM, line)
    c.restoreState()


def _lines(text: str, room: float) -> list[str]:
    """``text`` in lines at most ``room`` points wide at the label's size."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(f"{lines[-1]} {word}", REGULAR, TILE_LABEL_PT) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines
