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

from hollowcli.errors import RenderError
from hollowcli.pack.words import escape_text  # content text made literal (defined at pack level)

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


def template_line(err: BaseException, name: str) -> str:
    """``file:line`` of the innermost template frame of ``err`` (jinja2 maps frames to template lines)."""
    import traceback

    frames = [f for f in traceback.extract_tb(err.__traceback__) if f.filename.endswith(TEMPLATE_SUFFIX)]
    return f"{frames[-1].filename}:{frames[-1].lineno}" if frames else name


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
    return escape_text(_printable(value))


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

        # Named after the code generator's version: jinja checks a cached template against its source,
        # not against the generator that compiled it, and one compiled before a check was added lacks it.
        return BestEffort(str(folder), f"hollow-bounded-{GENERATOR_VERSION}-%s.jinja")
    except (ImportError, AttributeError, OSError):
        return None


# --------------------------------------------------------------------------- the template sandbox

#: The version of the checks compiled into templates (``BoundedCodeGenerator``): bump it with
#: any change to them, so no template compiled without them is loaded from the cache.
GENERATOR_VERSION = 2

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


#: How deeply templates may include, import or extend one another (a template that includes
#: itself stops here, with one sentence, instead of at Python's recursion limit).
MAX_INCLUDE_DEPTH = 10
#: The largest template file read (bytes): the built-in ones are a few kilobytes.
MAX_TEMPLATE_BYTES = 200_000
#: The most work a ``sum`` of lists or texts may cost (items copied): each addition copies
#: everything summed so far, so 99,999 one-item lists copy five billion.
MAX_SUM_WORK = 10_000_000


class TemplateLimit(Exception):
    """A template went past one of the sandbox's limits; ``str()`` says which."""


def stopped_message(at: str, what: str, why: str) -> str:
    """The one sentence for a template stopped at one of its limits (``at``: its file and
    line, ``what``: the card, ``why``: the limit)."""
    return (f"template {at} was stopped for {what}: {why}; a card's template may run {RENDER_SECONDS:g} seconds and "
            f"build values of at most {MAX_VALUE:,} characters or items, so simplify the template")


