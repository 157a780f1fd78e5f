"""The fonts every PDF uses: DejaVu Sans (shipped in ``hollowcli/fonts``), embedded as subsets.

Only these TrueType fonts are ever referenced, so no PDF depends on the viewer's
base-14 fonts. DejaVu covers Latin, Greek and Cyrillic and the symbols used for icons;
characters it lacks would print as blanks, so :func:`missing_glyphs` finds them for a
warning instead.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from hollowcli.errors import RenderError
from hollowcli.resources import fonts_dir

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
OBLIQUE = "DejaVuSans-Oblique"
CONDENSED_BOLD = "DejaVuSansCondensed-Bold"

_FILES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    OBLIQUE: "DejaVuSans-Oblique.ttf",
    CONDENSED_BOLD: "DejaVuSansCondensed-Bold.ttf",
}


@lru_cache(maxsize=1)
def register_fonts() -> str:
    """Register the shipped fonts with reportlab once per process; return the body font's name."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    base = fonts_dir()
    for name, file in _FILES.items():
        path = base / file
        try:
            font = TTFont(name, str(path))
        except (OSError, TTFError) as e:
            raise RenderError(f"the font file {path} cannot be read ({e}); reinstall hollowcli") from e
        _remember_subsets(font.face, path)
        _remember_widths(font)
        pdfmetrics.registerFont(font)
    # <b>, <i> inside paragraphs pick these faces; bold-italic falls back to bold.
    addMapping(REGULAR, 0, 0, REGULAR)
    addMapping(REGULAR, 1, 0, BOLD)
    addMapping(REGULAR, 0, 1, OBLIQUE)
    addMapping(REGULAR, 1, 1, BOLD)
    for face in (BOLD, OBLIQUE, CONDENSED_BOLD):
        addMapping(face, 0, 0, face)
        addMapping(face, 1, 0, BOLD if face != CONDENSED_BOLD else CONDENSED_BOLD)
        addMapping(face, 0, 1, OBLIQUE)
        addMapping(face, 1, 1, BOLD)
    return REGULAR


#: How many embedded subsets of each font are kept for the next PDF (a kit writes a dozen
#: files, and most use the same letters of a font: the same subset).
SUBSETS_KEPT = 32


def _remember_subsets(face: Any, path: Path) -> None:
    """Build each distinct subset of ``face`` once, compressed once.

    reportlab builds the embedded subset of a font for every PDF at ``save()``: it copies
    the glyphs out of the font file and compresses the result. Files of one kit mostly
    need the same subset of a font (the printable ASCII letters and a few symbols), so the
    subset's bytes are kept, and the font file stream gets the very bytes reportlab's
    Flate filter would make (already compressed, as :func:`hollowcli.render.sheet.finish_page`
    does for pages). Should reportlab's internals differ, the stream is left to reportlab.
    A subset is also kept in the cache folder (:class:`StoredSubsets`), so printing the
    same files again builds none of them.
    """
    from collections import OrderedDict

    kept: OrderedDict[tuple[int, ...], list[bytes]] = OrderedDict()
    make_subset = face.makeSubset
    add_subset_objects = face.addSubsetObjects
    stored = StoredSubsets.for_font(path)

    def entry(subset: Any) -> list[bytes]:
        key = tuple(subset)
        hit = kept.get(key)
        if hit is None:
            hit = kept[key] = (stored.read(key) if stored else None) or [make_subset(subset)]
            if len(kept) > SUBSETS_KEPT:
                kept.popitem(last=False)
        else:
            kept.move_to_end(key)
        return hit

    def remembered_subset(subset: Any) -> bytes:
        return entry(subset)[0]

    def remembered_objects(doc: Any, fontname: str, subset: Any) -> Any:
        ref = add_subset_objects(doc, fontname, subset)
        try:
            from reportlab.pdfbase import pdfdoc

            descriptor = doc.idToObject[ref.name]
            stream = doc.idToObject[descriptor.dict["FontFile2"].name]
            if stream.filters != [pdfdoc.PDFZCompress] or "Filter" in stream.dictionary.dict:
                return ref
            hit = entry(subset)
            if hit[0] is not stream.content and hit[0] != stream.content:
                return ref
            if len(hit) == 1:
                hit.append(pdfdoc.PDFZCompress.encode(hit[0]))
                if stored:
                    stored.write(tuple(subset), hit[1])
            stream.content = hit[1]
            stream.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(pdfdoc.PDFZCompress.pdfname)])
        except (AttributeError, KeyError, TypeError):
            pass
        return ref

    face.makeSubset = remembered_subset
    face.addSubsetObjects = remembered_objects


