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
line (``@title``, ``@subtitle``, ``@stats``, ``@body``, ``@flavour``, ``@footer``, ``@band``,
``@corner``); see ``docs/printing.md``.
"""

from __future__ import annotations

import os
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

BLOCK_NAMES = ("band", "layout", "backstyle", "textsize", "title", "subtitle", "stats", "body", "flavour", "footer",
               "corner")

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


def _finalize(value: Any) -> Any:
    """Applied by jinja2 to every ``{{ value }}``: escape unless it is our own Markup."""
    from markupsafe import Markup

    if value is None:
        return ""
    if isinstance(value, Markup):
        return value
    return escape_text(value)


def _attack(spec: Any, short: bool = False) -> Any:
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

        return BestEffort(str(folder), "hollow-bounded-%s.jinja")  # templates compiled with the size checks
    except (ImportError, AttributeError, OSError):
        return None


# --------------------------------------------------------------------------- the template sandbox

#: How long one card face's template may run, in seconds of wall time.
RENDER_SECONDS = 5.0
#: The longest text, list or number (in digits) one template value may be: a card holds
#: :data:`MAX_CARD_TEXT` characters, so nothing a template builds needs to be larger.
MAX_VALUE = 100_000
#: reportlab paragraph markup a template may write itself: what our own helpers make.
ALLOWED_TAGS = {"b": (), "i": (), "u": (), "strike": (), "br": (), "sup": (), "sub": (), "super": (),
                "font": ("name", "color", "size", "face")}
_TAG_RE = re.compile(r"<\s*(/?)\s*([A-Za-z][\w:.-]*)((?:\s+[^<>]*?)?)\s*(/?)\s*>|<")
_ATTR_RE = re.compile(r"([A-Za-z_][\w:.-]*)\s*=\s*(\"[^\"]*\"|'[^']*')")
_BIG_NUMBER_RE = re.compile(r"[0-9]{6,}")


class TemplateLimit(Exception):
    """A template went past one of the sandbox's limits; ``str()`` says which."""


def _size(value: Any) -> int:
    """How large a value a template built is (characters, items or decimal digits)."""
    if isinstance(value, (str, bytes, list, tuple, dict, set, frozenset)):
        return len(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value.bit_length() * 3 // 10
    return 0


def _checked(value: Any) -> Any:
    if _size(value) > MAX_VALUE:
        raise TemplateLimit(f"it built a value of more than {MAX_VALUE:,} characters or items")
    return value


def _check_args(args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> None:
    """Numbers that would size a result (``center(10**9)``, ``'%*d'``) stay small."""
    for a in (*args, *kwargs.values()):
        if isinstance(a, int) and not isinstance(a, bool) and abs(a) > MAX_VALUE:
            raise TemplateLimit(f"it asked for a size of {a}, more than {MAX_VALUE:,}")
        if isinstance(a, str) and len(a) > MAX_VALUE:
            raise TemplateLimit(f"it built a value of more than {MAX_VALUE:,} characters")


def _estimate(name: str, obj: Any, args: tuple[Any, ...]) -> None:
    """Refuse, before running it, a ``replace`` or ``join`` whose result would be huge."""
    if name == "replace" and isinstance(obj, str) and len(args) >= 2 and isinstance(args[0], str):
        new = str(args[1])
        grows = (obj.count(args[0]) if args[0] else len(obj) + 1) * len(new)
        if len(obj) + grows > MAX_VALUE:
            raise TemplateLimit(f"a replace would make more than {MAX_VALUE:,} characters")
    elif name == "join":
        items = args[0] if isinstance(obj, str) and args else obj
        if isinstance(items, (list, tuple)):
            total = 0
            sep = len(obj) if isinstance(obj, str) else len(str(args[0])) if args else 0
            for x in items:
                total += len(x) if isinstance(x, str) else 8
                total += sep
                if total > MAX_VALUE:
                    raise TemplateLimit(f"a join would make more than {MAX_VALUE:,} characters")
    elif name in ("format", "format_map") and isinstance(obj, str) and _BIG_NUMBER_RE.search(obj):
        raise TemplateLimit("a format asks for a width of more than 5 digits")


def _check_binop(op: str, left: Any, right: Any) -> None:
    if op == "**":
        if isinstance(right, (int, float)) and not isinstance(right, bool) and abs(right) > 1000 and abs(left) > 1:
            raise TemplateLimit(f"it raised a number to the power {right}")
    elif op == "*":
        for seq, n in ((left, right), (right, left)):
            if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and len(seq) * n > MAX_VALUE:
                raise TemplateLimit(f"it repeated a value {n} times, more than {MAX_VALUE:,} characters or items")
    elif op == "+":
        if isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)) and len(left) + len(right) > MAX_VALUE:
            raise TemplateLimit(f"it built a value of more than {MAX_VALUE:,} characters or items")
    elif op == "%" and isinstance(left, str):
        if _BIG_NUMBER_RE.search(left):
            raise TemplateLimit("a % format asks for a width of more than 5 digits")
        _check_args(right if isinstance(right, tuple) else (right,), {})


def _bounded_join(parts: Iterable[str]) -> str:
    """``Environment.concat`` (block, macro and ``{% set %}...{% endset %}`` bodies) with a size limit."""
    out: list[str] = []
    n = 0
    for p in parts:
        n += len(p) + 1
        if n > MAX_VALUE:
            raise TemplateLimit(f"it built a text of more than {MAX_VALUE:,} characters")
        out.append(p)
    return "".join(out)