def _size(value: Any) -> int:
    """How large a value a template built is (characters, items or decimal digits)."""
    if isinstance(value, (str, bytes, list, tuple, dict, set, frozenset)):
        return len(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value.bit_length() * 3 // 10
    return 0


_CONTAINERS = (list, tuple, dict, set, frozenset)


def _deep_size(value: Any, limit: int = MAX_VALUE) -> int:
    """The size of ``value`` counting what its lists and mappings hold, every time they hold
    it (a list holding one 99,999-item list 99,999 times is ten billion, not 99,999). The
    count stops just past ``limit``, so it costs at most about ``limit`` steps."""
    if not isinstance(value, _CONTAINERS):
        return _size(value)
    total = 0
    todo = [value]
    while todo:
        v = todo.pop()
        if isinstance(v, _CONTAINERS):
            total += len(v) + 1
            if total > limit:
                return total
            todo.extend(v.items() if isinstance(v, dict) else v)
        elif isinstance(v, (str, bytes)):  # (a number in a list counts as the item it is: Python prints
            total += len(v)  # no number longer than 4,300 digits)
            if total > limit:
                return total
    return total


def _checked(value: Any) -> Any:
    if _deep_size(value) > MAX_VALUE:
        raise TemplateLimit(f"it built a value of more than {MAX_VALUE:,} characters or items")
    return value


def _printable(value: Any) -> Any:
    """``value``, refused before it is turned into text when that text would be huge (printing
    a list that holds one long list many times took the memory before any check saw it)."""
    if isinstance(value, _CONTAINERS) and _deep_size(value) > MAX_VALUE:
        raise TemplateLimit(f"it printed a value of more than {MAX_VALUE:,} characters or items")
    return value


def _joined(parts: Iterable[Any]) -> str:
    """The ``~`` operator: each part checked before it becomes text, the whole text bounded."""
    out: list[str] = []
    total = 0
    for part in parts:
        text = str(_printable(part))
        total += len(text)
        if total > MAX_VALUE:
            raise TemplateLimit(f"it built a text of more than {MAX_VALUE:,} characters")
        out.append(text)
    return "".join(out)


class _Buffer(list):  # type: ignore[type-arg]
    """The output of a block that is kept, not printed (``{% set %}...{% endset %}``, a macro,
    a ``{% filter %}`` or ``{% call %}`` body): counted as it grows, so a loop that writes a
    long text 99,999 times stops at the limit instead of holding gigabytes for 5 seconds."""

    size = 0

    def append(self, part: Any) -> None:
        self._grow(part)
        super().append(part)

    def extend(self, parts: Iterable[Any]) -> None:
        parts = list(parts)
        for part in parts:
            self._grow(part)
        super().extend(parts)

    def _grow(self, part: Any) -> None:
        self.size += len(part) if isinstance(part, str) else 1
        if self.size > MAX_VALUE:
            raise TemplateLimit(f"it built a text of more than {MAX_VALUE:,} characters")


_SPEC_NUMBER_RE = re.compile(r"[0-9]+")


def _check_format_spec(spec: str) -> None:
    """A ``{:...}`` format spec, nested fields filled in, may not ask for a huge width or precision."""
    for n in _SPEC_NUMBER_RE.findall(spec):
        if len(n) > 6 or int(n) > MAX_VALUE:
            raise TemplateLimit(f"a format asks for a width or precision of {n[:12]}, more than {MAX_VALUE:,}")


def _check_args(args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> None:
    """Numbers that would size a result (``center(10**9)``, ``'%*d'``) stay small."""
    for a in (*args, *kwargs.values()):
        if isinstance(a, int) and not isinstance(a, bool) and abs(a) > MAX_VALUE:
            raise TemplateLimit(f"it asked for a size of {a}, more than {MAX_VALUE:,}")
        if isinstance(a, str) and len(a) > MAX_VALUE:
            raise TemplateLimit(f"it built a value of more than {MAX_VALUE:,} characters")
        _printable(a)


def _estimate(name: str, obj: Any, args: tuple[Any, ...], kwargs: Mapping[str, Any] | None = None) -> None:
    """Refuse, before running it, a ``replace``, ``join`` or ``sum`` whose result would be
    huge, or whose work would be (a sum of lists copies everything summed so far each time)."""
    if name == "generate_lorem_ipsum":  # lipsum(n, html, min, max): n paragraphs of up to max words
        n = args[0] if args else (kwargs or {}).get("n", 5)
        most = args[3] if len(args) > 3 else (kwargs or {}).get("max", 100)
        if isinstance(n, int) and isinstance(most, int) and n * most * 12 > MAX_VALUE:
            raise TemplateLimit(f"lipsum({n}) would write more than {MAX_VALUE:,} characters")
        return
    if name == "sum" and isinstance(obj, (list, tuple)):
        start = (kwargs or {}).get("start", args[1] if len(args) > 1 else 0)
        if isinstance(start, (list, tuple)) or any(isinstance(x, (list, tuple)) for x in obj[:1]):
            total = _deep_size(start)
            work = 0
            for x in obj:
                total += _deep_size(x, MAX_VALUE - total)
                work += total
                if total > MAX_VALUE or work > MAX_SUM_WORK:
                    raise TemplateLimit(f"a sum of {len(obj):,} lists would build more than {MAX_VALUE:,} items or "
                                        f"copy them more than {MAX_SUM_WORK:,} times")
        return
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
            if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and _deep_size(seq) * n > MAX_VALUE:
                raise TemplateLimit(f"it repeated a value {n} times, more than {MAX_VALUE:,} characters or items")
    elif op == "+":
        if isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)) and \
                _deep_size(left) + _deep_size(right) > MAX_VALUE:
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
            _estimate(name, values[0], tuple(values[1:]), kwargs)
            _printable(values[0])
        return _checked(fn(*args, **kwargs))

    return wrapper


def _is_jinja_context(value: Any) -> bool:
    from jinja2.nodes import EvalContext
    from jinja2.runtime import Context

    return isinstance(value, (Context, EvalContext)) or type(value).__name__ == "Environment" or hasattr(value, "sandboxed")


