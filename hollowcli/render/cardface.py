"""Draw one card face or back from a :class:`~hollowcli.render.markup.Face`.

Text is fitted, not clipped: each text region starts at its normal size and shrinks in
half-point steps down to a readable floor (:data:`FLOOR_PT`). Text that still does not
fit is drawn as far as it goes, the card gets a visible red "text continues" marker, and
a warning naming the card is returned for the command to report.

Fitting is done once per distinct card (:func:`fit_face`); the fitted face is then
drawn as often as the deck has copies.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hollowcli.errors import RenderError
from hollowcli.render.fonts import (
    BOLD,
    CONDENSED_BOLD,
    OBLIQUE,
    REGULAR,
    missing_glyphs,
    register_fonts,
)
from hollowcli.render.geometry import MM
from hollowcli.render.markup import Face

#: The smallest text size used for content (points). Below this a card is hard to read.
FLOOR_PT = 6.5
#: Normal sizes (points). The body grows to fill its room, up to BODY_MAX_PT.
TITLE_PT = 11.0
BODY_PT = 9.0
BODY_MAX_PT = 12.0
STATS_PT = 8.5
#: Key numbers (health, defense, move ...) are shown this large when the line has room.
STATS_MAX_PT = 15.0
SUBTITLE_PT = 7.5
FOOTER_PT = 6.0
#: The safe zone: nothing important closer than this to the trim (mm).
SAFE_MM = 3.0
#: Body text is not set smaller than this while the card has flavour text to give up: a
#: face's ``@flavour`` is left out when the body could not otherwise be set this large.
READABLE_PT = 8.5
#: Without bleed the colour band stays inside the safe zone, a rounded box this tall (at
#: least; BAND_SHARE of the card's height on larger cards), its title this far from its ends.
BAND_MIN_MM = 7.5
BAND_SHARE = 0.09
BAND_PAD_MM = 1.5

#: Colour schemes by @band name: (band fill, text on the band, frame/tint).
SCHEMES: dict[str, tuple[str, str, str]] = {
    "legend": ("#1f3a5f", "#ffffff", "#dfe7f1"),
    "ally": ("#2f5f6b", "#ffffff", "#dfecef"),
    "foe": ("#7a1f1f", "#ffffff", "#f3e0e0"),
    "boss": ("#3d0c0c", "#ffd9a0", "#f0dcd0"),
    "item": ("#5a4a1a", "#ffffff", "#efe9d8"),
    "relic": ("#4a2f6b", "#ffffff", "#e9e1f2"),
    "chapter": ("#24473a", "#ffffff", "#dcebe4"),
    "reference": ("#333333", "#ffffff", "#e8e8e8"),
    "plain": ("#444444", "#ffffff", "#ececec"),
}


def scheme(band: str) -> tuple[str, str, str]:
    return SCHEMES.get(band, SCHEMES["plain"])


@dataclass
class Placed:
    """A wrapped flowable and where its top-left goes (points, relative to the trim corner)."""

    flowable: Any
    x: float
    top: float
    height: float


@dataclass
class FittedFace:
    """A face with every text region wrapped and positioned, ready to draw many times."""

    face: Face
    w: float  # trim width (pt)
    h: float  # trim height (pt)
    bleed: float  # pt
    placed: list[Placed] = field(default_factory=list)
    band_h: float = 0.0
    stats_box: tuple[float, float, float, float] | None = None
    overflow: bool = False
    sizes: dict[str, float] = field(default_factory=dict)
    body_room: float = 0.0  # height available to the body text (pt)
    body_need: float = 0.0  # height the body text took at its final size (pt)
    flavour: bool = False  # the face's flavour text is on the card (False: left out, or none)
    band_boxed: bool = False  # the band is a box inside the safe zone (no bleed), not run to the edge


_STYLE_CACHE: dict[tuple[Any, ...], Any] = {}


def _style(
    font: str, size: float, align: int = 0, colour: str = "#111111", indent: float = 0.0, bullet_indent: float = 0.0
) -> Any:
    """A cached ParagraphStyle; every style names a registered font (no Helvetica anywhere)."""
    key = (font, size, align, colour, indent, bullet_indent)
    st = _STYLE_CACHE.get(key)
    if st is None:
        from reportlab.lib.colors import HexColor
        from reportlab.lib.styles import ParagraphStyle

        st = ParagraphStyle(
            name=f"{font}-{size}-{align}-{indent}-{bullet_indent}",
            fontName=font,
            fontSize=size,
            leading=round(size * 1.18, 2),
            alignment=align,
            textColor=HexColor(colour),
            leftIndent=indent,
            bulletIndent=bullet_indent,
            bulletFontName=font,
            bulletFontSize=size,
            spaceBefore=0,
            spaceAfter=round(size * 0.35, 2),
            splitLongWords=1,
            allowWidows=1,
            allowOrphans=1,
        )
        _STYLE_CACHE[key] = st
    return st


class _Line:
    """One line of plain text (no markup, fits the width): far cheaper than a Paragraph.

    It answers the few calls the layout makes of a flowable (wrap, split, drawOn) and
    draws like a one-line Paragraph of the same style.
    """

    def __init__(self, text: str, style: Any, width: float):
        self.text = text
        self.style = style
        self.width = width
        self.height = style.leading

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        return self.width, self.height

    def split(self, avail_w: float, avail_h: float) -> list[Any]:
        return []

    def drawOn(self, canvas: Any, x: float, y: float) -> None:
        from hollowcli.render.richtext import draw_texts

        draw_texts(canvas, [(self, x, y)])

    def emit(self, t: Any, x: float, y: float, current: Any) -> Any:
        """Write the line into text object ``t`` (see :func:`hollowcli.render.richtext.draw_texts`)."""
        from hollowcli.render.richtext import line_at

        st = self.style
        anchor = x + self.width / 2 if st.alignment == 1 else x + self.width if st.alignment == 2 else x
        return line_at(t, current, self.text, st.fontName, st.fontSize, st.textColor, anchor,
                       y + self.height - st.fontSize, st.alignment if st.alignment in (1, 2) else 0)


def _text(markup: str, style: Any, width: float) -> Any:
    """A :class:`_Line` for plain text that fits on one line, else a paragraph."""
    from hollowcli.render.fonts import text_width

    plain = "<" not in markup and "&" not in markup and "\n" not in markup
    if plain and text_width(markup, style.fontName, style.fontSize) <= width - 0.5:
        return _Line(markup, style, width)
    return _para(markup, style)


def _para(markup: str, style: Any, bullet: str | None = None) -> Any:
    """The fast :class:`~hollowcli.render.richtext.Rich` paragraph, or reportlab's
    ``Paragraph`` for markup it does not handle (a pack template's own tags)."""
    from hollowcli.render.richtext import rich

    fast = rich(markup, style, bullet)
    if fast is not None:
        return fast
    from reportlab.platypus import Paragraph

    return Paragraph(markup, style, bulletText=bullet)


def _paragraphs(face: Face, size: float, flavour: bool = False) -> list[Any]:
    """The body's paragraphs at ``size`` (then the flavour's, with ``flavour``)."""
    out = []
    for p in face.body + (face.flavour if flavour else ()):
        if p.kind == "p":
            out.append(_para(p.markup, _style(REGULAR, size)))
        else:
            bullet = "\u2022" if p.kind == "bullet" else p.kind
            indent = size * (1.1 if p.kind == "bullet" else 1.5) + p.level * size * 1.5
            st = _style(REGULAR, size, indent=indent, bullet_indent=p.level * size * 1.5)
            out.append(_para(p.markup, st, bullet))
    return out


def measure_text(text: str, width: float, size: float) -> float:
    """Height in points that content ``text`` takes as body paragraphs ``width`` wide at ``size``."""
    from hollowcli.render.markup import body_paragraphs, escape_text

    register_fonts()
    face = Face(body=body_paragraphs(escape_text(text)))
    flows = _paragraphs(face, size)
    total = 0.0
    for i, f in enumerate(flows):
        _, fh = f.wrap(width, 1e6)
        total += fh + (f.style.spaceAfter if i < len(flows) - 1 else 0)
    return total


def _fit_flow(
    make: Callable[[float], list[Any]], width: float, height: float, base: float, floor: float = FLOOR_PT,
    measured: list[float] | None = None,
) -> tuple[list[Any], float, bool]:
    """Wrap the flowables ``make(size)`` builds at the largest size from ``base`` down to
    ``floor`` (half-point steps) at which they fit in ``height``; ``True`` = still too tall.

    The normal size is tried first (most cards fit). Otherwise the size is estimated
    from how much too tall the text was (area goes with the square of the size) and
    corrected in half-point steps, so a shrunk card costs two or three layouts.
    """

    def attempt(size: float) -> tuple[list[Any], float]:
        flows = make(size)
        total = 0.0
        for i, f in enumerate(flows):
            _, fh = f.wrap(width, 1e6)
            total += fh + (f.style.spaceAfter if i < len(flows) - 1 else 0)
        if measured is not None:
            measured.append(total)
        return flows, total

    def fits(total: float) -> bool:
        return total <= height + 0.01

    flows, total = attempt(base)
    if fits(total) or base <= floor:
        return flows, base, not fits(total)
    ratio = total / max(height, 1.0)
    size = max(floor, min(base - 0.5, int(2 * base / ratio**0.5) / 2))
    flows, total = attempt(size)
    if fits(total):
        while size + 0.5 < base:
            up_flows, up_total = attempt(size + 0.5)
            if not fits(up_total):
                break
            flows, size, total = up_flows, size + 0.5, up_total
        if measured is not None:
            measured.append(total)
        return flows, size, False
    while size > floor:
        size = max(floor, size - 0.5)
        flows, total = attempt(size)
        if fits(total):
            return flows, size, False
    return flows, floor, True


def body_cap(face: Face, w_mm: float, h_mm: float) -> float:
    """The largest body size for this face: its template's ``@textsize``, else BODY_MAX_PT,
    grown for cards larger than poker (tarot), in half points."""
    grow = max(1.0, min(w_mm / 63.0, h_mm / 88.0))
    return round((face.textsize or BODY_MAX_PT) * grow * 2) / 2


def fit_face(
    face: Face, w_mm: float, h_mm: float, bleed_mm: float, what: str = "a card", body_floor: float = FLOOR_PT,
    body_size: float | None = None,
) -> FittedFace:
    """Lay out ``face`` on a card of ``w_mm`` x ``h_mm``: wrap, size the body to fill its room
    (the largest size up to :func:`body_cap` that fits, or at most ``body_size``), position.

    Broken markup (only a template can bring it: content text is escaped) is a
    RenderError naming the card.
    """
    try:
        return _fit_face(face, w_mm, h_mm, bleed_mm, body_floor, body_size)
    except ValueError as e:
        detail = str(e).strip().splitlines()[-1] if str(e).strip() else type(e).__name__
        raise RenderError(
            f"{what}: the card template produced markup reportlab cannot read ({detail}); fix the template"
        ) from e


_BALANCED: dict[tuple[str, str, float], Any] = {}


def balanced(markup: str, style: Any, width: float) -> Any:
    """A centred paragraph that wraps with no orphan word: when it takes more than one
    line, it is set in the narrowest width that still needs no more lines. (Cached: every
    card of a deck has the same subtitle.)"""
    key = (markup, style.name, round(width, 3))
    hit = _BALANCED.get(key)
    if hit is None:
        if len(_BALANCED) > 512:
            _BALANCED.clear()
        hit = _BALANCED[key] = _balanced(markup, style, width)
    return hit


def _balanced(markup: str, style: Any, width: float) -> Any:
    p = _para(markup, style)
    _, h = p.wrap(width, 1e6)
    lines = round(h / style.leading)
    if lines <= 1:
        return _text(markup, style, width)
    lo, hi = width / lines * 0.9, width
    for _ in range(8):
        mid = (lo + hi) / 2
        q = _para(markup, style)
        _, qh = q.wrap(mid, 1e6)
        if round(qh / style.leading) > lines:
            lo = mid
        else:
            hi = mid
    q = _para(markup, style)
    q.wrap(hi + 0.5, 1e6)
    return _Centred(q, width, hi + 0.5)


class _Centred:
    """A flowable wrapped narrower than its box, drawn centred in the box."""

    def __init__(self, inner: Any, width: float, inner_w: float):
        self.inner, self.width, self.inner_w = inner, width, inner_w
        self.style = inner.style
        self.height = inner.height

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        return self.width, self.height

    def split(self, avail_w: float, avail_h: float) -> list[Any]:
        return []

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:
        self.inner.drawOn(canvas, x + (self.width - self.inner_w) / 2, y)

    def emit(self, t: Any, x: float, y: float, current: Any) -> Any:
        return self.inner.emit(t, x + (self.width - self.inner_w) / 2, y, current)


def _fit_face(face: Face, w_mm: float, h_mm: float, bleed_mm: float, body_floor: float,
              body_size: float | None = None) -> FittedFace:
    register_fonts()

    ff = FittedFace(face, w_mm * MM, h_mm * MM, bleed_mm * MM)
    if face.layout == "back":
        return _fit_back(ff, w_mm, h_mm)
    # Larger cards (tarot) get proportionally larger text; smaller ones shrink to fit.
    grow = max(1.0, min(w_mm / 63.0, h_mm / 88.0))
    over = _fit_band(ff, grow)
    y, under_over = _fit_under_band(ff, grow)
    bottom = _fit_footer(ff)
    body_over = False
    if face.body or face.flavour:
        cap = body_cap(face, w_mm, h_mm) if body_size is None else body_size
        body_over = _fit_body(ff, y, bottom, max(body_floor, cap), body_floor)
    ff.overflow = over or under_over or body_over
    return ff


def _fit_back(ff: FittedFace, w_mm: float, h_mm: float) -> FittedFace:
    """A back: title and subtitle centred in the medallion, white on a dark back, the band's
    colour on a light one, dark grey on a plain one."""
    from hollowcli.render.geometry import back_medallion

    face, w, h = ff.face, ff.w, ff.h
    mx, my = back_medallion(w_mm, h_mm)
    oval_w, oval_h = w - 2 * mx * MM, h - 2 * my * MM
    box_w = oval_w * 0.8  # the widest box an oval holds at 60% of its height
    _, text_col, _ = scheme(face.band)
    if face.backstyle == "plain":
        text_col = "#333333"
    elif face.backstyle != "dark":
        text_col = scheme(face.band)[0]

    def make_back(size: float) -> list[Any]:
        flows = []
        if face.title:
            flows.append(_para(face.title, _style(CONDENSED_BOLD, size, 1, text_col)))
        if face.subtitle:
            flows.append(balanced(face.subtitle, _style(OBLIQUE, max(FLOOR_PT, size * 0.6), 1, text_col), box_w))
        for p in face.body:
            flows.append(_para(p.markup, _style(REGULAR, max(FLOOR_PT, size * 0.55), 1, text_col)))
        return flows

    flows, size, over = _fit_flow(make_back, box_w, oval_h * 0.6, 15.0)
    total = sum(f.height + f.style.spaceAfter for f in flows)
    top = h / 2 + total / 2
    for f in flows:
        ff.placed.append(Placed(f, (w - box_w) / 2, top, f.height))
        top -= f.height + f.style.spaceAfter
    ff.overflow = over
    ff.sizes["title"] = size
    return ff


def _fit_band(ff: FittedFace, grow: float) -> bool:
    """The colour band with the title (and an optional corner value); True when the title
    does not fit. With bleed the band runs into it on three sides; without, it is a box
    inside the safe zone, so a cut a little off the line never leaves a sliver of colour on
    one side only."""
    face, w, h = ff.face, ff.w, ff.h
    safe = SAFE_MM * MM
    inner_w = w - 2 * safe
    _, text_col, _ = scheme(face.band)
    boxed = ff.bleed <= 0
    if boxed:
        band_h = max(BAND_MIN_MM * MM, h * BAND_SHARE)
        band_top, pad = h - safe, BAND_PAD_MM * MM
    else:
        band_h = max(9.5 * MM, h * 0.12)
        band_top, pad = h, 0.0
    ff.band_h = band_h
    ff.band_boxed = boxed
    band_mid = band_top - band_h / 2
    corner_w = 0.0
    if face.corner:
        cstyle = _style(BOLD, 9.0, 2, text_col)
        cp = _para(face.corner, cstyle)
        cp.wrap(inner_w * 0.35, band_h)
        natural = max(getattr(cp, "widths", None) or [inner_w * 0.35])
        cw = min(inner_w * 0.35, natural + 2)
        cp = _para(face.corner, cstyle)
        _, chh = cp.wrap(cw, band_h)
        ff.placed.append(Placed(cp, w - safe - pad - cw, band_mid + chh / 2 - 1, chh))
        corner_w = cw + 2 * MM
    title_box_h = band_h - (1.6 if boxed else 2.2) * MM
    title_w = inner_w - 2 * pad - corner_w

    def make_title(size: float) -> list[Any]:
        return [_text(face.title or "&#160;", _style(CONDENSED_BOLD, size, 0, text_col), title_w)]

    tflows, tsize, tover = _fit_flow(make_title, title_w, title_box_h, round(TITLE_PT * grow * 2) / 2)
    th = tflows[0].height
    ff.placed.append(Placed(tflows[0], safe + pad, band_mid + th / 2 - 0.5, th))
    ff.sizes["title"] = tsize
    return tover


def _fit_under_band(ff: FittedFace, grow: float) -> tuple[float, bool]:
    """The subtitle and the stats under the band: where the body may start (pt from the
    bottom), and True when one of them does not fit."""
    face = ff.face
    safe = SAFE_MM * MM
    inner_w = ff.w - 2 * safe
    band_top = ff.h - safe if ff.band_boxed else ff.h
    y = band_top - ff.band_h - 1.2 * MM
    over = False
    if face.subtitle:
        sflows, _, sover = _fit_flow(
            lambda s: [balanced(face.subtitle, _style(OBLIQUE, s, 1, "#333333"), inner_w)],
            inner_w, SUBTITLE_PT * grow * 2.5, round(SUBTITLE_PT * grow * 2) / 2,
        )
        sub = sflows[0]
        over = over or sover
        ff.placed.append(Placed(sub, safe, y, sub.height))
        y -= sub.height + 1.0 * MM
    if face.stats:
        # Key numbers large: one line at up to STATS_MAX_PT, else two smaller lines.
        big = round(STATS_MAX_PT * grow * 2) / 2
        sflows, _, sover = _fit_flow(
            lambda s: [_para(face.stats, _style(BOLD, s, 1, "#111111"))], inner_w - 2,
            max(big * 1.18 + 0.5, STATS_PT * grow * 2.4), big,
        )
        st = sflows[0]
        over = over or sover
        pad = 0.8 * MM
        ff.stats_box = (safe, y - st.height - 2 * pad, inner_w, st.height + 2 * pad)
        ff.placed.append(Placed(st, safe + 1, y - pad, st.height))
        y -= st.height + 2 * pad + 1.5 * MM
    return y, over


def _fit_footer(ff: FittedFace) -> float:
    """The footer at the bottom of the safe zone; where the body must end (pt from the bottom)."""
    safe = SAFE_MM * MM
    inner_w = ff.w - 2 * safe
    if not ff.face.footer:
        return safe
    foot = balanced(ff.face.footer, _style(REGULAR, FOOTER_PT, 1, "#666666"), inner_w)  # no orphan word
    _, fh = foot.wrap(inner_w, 1e6)
    lift = 0.2 * MM  # the font's descent stays inside the safe zone too
    ff.placed.append(Placed(foot, safe, safe + lift + fh, fh))
    return safe + lift + fh + 1.0 * MM


def _fit_body(ff: FittedFace, y: float, bottom: float, base: float, body_floor: float) -> bool:
    """The body between ``y`` and ``bottom``, at the largest size from ``base`` down that fits;
    its flavour text comes along only while the body can still be set at READABLE_PT or
    more. True when it does not fit even at the floor: then it is cut short, with a red
    marker."""
    face = ff.face
    inner_w = ff.w - 2 * SAFE_MM * MM
    body_h = y - bottom
    fit: tuple[list[Any], float, bool] | None = None
    measured: list[float] = []
    if face.flavour and base >= READABLE_PT:
        fit = _fit_flow(lambda s: _paragraphs(face, s, True), inner_w, body_h, base, max(body_floor, READABLE_PT),
                        measured)
        if fit[2]:
            fit, measured = None, []
    if fit is None and not face.body:
        fit = ([], base, False)
    if fit is None:
        fit = _fit_flow(lambda s: _paragraphs(face, s), inner_w, body_h, base, body_floor, measured)
    else:
        ff.flavour = bool(face.flavour)
    flows, bsize, bover = fit
    ff.sizes["body"] = bsize
    ff.body_room = body_h
    ff.body_need = measured[-1] if measured else 0.0
    if bover:
        _place_cut_short(ff, flows, y, bottom)
    else:
        top = y
        for f in flows:
            ff.placed.append(Placed(f, SAFE_MM * MM, top, f.height))
            top -= f.height + f.style.spaceAfter
    return bover


def _place_cut_short(ff: FittedFace, flows: list[Any], y: float, bottom: float) -> None:
    """Body text too long for its room: as much as fits, then a red "text continues" marker."""
    safe = SAFE_MM * MM
    inner_w = ff.w - 2 * safe
    marker = _text("\u25bc text continues", _style(BOLD, FLOOR_PT, 2, "#cc0000"), inner_w)
    _, mh = marker.wrap(inner_w, 1e6)
    room = y - bottom - mh - 1.0  # keep room for the marker
    top = y
    for f in flows:
        if top - f.height < y - room:
            parts = f.split(inner_w, top - (y - room))
            if parts:
                part = parts[0]
                _, ph = part.wrap(inner_w, 1e6)
                ff.placed.append(Placed(part, safe, top, ph))
            break
        ff.placed.append(Placed(f, safe, top, f.height))
        top -= f.height + f.style.spaceAfter
    ff.placed.append(Placed(marker, safe, bottom + mh, mh))


def draw_face(canvas: Any, ff: FittedFace, x: float, y: float) -> None:
    """Draw a fitted face with its trim's bottom-left corner at (x, y) points."""
    from reportlab.lib.colors import HexColor

    band, _, tint = scheme(ff.face.band)
    w, h, b = ff.w, ff.h, ff.bleed
    c = canvas
    c.saveState()
    c.translate(x, y)
    if ff.face.layout == "back":
        _draw_medallion(c, ff)
    elif ff.band_boxed:
        # No bleed: the band is a box inside the safe zone, and nothing else comes nearer the
        # trim than it (no frame: a frame near the edge shows every cut that is a little off).
        safe = SAFE_MM * MM
        c.setFillColor(HexColor(band))
        c.roundRect(safe, h - safe - ff.band_h, w - 2 * safe, ff.band_h, 1.5 * MM, stroke=0, fill=1)
    else:
        # Band to the top edge (into the bleed), then a thin frame around the rest.
        c.setFillColor(HexColor(band))
        c.rect(-b, h - ff.band_h, w + 2 * b, ff.band_h + b, stroke=0, fill=1)
        c.setStrokeColor(HexColor(band))
        c.setLineWidth(0.6)
        inset = 1.8 * MM
        c.roundRect(inset, inset, w - 2 * inset, h - ff.band_h - inset + 0.3, 1.5 * MM, stroke=1, fill=0)
    if ff.face.layout != "back" and ff.stats_box:
        sx, sy, sw, sh = ff.stats_box
        c.setFillColor(HexColor(tint))
        c.roundRect(sx, sy, sw, sh, 1.2 * MM, stroke=0, fill=1)
    draw_placed(c, ff.placed)
    c.restoreState()


def _draw_medallion(c: Any, ff: FittedFace) -> None:
    """A back's medallion, centred and well inside the trim (a dark back also has its colour
    to the edge of the bleed): a back the printer shifts a few mm still looks right, with no
    frame near the edge to show the shift."""
    from reportlab.lib.colors import HexColor

    from hollowcli.render.geometry import back_medallion

    band, _, tint = scheme(ff.face.band)
    w, h, b = ff.w, ff.h, ff.bleed
    style = ff.face.backstyle or "light"
    mx, my = back_medallion(w / MM, h / MM)
    ox, oy, ow, oh = mx * MM, my * MM, w - 2 * mx * MM, h - 2 * my * MM
    ring = 1.3 * MM
    if style == "dark":
        c.setFillColor(HexColor(band))
        c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
        c.setStrokeColor(HexColor(tint))
        c.setLineWidth(0.8)
        c.ellipse(ox, oy, ox + ow, oy + oh, stroke=1, fill=0)
        c.setLineWidth(0.4)
        c.ellipse(ox + ring, oy + ring, ox + ow - ring, oy + oh - ring, stroke=1, fill=0)
    elif style == "light":
        # A pale tint inside two outlines in the band's colour: a few percent of the ink of a
        # dark back.
        c.setFillColor(HexColor(tint))
        c.setStrokeColor(HexColor(band))
        c.setLineWidth(0.8)
        c.ellipse(ox, oy, ox + ow, oy + oh, stroke=1, fill=1)
        c.setLineWidth(0.4)
        c.ellipse(ox + ring, oy + ring, ox + ow - ring, oy + oh - ring, stroke=1, fill=0)
    else:
        # Plain: a thin grey oval and the words.
        c.setStrokeColorRGB(0.6, 0.6, 0.6)
        c.setLineWidth(0.4)
        c.ellipse(ox, oy, ox + ow, oy + oh, stroke=1, fill=0)


def draw_placed(c: Any, placed: list[Placed]) -> None:
    """Draw placed texts: runs of our own texts in one text object each (see
    :func:`hollowcli.render.richtext.draw_texts`), a reportlab Paragraph by itself."""
    from hollowcli.render.richtext import draw_texts

    run: list[tuple[Any, float, float]] = []
    for p in placed:
        y = p.top - p.height
        if hasattr(p.flowable, "emit") and (not isinstance(p.flowable, _Centred) or hasattr(p.flowable.inner, "emit")):
            run.append((p.flowable, p.x, y))
            continue
        if run:
            draw_texts(c, run)
            run = []
        p.flowable.drawOn(c, p.x, y)
    if run:
        draw_texts(c, run)


def face_warnings(face: Face, ff: FittedFace, what: str) -> list[str]:
    """The problems a user should hear about for one distinct card."""
    out = []
    if ff.overflow:
        out.append(
            f"{what}: the text does not fit even at {ff.sizes.get('body', FLOOR_PT):g} pt; it is cut short on the card "
            "(marked in red); shorten it or use a larger --size"
        )
    missing = missing_glyphs(face.plain_text)
    if missing:
        out.append(f"{what}: the font has no letters for {missing!r}; they print as boxes (DejaVu Sans covers "
                   "Latin, Greek, Cyrillic, Hebrew and Arabic letters, not Chinese or Japanese, for example)")
    from hollowcli.render.richtext import has_arabic

    if has_arabic(face.plain_text):
        out.append(f"{what}: Arabic text prints right to left but with its letters unjoined (each in its "
                   "isolated form); reportlab does not shape Arabic, so check the printed card")
    return out
