"""The validator's converters: each check of :mod:`hollowcli.pack.fields` as a function
that reports what is wrong (file, line, words and a hint) and returns the canonical value.

A *converter* takes a YAML value and its path and returns the canonical (JSON-ready)
value, or :data:`BAD` after reporting a problem. :class:`Checker` holds the problems of
one file and the converters; :meth:`Checker.record` checks a mapping against the fields
of a model record (its ``spec()`` metadata), :meth:`Checker.take` against an explicit
``{key: (converter, default)}`` spec. The checks the metadata cannot state live in
:mod:`hollowcli.pack.check_kinds` and :mod:`hollowcli.pack.check_chapters`, reached
through :class:`~hollowcli.pack.fields.Custom` by name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from hollowcli import locations
from hollowcli.errors import Problem
from hollowcli.names import suggest
from hollowcli.pack import fields as f
from hollowcli.pack.fields import INT_LIMIT, REQUIRED
from hollowcli.pack.yamlsrc import REJECTED, Parsed

ID_RE = re.compile(r"[a-z0-9-]+\Z")

SINGULAR = {
    "dice": "die",
    "legends": "legend",
    "allies": "ally",
    "skills": "skill",
    "items": "item",
    "foes": "foe",
    "tokens": "token",
    "rules": "rules setting",
    "chapters": "chapter",
    "campaigns": "campaign",
    "upgrades": "upgrade",
    "paths": "path",
}

BAD: Any = object()  # a converter's answer when it has reported a problem

Path_ = tuple[Any, ...]
Conv = Callable[[Any, Path_], Any]
#: A check of a kind's module: (checker, YAML value, path) -> canonical value or BAD.
CustomCheck = Callable[["Checker", Any, Path_], Any]

#: Column names as the engine writes them (the one location grammar: hollowcli.locations).
col_name = locations.column_letters


def _unknown_hint(key: Any, value: Any, spec: Mapping[str, Any]) -> str:
    """The hint for an unknown field: the closest known one; or, for a "field" of words with
    no value, what usually made it: a comma inside a ``{...}`` mapping ends the text before it
    (``{title: Crows, text: They rise, and one falls}`` has a field 'and one falls')."""
    if isinstance(key, str) and " " in key.strip() and value is None:
        return ("a comma inside {...} ends a value, so the words after it read as a field name: "
                "put the text in quotes, like text: \"They rise, and one falls.\"")
    return suggest(key, spec, "field")


@dataclass
class Ref:
    """A reference from one entry to another, checked after layering."""

    kind: str  # the kind referred to
    id: str
    file: str
    line: int | None
    what: str  # e.g. "the spawn list" (for the message)
    need_relic: bool = False


#: A check run after layering with (entries by kind and id, the final rules settings).
LaterCheck = Callable[[Mapping[str, Mapping[str, "Entry"]], Mapping[str, Any]], list[Problem]]


@dataclass
class Entry:
    """One validated entry of one pack file, with what the loader must check later."""

    kind: str
    id: str
    canon: dict[str, Any]
    file: str
    line: int | None
    sample: bool
    refs: list[Ref] = field(default_factory=list)
    #: run after layering with (entries by kind and id, the final rules settings)
    checks: list[LaterCheck] = field(default_factory=list)
    #: lines of some fields, for checks across entries (a chapter's ``number``)
    field_lines: dict[str, int | None] = field(default_factory=dict)
    #: the place in the layering of the pack it comes from (0 = built-in), set by the loader
    pack: int = 0


def describe(v: Any) -> str:
    """A few words for a YAML value in a message: its kind and a short rendering."""
    if v is None:
        return "nothing (an empty value)"
    if isinstance(v, bool):
        return f"{str(v).lower()} (true/false)"
    if isinstance(v, (int, float)):
        return f"the number {v}"
    if isinstance(v, str):
        short = v if len(v) <= 30 else v[:27] + "..."
        return f"the text {short!r}"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, dict):
        return "a mapping"
    return f"a {type(v).__name__} value"


def words(choices: type[StrEnum] | tuple[str, ...]) -> tuple[str, ...]:
    """The words of a closed set, in order (an enum's values, or the tuple itself)."""
    return tuple(m.value for m in choices) if isinstance(choices, type) else choices


class Checker:
    """Checks the values of one parsed file; collects its problems and references."""

    def __init__(self, parsed: Parsed, file: str, customs: Mapping[str, CustomCheck]) -> None:
        self.parsed = parsed
        self.file = file
        self.customs = customs
        self.problems: list[Problem] = list(parsed.problems)
        #: the references and later checks of the entry being checked
        self.refs: list[Ref] = []
        self.checks: list[LaterCheck] = []
        #: the rows of the chapter being checked (None: no map; BAD: a map with problems)
        self.grid: Any = None

    # -- reporting ---------------------------------------------------------------------
    def line(self, path: Path_) -> int | None:
        return self.parsed.line(path)

    def add(self, path: Path_, message: str, hint: str = "", line: int | None = None) -> None:
        self.problems.append(Problem(self.file, line if line is not None else self.line(path), message, hint))

    def warn(self, path: Path_, message: str, hint: str = "") -> None:
        """A warning: reported by 'hollow content validate', but the pack still loads."""
        self.problems.append(Problem(self.file, self.line(path), message, hint, warning=True))

    def ref(self, kind: str, ident: str, path: Path_, what: str, need_relic: bool = False) -> None:
        self.refs.append(Ref(kind, ident, self.file, self.line(path), what, need_relic))

    def later(self, check: LaterCheck) -> None:
        """Run ``check`` once every pack is layered (references across packs, final rules)."""
        self.checks.append(check)

    def check_id(self, raw: Any, path: Path_, noun: str) -> str | None:
        """An id as text, or None after reporting why it is not a good id."""
        if isinstance(raw, bool) or raw is None:
            self.add(path, f"the {noun} id {describe(raw)} is not text",
                     "quote the id (YAML reads yes/no/on/off/null as special values)")
            return None
        ident = str(raw)
        if not ID_RE.match(ident):
            fixed = re.sub(r"[^a-z0-9-]+", "-", ident.lower()).strip("-") or "my-id"
            self.add(path, f"the {noun} id {ident!r} may only use a-z, 0-9 and -", f"for example {fixed!r}")
            return None
        return ident

    # -- records -----------------------------------------------------------------------
    def take(self, entry: dict[str, Any], path: Path_, spec: Mapping[str, tuple[Conv, Any]],
             what: str, extra: tuple[str, ...] = ("sample",)) -> dict[str, Any] | Any:
        """Check ``entry`` against ``spec`` (key -> (converter, default or REQUIRED)).

        Unknown keys are reported first, in the entry's order; then each key of the spec
        in order; then the missing ones together. A default that is a function is called."""
        ok = True
        known = list(spec) + list(extra)
        for key in entry:
            if key not in known:
                ok = False
                self.add(path + (key,), f"{what} has an unknown field {key!r}", _unknown_hint(key, entry[key], spec))
        out: dict[str, Any] = {}
        missing = []
        for key, (conv, default) in spec.items():
            if key in entry:
                raw = entry[key]
                value = BAD if raw is REJECTED else conv(raw, path + (key,))
                if value is BAD:
                    ok = False
                out[key] = value
            elif default is REQUIRED:
                missing.append(key)
            else:
                out[key] = default() if callable(default) else default
        if missing:
            ok = False
            names = ", ".join(repr(k) for k in missing)
            self.add(path, f"{what} has no {names}", "add " + ", ".join(f"'{k}:'" for k in missing) + " with a value")
        return out if ok else BAD

    def spec_of(self, cls: type, refs: str | None = None) -> dict[str, tuple[Conv, Any]]:
        """The ``take`` spec of a model record, from its fields' metadata."""
        return {s.key: (self.conv(s.check, refs), REQUIRED if s.default is REQUIRED else s.missing)
                for s in f.specs(cls)}

    def record(self, cls: type, entry: dict[str, Any], path: Path_, what: str,
               extra: tuple[str, ...] = ("sample",), refs: str | None = None) -> dict[str, Any] | Any:
        """Check a mapping against the fields of a model record: its canonical dict (keys
        are the model's field names; one whose YAML key differs moves to the end) or BAD."""
        out = self.take(entry, path, self.spec_of(cls, refs), what, extra)
        if out is BAD:
            return BAD
        for s in f.specs(cls):
            if s.key != s.name:
                out[s.name] = out.pop(s.key)
        return out

    # -- converters --------------------------------------------------------------------
    def conv(self, check: f.Check, refs: str | None = None) -> Conv:
        """The converter of a check descriptor (``refs``: the place for a Ref that names none)."""
        if isinstance(check, f.Int):
            return self.c_int(check.lo, check.hi)
        if isinstance(check, f.Text):
            return self.c_str
        if isinstance(check, f.Name):
            return self.c_name
        if isinstance(check, f.Bool):
            return self.c_bool
        if isinstance(check, f.Choice):
            return self.c_choice(words(check.words))
        if isinstance(check, f.Id):
            return self.c_id(check.noun)
        if isinstance(check, f.Ref):
            return self.c_ref(check.kind, check.what or refs or "", check.relic)
        if isinstance(check, f.ListOf):
            return self.c_list(self.conv(check.item, refs), check.nonempty)
        if isinstance(check, f.Opt):
            return self.c_opt(self.conv(check.inner, refs))
        if isinstance(check, f.Nested):
            return self.c_nested(check.cls, check.refs or refs, check.null_is_default)
        if isinstance(check, f.AnyMapping):
            return lambda v, p: self.c_mapping(v, p) if v is not None else {}
        if isinstance(check, f.Custom):
            custom = self.customs[check.name]
            return lambda v, p: custom(self, v, p)
        raise TypeError(f"no converter for {check!r}")

    def c_int(self, lo: int | None = 0, hi: int | None = None) -> Conv:
        """A whole number from ``lo`` to ``hi``; never beyond ±:data:`INT_LIMIT` (a typo, not a stat)."""
        lo = -INT_LIMIT if lo is None else lo
        hi = INT_LIMIT if hi is None else hi

        def conv(v: Any, path: Path_) -> Any:
            if isinstance(v, bool) or not isinstance(v, int):
                hint = "write a whole number such as 2"
                if isinstance(v, str) and v.strip().lstrip("-").isdigit():
                    hint = "remove the quotes"
                self.add(path, f"{path[-1]!r} must be a whole number, not {describe(v)}", hint)
                return BAD
            if v < lo:
                self.add(path, f"{path[-1]!r} must be at least {lo}, not {v}")
                return BAD
            if v > hi:
                self.add(path, f"{path[-1]!r} must be at most {hi}, not {v}")
                return BAD
            return v

        return conv

    def c_str(self, v: Any, path: Path_) -> Any:
        if isinstance(v, bool) or v is None or isinstance(v, (list, dict)):
            self.add(path, f"{path[-1]!r} must be text, not {describe(v)}", "quote the text")
            return BAD
        if isinstance(v, (int, float)):
            return str(v)
        if not isinstance(v, str):
            self.add(path, f"{path[-1]!r} must be text, not {describe(v)}", "quote the text")
            return BAD
        return v

    def c_name(self, v: Any, path: Path_) -> Any:
        got = self.c_str(v, path)
        if got is not BAD and not got.strip():
            self.add(path, f"{path[-1]!r} is empty", "give it a few words")
            return BAD
        return got

    def c_bool(self, v: Any, path: Path_) -> Any:
        if not isinstance(v, bool):
            self.add(path, f"{path[-1]!r} must be true or false, not {describe(v)}")
            return BAD
        return v

    def c_choice(self, choices: tuple[str, ...]) -> Conv:
        def conv(v: Any, path: Path_) -> Any:
            if not isinstance(v, str) or v not in choices:
                self.add(path, f"{path[-1]!r} must be one of {', '.join(choices)}, not {describe(v)}",
                         suggest(v, choices, "choice") if isinstance(v, str) else "")
                return BAD
            return v

        return conv

    def c_id(self, noun: str) -> Conv:
        def conv(v: Any, path: Path_) -> Any:
            got = self.check_id(v, path, noun)
            return BAD if got is None else got

        return conv

    def c_ref(self, kind: str, what: str, need_relic: bool = False) -> Conv:
        def conv(v: Any, path: Path_) -> Any:
            ident = self.check_id(v, path, SINGULAR[kind])
            if ident is None:
                return BAD
            self.ref(kind, ident, path, what, need_relic)
            return ident

        return conv

    def c_opt(self, inner: Conv) -> Conv:
        return lambda v, p: None if v is None else inner(v, p)

    def c_list(self, item: Conv, nonempty: bool = False) -> Conv:
        def conv(v: Any, path: Path_) -> Any:
            if v is None and not nonempty:
                return []
            if not isinstance(v, list):
                self.add(path, f"{path[-1]!r} must be a list, not {describe(v)}", "write [a, b] or one '- item' per line")
                return BAD
            if nonempty and not v:
                self.add(path, f"{path[-1]!r} is empty", "list at least one")
                return BAD
            out = [BAD if x is REJECTED else item(x, path + (i,)) for i, x in enumerate(v)]
            return BAD if any(x is BAD for x in out) else out

        return conv

    def c_mapping(self, v: Any, path: Path_) -> Any:
        if not isinstance(v, dict):
            self.add(path, f"{path[-1]!r} must be a mapping, not {describe(v)}", "write {key: value, ...}")
            return BAD
        return v

    def c_nested(self, cls: type, refs: str | None = None, null_is_default: bool = False) -> Conv:
        """A mapping checked against a model record; a record with a ``SHAPE`` says it in
        its own words when the value is not a mapping."""
        shape = getattr(cls, "SHAPE", None)

        def conv(v: Any, path: Path_) -> Any:
            if v is None and null_is_default:
                return {s.key: s.missing() for s in f.specs(cls)}
            if shape is not None and not isinstance(v, dict):
                self.add(path, f"{shape}, not {describe(v)}")
                return BAD
            if self.c_mapping(v, path) is BAD:
                return BAD
            return self.record(cls, v, path, cls.WHAT, extra=(), refs=refs)  # type: ignore[attr-defined]

        return conv
