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

import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass, replace

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

#: Smallest distance from the paper edge to a card (mm).
MIN_MARGIN = 5.0
#: Gap between the grid and the start of a crop mark (mm): marks never touch a card.
MARK_GAP = 1.5
#: Longest crop mark (mm).
MARK_LENGTH = 4.0
#: Gap between the two halves of a fold layout (mm); the fold line runs down its middle.
FOLD_GUTTER = 6.0
#: The calibration ruler: its length and the band it needs (mm).
RULER_LENGTH = 50.0
RULER_BAND = 4.5
#: Largest back offset accepted (mm): more than this is a typo, not a printer's drift.
MAX_BACK_OFFSET = 10.0


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
        return f"{size}{bleed} on {self.paper}, {backs}"


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
    return SheetSpec(paper=p, card_w=w, card_h=h, bleed=bleed, backs=b, offset_x=ox, offset_y=oy, size_name=name)


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
    def per_page(self) -> int:
        """Cards per page (in fold mode, cards whose front and back share the page)."""
        return self.cols * self.rows

    @property
    def grid_w(self) -> float:
        w = self.cols * self.cell_w
        return 2 * w + FOLD_GUTTER if self.fold else w

    @property
    def grid_h(self) -> float:
        return self.rows * self.cell_h

    @property
    def grid(self) -> Rect:
        return Rect(self.grid_x, self.grid_y, self.grid_w, self.grid_h)

    def pages_for(self, cards: int) -> int:
        """Pages a run of ``cards`` cards needs, backs pages included."""
        sheets = max(1, math.ceil(cards / self.per_page)) if cards else 0
        return sheets * 2 if self.spec.backs in ("long", "short") else sheets

    # ----- card positions ------------------------------------------------------
    def slot(self, i: int) -> Rect:
        """The trim rectangle of slot ``i`` (0-based, row by row from the top-left) of a fronts page."""
        if not 0 <= i < self.per_page:
            raise IndexError(i)
        row, col = divmod(i, self.cols)
        b = self.spec.bleed
        x = self.grid_x + col * self.cell_w + b
        y = self.grid_y + self.grid_h - (row + 1) * self.cell_h + b
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
        mirror_x = self.fold or (spec.backs == "long") != self.landscape
        if spec.backs == "none":
            raise ValueError("no backs in this layout")
        if mirror_x:
            r = Rect(self.page_w - front.x - front.w, front.y, front.w, front.h)
        else:
            r = Rect(front.x, self.page_h - front.y - front.h, front.w, front.h)
        return r.shifted(spec.offset_x, spec.offset_y)

    # ----- cut lines and marks ---------------------------------------------------
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

    def cut_ys(self) -> list[float]:
        """y of every horizontal cut line (trim edges), bottom to top."""
        ys: set[float] = set()
        for c in range(self.per_page):
            r = self.slot(c)
            ys.add(round(r.y, 6))
            ys.add(round(r.y2, 6))
        return sorted(ys)

    def marks(self, back: bool = False) -> list[Segment]:
        """Crop marks: on every cut line, in the margins, starting MARK_GAP away from the grid.

        On a backs page the marks are mirrored with the cards (the grid is centred, so
        they land on the same lines) and moved by the back offset.
        """
        g = self.grid
        top_room = self.page_h - g.y2 - MARK_GAP
        bottom_room = g.y - MARK_GAP
        left_room = g.x - MARK_GAP
        right_room = self.page_w - g.x2 - MARK_GAP
        segs: list[Segment] = []
        for x in self.cut_xs():
            if top_room > 0.5:
                y0 = g.y2 + MARK_GAP
                segs.append(Segment(x, y0, x, y0 + min(MARK_LENGTH, top_room - 0.5)))
            if bottom_room > 0.5:
                y0 = g.y - MARK_GAP
                segs.append(Segment(x, y0, x, y0 - min(MARK_LENGTH, bottom_room - 0.5)))
        for y in self.cut_ys():
            if left_room > 0.5:
                x0 = g.x - MARK_GAP
                segs.append(Segment(x0, y, x0 - min(MARK_LENGTH, left_room - 0.5), y))
            if right_room > 0.5:
                x0 = g.x2 + MARK_GAP
                segs.append(Segment(x0, y, x0 + min(MARK_LENGTH, right_room - 0.5), y))
        if back and self.spec.backs in ("long", "short"):
            # Mirror (a centred grid maps onto itself) and then shift with the cards.
            mirror_x = (self.spec.backs == "long") != self.landscape
            mirrored = []
            for s in segs:
                if mirror_x:
                    mirrored.append(Segment(self.page_w - s.x1, s.y1, self.page_w - s.x2, s.y2))
                else:
                    mirrored.append(Segment(s.x1, self.page_h - s.y1, s.x2, self.page_h - s.y2))
            segs = [s.shifted(self.spec.offset_x, self.spec.offset_y) for s in mirrored]
        return segs

    def fold_line(self) -> Segment | None:
        """The dashed fold line down the middle of a fold layout."""
        if not self.fold:
            return None
        x = self.page_w / 2
        return Segment(x, self.grid_y, x, self.grid_y + self.grid_h)

    # ----- calibration ruler -----------------------------------------------------
    def ruler(self) -> Ruler | None:
        """A place in a margin for the 50 mm ruler that touches no card and no crop mark.

        The ruler sits between two cut lines (marks only stand on cut lines), in the
        widest margin that has room. ``None`` when no margin can hold it.
        """
        g = self.grid
        need = RULER_LENGTH + 4.0
        best: tuple[float, float, Ruler] | None = None

        def spans(cuts: list[float], lo: float, hi: float) -> Iterator[tuple[float, float]]:
            edges = [lo, *cuts, hi]
            for a, b in itertools.pairwise(edges):
                if b - a >= need:
                    yield a, b

        # Vertical ruler in the left margin, horizontal ruler in the bottom margin.
        candidates: list[tuple[float, list[float], float, float, bool]] = [
            (g.x, self.cut_ys(), 3.0, self.page_h - 3.0, True),
            (g.y, self.cut_xs(), 3.0, self.page_w - 3.0, False),
        ]
        for room, cuts, lo, hi, vertical in candidates:
            if room < RULER_BAND + 2.0:
                continue
            for a, b in spans(cuts, lo, hi):
                mid = (a + b) / 2
                centre = (self.page_h if vertical else self.page_w) / 2
                start = mid - RULER_LENGTH / 2
                # Stay clear of the marks' gap zone: centre the band in the free margin.
                across = max(1.0, (room - MARK_GAP - RULER_BAND) / 2) if room > 12 else max(1.0, room - RULER_BAND - 1.0)
                ruler = Ruler(across, start, True) if vertical else Ruler(start, across, False)
                score = (room, -abs(mid - centre))
                if best is None or score > best[:2]:
                    best = (score[0], score[1], ruler)
        return best[2] if best else None