class StoredSubsets:
    """Embedded subsets of one font file, compressed as they go into a PDF, kept in the
    cache folder (``fonts/`` beside the content cache) from one run to the next.

    A subset's file is named after what its bytes depend on: the font file (path, size,
    modification time), reportlab's version (which builds the subset), zlib's (which
    compresses it), and the subset's characters in order; the same text heads the file and
    is checked when it is read. A file that does not read back whole is ignored and made
    again; one that cannot be written is not written. ``HOLLOW_NO_CACHE=1`` turns it off.
    Files written more than :data:`hollowcli.pack.cache.MAX_AGE_S` ago are removed when one
    is written (and made again when needed).
    """

    #: Bumped whenever what a file holds changes.
    FORMAT = 1

    def __init__(self, stamp: str):
        self.stamp = stamp
        self.pruned = False

    @classmethod
    def for_font(cls, path: Path) -> StoredSubsets | None:
        import zlib

        from reportlab import Version

        try:
            st = os.stat(path)
        except OSError:
            return None
        return cls(f"hollow font subset {cls.FORMAT}|{Version}|{zlib.ZLIB_RUNTIME_VERSION}|{path}|{st.st_size}"
                   f"|{st.st_mtime_ns}")

    def _where(self, subset: tuple[int, ...]) -> tuple[bytes, str] | None:
        """(the file's head, its path), or None when caching is off."""
        import hashlib

        from hollowcli.pack import cache

        if not cache.enabled():
            return None
        head = f"{self.stamp}|{','.join(map(str, subset))}\n".encode()
        return head, os.path.join(cache.cache_path(), "fonts", hashlib.sha256(head).hexdigest()[:40] + ".subset")

    def read(self, subset: tuple[int, ...]) -> list[bytes] | None:
        """[the subset, compressed] as stored, or None."""
        import zlib

        where = self._where(subset)
        if where is None:
            return None
        head, path = where
        try:
            with open(path, "rb") as fh:
                data = fh.read()
            if not data.startswith(head):
                return None
            packed = data[len(head):]
            return [zlib.decompress(packed), packed]
        except (OSError, zlib.error):
            return None

    def write(self, subset: tuple[int, ...], packed: bytes) -> None:
        """Keep ``packed`` (the subset compressed) for the next run, if the folder allows."""
        from hollowcli.pack.cache import MAX_AGE_S
        from hollowcli.tempfiles import prune_stale, temp_beside

        where = self._where(subset)
        if where is None:
            return
        head, path = where
        folder = os.path.dirname(path)
        try:
            os.makedirs(folder, exist_ok=True)
            if not self.pruned:
                self.pruned = True
                prune_stale(folder, "", ".subset", MAX_AGE_S)
            fd, tmp = temp_beside(Path(folder), ".subset-", ".part")
        except OSError:
            return
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(head + packed)
            os.replace(tmp, path)
        except OSError:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _remember_widths(font: Any) -> None:
    """Write each distinct subset's table of glyph widths once per process.

    Every embedded subset carries the advance widths of its (up to 256) letters, which
    reportlab formats number by number at ``save()``; the same subset comes back in most
    files of a kit. The formatted table is kept and put in the font object as it is, the
    same bytes. Should reportlab's internals differ, the table is left to reportlab.
    """
    from collections import OrderedDict

    from reportlab import rl_config
    from reportlab.pdfbase import pdfdoc

    class Formatted(pdfdoc.PDFObject):  # type: ignore[misc]
        """Bytes already formatted as the object they stand for would be."""

        def __init__(self, data: bytes):
            self.data = data

        def format(self, document: Any) -> bytes:
            return self.data

    kept: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()
    add_objects = font.addObjects

    def remembered_objects(doc: Any) -> None:
        try:
            names = [font.getSubsetInternalName(n, doc)[1:] for n in range(len(font.state[doc].subsets))]
        except (AttributeError, KeyError, IndexError, TypeError):
            names = []
        add_objects(doc)
        for name in names:
            try:
                pdf_font = doc.idToObject["BasicFonts"].dict[name]
                widths = pdf_font.Widths
                if type(widths) is not pdfdoc.PDFArray:
                    continue
                key = (tuple(widths.sequence), widths.multiline, rl_config.pdfMultiLine)
                data = kept.get(key)
                if data is None:
                    data = kept[key] = widths.format(doc)
                    if len(kept) > SUBSETS_KEPT:
                        kept.popitem(last=False)
                else:
                    kept.move_to_end(key)
                pdf_font.Widths = Formatted(data)
            except (AttributeError, KeyError, TypeError):
                continue

    font.addObjects = remembered_objects


@lru_cache(maxsize=8)
def _advances(font: str) -> tuple[Any, int] | None:
    """(the ``get`` of a shipped font's advance widths by code point, its default width)."""
    if font not in _FILES:
        return None
    register_fonts()
    from reportlab.pdfbase import pdfmetrics

    face = pdfmetrics.getFont(font).face  # type: ignore[attr-defined]
    return face.charWidths.get, face.defaultWidth


@lru_cache(maxsize=4096)
def _units(text: str, font: str) -> float:
    """The advance of ``text`` in ``font`` in thousandths of the size, summed as reportlab does."""
    get, default = _advances(font)  # type: ignore[misc]
    return sum(get(ord(ch), default) for ch in text)


def text_width(text: str, font: str, size: float) -> float:
    """``stringWidth`` of reportlab (the same float), remembered per word and font: card text
    is laid out at several sizes, and the same words come back on every card."""
    if _advances(font) is None:
        from reportlab.pdfbase.pdfmetrics import stringWidth

        return stringWidth(text, font, size)
    return 0.001 * size * _units(text, font)


@lru_cache(maxsize=1)
def _covered() -> frozenset[int]:
    register_fonts()
    from reportlab.pdfbase import pdfmetrics

    font = pdfmetrics.getFont(REGULAR)
    return frozenset(font.face.charToGlyph)  # type: ignore[attr-defined]


def missing_glyphs(text: str) -> str:
    """The distinct characters of ``text`` that the body font cannot print, in order."""
    covered = _covered()
    return "".join(
        ch for ch in dict.fromkeys(text) if ord(ch) not in covered and not ch.isspace() and ord(ch) >= 32
    )
