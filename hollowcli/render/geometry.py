"""Sheet geometry for printing cards: sizes, the centred grid, crop marks, backs and the ruler.

Everything here is plain arithmetic in millimetres with the PDF's origin (bottom-left of
the page, y up), so it can be tested without drawing anything. The drawing code
(``hollowcli.render.sheet``) converts to points at the last moment.

Words used below:

* *trim*: the finished card (63x88 mm for poker cards), what is left after cutting.
* *bleed*: extra printed area around the trim that is cut away (0 = cards sit edge to edge).
* *cell*: trim plus bleed on every side; cells of the grid touch each other.
* *cut line*: a line the user cuts along: every trim edge, extended into the margins.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from hollowcli.errors import UsageError

#: Points per millimetre (PDF user space is 1/72 inch).
MM = 72.0 / 25.4

#: Card trim sizes in mm (width, height), portrait.
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "mini": (44.0, 67.0),
    "tarot": (70.0, 120.0),
}

#: Paper sizes in mm (width, height), portrait.
PAPER_SIZES: dict[str, tuple[float, float]] = {
    "letter": (215.9, 279.4),
    "a4": (210.0, 297.0),
}

#: How backs are printed: duplex flipped on the long or short paper edge, folded, or not at all.
BACKS_MODES = ("long", "short", "fold", "none")

#: Most home printers cannot print closer than this to the paper's edge (mm): cards,
#: crop marks, the ruler and the sheet labels all stay at least this far inside.
PRINTABLE_MM = 6.35
#: Smallest distance from the paper edge to a card (mm).
MIN_MARGIN = PRINTABLE_MM
#: Gap between the grid and the start of a crop mark (mm): marks never touch a card.
MARK_GAP = 1.5
#: Longest crop mark (mm).
MARK_LENGTH = 4.0
#: Shortest crop mark worth drawing (mm); a margin with less room gets none (the layout says so).
MARK_MIN = 2.0
#: Largest gap between cards (mm).
MAX_GUTTER = 10.0
#: The band a sheet label takes across the margin (mm), and its type size (pt).
LABEL_BAND = 2.6
LABEL_PT = 6.0
#: Looks of a card back: outline on white (little ink), a full-colour back, or just the words.
BACKS_STYLES = ("light", "dark", "plain")
#: Gap between the two halves of a fold layout (mm); the fold line runs down its middle.
FOLD_GUTTER = 6.0
#: The calibration ruler: its length and the band it needs (mm).
RULER_LENGTH = 50.0
RULER_BAND = 3.6
#: A layout keeps a margin for a sheet label at least this long (mm): "cards · sheet 10 of 10 · fronts".
AID_LABEL_MM = 40.0
#: Largest back offset accepted (mm): more than this is a typo, not a printer's drift.
MAX_BACK_OFFSET = 10.0
#: Light and plain backs print only a medallion (an oval) centred on the card, kept at least
#: this far (mm) inside the trim, and further on larger cards (BACK_INSET_SHARE of the side):
#: a printer that shifts the back side by a few mm moves no ink off the card and leaves no
#: border that looks uneven. A dark back is colour to the edge of its bleed.
BACK_CLEAR_MM = 6.0
BACK_INSET_SHARE = (0.13, 0.12)


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in mm, (x, y) = bottom-left corner."""

    x: float
    y: float
    w: float
    h: float

    @property
    def x2(self) -> float:
        return self.x + self.w

    @property
    def y2(self) -> float:
        return self.y + self.h

    def shifted(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def grown(self, d: float) -> Rect:
        """The rectangle with ``d`` mm added on every side."""
        return Rect(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)

    def intersects(self, other: Rect, tol: float = 1e-6) -> bool:
        """True when the two rectangles overlap by more than ``tol`` (touching is not overlap)."""
        return (
            self.x < other.x2 - tol
            and other.x < self.x2 - tol
            and self.y < other.y2 - tol
            and other.y < self.y2 - tol
        )


@dataclass(frozen=True)
class Segment:
    """A straight line in mm (a crop mark, a ruler tick)."""

    x1: float
    y1: float
    x2: float
    y2: float

    def shifted(self, dx: float, dy: float) -> Segment:
        return Segment(self.x1 + dx, self.y1 + dy, self.x2 + dx, self.y2 + dy)


@dataclass(frozen=True)
class Ruler:
    """Where the 50 mm calibration ruler goes: its start point and direction."""

    x: float
    y: float
    vertical: bool
    length: float = RULER_LENGTH

    @property
    def band(self) -> Rect:
        """The area the ruler and its label occupy."""
        if self.vertical:
            return Rect(self.x, self.y, RULER_BAND, self.length)
        return Rect(self.x, self.y, self.length, RULER_BAND)


@dataclass(frozen=True)
class SheetSpec:
    """What the user asked for: paper, card size, bleed, backs and back offset (all mm)."""

    paper: str = "letter"
    card_w: float = 63.0
    card_h: float = 88.0
    bleed: float = 0.0
    backs: str = "long"
    offset_x: float = 0.0
    offset_y: float = 0.0
    size_name: str = "poker"
    gutter: float = 0.0
    cut_lines: bool = False
    backs_style: str | None = None  # None: the pack's back template decides, else light

    def describe(self) -> str:
        """A short human description, used in PDF metadata and listings."""
        size = f"{self.size_name} {fmt_mm(self.card_w)}x{fmt_mm(self.card_h)} mm"
        bleed = f", {fmt_mm(self.bleed)} mm bleed" if self.bleed else ""
        backs = {
            "long": "backs for long-edge duplex",
            "short": "backs for short-edge duplex",
            "fold": "fronts and backs side by side to fold",
            "none": "no backs",
        }[self.backs]
        gutter = f", {fmt_mm(self.gutter)} mm gutter" if self.gutter else ""
        return f"{size}{bleed}{gutter} on {self.paper}, {backs}"


def back_medallion(card_w: float, card_h: float) -> tuple[float, float]:
    """How far (mm) the medallion of a light or plain back stays inside the trim: (x, y)."""
    return (max(BACK_CLEAR_MM, BACK_INSET_SHARE[0] * card_w), max(BACK_CLEAR_MM, BACK_INSET_SHARE[1] * card_h))


def back_ink_inset(spec: SheetSpec, style: str) -> tuple[float, float]:
    """How far inside the trim (mm, x and y) a back's ink begins: the medallion of a light or
    plain back; for a dark back, minus the bleed (its colour runs to the edge of the bleed)."""
    if style == "dark":
        return (-spec.bleed, -spec.bleed)
    return back_medallion(spec.card_w, spec.card_h)


def fmt_mm(v: float) -> str:
    """``63`` for 63.0, ``2.5`` for 2.5."""
    return f"{v:g}"


def parse_size(text: str) -> tuple[str, float, float]:
    """``poker`` | ``mini`` | ``tarot`` | ``WxH`` in mm -> (name, width, height)."""
    t = text.strip().lower()
    if t in CARD_SIZES:
        w, h = CARD_SIZES[t]
        return t, w, h
    parts = t.replace("×", "x").replace("mm", "").split("x")
    try:
        if len(parts) != 2:
            raise ValueError
        w, h = float(parts[0]), float(parts[1])
    except ValueError:
        raise UsageError(
            f"--size {text!r} is not a card size; use poker, mini, tarot or WxH in mm like 63x88"
        ) from None
    if not (20 <= w <= 200 and 20 <= h <= 280) or not (math.isfinite(w) and math.isfinite(h)):
        raise UsageError(f"--size {text!r}: each side must be between 20 and 200 mm (height up to 280)")
    return "custom", w, h


def parse_offset(text: str | None) -> tuple[float, float]:
    """``X,Y`` in mm (``1.5,-0.5``) -> (x, y); empty -> (0, 0)."""
    if text is None or not text.strip():
        return 0.0, 0.0
    parts = text.replace(" ", "").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = float(parts[0]), float(parts[1])
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ValueError
    except ValueError:
        raise UsageError(
            f"--back-offset {text!r} is not X,Y in mm; for example 1.5,-0.5 moves backs right and down"
        ) from None
    if abs(x) > MAX_BACK_OFFSET or abs(y) > MAX_BACK_OFFSET:
        raise UsageError(f"--back-offset {text!r}: each value must be within ±{MAX_BACK_OFFSET:g} mm")
    return x, y


def make_spec(
    paper: str = "letter",
    size: str = "poker",
    bleed: float = 0.0,
    backs: str = "long",
    back_offset: str | None = None,
    gutter: float = 0.0,
    cut_lines: bool = False,
    backs_style: str | None = None,
) -> SheetSpec:
    """Check the user's options and build a :class:`SheetSpec` (raises UsageError)."""
    p = paper.strip().lower()
    if p not in PAPER_SIZES:
        raise UsageError(f"--paper {paper!r} is not known; use one of {', '.join(PAPER_SIZES)}")
    name, w, h = parse_size(size)
    if not (0 <= bleed <= 10) or not math.isfinite(bleed):
        raise UsageError(f"--bleed {bleed:g} mm is out of range; use 0 to 10 mm (3 is usual)")
    b = backs.strip().lower()
    if b not in BACKS_MODES:
        raise UsageError(f"--backs {backs!r} is not known; use one of {', '.join(BACKS_MODES)}")
    ox, oy = parse_offset(back_offset)
    if not (0 <= gutter <= MAX_GUTTER) or not math.isfinite(gutter):
        raise UsageError(f"--gutter {gutter:g} mm is out of range; use 0 to {MAX_GUTTER:g} mm (3 is usual)")
    style = backs_style.strip().lower() if backs_style else None
    if style is not None and style not in BACKS_STYLES:
        raise UsageError(f"--backs-style {backs_style!r} is not known; use one of {', '.join(BACKS_STYLES)}")
    return SheetSpec(paper=p, card_w=w, card_h=h, bleed=bleed, backs=b, offset_x=ox, offset_y=oy, size_name=name,
                     gutter=gutter, cut_lines=cut_lines, backs_style=style)


@dataclass(frozen=True)
class Label:
    """Where a sheet's label goes: its start point, direction and the room it has (mm)."""

    x: float
    y: float
    vertical: bool
    length: float

    @property
    def band(self) -> Rect:
        if self.vertical:
            return Rect(self.x, self.y, LABEL_BAND, self.length)
        return Rect(self.x, self.y, self.length, LABEL_BAND)


_SIDES = ("top", "bottom", "left", "right")


_F = TypeVar("_F", bound=Callable[..., Any])


def _remembered(method: _F) -> _F:
    """A Layout method worked out once per layout and arguments (a layout never changes,
    and a kit asks the same questions on every page); lists and dicts come back as copies."""
    name = method.__name__

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kw: Any) -> Any:
        memo = self.__dict__.get("_memo")
        if memo is None:
            memo = {}
            object.__setattr__(self, "_memo", memo)
        key = (name, args, tuple(sorted(kw.items())))
        if key not in memo:
            memo[key] = method(self, *args, **kw)
        value = memo[key]
        return list(value) if isinstance(value, list) else dict(value) if isinstance(value, dict) else value

    return wrapper  # type: ignore[return-value]


