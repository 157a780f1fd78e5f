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
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from hollowcli.render.cardface import FLOOR_PT, FittedFace, draw_face, face_warnings, fit_face
from hollowcli.render.fonts import BOLD, REGULAR, register_fonts
from hollowcli.render.geometry import BACKS_STYLES, LABEL_PT, MM, Label, Layout, Ruler, Segment
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
    kind: str = ""  # the template kind: cards of one kind on a sheet share one body size
    body_floor: float | None = None  # smallest body size for this card (reference cards: larger)
    back: str = ""  # which back it has: a key of card_sheets' ``backs`` ("": the file's one back)
    name: str = ""  # the card as the kit's index names it (its title)
    group: str = ""  # the run of cards it belongs to, as the index names it ("Chapter 1 deck")


@dataclass(frozen=True)
class Placement:
    """Cards side by side on one sheet: slots ``first``..``last`` (1-based, row by row from the
    top left of the fronts page) hold copies of one card of ``group``."""

    sheet: int
    first: int
    last: int
    group: str
    name: str


@dataclass(frozen=True)
class RenderResult:
    """A finished PDF and the figures the command reports."""

    data: bytes
    pages: int
    cards: int
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()  # what the layout could not fit in the printable area
    back_pages: tuple[int, ...] = ()  # 1-based numbers of the pages that are backs
    holds: str = ""  # what the file holds, in a few words (for the kit's index)
    ruler: bool = True  # the file carries the 50 mm calibration ruler
    parts: tuple[tuple[str, int, int], ...] = ()  # (what, first page, last page): a group's or chapter's pages
    where: tuple[Placement, ...] = ()  # which card is on which sheet and slot (files that mix kinds)
    paper: str = ""  # what to print it on: "card" (card stock) or "paper"; "" = by its cards


#: The ``/Duplex`` viewer preference for each backs mode: print dialogs that read it
#: preselect the right flip.
DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "fold": "Simplex", "none": "Simplex"}


def new_canvas(buf: io.BytesIO, page_w_mm: float, page_h_mm: float, title: str, subject: str,
               backs: str = "none") -> Any:
    """A reportlab canvas set up the way every hollowcli PDF must be.

    Embedded TTF font as the initial font (so no base-14 font is referenced),
    invariant output (identical bytes for identical input), title and subject
    metadata, the PrintScaling=None viewer hint (print at 100%) and the /Duplex
    hint for the backs mode (``long``, ``short``; anything else is one-sided).
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
    c.setViewerPreference("Duplex", PDFName(DUPLEX.get(backs, "Simplex")))
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


@lru_cache(maxsize=16)
def _segment_ops(segments: tuple[Segment, ...]) -> str:
    """Lines (mm) as the PDF operators ``canvas.line`` writes for them, worked out once: every
    sheet of a file has the same crop marks and cut lines."""
    from reportlab.lib.rl_accel import fp_str

    return "\n".join(f"n {fp_str(s.x1 * MM, s.y1 * MM)} m {fp_str(s.x2 * MM, s.y2 * MM)} l S" for s in segments)


def draw_marks(c: Any, marks: Iterable[Segment]) -> None:
    """Crop marks: thin black lines (already placed in the margins by the layout)."""
    c.saveState()
    c.setLineWidth(0.3)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineCap(0)
    segments = tuple(marks)
    if segments:
        c.addLiteral(_segment_ops(segments))
    c.restoreState()


def draw_cut_lines(c: Any, lines: Iterable[Segment]) -> None:
    """Full-length cut lines: hairlines in grey, on top of the cards (they run along trim edges)."""
    segments = tuple(lines)
    if not segments:
        return
    c.saveState()
    c.setLineWidth(0.25)
    c.setStrokeColorRGB(0.55, 0.55, 0.55)
    c.addLiteral(_segment_ops(segments))
    c.restoreState()


@lru_cache(maxsize=4)
def _ruler_ticks(length: float) -> str:
    """The ruler's ticks as PDF operators (the very ones ``canvas.line`` writes): a tick every
    mm, longer at 5 and 10. Worked out once; every sheet of the kit carries a ruler."""
    from reportlab.lib.rl_accel import fp_str

    ops = []
    for mm in range(int(length) + 1):
        tick = 2.0 if mm % 10 == 0 else 1.3 if mm % 5 == 0 else 0.7
        ops.append(f"n {fp_str(mm * MM, 0)} m {fp_str(mm * MM, tick * MM)} l S")
    return "\n".join(ops)


def draw_ruler(c: Any, r: Ruler) -> None:
    """The 50 mm calibration ruler: a tick every mm, longer at 5 and 10, labelled."""
    from hollowcli.render.geometry import RULER_BAND

    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(0, 0, 0)
    c.translate(r.x * MM, r.y * MM)
    if r.vertical:
        # Draw as if horizontal, rotated so it reads bottom to top along the margin.
        c.translate(RULER_BAND * MM, 0)
        c.rotate(90)
    c.setLineWidth(0.35)
    c.line(0, 0, r.length * MM, 0)
    c.setLineWidth(0.2)
    c.addLiteral(_ruler_ticks(r.length))
    c.setFont(BOLD, 4.2)
    c.drawString(0.3 * MM, 2.2 * MM, "0")
    c.drawRightString(r.length * MM - 0.3 * MM, 2.2 * MM, "50 mm")
    c.setFont(REGULAR, 4.2)
    c.drawCentredString(r.length * MM / 2, 2.2 * MM, "print at 100%: must measure 50 mm")
    c.restoreState()


def label_width_mm(text: str) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    register_fonts()
    return stringWidth(text, REGULAR, LABEL_PT) / MM + 0.5


def draw_label(c: Any, spot: Label | None, text: str) -> None:
    """The sheet's small grey label (``deck-x · sheet 1 of 2 · fronts``) in its margin spot."""
    if spot is None:
        return
    c.saveState()
    c.setFillColorRGB(0.35, 0.35, 0.35)
    c.setFont(REGULAR, LABEL_PT)
    if spot.vertical:
        c.translate((spot.x + 0.6) * MM + LABEL_PT * 0.75, spot.y * MM)
        c.rotate(90)
        c.drawString(0, 0, text)
    else:
        c.drawString(spot.x * MM, (spot.y + 0.6) * MM, text)
    c.restoreState()


