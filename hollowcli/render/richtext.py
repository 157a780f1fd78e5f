"""A small, fast paragraph for card text: the markup hollowcli itself produces, nothing more.

reportlab's ``Paragraph`` parses its markup with an HTML parser and lays out fragments
with general machinery; for a deck that is most of the build time. Card text only ever
holds what :mod:`hollowcli.render.markup` makes: escaped text, ``<b>``, ``<i>``,
``<font name=... color=...>`` (icons, code), ``<br/>`` and a few entities. :func:`rich`
lays that out directly with the embedded fonts' widths. Any other markup (a pack's
template may bring some) returns ``None`` and the caller uses a ``Paragraph`` instead,
so nothing a template writes is lost.

The object answers the calls the card layout makes of a flowable: ``wrap``, ``split``,
``drawOn``, ``height`` and ``style``.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from functools import lru_cache
from typing import Any

_TOKEN = re.compile(r"<(/?)(b|i|font|br)\b([^>]*?)\s*(/?)>|&(#\d{1,7}|#x[0-9a-fA-F]{1,6}|amp|lt|gt|quot|apos|nbsp);")
_ATTR = re.compile(r'\s*(name|color)\s*=\s*"([^"<>]*)"')
_ENTITIES = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'", "nbsp": "\u00a0"}

# A piece of a word: (text, font name, colour or None for the style's colour).
Piece = tuple[str, str, Any]


@lru_cache(maxsize=64)
def hex_colour(spec: str) -> Any:
    """reportlab's colour for ``#rrggbb``, made once."""
    from reportlab.lib.colors import HexColor

    return HexColor(spec)


@lru_cache(maxsize=256)
def _face(family: str, bold: bool, italic: bool) -> str:
    from reportlab.lib.fonts import tt2ps

    return tt2ps(family, int(bold), int(italic))


def _known_font(name: str) -> bool:
    from hollowcli.render.fonts import _FILES

    return name in _FILES


def parse(markup: str, family: str) -> list[list[list[Piece]]] | None:
    """Markup -> lines (split by ``<br/>``) of words, each a list of pieces; ``None`` if unsupported."""
    bold = italic = 0
    fonts: list[tuple[str | None, Any]] = []
    lines: list[list[list[Piece]]] = [[[]]]

    def add_text(text: str) -> bool:
        if "<" in text or ">" in text or "&" in text:
            return False
        override = next((f for f, _ in reversed(fonts) if f), None)
        colour = next((c for _, c in reversed(fonts) if c is not None), None)
        try:
            font = override or _face(family, bold > 0, italic > 0)
        except ValueError:
            return False
        words = lines[-1]
        parts = text.split(" ")
        for n, part in enumerate(parts):
            if n > 0 and words[-1]:
                words.append([])
            if part:
                words[-1].append((part, font, colour))
        return True

    pos = 0
    for m in _TOKEN.finditer(markup):
        if m.start() > pos and not add_text(markup[pos : m.start()]):
            return None
        pos = m.end()
        entity = m.group(5)
        if entity:
            if entity.startswith("#x"):
                ch = chr(int(entity[1:].replace("x", "0x", 1), 0))
            elif entity.startswith("#"):
                ch = chr(int(entity[1:]))
            else:
                ch = _ENTITIES[entity]
            if ch in "<>&":
                # literal characters from escaped content: add without re-checking
                override = next((f for f, _ in reversed(fonts) if f), None)
                colour = next((c for _, c in reversed(fonts) if c is not None), None)
                try:
                    font = override or _face(family, bold > 0, italic > 0)
                except ValueError:
                    return None
                lines[-1][-1].append((ch, font, colour))
            elif not add_text(ch):
                return None
            continue
        closing, tag, attrs, selfclose = m.group(1), m.group(2), m.group(3), m.group(4)
        if tag == "br":
            if closing:
                return None
            lines.append([[]])
            continue
        if selfclose:
            return None
        if tag in ("b", "i"):
            if attrs.strip():
                return None
            delta = -1 if closing else 1
            if tag == "b":
                bold += delta
            else:
                italic += delta
            if bold < 0 or italic < 0:
                return None
            continue
        # <font ...>
        if closing:
            if attrs.strip() or not fonts:
                return None
            fonts.pop()
            continue
        name: str | None = None
        fcolour: Any = None
        rest = _ATTR.sub("", attrs)
        if rest.strip():
            return None
        for key, value in _ATTR.findall(attrs):
            if key == "name":
                if not _known_font(value):
                    return None
                name = value
            else:
                try:
                    fcolour = hex_colour(value)
                except (ValueError, TypeError):
                    return None
        fonts.append((name, fcolour))
    if pos < len(markup) and not add_text(markup[pos:]):
        return None
    if bold or italic or fonts:
        return None  # unbalanced: let Paragraph report it
    return [[w for w in line if w] for line in lines]