@dataclass(frozen=True)
class Layout:
    """A computed sheet: page size, grid, and where every card, mark and the ruler go.

    Slots are numbered row by row from the top-left, as people read a sheet. In fold
    mode ``cols`` counts the columns of one half (the fronts); the backs take the
    mirrored columns of the other half on the same page.
    """

    spec: SheetSpec
    page_w: float
    page_h: float
    cols: int
    rows: int
    grid_x: float  # left edge of the grid of cells (mm)
    grid_y: float  # bottom edge of the grid of cells (mm)

    # ----- basic figures -------------------------------------------------------
    @property
    def landscape(self) -> bool:
        return self.page_w > self.page_h

    @property
    def cell_w(self) -> float:
        return self.spec.card_w + 2 * self.spec.bleed

    @property
    def cell_h(self) -> float:
        return self.spec.card_h + 2 * self.spec.bleed

    @property
    def fold(self) -> bool:
        return self.spec.backs == "fold"

    @property
    def duplex(self) -> bool:
        return self.spec.backs in ("long", "short")

    @property
    def per_page(self) -> int:
        """Cards per page (in fold mode, cards whose front and back share the page)."""
        return self.cols * self.rows

    @property
    def grid_w(self) -> float:
        w = self.cols * self.cell_w + (self.cols - 1) * self.spec.gutter
        return 2 * w + FOLD_GUTTER if self.fold else w

    @property
    def grid_h(self) -> float:
        return self.rows * self.cell_h + (self.rows - 1) * self.spec.gutter

    @property
    def grid(self) -> Rect:
        return Rect(self.grid_x, self.grid_y, self.grid_w, self.grid_h)

    @property
    def mirror_x(self) -> bool:
        """Backs mirror left-right (else top-bottom): the sheet turns about that axis."""
        return self.fold or (self.spec.backs == "long") != self.landscape

    @property
    def back_grid(self) -> Rect:
        """The grid on a backs page: the centred grid maps onto itself, then the offset."""
        return self.grid.shifted(self.spec.offset_x, self.spec.offset_y)

    def pages_for(self, cards: int) -> int:
        """Pages a run of ``cards`` cards needs, backs pages included."""
        sheets = max(1, math.ceil(cards / self.per_page)) if cards else 0
        return sheets * 2 if self.duplex else sheets

    # ----- card positions ------------------------------------------------------
    def slot(self, i: int) -> Rect:
        """The trim rectangle of slot ``i`` (0-based, row by row from the top-left) of a fronts page."""
        if not 0 <= i < self.per_page:
            raise IndexError(i)
        row, col = divmod(i, self.cols)
        b, g = self.spec.bleed, self.spec.gutter
        x = self.grid_x + col * (self.cell_w + g) + b
        y = self.grid_y + self.grid_h - (row + 1) * self.cell_h - row * g + b
        return Rect(x, y, self.spec.card_w, self.spec.card_h)

    def back_slot(self, i: int) -> Rect:
        """Where the back of slot ``i`` goes, offset included.

        Duplex: the sheet turns over about the paper's long or short edge, so the back
        lands mirrored across that axis. On a portrait page the long edges are the
        sides (mirror left-right, i.e. columns); on a landscape page they are the top
        and bottom (mirror rows). Fold: mirrored about the fold line in the middle.
        """
        front = self.slot(i)
        spec = self.spec
        if spec.backs == "none":
            raise ValueError("no backs in this layout")
        if self.mirror_x:
            r = Rect(self.page_w - front.x - front.w, front.y, front.w, front.h)
        else:
            r = Rect(front.x, self.page_h - front.y - front.h, front.w, front.h)
        return r.shifted(spec.offset_x, spec.offset_y)

    # ----- cut lines and marks ---------------------------------------------------
    @_remembered
    def cut_xs(self) -> list[float]:
        """x of every vertical cut line (trim edges), left to right."""
        xs: set[float] = set()
        for c in range(self.per_page):
            r = self.slot(c)
            xs.add(round(r.x, 6))
            xs.add(round(r.x2, 6))
            if self.fold:
                m = Rect(self.page_w - r.x2, r.y, r.w, r.h)
                xs.add(round(m.x, 6))
                xs.add(round(m.x2, 6))
        return sorted(xs)

    @_remembered
    def cut_ys(self) -> list[float]:
        """y of every horizontal cut line (trim edges), bottom to top."""
        ys: set[float] = set()
        for c in range(self.per_page):
            r = self.slot(c)
            ys.add(round(r.y, 6))
            ys.add(round(r.y2, 6))
        return sorted(ys)

    @staticmethod
    def _rooms(g: Rect, page_w: float, page_h: float) -> dict[str, float]:
        """Room for a crop mark beyond the gap on each side of grid ``g``, inside the printable area."""
        edge = PRINTABLE_MM + MARK_GAP
        return {
            "top": page_h - g.y2 - edge,
            "bottom": g.y - edge,
            "left": g.x - edge,
            "right": page_w - g.x2 - edge,
        }

    def _back_side(self, side: str) -> str:
        """The side of the backs page a fronts-page side lands on when the sheet turns."""
        if not self.duplex:
            return side
        swap = {"left": "right", "right": "left"} if self.mirror_x else {"top": "bottom", "bottom": "top"}
        return swap.get(side, side)

    @_remembered
    def mark_lengths(self) -> dict[str, float]:
        """Length of the crop marks on each side of the fronts page (0: none fit there).

        A side's marks are as long as both faces allow: on a backs page they land on the
        mirrored side, moved by the back offset, and must stay inside the printable area too.
        """
        front = self._rooms(self.grid, self.page_w, self.page_h)
        back = self._rooms(self.back_grid, self.page_w, self.page_h) if self.duplex else front
        out = {}
        for side in _SIDES:
            room = min(front[side], back[self._back_side(side)])
            out[side] = min(MARK_LENGTH, room) if room >= MARK_MIN else 0.0
        return out

    def auto_cut_axes(self) -> tuple[bool, bool]:
        """(vertical, horizontal): cut lines drawn full length because no crop mark of that axis fits."""
        ml = self.mark_lengths()
        return (ml["top"] == 0 and ml["bottom"] == 0), (ml["left"] == 0 and ml["right"] == 0)

    @_remembered
    def marks(self, back: bool = False) -> list[Segment]:
        """Crop marks: on every cut line, in the margins, starting MARK_GAP away from the grid,
        ending at least PRINTABLE_MM from the paper's edge.

        On a backs page the marks are mirrored with the cards (the grid is centred, so
        they land on the same lines) and moved by the back offset.
        """
        g = self.grid
        ml = self.mark_lengths()
        segs: list[Segment] = []
        for x in self.cut_xs():
            if ml["top"]:
                y0 = g.y2 + MARK_GAP
                segs.append(Segment(x, y0, x, y0 + ml["top"]))
            if ml["bottom"]:
                y0 = g.y - MARK_GAP
                segs.append(Segment(x, y0, x, y0 - ml["bottom"]))
        for y in self.cut_ys():
            if ml["left"]:
                x0 = g.x - MARK_GAP
                segs.append(Segment(x0, y, x0 - ml["left"], y))
            if ml["right"]:
                x0 = g.x2 + MARK_GAP
                segs.append(Segment(x0, y, x0 + ml["right"], y))
        return self._to_back(segs) if back else segs

    def _to_back(self, segs: list[Segment]) -> list[Segment]:
        """Mirror fronts-page lines for a duplex backs page (the grid is centred) and shift them."""
        if not self.duplex:
            return segs
        out = []
        for s in segs:
            if self.mirror_x:
                m = Segment(self.page_w - s.x1, s.y1, self.page_w - s.x2, s.y2)
            else:
                m = Segment(s.x1, self.page_h - s.y1, s.x2, self.page_h - s.y2)
            out.append(m.shifted(self.spec.offset_x, self.spec.offset_y))
        return out

    @_remembered
    def cut_lines(self, back: bool = False) -> list[Segment]:
        """Full-length cut lines across the printable area: on every cut line with ``--cut-lines``,
        else only on the axis whose crop marks do not fit (so every cut is still shown)."""
        auto_v, auto_h = self.auto_cut_axes()
        want_v = self.spec.cut_lines or auto_v
        want_h = self.spec.cut_lines or auto_h
        lo_x, hi_x = PRINTABLE_MM, self.page_w - PRINTABLE_MM
        lo_y, hi_y = PRINTABLE_MM, self.page_h - PRINTABLE_MM
        segs: list[Segment] = []
        if want_v:
            segs += [Segment(x, lo_y, x, hi_y) for x in self.cut_xs()]
        if want_h:
            segs += [Segment(lo_x, y, hi_x, y) for y in self.cut_ys()]
        if not back:
            return segs
        moved = self._to_back(segs)
        # Keep the lines inside the printable area after the offset.
        return [Segment(max(lo_x, min(s.x1, hi_x)), max(lo_y, min(s.y1, hi_y)),
                        max(lo_x, min(s.x2, hi_x)), max(lo_y, min(s.y2, hi_y))) for s in moved]

    def fold_line(self) -> Segment | None:
        """The dashed fold line down the middle of a fold layout."""
        if not self.fold:
            return None
        x = self.page_w / 2
        return Segment(x, self.grid_y, x, self.grid_y + self.grid_h)

    # ----- what does not fit -------------------------------------------------------
    @_remembered
    def notes(self) -> list[str]:
        """What this layout cannot place in the printable area, in words (empty when all fits)."""
        out = []
        ml = self.mark_lengths()
        v, h = self.auto_cut_axes()
        gone = [side for side in _SIDES if not ml[side]]
        gone = [side for side in gone if not ((v and side in ("top", "bottom")) or (h and side in ("left", "right")))]
        if gone:
            out.append(f"no crop marks in the {' and '.join(gone)} {'margins' if len(gone) > 1 else 'margin'}: less than "
                       f"{fmt_mm(PRINTABLE_MM + MARK_GAP + MARK_MIN)} mm from the cards to the paper's edge"
                       + (" once the back offset moves the backs" if self.duplex and (self.spec.offset_x or self.spec.offset_y) else "")
                       + "; the marks on the opposite side show those cut lines")
        for axis, missing in (("vertical", v), ("horizontal", h)):
            if missing:
                a, b = ("top", "bottom") if axis == "vertical" else ("left", "right")
                out.append(f"the {a} and {b} margins are too narrow for crop marks inside the printable area, "
                           f"so the {axis} cut lines are drawn full length across the sheet")
        if self.ruler() is None:
            out.append("no margin has room for the 50 mm calibration ruler inside the printable area")
        if self.label(AID_LABEL_MM) is None:
            out.append("no margin has room for the sheet labels (file, sheet number, side) inside the printable area")
        return out

    # ----- calibration ruler and labels -----------------------------------------------
    def _spots(self, length: float, band: float, back: bool, avoid: tuple[Rect, ...] = ()) -> list[tuple[float, Rect, bool]]:
        """Free strips ``length`` x ``band`` mm in the margins, between cut lines (where no mark
        stands), inside the printable area and clear of the cards: (score, strip, vertical)."""
        g = self.back_grid if back else self.grid
        dx, dy = (g.x - self.grid.x, g.y - self.grid.y)
        if back and self.duplex:
            xs = sorted(self.page_w - x + dx for x in self.cut_xs()) if self.mirror_x else [x + dx for x in self.cut_xs()]
            ys = [y + dy for y in self.cut_ys()] if self.mirror_x else sorted(self.page_h - y + dy for y in self.cut_ys())
        else:
            xs, ys = self.cut_xs(), self.cut_ys()
        lo, hi_w, hi_h = PRINTABLE_MM, self.page_w - PRINTABLE_MM, self.page_h - PRINTABLE_MM
        need = length + 2.0
        out: list[tuple[float, Rect, bool]] = []
        # (margin from, margin to, cut positions along it, along-lo, along-hi, vertical)
        margins = [
            (lo, g.y - 0.8, xs, lo, hi_w, False),  # bottom
            (g.y2 + 0.8, hi_h, xs, lo, hi_w, False),  # top
            (g.x2 + 0.8, hi_w, ys, lo, hi_h, True),  # right
            (lo, g.x - 0.8, ys, lo, hi_h, True),  # left
        ]
        for rank, (a, b, cuts, alo, ahi, vertical) in enumerate(margins):
            if b - a < band:
                continue
            across = (a + b - band) / 2
            edges = [alo, *[c for c in cuts if alo < c < ahi], ahi]
            for p, q in itertools.pairwise(edges):
                if q - p < need:
                    continue
                start = (p + q - length) / 2
                strip = Rect(across, start, band, length) if vertical else Rect(start, across, length, band)
                if any(strip.intersects(r) for r in avoid):
                    continue
                out.append((rank * 1000 + abs((p + q) / 2 - (ahi + alo) / 2), strip, vertical))
        return sorted(out, key=lambda t: t[0])

    @_remembered
    def ruler(self) -> Ruler | None:
        """A place in a margin for the 50 mm ruler: between cut lines (marks only stand on cut
        lines), inside the printable area, touching no card. ``None`` when no margin can hold it.
        The widest margin wins (vertical on the left, or horizontal at the bottom)."""
        best: tuple[float, Ruler] | None = None
        for _, strip, vertical in self._spots(RULER_LENGTH, RULER_BAND, back=False):
            room = self.grid.x - PRINTABLE_MM if vertical else self.grid.y - PRINTABLE_MM
            if vertical and strip.x > self.grid.x:
                continue  # the ruler lives in the left or bottom margin
            if not vertical and strip.y > self.grid.y:
                continue
            r = Ruler(strip.x, strip.y, vertical) if vertical else Ruler(strip.x, strip.y, False)
            if best is None or room > best[0] + 1e-9:
                best = (room, r)
        return best[1] if best else None

    @_remembered
    def label(self, length: float, back: bool = False) -> Label | None:
        """A place for the sheet's label (``deck-x · sheet 1 of 2 · fronts``), ``length`` mm long,
        clear of the cards, marks and ruler, inside the printable area; ``None`` if none has room."""
        avoid: tuple[Rect, ...] = ()
        r = None if back else self.ruler()
        if r is not None:
            avoid = (r.band.grown(1.0),)
        spots = self._spots(length, LABEL_BAND, back, avoid)
        if not spots:
            return None
        _, strip, vertical = spots[0]
        return Label(strip.x, strip.y, vertical, length)

    # ----- the printable area --------------------------------------------------------
    def check_printable(self, style: str | None = None) -> None:
        """Refuse (UsageError) a back offset that pushes the backs' print off the printable area.

        What counts is the back's ink, not the card's edge: a light or plain back prints only
        its medallion, well inside the trim (see :func:`back_ink_inset`), so a shifted back may
        reach into the margin; a dark back is colour to the edge of its bleed. ``style`` is the
        backs style (default: ``--backs-style``, else light). Crop marks are never pushed off:
        a side whose marks would leave it has none on either face (see :meth:`mark_lengths`)
        and :meth:`notes` says so.
        """
        if not self.duplex or (self.spec.offset_x == 0 and self.spec.offset_y == 0):
            return
        style = style or self.spec.backs_style or "light"
        ix, iy = back_ink_inset(self.spec, style)
        g = self.back_grid
        edges = {"top": self.page_h - g.y2 + iy, "bottom": g.y + iy, "left": g.x + ix, "right": self.page_w - g.x2 + ix}
        for side, edge in edges.items():
            if edge < PRINTABLE_MM - 1e-6:
                off = f"{fmt_mm(self.spec.offset_x)},{fmt_mm(self.spec.offset_y)}"
                what = "the backs" if style == "dark" else "the print of the backs"
                raise UsageError(
                    f"--back-offset {off} pushes {what} to {max(0.0, edge):.1f} mm from the {side} edge of the "
                    f"paper, where most printers cannot print (they need {fmt_mm(PRINTABLE_MM)} mm); use a smaller "
                    "offset" + (", light backs (--backs-style light: their print stays well inside the card)"
                                if style == "dark" else "")
                    + ", or --paper/--size for a layout with wider margins"
                )

    def has_room_for_aids(self) -> bool:
        """True when a margin holds the 50 mm ruler and another the sheet label."""
        return self.ruler() is not None and self.label(AID_LABEL_MM) is not None