def _bounded_filter(name: str, fn: Any) -> Any:
    import functools

    @functools.wraps(fn)  # keeps jinja's pass_context marks
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        values = [a for a in args if not _is_jinja_context(a)]
        if values:
            _check_args(tuple(values[1:]), kwargs)
            _estimate(name, values[0], tuple(values[1:]))
        return _checked(fn(*args, **kwargs))

    return wrapper


def _is_jinja_context(value: Any) -> bool:
    from jinja2.nodes import EvalContext
    from jinja2.runtime import Context

    return isinstance(value, (Context, EvalContext)) or type(value).__name__ == "Environment" or hasattr(value, "sandboxed")


def _environment_class() -> type:
    """jinja2's immutable sandbox (no ``list.append`` or ``dict.update`` on content) with
    every operator, call, filter and text join that can grow a value bounded."""
    from jinja2.compiler import CodeGenerator
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    class BoundedCodeGenerator(CodeGenerator):
        def visit_Concat(self, node: Any, frame: Any) -> None:  # the '~' operator
            self.write("environment.checked(")
            super().visit_Concat(node, frame)
            self.write(")")

    class BoundedEnvironment(ImmutableSandboxedEnvironment):
        code_generator_class = BoundedCodeGenerator
        intercepted_binops = frozenset({"*", "**", "+", "%"})
        concat = staticmethod(_bounded_join)  # type: ignore[assignment]
        checked = staticmethod(_checked)

        def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
            _check_binop(operator, left, right)
            return _checked(super().call_binop(context, operator, left, right))

        def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 - jinja's signature
            _check_args(args, kwargs)
            _estimate(getattr(__obj, "__name__", ""), getattr(__obj, "__self__", None), args)
            return _checked(super().call(__context, __obj, *args, **kwargs))

    return BoundedEnvironment


class _Deadline:
    """Stop a template that runs longer than ``seconds`` (SIGALRM; only in the main thread,
    where a command runs; elsewhere the size limits still hold)."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.previous: Any = None
        self.armed = False

    def __enter__(self) -> _Deadline:
        import signal
        import threading

        if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
            return self

        def expired(signum: int, frame: Any) -> None:
            raise TemplateLimit(f"it ran for more than {self.seconds:g} seconds")

        self.previous = signal.signal(signal.SIGALRM, expired)
        signal.setitimer(signal.ITIMER_REAL, self.seconds)
        self.armed = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self.armed:
            import signal

            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)


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


class _PackLoader:
    """Builds jinja2's FileSystemLoader that refuses a template or include that, with its
    symbolic links followed, is outside the folder of the ``templates/`` it was found in."""

    @staticmethod
    def make(search: list[str]) -> Any:
        from jinja2 import FileSystemLoader

        from hollowcli.pack.files import is_inside

        class Loader(FileSystemLoader):
            def get_source(self, environment: Any, template: str) -> Any:
                source, filename, uptodate = super().get_source(environment, template)
                folder = next((d for d in self.searchpath if os.path.abspath(filename).startswith(
                    os.path.abspath(d).rstrip(os.sep) + os.sep)), None)
                pack = os.path.dirname(os.path.abspath(folder)) if folder else None
                if pack is None or not is_inside(filename, pack):
                    raise RenderError(
                        f"the template {template} ({filename}) leads outside its pack folder (to "
                        f"{os.path.realpath(filename)}); a pack may only use files inside its own folder: copy the "
                        "file into the pack instead of linking it"
                    )
                return source, filename, uptodate

        return Loader(search)


class Templates:
    """The card-face templates: a pack's ``templates/`` folders first, then the built-in ones.

    A pack overrides a template by shipping a file with the same name.
    """

    def __init__(self, extra_dirs: Iterable[str | Path] = ()):
        from jinja2 import StrictUndefined

        from hollowcli.resources import templates_dir

        search = [str(Path(d)) for d in extra_dirs if Path(d).is_dir()]
        search.append(str(templates_dir()))
        self.search = tuple(search)
        self.env = _environment_class()(
            loader=_PackLoader.make(search),
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
        for fname, fn in list(self.env.filters.items()):
            self.env.filters[fname] = _bounded_filter(fname, fn)
        self._cache: dict[str, Any] = {}

    def render(self, kind: str, context: Mapping[str, Any], what: str) -> Face:
        """Render ``<kind>.card.j2`` with ``context``; ``what`` names the card in errors."""
        from jinja2 import TemplateError, TemplateNotFound

        name = kind + TEMPLATE_SUFFIX
        try:
            tpl = self._cache.get(name)
            if tpl is None:
                tpl = self._cache[name] = self.env.get_template(name)
            with _Deadline(RENDER_SECONDS):
                parts: list[str] = []
                size = 0
                for part in tpl.generate(**context):  # streamed: a runaway loop stops at the limit
                    size += len(part)
                    if size > MAX_CARD_TEXT:
                        break
                    parts.append(part)
            text = "".join(parts) if size <= MAX_CARD_TEXT else "x" * (MAX_CARD_TEXT + 1)
        except TemplateLimit as e:
            raise RenderError(f"template {_template_line(e, name)} was stopped for {what}: {e}; a card's template may "
                              f"run {RENDER_SECONDS:g} seconds and build values of at most {MAX_VALUE:,} characters "
                              "or items, so simplify the template") from None
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
            raise RenderError(f"template {name} made more than {MAX_CARD_TEXT} characters for {what}; a card holds "
                              f"at most {MAX_CARD_TEXT}, so shorten the template or the content text")
        check_markup(text, name)
        return parse_blocks(text, name)