# A laid-out line: (x, text, font, colour) runs.
Run = tuple[float, str, str, Any]

#: Recently laid-out paragraphs: (markup, font family, size, indents, width) -> (lines, widths).
#: Text is fitted by trying sizes, a sheet's cards are refitted to one size, and a setup
#: sheet is laid out twice (to measure, then to draw): the same layouts come back within a
#: sheet (a setup sheet has about 30). A few dozen are kept, whatever the length of a deck,
#: so memory stays flat.
WRAPS_KEPT = 64
_WRAPS: OrderedDict[tuple[Any, ...], tuple[list[list[Run]], list[float]]] = OrderedDict()


def _directions(lines: list[list[list[Piece]]] | None) -> tuple[bool, bool]:
    """(holds right-to-left letters, runs right to left) for parsed text."""
    text = "".join(t for line in (lines or ()) for word in line for t, _, _ in word)
    rtl = has_rtl(text)
    return rtl, rtl and base_rtl(text)


@lru_cache(maxsize=WRAPS_KEPT)
def _source(markup: str, family: str) -> tuple[list[list[list[Piece]]] | None, bool, bool]:
    """:func:`parse` and the text's direction, once for a markup met again (every size a
    card is tried at, every copy of a subtitle). The result is shared: never changed."""
    lines = parse(markup, family)
    return (lines, *_directions(lines))


