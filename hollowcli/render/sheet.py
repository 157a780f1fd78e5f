"""Pages of cards: the one layout engine every printable deck goes through.

:func:`card_sheets` takes distinct cards (each with its number of copies), fits each
once, and lays the copies out page by page on the computed grid, with crop marks, the
calibration ruler, and a backs page after each fronts page (or fronts and backs side
by side in fold mode). It streams: cards are fitted as they are reached and dropped
after their last copy, so a long deck needs no more memory per card than a short one
(only the growing PDF itself).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from hollowcli.render.cardface import FittedFace, draw_face, face_warnings, fit_face
from hollowcli.render.fonts import BOLD, REGULAR, register_fonts
from hollowcli.render.geometry import MM, Layout, Ruler, Segment
from hollowcli.render.markup import Face

CREATOR = "hollowcli (hollow print)"


@dataclass(frozen=True)
class CardJob:
    """One distinct card: its face, how many copies, and how to name it in a warning."""

    key: str
    what: str
    face: Face
    copies: int = 1
    fitted: FittedFace | None = None  # already laid out for this sheet's card size, if known


@dataclass(frozen=True)
class RenderResult:
    """A finished PDF and the figures the command reports."""

    data: bytes
    pages: int
    cards: int
    warnings: tuple[str, ...] = ()


def new_canvas(buf: io.BytesIO, page_w_mm: float, page_h_mm: float, title: str, subject: str) -> Any:
    """A reportlab canvas set up the way every hollowcli PDF must be.

    Embedded TTF font as the initial font (so no base-14 font is referenced),
    invariant output (identical bytes for identical input), title and subject
    metadata, and the PrintScaling=None viewer hint (print at 100%).
    """
    register_fonts()
    from reportlab import rl_config
    from reportlab.pdfbase.pdfdoc import PDFName
    from reportlab.pdfgen.canvas import Canvas

    # Binary (Flate only) streams: ASCII85 on top only makes files a quarter larger.
    rl_config.useA85 = 0

    c = Canvas(
        buf,
        pagesize=(page_w_mm * MM, page_h_mm * MM),
        invariant=1,
        initialFontName=REGULAR,
        initialFontSize=10,
        pageCompression=1,
    )
    c.setTitle(title)
    c.setSubject(subject)
    c.setAuthor("hollowcli")
    c.setCreator(CREATOR)
    c.setViewerPreference("PrintScaling", PDFName("None"))
    return c


def finish_page(c: Any) -> None:
    """``showPage``, then encode the finished page's content right away.

    reportlab keeps every page's drawing commands as text until ``save()`` and only then
    compresses them; for a long deck that text is most of the memory used. Encoding
    each page as it is finished, with the very filters reportlab would apply, keeps the
    working memory flat (only the compressed PDF grows) and leaves the bytes unchanged.
    If reportlab's internals ever differ, the page is simply left for ``save()``.
    """
    c.showPage()
    try:
        from reportlab import rl_config
        from reportlab.pdfbase import pdfdoc

        page = c._doc.Pages.pages[-1]
        if page.Contents is not None or not page.stream:
            return
        filters = [pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress] if rl_config.useA85 else [pdfdoc.PDFZCompress]
        if not page.compression:
            return
        content = page.stream
        names: list[Any] = []
        for f in reversed(filters):
            content = f.encode(content)
            names.insert(0, pdfdoc.PDFName(f.pdfname))
        stream = pdfdoc.PDFStream(content=content)
        stream.dictionary["Filter"] = pdfdoc.PDFArray(names)
        stream.__Comment__ = "page stream"
        page.Contents = stream
        page.stream = None
    except (AttributeError, IndexError, TypeError, KeyError):
        return


def draw_marks(c: Any, marks: Iterable[Segment]) -> None:
    """Crop marks: thin black lines (already placed in the margins by the layout)."""
    c.saveState()
    c.setLineWidth(0.3)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineCap(0)
    for s in marks:
        c.line(s.x1 * MM, s.y1 * MM, s.x2 * MM, s.y2 * MM)
    c.restoreState()


def draw_ruler(c: Any, r: Ruler) -> None:
    """The 50 mm calibration ruler: a tick every mm, longer at 5 and 10, labelled."""
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(0, 0, 0)
    c.translate(r.x * MM, r.y * MM)
    if r.vertical:
        # Draw as if horizontal, rotated so it reads bottom to top along the margin.
        c.translate(4.5 * MM, 0)
        c.rotate(90)
    c.setLineWidth(0.35)
    c.line(0, 0, r.length * MM, 0)
    c.setLineWidth(0.2)
    for mm in range(int(r.length) + 1):
        tick = 2.2 if mm % 10 == 0 else 1.4 if mm % 5 == 0 else 0.8
        c.line(mm * MM, 0, mm * MM, tick * MM)
    c.setFont(BOLD, 4.6)
    c.drawString(0.2 * MM, 2.5 * MM, "0")
    c.drawRightString(r.length * MM - 0.2 * MM, 2.5 * MM, "50 mm")
    c.setFont(REGULAR, 4.6)
    c.drawCentredString(r.length * MM / 2, 2.5 * MM, "print at 100%: must measure 50 mm")
    c.restoreState()


def _copies(jobs: Iterable[CardJob], layout: Layout, warnings: list[str]) -> Iterator[FittedFace]:
    """Every copy of every card, fitting each distinct card once."""
    spec = layout.spec
    for job in jobs:
        ff = job.fitted or fit_face(job.face, spec.card_w, spec.card_h, spec.bleed, job.what)
        warnings.extend(face_warnings(job.face, ff, job.what))
        for _ in range(max(0, job.copies)):
            yield ff


def card_sheets(
    jobs: Iterable[CardJob],
    back: Face | None,
    layout: Layout,
    title: str,
    subject: str,
    back_name: str = "card back",
    after: Callable[[Any], int] | None = None,
) -> RenderResult:
    """Build a PDF of cards on ``layout``; ``after(canvas)`` may add pages and returns how many."""
    buf = io.BytesIO()
    c = new_canvas(buf, layout.page_w, layout.page_h, title, f"{subject}. {layout.spec.describe()}. Print at 100%.")
    warnings: list[str] = []
    backs = layout.spec.backs
    back_ff: FittedFace | None = None
    if back is not None and backs != "none":
        back_ff = fit_face(back, layout.spec.card_w, layout.spec.card_h, layout.spec.bleed, back_name)
        warnings.extend(face_warnings(back, back_ff, back_name))
    ruler = layout.ruler()
    if ruler is None:
        warnings.append(f"{title}: no margin has room for the 50 mm calibration ruler on this paper and card size")
    pages = 0
    cards = 0

    def fronts_page(batch: list[FittedFace]) -> None:
        nonlocal pages
        draw_marks(c, layout.marks())
        if ruler is not None:
            draw_ruler(c, ruler)
        if layout.fold:
            fl = layout.fold_line()
            assert fl is not None
            c.saveState()
            c.setDash(2, 2)
            c.setLineWidth(0.3)
            c.setStrokeColorRGB(0.45, 0.45, 0.45)
            c.line(fl.x1 * MM, fl.y1 * MM, fl.x2 * MM, fl.y2 * MM)
            c.restoreState()
        for i, ff in enumerate(batch):
            r = layout.slot(i)
            draw_face(c, ff, r.x * MM, r.y * MM)
            if layout.fold and back_ff is not None:
                br = layout.back_slot(i)
                draw_face(c, back_ff, br.x * MM, br.y * MM)
        finish_page(c)
        pages += 1

    def backs_page(batch: list[FittedFace]) -> None:
        nonlocal pages
        assert back_ff is not None
        draw_marks(c, layout.marks(back=True))
        for i in range(len(batch)):
            br = layout.back_slot(i)
            draw_face(c, back_ff, br.x * MM, br.y * MM)
        finish_page(c)
        pages += 1

    batch: list[FittedFace] = []
    for ff in _copies(jobs, layout, warnings):
        batch.append(ff)
        cards += 1
        if len(batch) == layout.per_page:
            fronts_page(batch)
            if back_ff is not None and backs in ("long", "short"):
                backs_page(batch)
            batch = []
    if batch:
        fronts_page(batch)
        if back_ff is not None and backs in ("long", "short"):
            backs_page(batch)
    if after is not None:
        pages += after(c)
    if pages == 0:
        # An empty deck still makes a valid, honest PDF.
        c.setFont(REGULAR, 12)
        c.drawString(20 * MM, layout.page_h * MM - 30 * MM, "No cards to print.")
        c.showPage()
        pages = 1
    c.save()
    return RenderResult(buf.getvalue(), pages, cards, tuple(warnings))
