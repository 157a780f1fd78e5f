"""The shared layout of text pages: :class:`Pager` pours paragraphs and :class:`SimpleTable`
grids onto pages, with the page label and the 50 mm ruler in the bottom margin; the
styles of text pages (and the smaller ones of pages that share the page with a map).

Text is set with the same fast text engine as the cards (no platypus), on the same kind of
canvas (embedded fonts, invariant, metadata): see :func:`text_file`.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hollowcli.render.cardface import Placed, _para, draw_placed
from hollowcli.render.fonts import BOLD, CONDENSED_BOLD, OBLIQUE, REGULAR, register_fonts
from hollowcli.render.geometry import LABEL_PT, MM
from hollowcli.render.markup import escape_text
from hollowcli.render.sheet import finish_page, new_canvas

#: A text page's margins (mm).
PAGE_MARGIN_MM = 16.0
#: The page label's baseline: inside the printable area, below the text.
LABEL_Y_MM = 9.0
#: The margins (mm) of a page whose text shares it with a map (the setup sheet, the board's
#: first page): sides and top; the bottom keeps the ruler and label's.
SHEET_MARGIN_MM = 12.0
#: The lines of a table's grid.
GRID_COLOUR = "#777777"


def styles() -> dict[str, Any]:
    """The paragraph styles of text pages: title, sub(title), h(eading), p(aragraph), step
    (a numbered or bulleted line), table cells (plain, centred, bold) and small print."""
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


def compact_styles() -> dict[str, Any]:
    """The text pages' styles, a little smaller, and ``item`` (a list line): for a page whose
    text shares it with a map."""
    from reportlab.lib.styles import ParagraphStyle

    st = styles()
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
        self.page_h_mm = page_h_mm
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

    def set_margins(self, margin_mm: float) -> None:
        """Margins of ``margin_mm`` at the sides and the top (the bottom keeps room for the
        ruler and the label): the setup sheet's, whose text shares the page with a map."""
        self.left = margin_mm * MM
        self.width = (self.page_w_mm - 2 * margin_mm) * MM
        self.top = self.y = (self.page_h_mm - margin_mm) * MM

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

    def part(self, what: str, draw: Callable[[], None]) -> tuple[str, int, int]:
        """``draw()`` from a fresh page: (``what``, its first page, its last page), as a file's
        ``parts`` name a chapter's pages for the kit's index."""
        self.new_page()
        first = self.pages + 1
        draw()
        return what, first, self.pages + (1 if self.dirty else 0)

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
        if h > self.top - self.bottom:
            self._long(flow, style, before)
            return
        self.need(before + h + keep)
        if self.dirty:
            self.y -= before
        if not self.measure:
            self.texts.append(Placed(flow, self.left, self.y, h))
        self.y -= h + style.spaceAfter
        self.dirty = True

    def _long(self, flow: Any, style: Any, before: float) -> None:
        """A paragraph taller than a whole page: as many lines as fit here, the rest on the
        next pages (a long event text of the keeper's guide), never drawn past the margin."""
        if self.dirty:
            self.y -= before
        while True:
            parts = flow.split(self.width, self.y - self.bottom)
            if not parts and (flow.height <= self.y - self.bottom or not self.dirty):
                break  # the rest fits (or a fresh page takes what it can: one line at least)
            if parts:
                head, flow = parts
                head.wrap(self.width, 1e6)
                flow.wrap(self.width, 1e6)
                if not self.measure:
                    self.texts.append(Placed(head, self.left, self.y, head.height))
                self.dirty = True
            self.new_page()
        if not self.measure:
            self.texts.append(Placed(flow, self.left, self.y, flow.height))
        self.y -= flow.height + style.spaceAfter
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


def text_label(pw: float) -> Any:
    """The label's place on a text page drawn without a Pager: its bottom margin, at the left."""
    from hollowcli.render.geometry import Label

    return Label(PAGE_MARGIN_MM, LABEL_Y_MM - 0.6, False, 60.0)
