"""``duplex-test.pdf``: a calibration sheet. Its front has crossing lines, its back
millimetre scales where those lines land when the printer turns the sheet exactly; the
number a front line meets is the ``--back-offset`` to print with."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

from hollowcli.render.fonts import BOLD, REGULAR, register_fonts
from hollowcli.render.geometry import MM, PAPER_SIZES, SheetSpec
from hollowcli.render.layout import PAGE_MARGIN_MM, Pager, styles, text_label
from hollowcli.render.product import GAME
from hollowcli.render.sheet import RenderResult, finish_page, new_canvas

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

    if spec.backs not in ("long", "short"):
        raise UsageError("duplex-test is for two-sided printing; use --backs long or --backs short")
    register_fonts()
    pw, ph = PAPER_SIZES[spec.paper]
    buf = io.BytesIO()
    c = new_canvas(buf, pw, ph, f"{GAME}: duplex test", f"Duplex test sheet, {spec.describe()}. Print at 100%.",
                   spec.backs)
    targets = _front(c, spec)
    _back(c, spec, targets)
    c.save()
    return RenderResult(buf.getvalue(), 2, 0, (), (), (2,), "the duplex calibration sheet")


def _front(c: Any, spec: SheetSpec) -> list[tuple[str, float, float]]:
    """The front page: how to read the sheet, and a cross at each target; the targets."""
    from hollowcli.render.geometry import MAX_BACK_OFFSET, PRINTABLE_MM, Ruler
    from hollowcli.render.sheet import draw_label, draw_ruler

    pw, ph = PAPER_SIZES[spec.paper]
    ox, oy = spec.offset_x, spec.offset_y
    st = styles()
    edge = "long" if spec.backs == "long" else "short"
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
            f"vertical scale (Y); the scales read up to {int(MAX_BACK_OFFSET)} mm either way. Then print the cards "
            "with <b>--back-offset X,Y</b>: if A, B and C read alike, that offset lines every back up." + offset_note,
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
    draw_label(c, text_label(pw), "duplex-test · front")
    finish_page(c)
    return targets


def _back(c: Any, spec: SheetSpec, targets: list[tuple[str, float, float]]) -> None:
    """The back page: the scales, where the front's lines land when the sheet is turned
    (mirrored left to right for long-edge duplex, top to bottom for short-edge), moved by
    the --back-offset printed with."""
    from hollowcli.render.sheet import draw_label

    pw, ph = PAPER_SIZES[spec.paper]
    mirror_x = spec.backs == "long"  # the test sheet is portrait: long edge = left-right flip
    ox, oy = spec.offset_x, spec.offset_y
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
    draw_label(c, text_label(pw), "duplex-test · back")
    finish_page(c)


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


def render_duplex_test(spec: SheetSpec) -> RenderResult:
    """duplex-test.pdf: a calibration sheet that shows the printer's back offset in mm."""
    return replace(duplex_test_pages(spec), paper="paper", parts=(("Duplex test", 1, 2),))
