"""From content text and jinja2 templates to the small markup a card face is drawn from.

Three rules keep content text safe and literal:

1. Every value a template prints is escaped with ``xml.sax.saxutils.escape`` (and ``@``
   made harmless) *before* any markup is added; only values our own helpers mark as
   ``Markup`` pass through. Content like ``<b>`` or ``&amp;`` prints exactly as typed.
2. Templates run in jinja2's ``SandboxedEnvironment`` with ``StrictUndefined``: a pack's
   template cannot reach Python internals, and a misspelt field is an error, not a blank.
3. Markup is added afterwards, by us: icons (``{dice}`` ...), ``**bold**``, ``*italic*``,
   bullets.

A template's output is a list of blocks, each starting with ``@name`` at the start of a
line (``@title``, ``@subtitle``, ``@stats``, ``@body``, ``@footer``, ``@band``,
``@corner``); see ``docs/printing.md``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from hollowcli.errors import RenderError

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

BLOCK_NAMES = ("band", "layout", "backstyle", "textsize", "title", "subtitle", "stats", "body", "footer", "corner")

#: Kinds of card face a template can be named after (``<kind>.card.j2``).
TEMPLATE_SUFFIX = ".card.j2"
#: More text than this on one card face is a runaway template (or a pasted book), not a card.
MAX_CARD_TEXT = 20_000


def _template_line(err: BaseException, name: str) -> str:
    """``file:line`` of the innermost template frame of ``err`` (jinja2 maps frames to template lines)."""
    import traceback

    frames = [f for f in traceback.extract_tb(err.__traceback__) if f.filename.endswith(TEMPLATE_SUFFIX)]
    return f"{frames[-1].filename}:{frames[-1].lineno}" if frames else name


def escape_text(value: Any) -> str:
    """Content text made literal for reportlab's paragraph markup.

    ``&``, ``<`` and ``>`` become entities, and ``@`` becomes ``&#64;`` so that content
    can never start a new template block.
    """
    return escape(str(value)).replace("@", "&#64;")


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
        footer=one_line("footer"),
        textsize=textsize,
        backstyle=backstyle,
        plain_text=text,
    )


def _finalize(value: Any) -> Any:
    """Applied by jinja2 to every ``{{ value }}``: escape unless it is our own Markup."""
    from markupsafe import Markup

    if value is None:
        return ""
    if isinstance(value, Markup):
        return value
    return escape_text(value)


def _attack(spec: Any) -> Any:
    """``{{ foe.attack|attack }}`` -> ``2{dice} +1{damage} · range 2`` (area noted)."""
    from markupsafe import Markup

    if spec is None:
        return Markup("")
    parts = [f"{int(spec.dice)}{{dice}}"]
    if int(spec.direct):
        parts.append(f"{int(spec.direct):+d}{{damage}}")
    rng = int(spec.range)
    parts.append("range&#160;0 (same place)" if rng == 0 else f"range&#160;{rng}{{range}}")
    text = " ".join(parts[:-1]) + " \u00b7 " + parts[-1]
    if getattr(spec, "area", False):
        text += " \u00b7 area"
    return Markup(text)


def _restore(spec: Any) -> Any:
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


def _bytecode_cache() -> Any:
    """Compiled templates kept in the user's cache folder (checked against the source).

    Skipped when caching is off (``HOLLOW_NO_CACHE``) or the folder cannot be made.
    """
    try:
        from jinja2 import FileSystemBytecodeCache

        from hollowcli.pack import cache

        if not cache.enabled():
            return None
        folder = cache.cache_dir() / "templates"
        folder.mkdir(parents=True, exist_ok=True)

        class BestEffort(FileSystemBytecodeCache):
            """A cache that cannot be read or written (a read-only folder) is simply not used."""

            def load_bytecode(self, bucket: Any) -> None:
                try:
                    super().load_bytecode(bucket)
                except OSError:
                    pass

            def dump_bytecode(self, bucket: Any) -> None:
                try:
                    super().dump_bytecode(bucket)
                except OSError:
                    pass

        return BestEffort(str(folder), "hollow-%s.jinja")
    except (ImportError, AttributeError, OSError):
        return None


class Templates:
    """The card-face templates: a pack's ``templates/`` folders first, then the built-in ones.

    A pack overrides a template by shipping a file with the same name.
    """

    def __init__(self, extra_dirs: Iterable[str | Path] = ()):
        from jinja2 import FileSystemLoader, StrictUndefined
        from jinja2.sandbox import SandboxedEnvironment

        from hollowcli.resources import templates_dir

        search = [str(Path(d)) for d in extra_dirs if Path(d).is_dir()]
        search.append(str(templates_dir()))
        self.search = tuple(search)
        self.env = SandboxedEnvironment(
            loader=FileSystemLoader(search),
            bytecode_cache=_bytecode_cache(),
            undefined=StrictUndefined,
            autoescape=False,
            finalize=_finalize,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=False,
        )
        self.env.filters["attack"] = _attack
        self.env.filters["restore"] = _restore
        self._cache: dict[str, Any] = {}

    def render(self, kind: str, context: Mapping[str, Any], what: str) -> Face:
        """Render ``<kind>.card.j2`` with ``context``; ``what`` names the card in errors."""
        from jinja2 import TemplateError, TemplateNotFound

        name = kind + TEMPLATE_SUFFIX
        try:
            tpl = self._cache.get(name)
            if tpl is None:
                tpl = self._cache[name] = self.env.get_template(name)
            text = tpl.render(**context)
        except TemplateNotFound:
            raise RenderError(
                f"no card template {name} in {', '.join(self.search)}; reinstall hollowcli or add it to your pack's templates/"
            ) from None
        except TemplateError as e:
            where = getattr(e, "filename", None) or name
            line = getattr(e, "lineno", None)
            at = f"{where}:{line}" if line else where
            raise RenderError(f"template {at} failed for {what}: {e}") from e
        except (ArithmeticError, LookupError, TypeError, ValueError, RecursionError) as e:
            # A pack's template is code from outside: `{{ 1/0 }}`, a too-big range, a macro calling itself.
            at = _template_line(e, name)
            raise RenderError(f"template {at} failed for {what}: {type(e).__name__}: {e}; fix the template") from None
        if len(text) > MAX_CARD_TEXT:
            raise RenderError(f"template {name} made {len(text)} characters for {what}; a card holds at most "
                              f"{MAX_CARD_TEXT}, so shorten the template or the content text")
        return parse_blocks(text, name)
