"""From content text to the small markup a card face is drawn from.

Two rules keep content text safe and literal:

1. Every value a template prints is escaped with ``xml.sax.saxutils.escape`` (and ``@``
   made harmless) *before* any markup is added; only values our own helpers mark as
   ``Markup`` pass through. Content like ``<b>`` or ``&amp;`` prints exactly as typed.
2. Markup is added afterwards, by us: icons (``{dice}`` ...), ``**bold**``, ``*italic*``,
   bullets; a template's own markup may use only the tags our helpers make
   (:func:`check_markup`).

A template's output is a list of blocks, each starting with ``@name`` at the start of a
line (``@title``, ``@subtitle``, ``@stats``, ``@body``, ``@flavour``, ``@footer``, ``@band``,
``@corner``), parsed into a :class:`Face`; see ``docs/printing.md``. The templates
themselves run in :mod:`hollowcli.render.templates`, inside the limits of
:mod:`hollowcli.render.sandbox`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from hollowcli.errors import RenderError
from hollowcli.pack.words import escape_text as escape_text  # content text made literal (defined at pack level)

#: Icon name -> (glyph in DejaVu Sans, colour). Written ``{name}`` in content and templates.
ICONS: dict[str, tuple[str, str]] = {
    "dice": ("\u2684", "#222222"),  # die face five
    "damage": ("\u2736", "#b3261e"),  # six-pointed star
    "fear": ("\u2620", "#5b2a86"),  # skull and crossbones
    "token": ("\u25cf", "#a86a00"),  # black circle
    "health": ("\u2665", "#b3261e"),  # heart
    "defense": ("\u25c8", "#1f4e79"),  # diamond in diamond
    "move": ("\u279c", "#2e6b2e"),  # heavy arrow
    "range": ("\u25ce", "#00606b"),  # bullseye
    "spawn": ("\u2720", "#6b3d1f"),  # maltese cross
    "barricade": ("\u25a6", "#6b3d1f"),  # crosshatched square
}

_ICON_RE = re.compile(r"\{(" + "|".join(ICONS) + r")\}")
_BOLD_RE = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_ITALIC_RE = re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])")
_CODE_RE = re.compile(r"`([^`\n]+)`")
_BULLET_RE = re.compile(r"^\s*(?:[-*\u2022])\s+")
_NUMBER_RE = re.compile(r"^\s*(\d{1,2})[.)]\s+")

BLOCK_NAMES = ("band", "layout", "backstyle", "textsize", "title", "subtitle", "stats", "body", "flavour", "footer",
               "corner")

#: Kinds of card face a template can be named after (``<kind>.card.j2``).
TEMPLATE_SUFFIX = ".card.j2"
#: More text than this on one card face is a runaway template (or a pasted book), not a card.
MAX_CARD_TEXT = 20_000


def icons(markup: str) -> str:
    """Replace ``{dice}``, ``{damage}`` ... with coloured glyphs. Unknown ``{words}`` stay literal."""

    def sub(m: re.Match[str]) -> str:
        glyph, colour = ICONS[m.group(1)]
        return f'<font name="DejaVuSans-Bold" color="{colour}">{glyph}</font>'

    return _ICON_RE.sub(sub, markup)


def inline(markup: str) -> str:
    """Icons plus ``**bold**`` and ``*italic*`` on already escaped text."""
    out = _CODE_RE.sub(r'<font color="#00606b">\1</font>', markup)
    out = _BOLD_RE.sub(r"<b>\1</b>", out)
    out = _ITALIC_RE.sub(r"<i>\1</i>", out)
    return icons(out)


@dataclass(frozen=True)
class Para:
    """One paragraph of body text: ``kind`` is ``p``, ``bullet`` or a list number like ``3.``."""

    kind: str
    markup: str
    level: int = 0  # list nesting: 1 for an indented item under another item


@dataclass(frozen=True)
class Face:
    """A card face (or back) ready to draw: markup strings per region."""

    band: str = "plain"  # colour scheme key
    layout: str = "face"  # face | back
    title: str = ""
    subtitle: str = ""
    stats: str = ""
    corner: str = ""
    body: tuple[Para, ...] = ()
    flavour: tuple[Para, ...] = ()  # italic text after the body, left out when the card is short of room
    footer: str = ""
    textsize: float | None = None  # the largest size the body may grow to (points)
    backstyle: str | None = None  # a back's look: light | dark | plain (None: light)
    plain_text: str = field(default="", compare=False)  # for glyph coverage checks


def body_paragraphs(markup: str) -> tuple[Para, ...]:
    """Split escaped text into paragraphs: blank lines separate; ``-`` lines are bullets."""
    paras: list[Para] = []
    current: list[str] = []
    kind = "p"
    level = 0
    list_base: int | None = None

    def flush() -> None:
        nonlocal current, kind, level
        text = " ".join(s.strip() for s in current).strip()
        if text:
            paras.append(Para(kind, inline(text), level))
        current, kind, level = [], "p", 0

    for line in markup.splitlines():
        if not line.strip():
            flush()
            continue
        bullet = _BULLET_RE.match(line)
        number = _NUMBER_RE.match(line)
        if bullet or number:
            in_list = kind != "p" or bool(paras and paras[-1].kind != "p" and not current)
            indent = len(line) - len(line.lstrip())
            if not in_list or list_base is None:
                list_base = indent
            list_base = min(list_base, indent)
            flush()
            level = 1 if indent >= list_base + 2 else 0
            if bullet:
                kind = "bullet"
                current = [line[bullet.end():]]
            else:
                assert number is not None
                kind = number.group(1) + "."
                current = [line[number.end():]]
            continue
        if kind != "p" and not line[:1].isspace():
            # An unindented line after a list item starts a new paragraph.
            flush()
            list_base = None
        current.append(line)
    flush()
    return tuple(paras)


def parse_blocks(text: str, source: str) -> Face:
    """Parse a rendered template (``@block`` lines) into a :class:`Face`."""
    blocks: dict[str, list[str]] = {}
    name: str | None = None
    for lineno, line in enumerate(text.splitlines(), 1):
        if line.startswith("@"):
            word, _, rest = line[1:].partition(" ")
            word = word.strip().lower()
            if word not in BLOCK_NAMES:
                raise RenderError(
                    f"template {source} line {lineno}: unknown block @{word}; "
                    f"use one of {', '.join('@' + b for b in BLOCK_NAMES)}"
                )
            name = word
            blocks.setdefault(name, [])
            if rest.strip():
                blocks[name].append(rest)
            continue
        if name is None:
            if line.strip():
                raise RenderError(f"template {source} line {lineno}: text before the first @block")
            continue
        blocks[name].append(line)

    def one_line(key: str) -> str:
        return inline(" ".join(s.strip() for s in blocks.get(key, []) if s.strip()))

    layout = one_line("layout") or "face"
    if layout not in ("face", "back"):
        raise RenderError(f"template {source}: @layout must be face or back, not {layout!r}")
    backstyle = one_line("backstyle").lower() or None
    if backstyle is not None and backstyle not in ("light", "dark", "plain"):
        raise RenderError(f"template {source}: @backstyle must be light, dark or plain, not {backstyle!r}")
    body_src = "\n".join(blocks.get("body", []))
    size_src = one_line("textsize")
    textsize: float | None = None
    if size_src:
        try:
            textsize = min(14.0, max(6.5, float(size_src)))
        except ValueError:
            raise RenderError(f"template {source}: @textsize must be a number of points, not {size_src!r}") from None
    return Face(
        band=re.sub(r"[^a-z0-9-]", "", one_line("band").lower()) or "plain",
        layout=layout,
        title=one_line("title"),
        subtitle=one_line("subtitle"),
        stats=one_line("stats"),
        corner=one_line("corner"),
        body=body_paragraphs(body_src),
        flavour=tuple(Para(p.kind, f"<i>{p.markup}</i>", p.level)
                      for p in body_paragraphs("\n".join(blocks.get("flavour", [])))),
        footer=one_line("footer"),
        textsize=textsize,
        backstyle=backstyle,
        plain_text=text,
    )


def attack_words(spec: Any, short: bool = False) -> Any:
    """``{{ foe.attack|attack }}`` -> ``2{dice} +1{damage} · range 2`` (area noted); range 0 is
    "range 0 (same place)", or just "range 0" with ``attack(short=true)`` (small cards)."""
    from markupsafe import Markup

    if spec is None:
        return Markup("")
    parts = [f"{int(spec.dice)}{{dice}}"]
    if int(spec.direct):
        parts.append(f"{int(spec.direct):+d}{{damage}}")
    rng = int(spec.range)
    parts.append(("range&#160;0" if short else "range&#160;0 (same place)") if rng == 0 else f"range&#160;{rng}{{range}}")
    text = " ".join(parts[:-1]) + " \u00b7 " + parts[-1]
    if getattr(spec, "area", False):
        text += " \u00b7 area"
    return Markup(text)


def restore_words(spec: Any) -> Any:
    """``{{ item.restore|restore }}`` -> ``+2{health} -1{fear}``."""
    from markupsafe import Markup

    if spec is None:
        return Markup("")
    parts = []
    if int(spec.health):
        parts.append(f"+{int(spec.health)}{{health}}")
    if int(spec.fear):
        parts.append(f"\u2212{int(spec.fear)}{{fear}}")
    return Markup(" ".join(parts) or "nothing")


#: reportlab paragraph markup a template may write itself: what our own helpers make.
ALLOWED_TAGS = {"b": (), "i": (), "u": (), "strike": (), "br": (), "sup": (), "sub": (), "super": (),
                "font": ("name", "color", "size", "face")}
_TAG_RE = re.compile(r"<\s*(/?)\s*([A-Za-z][\w:.-]*)((?:\s+[^<>]*?)?)\s*(/?)\s*>|<")
_ATTR_RE = re.compile(r"([A-Za-z_][\w:.-]*)\s*=\s*(\"[^\"]*\"|'[^']*')")


def check_markup(text: str, source: str) -> None:
    """A template's own text may use only the reportlab tags our helpers make, with their
    attributes (``<b>``, ``<i>``, ``<font color=...>`` ...); anything else, such as
    ``<onDraw>`` or ``<img>``, would reach reportlab as code or files."""
    for lineno, line in enumerate(text.splitlines(), 1):
        for m in _TAG_RE.finditer(line):
            if m.group(0) == "<":
                raise RenderError(f"template {source} line {lineno}: a '<' that does not start a tag; write &lt; "
                                  "for a literal '<'")
            tag = m.group(2).lower()
            attrs = _ATTR_RE.findall(m.group(3) or "")
            rest = _ATTR_RE.sub("", m.group(3) or "").strip()
            if tag not in ALLOWED_TAGS or rest or any(a.lower() not in ALLOWED_TAGS[tag] for a, _ in attrs):
                allowed = ", ".join(f"<{t}>" for t in ALLOWED_TAGS)
                raise RenderError(f"template {source} line {lineno}: the markup {m.group(0)[:60]!r} is not allowed on a "
                                  f"card; use {allowed} (font takes name, color and size), or **bold** and *italic*")