BACK_FORM = "hollowBack"


def place_back(c: Any, x: float, y: float, form: str = BACK_FORM) -> None:
    """A card back (drawn once as a form) with its trim's bottom-left corner at (x, y) points."""
    c.saveState()
    c.translate(x, y)
    c.doForm(form)
    c.restoreState()


def sheet_label(name: str, n: int, total: int, side: str) -> str:
    """``deck-schoolhouse · sheet 1 of 2 · fronts``."""
    return f"{name} · sheet {n} of {total} · {side}"


def effective_backs_style(layout: Layout, back: Face | None) -> str:
    """The backs style: ``--backs-style`` when given, else the pack's back template's, else light."""
    chosen = layout.spec.backs_style or (back.backstyle if back is not None else None) or "light"
    return chosen if chosen in BACKS_STYLES else "light"


def dark_backs_note(layout: Layout, style: str) -> str | None:
    """With dark backs and no bleed, recommend the bleed layout (a shifted back shows a white edge)."""
    if style != "dark" or layout.spec.backs == "none" or layout.spec.bleed > 0:
        return None
    return ("dark backs are printed to the card's edge: add --bleed 3 (6-up on Letter, 8-up on A4) so a back "
            "the printer shifts a little shows no white edge, or use --backs-style light")


def _copies(jobs: Iterable[CardJob], layout: Layout, warnings: list[str]) -> Iterator[tuple[CardJob, FittedFace]]:
    """Every copy of every card, fitting each distinct card once (at the largest size that fits)."""
    spec = layout.spec
    for job in jobs:
        ff = job.fitted or fit_face(job.face, spec.card_w, spec.card_h, spec.bleed, job.what,
                                    *(() if job.body_floor is None else (job.body_floor,)))
        warnings.extend(face_warnings(job.face, ff, job.what))
        for _ in range(max(0, job.copies)):
            yield job, ff