def compute_layout(spec: SheetSpec) -> Layout:
    """The centred grid with the most cards for this paper, card size, bleed and backs mode.

    Portrait and landscape are both tried; the one holding more cards wins (portrait on
    a tie). Raises UsageError when not even one card fits.
    """
    pw, ph = PAPER_SIZES[spec.paper]
    cw, ch = spec.card_w + 2 * spec.bleed, spec.card_h + 2 * spec.bleed
    best: Layout | None = None
    for w, h in ((pw, ph), (ph, pw)):
        if spec.backs == "fold":
            half = (w - 2 * MIN_MARGIN - FOLD_GUTTER) / 2
            cols = int(half // cw) if half > 0 else 0
        else:
            cols = int((w - 2 * MIN_MARGIN + 1e-9) // cw)
        rows = int((h - 2 * MIN_MARGIN + 1e-9) // ch)
        if cols < 1 or rows < 1:
            continue
        lay = Layout(spec, w, h, cols, rows, 0.0, 0.0)
        lay = replace(lay, grid_x=(w - lay.grid_w) / 2, grid_y=(h - lay.grid_h) / 2)
        if best is None or lay.per_page > best.per_page:
            best = lay
    if best is None:
        raise UsageError(
            f"a {fmt_mm(spec.card_w)}x{fmt_mm(spec.card_h)} mm card with {fmt_mm(spec.bleed)} mm bleed "
            f"does not fit on {spec.paper} paper"
            + (
                " when folded; use --backs long"
                if spec.backs == "fold"
                else f" inside its {fmt_mm(MIN_MARGIN)} mm margins; choose a smaller --size"
                + (" or --bleed" if spec.bleed else "")
            )
        )
    return best
