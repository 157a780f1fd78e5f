"""The sandbox a card template runs in: jinja2's immutable sandbox with every way a value
can grow bounded, and a deadline.

Templates run in jinja2's ``ImmutableSandboxedEnvironment`` with ``StrictUndefined`` (made
in :mod:`hollowcli.render.templates`): a pack's template cannot reach Python internals, and a
misspelt field is an error, not a blank. On top of that every operator, call, filter and
text join that can grow a value is checked against :data:`MAX_VALUE` before or as it
runs, a template may include others only :data:`MAX_INCLUDE_DEPTH` deep, and it is stopped
after :data:`RENDER_SECONDS` (:func:`deadline`). Each limit it meets becomes one sentence
(:func:`stopped_message`). What even these checks cannot reach (work inside one call of
Python's C code) is bounded by the child process of :mod:`hollowcli.render.template_worker`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from hollowcli.render.markup import TEMPLATE_SUFFIX

#: The version of the checks compiled into templates (``BoundedCodeGenerator``): bump it with
#: any change to them, so no template compiled without them is loaded from the cache.
GENERATOR_VERSION = 2

#: How long one card face's template may run, in seconds of wall time.
RENDER_SECONDS = 5.0
#: The longest text, list or number (in digits) one template value may be: a card holds
#: :data:`MAX_CARD_TEXT` characters, so nothing a template builds needs to be larger.
MAX_VALUE = 100_000
_BIG_NUMBER_RE = re.compile(r"[0-9]{6,}")


#: How deeply templates may include, import or extend one another (a template that includes
#: itself stops here, with one sentence, instead of at Python's recursion limit).
MAX_INCLUDE_DEPTH = 10
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


def printable(value: Any) -> Any:
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
        text = str(printable(part))
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
        printable(a)


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


def bounded_filter(name: str, fn: Any) -> Any:
    import functools

    @functools.wraps(fn)  # keeps jinja's pass_context marks
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        values = [a for a in args if not _is_jinja_context(a)]
        if values:
            _check_args(tuple(values[1:]), kwargs)
            _estimate(name, values[0], tuple(values[1:]), kwargs)
            printable(values[0])
        return _checked(fn(*args, **kwargs))

    return wrapper


def _is_jinja_context(value: Any) -> bool:
    from jinja2.nodes import EvalContext
    from jinja2.runtime import Context

    return isinstance(value, (Context, EvalContext)) or type(value).__name__ == "Environment" or hasattr(value, "sandboxed")


def environment_class() -> type:
    """jinja2's immutable sandbox (no ``list.append`` or ``dict.update`` on content) with
    every operator, call, filter and text join that can grow a value bounded."""
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    formatters = _formatters()

    class BoundedEnvironment(ImmutableSandboxedEnvironment):
        code_generator_class = _code_generator()
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
            return _checked_format(self, value, *formatters)

        def get_template(self, name: Any, parent: Any = None, globals: Any = None) -> Any:  # noqa: A002 - jinja's name
            """Templates may include, import and extend one another :data:`MAX_INCLUDE_DEPTH` deep."""
            if _running_templates(self) >= MAX_INCLUDE_DEPTH:
                raise TemplateLimit(f"templates include, import or extend one another more than {MAX_INCLUDE_DEPTH} "
                                    f"deep (at {name}: does a template include itself?)")
            return super().get_template(name, parent, globals)

    return BoundedEnvironment


def _code_generator() -> type:
    """jinja2's code generator, with the ``~`` operator and kept blocks (``{% set %}`` ...
    ``{% endset %}``, macros) going through the environment's bounded ``joined``,
    ``checked`` and ``new_buffer``."""
    from jinja2.compiler import CodeGenerator

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

    return BoundedCodeGenerator


def _formatters() -> tuple[type, type]:
    """The sandbox's string formatters (plain and escaping), each checking every format spec."""
    from jinja2.sandbox import SandboxedEscapeFormatter, SandboxedFormatter

    class CheckedSpecs:
        def format_field(self, value: Any, format_spec: str) -> Any:
            _check_format_spec(format_spec)
            return super().format_field(value, format_spec)  # type: ignore[misc]

    class Formatter(CheckedSpecs, SandboxedFormatter):
        pass

    class EscapeFormatter(CheckedSpecs, SandboxedEscapeFormatter):
        pass

    return Formatter, EscapeFormatter


def _checked_format(env: Any, value: Any, formatter_class: type, escape_class: type) -> Any:
    """``value`` (a template's ``'...'.format`` or ``format_map``) formatting through a checked
    formatter; None for anything else, which jinja then handles as usual."""
    import functools
    import types

    if not isinstance(value, (types.MethodType, types.BuiltinMethodType)) or \
            value.__name__ not in ("format", "format_map") or not isinstance(value.__self__, str):
        return None
    text: Any = value.__self__
    formatter: Any = escape_class(env, escape=text.escape) if hasattr(text, "__html__") else formatter_class(env)
    by_name = value.__name__ == "format_map"

    @functools.wraps(value)
    def wrapper(*args: Any, **kwargs: Any) -> str:
        if by_name:
            if kwargs or len(args) != 1:
                raise TypeError("format_map() takes exactly one mapping")
            return type(text)(formatter.vformat(text, (), args[0]))
        return type(text)(formatter.vformat(text, args, kwargs))

    return wrapper


def _running_templates(env: Any) -> int:
    """How many templates of ``env`` are running now, one inside another (each has a root
    frame of the environment on the stack)."""
    import sys

    depth = 0
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_name == "root" and frame.f_globals.get("environment") is env:
            depth += 1
        frame = frame.f_back  # type: ignore[assignment]
    return depth


def deadline() -> _Deadline:
    """Stop the template running in this block after :data:`RENDER_SECONDS`."""
    return _Deadline(RENDER_SECONDS)


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


def template_line(err: BaseException, name: str) -> str:
    """``file:line`` of the innermost template frame of ``err`` (jinja2 maps frames to template lines)."""
    import traceback

    frames = [f for f in traceback.extract_tb(err.__traceback__) if f.filename.endswith(TEMPLATE_SUFFIX)]
    return f"{frames[-1].filename}:{frames[-1].lineno}" if frames else name