def one_size_per_kind(batch: list[tuple[CardJob, FittedFace]], layout: Layout) -> list[FittedFace]:
    """The faces of one sheet with one body size per kind of card: the largest size at which
    every card of that kind on the sheet fits (a card cut short is left out of the choice)."""
    common: dict[str, float] = {}
    for job, ff in batch:
        size = ff.sizes.get("body")
        if size is None or ff.overflow:
            continue
        kind = job.kind or ff.face.band
        common[kind] = min(size, common.get(kind, size))
    spec = layout.spec
    refit: dict[str, FittedFace] = {}
    out = []
    for job, ff in batch:
        want = common.get(job.kind or ff.face.band)
        size = ff.sizes.get("body")
        if want is not None and size is not None and size > want and not ff.overflow:
            done = refit.get(job.key)
            if done is None:
                floor = job.body_floor if job.body_floor is not None else min(want, FLOOR_PT)
                done = refit[job.key] = fit_face(job.face, spec.card_w, spec.card_h, spec.bleed, job.what,
                                                 min(floor, want), body_size=want)
            ff = done
        out.append(ff)
    return out


def card_sheets(
    jobs: Iterable[CardJob],
    back: Face | None,
    layout: Layout,
    title: str,
    subject: str,
    back_name: str = "card back",
    after: Callable[[Any], int] | None = None,
    name: str = "cards",
    count: int | None = None,
    holds: str = "",
    backs: Mapping[str, tuple[Face, str]] | None = None,
    where: bool = False,
) -> RenderResult:
    """Build a PDF of cards on ``layout``; ``after(canvas)`` may add pages and returns how many.

    ``name`` is the file's name in the sheet labels; ``count`` the number of card copies
    ``jobs`` yields (counted here when not given), for "sheet 1 of 2". Every card has the
    back ``back`` unless its job names another of ``backs`` (key -> (face, name for
    warnings)): a file may mix kinds of card, each with its own back. With ``where`` the
    result says which card is on which sheet and slot.
    """
    if count is None:
        jobs = list(jobs)
        count = sum(max(0, j.copies) for j in jobs)
    buf = io.BytesIO()
    spec = layout.spec
    c = new_canvas(buf, layout.page_w, layout.page_h, title, f"{subject}. {spec.describe()}. Print at 100%.",
                   spec.backs)
    warnings: list[str] = []
    notes: list[str] = list(layout.notes())
    wanted = ({"": (back, back_name)} if back is not None else {}) | dict(backs or {})
    forms = _back_forms(c, layout, wanted, warnings, notes) if spec.backs != "none" else {}
    sheets = _Sheets(c, layout, name, count, forms, where)
    cards = 0
    batch: list[tuple[CardJob, FittedFace]] = []
    for item in _copies(jobs, layout, warnings):
        batch.append(item)
        cards += 1
        if len(batch) == layout.per_page:
            sheets.sheet(batch)
            batch = []
    if batch:
        sheets.sheet(batch)
    pages = sheets.pages
    if after is not None:
        pages += after(c)
    if pages == 0:
        # An empty deck still makes a valid, honest PDF.
        c.setFont(REGULAR, 12)
        c.drawString(20 * MM, layout.page_h * MM - 30 * MM, "No cards to print.")
        c.showPage()
        pages = 1
    c.save()
    return RenderResult(buf.getvalue(), pages, cards, tuple(warnings), tuple(notes), tuple(sheets.back_pages), holds,
                        sheets.ruler is not None or after is not None,
                        tuple((g, a, b) for g, (a, b) in sheets.spans.items()), tuple(sheets.placements),
                        "card" if cards else "")


def _back_forms(c: Any, layout: Layout, wanted: Mapping[str, tuple[Face, str]], warnings: list[str],
                notes: list[str]) -> dict[str, str]:
    """Each back (key -> (face, name for warnings)) drawn once as a form: back key -> form
    name. Every back of a kind is the same, so the PDF stores it once and placing it is one
    operator instead of a card's drawing. Checks each backs style against the printable area."""
    from dataclasses import replace as dc_replace

    spec = layout.spec
    forms: dict[str, str] = {}
    styles: set[str] = set()
    for n, (key, (face, what)) in enumerate(wanted.items()):
        style = effective_backs_style(layout, face)
        styles.add(style)
        face = dc_replace(face, backstyle=style)
        ff = fit_face(face, spec.card_w, spec.card_h, spec.bleed, what)
        warnings.extend(face_warnings(face, ff, what))
        form = forms[key] = BACK_FORM if n == 0 else f"{BACK_FORM}{n}"
        b = ff.bleed
        c.beginForm(form, lowerx=-b, lowery=-b, upperx=ff.w + b, uppery=ff.h + b)
        draw_face(c, ff, 0, 0)
        c.endForm()
    for style in sorted(styles):
        layout.check_printable(style)  # a pack's dark back reaches further than a light one
        tip = dark_backs_note(layout, style)
        if tip:
            notes.append(tip)
    return forms