def _environment_class() -> type:
    """jinja2's immutable sandbox (no ``list.append`` or ``dict.update`` on content) with
    every operator, call, filter and text join that can grow a value bounded."""
    import functools
    import sys
    import types

    from jinja2.compiler import CodeGenerator
    from jinja2.sandbox import ImmutableSandboxedEnvironment, SandboxedEscapeFormatter, SandboxedFormatter

    class BoundedCodeGenerator(CodeGenerator):
        def visit_Concat(self, node: Any, frame: Any) -> None:  # the '~' operator
            if frame.eval_ctx.volatile or frame.eval_ctx.autoescape:  # (an {% autoescape %} block: jinja's own join)
                self.write("environment.checked(")
                super().visit_Concat(node, frame)
                self.write(")")
                return
            self.write("environment.joined((")  # each part checked before it becomes text
            for arg in node.nodes:
                self.visit(arg, frame)
                self.write(", ")
            self.write("))")

        def buffer(self, frame: Any) -> None:  # a kept block's output: counted as it grows
            frame.buffer = self.temporary_identifier()
            self.writeline(f"{frame.buffer} = environment.new_buffer()")

    class CheckedSpecs:
        def format_field(self, value: Any, format_spec: str) -> Any:
            _check_format_spec(format_spec)
            return super().format_field(value, format_spec)  # type: ignore[misc]

    class Formatter(CheckedSpecs, SandboxedFormatter):
        pass

    class EscapeFormatter(CheckedSpecs, SandboxedEscapeFormatter):
        pass

    class BoundedEnvironment(ImmutableSandboxedEnvironment):
        code_generator_class = BoundedCodeGenerator
        intercepted_binops = frozenset({"*", "**", "+", "%"})
        concat = staticmethod(_bounded_join)  # type: ignore[assignment]
        checked = staticmethod(_checked)
        joined = staticmethod(_joined)
        new_buffer = _Buffer

        def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
            _check_binop(operator, left, right)
            return _checked(super().call_binop(context, operator, left, right))

        def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 - jinja's signature
            _check_args(args, kwargs)
            _estimate(getattr(__obj, "__name__", ""), getattr(__obj, "__self__", None), args, kwargs)
            return _checked(super().call(__context, __obj, *args, **kwargs))

        def wrap_str_format(self, value: Any) -> Any:
            """``'...'.format(...)`` and ``format_map``, with every format spec checked once its
            nested fields are filled in (``'{:{}}'.format('x', '999999999')`` took 1 GB)."""
            if not isinstance(value, (types.MethodType, types.BuiltinMethodType)) or \
                    value.__name__ not in ("format", "format_map") or not isinstance(value.__self__, str):
                return None
            text: Any = value.__self__
            formatter: Any = EscapeFormatter(self, escape=text.escape) if hasattr(text, "__html__") else Formatter(self)
            by_name = value.__name__ == "format_map"

            @functools.wraps(value)
            def wrapper(*args: Any, **kwargs: Any) -> str:
                if by_name:
                    if kwargs or len(args) != 1:
                        raise TypeError("format_map() takes exactly one mapping")
                    return type(text)(formatter.vformat(text, (), args[0]))
                return type(text)(formatter.vformat(text, args, kwargs))

            return wrapper

        def get_template(self, name: Any, parent: Any = None, globals: Any = None) -> Any:  # noqa: A002 - jinja's name
            """Templates may include, import and extend one another :data:`MAX_INCLUDE_DEPTH` deep."""
            depth = 0
            frame = sys._getframe(1)
            while frame is not None:  # the templates running now: each has a root frame of this environment
                if frame.f_code.co_name == "root" and frame.f_globals.get("environment") is self:
                    depth += 1
                frame = frame.f_back  # type: ignore[assignment]
            if depth >= MAX_INCLUDE_DEPTH:
                raise TemplateLimit(f"templates include, import or extend one another more than {MAX_INCLUDE_DEPTH} "
                                    f"deep (at {name}: does a template include itself?)")
            return super().get_template(name, parent, globals)

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
                from jinja2.loaders import split_template_path

                for where in self.searchpath:  # the file jinja would read, looked at before it is read
                    candidate = os.path.join(where, *split_template_path(template))
                    if os.path.isfile(candidate):
                        if os.path.getsize(candidate) > MAX_TEMPLATE_BYTES:
                            raise RenderError(f"the template {template} ({candidate}) is larger than "
                                              f"{MAX_TEMPLATE_BYTES:,} bytes, the most a card template may be; shorten it")
                        break
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
        # A pack's templates are code from elsewhere: they run in a child process with hard
        # limits (see template_worker); the built-in ones, ours, run here.
        from hollowcli.render.template_worker import TemplateWorker, can_isolate

        self._worker = TemplateWorker(self._render_here) if len(search) > 1 and can_isolate() else None

    def render(self, kind: str, context: Mapping[str, Any], what: str) -> Face:
        """Render ``<kind>.card.j2`` with ``context``; ``what`` names the card in errors."""
        if self._worker is not None:
            return self._worker.render(kind, context, what)
        return self._render_here(kind, context, what)

    def _render_here(self, kind: str, context: Mapping[str, Any], what: str) -> Face:
        """:meth:`render` in this process, bounded by the sandbox alone."""
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
            raise RenderError(stopped_message(template_line(e, name), what, str(e))) from None
        except TemplateNotFound:
            raise RenderError(
                f"no card template {name} in {', '.join(self.search)}; reinstall hollowcli or add it to your pack's templates/"
            ) from None
        except TemplateError as e:
            where = getattr(e, "filename", None) or name
            line = getattr(e, "lineno", None)
            at = f"{where}:{line}" if line else where
            raise RenderError(f"template {at} failed for {what}: {e}") from e
        except MemoryError as e:  # (past the memory cap of the process running a pack's templates)
            raise RenderError(stopped_message(template_line(e, name), what, "it needed more memory than a template "
                                              "may use")) from None
        except (ArithmeticError, LookupError, TypeError, ValueError, AttributeError, RecursionError) as e:
            # A pack's template is code from outside: `{{ 1/0 }}`, a too-big range, a macro calling itself,
            # `'abc'|dictsort` (a text has no items).
            at = template_line(e, name)
            raise RenderError(f"template {at} failed for {what}: {type(e).__name__}: {e}; fix the template") from None
        if len(text) > MAX_CARD_TEXT:
            raise RenderError(f"template {name} made more than {MAX_CARD_TEXT} characters for {what}; a card holds "
                              f"at most {MAX_CARD_TEXT}, so shorten the template or the content text")
        check_markup(text, name)
        return parse_blocks(text, name)