class Rich:
    """A wrapped run of card text, drawn with the canvas's text operators."""

    def __init__(self, lines: list[list[list[Piece]]] | None, style: Any, bullet: str | None = None,
                 directions: tuple[bool, bool] | None = None, key: tuple[str, str] | None = None):
        self.source = lines  # read, never changed (it may be shared)
        self.style = style
        self.bullet = bullet
        self.key = key  # (markup, family) when made by rich(): layouts are remembered by it
        self.lines: list[list[Run]] = []
        self.widths: list[float] = []
        self.width = 0.0
        self.height = 0.0
        # right-to-left letters: drawn in visual order
        self.rtl, self.rtl_base = directions if directions is not None else _directions(lines)

    # -- layout ------------------------------------------------------------------
    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        if self.source is None:  # a part made by split(): already laid out
            return self.width, self.height
        st = self.style
        wkey = None
        if self.key is not None:
            wkey = (*self.key, st.fontSize, st.leftIndent, st.rightIndent, avail_w)
            hit = _WRAPS.get(wkey)
            if hit is not None:
                _WRAPS.move_to_end(wkey)
                self.lines, self.widths = hit
                self.width = avail_w
                self.height = len(self.lines) * st.leading
                return avail_w, self.height
        self._layout(avail_w)
        if wkey is not None:
            _WRAPS[wkey] = (self.lines, self.widths)
            if len(_WRAPS) > WRAPS_KEPT:
                _WRAPS.popitem(last=False)
        self.width = avail_w
        self.height = len(self.lines) * st.leading
        return avail_w, self.height

    def _layout(self, avail_w: float) -> None:
        """Break the source into lines ``avail_w`` wide (self.lines, self.widths)."""
        from hollowcli.render.fonts import text_width as stringWidth

        assert self.source is not None
        st = self.style
        size = st.fontSize
        room = max(1.0, avail_w - st.leftIndent - st.rightIndent)
        out: list[list[tuple[float, str, str, Any]]] = []
        widths: list[float] = []
        for source_line in self.source:
            line: list[tuple[float, str, str, Any]] = []
            x = 0.0
            for word in source_line:
                pieces = [(t, f, c, stringWidth(t, f, size)) for t, f, c in word]
                ww = sum(p[3] for p in pieces)
                # The space is drawn as a character of the previous piece, so text
                # extraction (and copy-paste) sees separate words.
                space = stringWidth(" ", line[-1][2], size) if line else 0.0
                if line and x + space + ww > room:
                    out.append(line)
                    widths.append(x)
                    line, x = [], 0.0
                    space = 0.0
                if line:
                    px, pt, pf, pc = line[-1]
                    line[-1] = (px, pt + " ", pf, pc)
                    x += space
                    first_t, first_f, first_c, first_w = pieces[0]
                    if ww <= room and (first_f, first_c) == (pf, pc):
                        # Same font and colour: one run of text, one operator.
                        line[-1] = (px, pt + " " + first_t, pf, pc)
                        x += first_w
                        pieces = pieces[1:]
                if ww > room:
                    # A word longer than the line: break it where it reaches the edge.
                    for t, f, c, _ in pieces:
                        chunk = ""
                        for ch in t:
                            cw = stringWidth(chunk + ch, f, size)
                            if x + cw > room and (chunk or line):
                                if chunk:
                                    line.append((x, chunk, f, c))
                                    x += stringWidth(chunk, f, size)
                                out.append(line)
                                widths.append(x)
                                line, x, chunk = [], 0.0, ch
                            else:
                                chunk += ch
                        if chunk:
                            line.append((x, chunk, f, c))
                            x += stringWidth(chunk, f, size)
                    continue
                for t, f, c, w in pieces:
                    line.append((x, t, f, c))
                    x += w
            out.append(line)
            widths.append(x)
        self.lines, self.widths = out, widths

    def split(self, avail_w: float, avail_h: float) -> list[Rich]:
        """The lines that fit in ``avail_h`` and the rest, as two objects (or none)."""
        if not self.lines:
            self.wrap(avail_w, avail_h)
        n = int(avail_h // self.style.leading)
        if n <= 0 or n >= len(self.lines):
            return []
        head, tail = Rich(None, self.style, self.bullet), Rich(None, self.style, None)
        for part, lines, widths in ((head, self.lines[:n], self.widths[:n]), (tail, self.lines[n:], self.widths[n:])):
            part.lines, part.widths = lines, widths
            part.rtl, part.rtl_base = self.rtl, self.rtl_base
            part.width = self.width
            part.height = len(lines) * self.style.leading
        return [head, tail]

    # -- drawing -----------------------------------------------------------------
    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:
        draw_texts(canvas, [(self, x, y)])

    def emit(self, t: Any, x: float, y: float, current: Any) -> Any:
        """Write the lines into text object ``t`` with the bottom-left at (x, y); ``current``
        is the (font, size, colour) ``t`` already has, and the one it has after is returned."""
        st = self.style
        size, leading = st.fontSize, st.leading
        base = y + self.height - _ascent(st.fontName, size)
        room = self.width - st.leftIndent - st.rightIndent
        if self.bullet:
            t.setTextOrigin(x + st.bulletIndent, base)
            current = set_text_state(t, current, st.bulletFontName, st.bulletFontSize, st.textColor)
            show(t, self.bullet)
        for n, line in enumerate(self.lines):
            ly = base - n * leading
            if self.rtl:
                line = _visual_line(self, line, self.widths[n], size)
            if st.alignment == 1:
                shift = (room - self.widths[n]) / 2
            elif st.alignment == 2 or (self.rtl_base and st.alignment == 0):
                shift = room - self.widths[n]  # a right-to-left paragraph is set flush right
            else:
                shift = 0.0
            for px, text, font, colour in line:
                t.setTextOrigin(x + st.leftIndent + shift + px, ly)
                current = set_text_state(t, current, font, size, colour if colour is not None else st.textColor)
                show(t, text)
        return current


def set_text_state(t: Any, current: Any, font: str, size: float, colour: Any) -> Any:
    """Set the font and fill colour of text object ``t`` unless it has them already."""
    if current is None or current[0] != font or current[1] != size:
        t.setFont(font, size)
    if current is None or current[2] != colour:  # colours compare by value (styles each have their own)
        t.setFillColor(colour)
    return (font, size, colour)


def show(t: Any, text: str) -> None:
    """Show ``text`` at the text object's origin. Every run is placed by its own origin, so
    the cursor reportlab's ``textOut`` works out (a width per run) is not needed: ``textLine``
    shows the same text (and moves to a next line no run uses)."""
    t.textLine(text)


def line_at(t: Any, current: Any, text: str, font: str, size: float, colour: Any, x: float, y: float,
            align: int = 0) -> Any:
    """One line of plain text into text object ``t``, its baseline at ``y``, starting at ``x``
    (``align`` 0), centred on it (1) or ending at it (2), where canvas.drawString,
    drawCentredString and drawRightString would put it; right-to-left letters in visual order."""
    from hollowcli.render.fonts import text_width

    if has_rtl(text):
        text = visual(text, base_rtl(text))
    if align == 1:
        x = x - text_width(text, font, size) / 2.0
    elif align == 2:
        x = x - text_width(text, font, size)
    t.setTextOrigin(x, y)
    current = set_text_state(t, current, font, size, colour)
    show(t, text)
    return current


class TextAt:
    """A line of plain text to draw at a point (``x``, ``y``: the baseline) with :func:`draw_texts`."""

    __slots__ = ("text", "font", "size", "colour", "align")

    def __init__(self, text: str, font: str, size: float, colour: Any, align: int = 0):
        self.text, self.font, self.size, self.colour, self.align = text, font, size, colour, align

    def emit(self, t: Any, x: float, y: float, current: Any) -> Any:
        return line_at(t, current, self.text, self.font, self.size, self.colour, x, y, self.align)


def draw_texts(canvas: Any, items: Any) -> None:
    """Draw laid-out texts (anything with ``emit``: :class:`Rich`, a card's one-line text)
    at their (x, y) in one PDF text object: one BT ... ET, and the font and colour set only
    where they change, instead of a text object each."""
    t = canvas.beginText()
    ops = TextOps(t)
    current = None
    for text, x, y in items:
        current = text.emit(ops, x, y, current)
    canvas.drawText(t)


#: Numbers as reportlab writes them into a page (``fp_str``), by value: a sheet's text comes
#: back at the same sizes, colours, margins and line positions. Emptied when it grows past
#: NUMBERS_KEPT, so memory stays flat.
NUMBERS_KEPT = 8192
_NUMBERS: dict[float, str] = {}


def _number(v: float) -> str:
    s = _NUMBERS.get(v)
    if s is None:
        from reportlab.pdfgen.textobject import fp_str

        if len(_NUMBERS) >= NUMBERS_KEPT:
            _NUMBERS.clear()
        s = _NUMBERS[v] = fp_str(v)
    return s


class TextOps:
    """A reportlab text object as :func:`draw_texts` writes into it: ``setTextOrigin``,
    ``setFont``, ``setFillColor`` and ``textLine`` add the very operators the text object's
    own methods add, without their general paths (the font looked up by name for every run,
    each number formatted anew, the object's state saved and restored around each run, colour
    spaces and shaped text the card text never uses). Whatever is not that plain case (a font
    that is not an embedded TrueType one, a colour that is not plain RGB, a canvas drawing
    top-down or enforcing a colour space) goes to the text object's own method."""

    __slots__ = ("t", "_code", "_doc", "_escape", "_plain", "_font", "_tf", "_alpha")

    def __init__(self, t: Any) -> None:
        self.t = t
        self._code = t._code
        canvas = t._canvas
        self._doc = canvas._doc
        self._escape = canvas._escape
        self._plain = bool(canvas.bottomup) and t._enforceColorSpace is None
        self._font: Any = None  # the embedded font in use when its runs are written here
        self._tf = ""  # its "size Tf leading TL", once written
        self._alpha: Any = None  # the fill alpha last set here

    def setTextOrigin(self, x: float, y: float) -> None:
        if not self._plain:
            self.t.setTextOrigin(x, y)
            return
        self._code.append(f"1 0 0 1 {_number(x)} {_number(y)} Tm")
        t = self.t
        t._x0 = t._x = x
        t._y0 = t._y = y

    def setFont(self, name: str, size: float) -> None:
        font = _ttf(name) if self._plain else None
        if font is None:
            self._font = None
            self.t.setFont(name, size)
            return
        t = self.t
        t._fontname, t._fontsize, t._leading = name, size, size * 1.2
        t._curSubset = -1
        self._font, self._tf = font, ""

    def setFillColor(self, colour: Any) -> None:
        from reportlab.lib.colors import Color

        if not self._plain or type(colour) is not Color:
            self.t.setFillColor(colour)
            return
        self.t._fillColorObj = colour
        self._code.append(f"{_number(colour.red)} {_number(colour.green)} {_number(colour.blue)} rg")
        # reportlab then sets the colour's alpha (a PDF 1.4 feature, so the file says 1.4, and a
        # graphics state where it changes); the same alpha again changes nothing.
        alpha = colour.alpha
        if alpha is not None and alpha != self._alpha:
            self.t.setFillAlpha(alpha)
            self._alpha = alpha

    def textLine(self, text: str) -> None:
        font = self._font
        if font is None:
            self.t.textLine(text)
            return
        t, doc, escape = self.t, self._doc, self._escape
        parts = []
        for subset, chunk in font.splitString(text, doc):
            if subset != t._curSubset:
                if not self._tf:
                    self._tf = f"{_number(t._fontsize)} Tf {_number(t._leading)} TL"
                parts.append(f"{font.getSubsetInternalName(subset, doc)} {self._tf}")
                t._curSubset = subset
            parts.append(f"({escape(chunk)}) Tj")
        self._code.append(" ".join(parts) + " T*")


@lru_cache(maxsize=256)
def _ascent(font: str, size: float) -> float:
    """reportlab's ``getAscent`` of a registered font at ``size`` (a font is registered once)."""
    from reportlab.pdfbase.pdfmetrics import getAscent

    return getAscent(font, size)  # type: ignore[no-any-return]


def _ttf(name: str) -> Any:
    """The registered embedded TrueType font ``name``, or None for any other kind of font
    (looked up each time: a font registered again under its name is the one used)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    font = pdfmetrics.getFont(name)
    return font if type(font) is TTFont and font._dynamicFont else None


def _visual_line(self: Rich, line: list[tuple[float, str, str, Any]], width: float,
                 size: float) -> list[tuple[float, str, str, Any]]:
    """A laid-out line in visual order: each run's letters reordered, and on a right-to-left
    line the runs themselves mirrored (the first run at the right)."""
    from hollowcli.render.fonts import text_width as stringWidth

    out = []
    for px, text, font, colour in line:
        v = visual(text, self.rtl_base)
        if self.rtl_base and len(line) > 1:
            w = stringWidth(text, font, size)
            px = width - px - w
        out.append((px, v, font, colour))
    return out


def rich(markup: str, style: Any, bullet: str | None = None) -> Rich | None:
    """A :class:`Rich` for ``markup`` in ``style``, or ``None`` when it needs a Paragraph."""
    lines, rtl, rtl_base = _source(markup, style.fontName)
    if lines is None:
        return None
    return Rich(lines, style, bullet, (rtl, rtl_base), (markup, style.fontName))


# ----------------------------------------------------------------------------------
# Right-to-left text (Hebrew, Arabic): drawn in visual order, line by line
# ----------------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def _direction(ch: str) -> str:
    """``r`` for a right-to-left letter, ``l`` for a left-to-right one (digits too), ``n`` for neutral."""
    import unicodedata

    cls = unicodedata.bidirectional(ch)
    if cls in ("R", "AL"):
        return "r"
    if cls in ("L", "EN", "AN"):
        return "l"
    return "n"


#: Right-to-left scripts start at U+0590 (Hebrew): text with nothing from there up is
#: left to right without looking at each letter.
_MAYBE_RTL = re.compile("[\u0590-\U0010ffff]")


def has_rtl(text: str) -> bool:
    """True when ``text`` holds a right-to-left letter."""
    return _MAYBE_RTL.search(text) is not None and any(
        _direction(ch) == "r" for ch in text if ord(ch) >= 0x0590)


def base_rtl(text: str) -> bool:
    """A paragraph runs right to left when its first strong letter does (Unicode's rule)."""
    for ch in text:
        d = _direction(ch)
        if d != "n":
            return d == "r"
    return False


def visual(text: str, rtl_base: bool) -> str:
    """One line of ``text`` (logical order) in the order to draw it left to right: a simplified
    Unicode bidi reordering (runs of right-to-left letters reversed; neutrals between two runs
    of the same direction take it, others take the base direction)."""
    if not has_rtl(text):
        return text
    runs: list[list[str]] = []  # [direction, chars]
    for ch in text:
        d = _direction(ch)
        if runs and runs[-1][0] == d:
            runs[-1][1] += ch
        else:
            runs.append([d, ch])
    base = "r" if rtl_base else "l"
    for i, run in enumerate(runs):
        if run[0] == "n":
            before = next((r[0] for r in reversed(runs[:i]) if r[0] != "n"), base)
            after = next((r[0] for r in runs[i + 1:] if r[0] != "n"), base)
            run[0] = before if before == after else base
    merged: list[list[str]] = []
    for d, chars in runs:
        if merged and merged[-1][0] == d:
            merged[-1][1] += chars
        else:
            merged.append([d, chars])
    if rtl_base:
        return "".join(chars[::-1] if d == "r" else chars for d, chars in reversed(merged))
    return "".join(chars[::-1] if d == "r" else chars for d, chars in merged)


def has_arabic(text: str) -> bool:
    """True when ``text`` holds Arabic letters (they need joining, which we cannot do)."""
    import unicodedata

    return _MAYBE_RTL.search(text) is not None and any(
        unicodedata.bidirectional(ch) == "AL" for ch in text if ord(ch) >= 0x0600)