class _Sheets:
    """The sheets of a card file as they are drawn: each batch of cards on a fronts page (and
    its backs beside them in fold mode), then a backs page for duplex; the pages so far, which
    are backs, each group's pages and (with ``where``) which card is on which slot."""

    def __init__(self, c: Any, layout: Layout, name: str, count: int, forms: dict[str, str], where: bool) -> None:
        self.c, self.layout, self.name, self.forms, self.where = c, layout, name, forms, where
        self.ruler = layout.ruler()
        self.total = max(1, -(-count // layout.per_page)) if count else 0
        self.side_front = "fronts and backs" if layout.fold and forms else "fronts"
        label_len = max(label_width_mm(sheet_label(name, self.total, self.total, side))
                        for side in (self.side_front, "backs"))
        self.front_spot = layout.label(label_len)
        self.back_spot = layout.label(label_len, back=True) if layout.duplex else None
        self.front_cuts = layout.cut_lines()
        self.pages = 0
        self.sheet_no = 0
        self.back_pages: list[int] = []
        self.placements: list[Placement] = []
        self.spans: dict[str, list[int]] = {}  # group -> [first page, last page]

    def sheet(self, batch: list[tuple[CardJob, FittedFace]]) -> None:
        """One sheet: its cards at one body size per kind, fronts, then backs for duplex."""
        faces = one_size_per_kind(batch, self.layout)
        batch = [(job, ff) for (job, _), ff in zip(batch, faces)]
        self.fronts_page(batch)
        if self.layout.spec.backs in ("long", "short") and any(job.back in self.forms for job, _ in batch):
            self.backs_page(batch)

    def fronts_page(self, batch: list[tuple[CardJob, FittedFace]]) -> None:
        c, layout = self.c, self.layout
        self.sheet_no += 1
        draw_marks(c, layout.marks())
        if self.ruler is not None:
            draw_ruler(c, self.ruler)
        draw_label(c, self.front_spot, sheet_label(self.name, self.sheet_no, self.total, self.side_front))
        if layout.fold:
            fl = layout.fold_line()
            assert fl is not None
            c.saveState()
            c.setDash(2, 2)
            c.setLineWidth(0.3)
            c.setStrokeColorRGB(0.45, 0.45, 0.45)
            c.line(fl.x1 * MM, fl.y1 * MM, fl.x2 * MM, fl.y2 * MM)
            c.restoreState()
        for i, (job, ff) in enumerate(batch):
            r = layout.slot(i)
            draw_face(c, ff, r.x * MM, r.y * MM)
            if layout.fold and job.back in self.forms:
                br = layout.back_slot(i)
                place_back(c, br.x * MM, br.y * MM, self.forms[job.back])
        draw_cut_lines(c, self.front_cuts)
        finish_page(c)
        self.pages += 1
        self._record(batch)

    def _record(self, batch: list[tuple[CardJob, FittedFace]]) -> None:
        """The pages of each group so far, and (with ``where``) the slots of the sheet just drawn."""
        from dataclasses import replace as dc_replace

        for i, (job, _) in enumerate(batch):
            if job.group:
                span = self.spans.setdefault(job.group, [self.pages, self.pages])
                span[1] = self.pages + (1 if self.layout.duplex and job.back in self.forms else 0)
            if self.where:
                last = self.placements[-1] if self.placements else None
                if last and (last.sheet, last.group, last.name, last.last) == (self.sheet_no, job.group, job.name, i):
                    self.placements[-1] = dc_replace(last, last=i + 1)
                else:
                    self.placements.append(Placement(self.sheet_no, i + 1, i + 1, job.group, job.name))

    def backs_page(self, batch: list[tuple[CardJob, FittedFace]]) -> None:
        c, layout = self.c, self.layout
        # Crop marks in the margins only: a cut line drawn across the backs would run inside
        # the cards as soon as the printer shifts the back side.
        draw_marks(c, layout.marks(back=True))
        draw_label(c, self.back_spot, sheet_label(self.name, self.sheet_no, self.total, "backs"))
        for i, (job, _) in enumerate(batch):
            if job.back in self.forms:
                br = layout.back_slot(i)
                place_back(c, br.x * MM, br.y * MM, self.forms[job.back])
        finish_page(c)
        self.pages += 1
        self.back_pages.append(self.pages)