@functools.lru_cache(maxsize=16)
def compute_layout(spec: SheetSpec) -> Layout:
    """The centred grid with the most cards for this paper, card size, bleed and backs mode.

    Portrait and landscape are both tried; the one holding more cards wins (portrait on
    a tie), as long as a margin keeps room for the 50 mm ruler and the sheet label: a grid
    without it gives up a column or a row (mini cards on Letter: 15 a page, not 18). Cards
    stay inside the printable area (PRINTABLE_MM from every edge). Raises
    UsageError when not even one card fits, or when the back offset pushes the backs
    off the printable area.
    """
    pw, ph = PAPER_SIZES[spec.paper]
    cw, ch = spec.card_w + 2 * spec.bleed, spec.card_h + 2 * spec.bleed
    g = spec.gutter
    grids: list[tuple[int, bool, int, Layout]] = []
    for w, h in ((pw, ph), (ph, pw)):
        if spec.backs == "fold":
            half = (w - 2 * MIN_MARGIN - FOLD_GUTTER) / 2
            cols = int((half + g + 1e-9) // (cw + g)) if half > 0 else 0
        else:
            cols = int((w - 2 * MIN_MARGIN + g + 1e-9) // (cw + g))
        rows = int((h - 2 * MIN_MARGIN + g + 1e-9) // (ch + g))
        # The full grid, then the grids one column or one row smaller: those leave a margin
        # for the ruler and the sheet label when the full grid has none (mini cards on Letter).
        for smaller, (c, r) in enumerate(((cols, rows), (cols - 1, rows), (cols, rows - 1))):
            if c < 1 or r < 1:
                continue
            lay = Layout(spec, w, h, c, r, 0.0, 0.0)
            lay = replace(lay, grid_x=(w - lay.grid_w) / 2, grid_y=(h - lay.grid_h) / 2)
            grids.append((-lay.per_page, smaller > 0, len(grids), lay))
    # The most cards (a full grid before a smaller one of the same count, then portrait), among
    # the grids that keep room for the ruler and the label; if none does, the most cards.
    grids.sort(key=lambda t: t[:3])
    best = next((t[3] for t in grids if t[3].has_room_for_aids()), grids[0][3] if grids else None)
    if best is None:
        raise UsageError(
            f"a {fmt_mm(spec.card_w)}x{fmt_mm(spec.card_h)} mm card with {fmt_mm(spec.bleed)} mm bleed "
            f"does not fit on {spec.paper} paper"
            + (
                " when folded; use --backs long"
                if spec.backs == "fold"
                else f" inside its {fmt_mm(MIN_MARGIN)} mm printable margins; choose a smaller --size"
                + (" or --bleed" if spec.bleed else "")
                + (" or --gutter" if spec.gutter else "")
            )
        )
    best.check_printable()
    return best
