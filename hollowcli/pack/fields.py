"""What a pack's YAML may say about each model field: its check, its default, its YAML key.

Each field of the model (:mod:`hollowcli.pack.model`) is declared once, with
``spec(check, default=...)``. The validator reads the metadata to check an entry and fill
in its defaults (:mod:`hollowcli.pack.convert`), the builder reads it to turn canonical
data into the frozen objects (:mod:`hollowcli.pack.build`), and the model's
``__post_init__`` reads it to hold :mod:`hollowcli.pack.vocab` members in its enum-typed
fields. A field with neither ``default`` nor ``factory`` is required.

The checks are descriptors, data only: which converter of the validator runs and with
what limits. The words of every message live with the validator, not here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import MISSING
from enum import StrEnum
from functools import cache
from types import MappingProxyType
from typing import Any

from hollowcli.dice import Frozen, set_fields

# --------------------------------------------------------------------------- limits
#: No number in a pack is larger than this (or below minus this): beyond it is a typo, and
#: loops over it (odds tables, decks, supplies) would never end.
INT_LIMIT = 1000
#: At most this many dice in one attack, and faces worth at most this much (as ``--dice``).
MAX_DICE = 100
MAX_FACE = 100
#: Caps that keep every command of an accepted pack within seconds and modest memory
#: (a 702 x 702 map took 41 s and 1 GB to play). docs/content-format.md lists them.
MAX_FACES = 20  # faces of one die
MAX_MAP_SIDE = 64  # columns, and rows, of a chapter map
MAX_COPIES = 20  # copies of one chapter card
MAX_CARDS = 200  # cards in one chapter's deck, every copy counted
MAX_SUPPLY = 50  # figures of one foe in the box (every one may be on the board at once)
MAX_FOES = 200  # figures of all the foes together


# --------------------------------------------------------------------------- checks
# Small slotted value types (hollowcli.dice.Frozen), not dataclasses: defining a dataclass
# costs a program that loads a pack about a millisecond each.
class Check(Frozen):
    """What the validator does with a field's YAML value (a descriptor: data only)."""

    __slots__ = ()


class Int(Check):
    """A whole number from ``lo`` to ``hi`` (None: the ±:data:`INT_LIMIT` bound)."""

    __slots__ = ("lo", "hi")
    lo: int | None
    hi: int | None

    def __init__(self, lo: int | None = 0, hi: int | None = None) -> None:
        set_fields(self, lo=lo, hi=hi)


class Text(Check):
    """Any text (a number is read as its text)."""

    __slots__ = ()


class Name(Check):
    """Text that is not empty."""

    __slots__ = ()


class Bool(Check):
    """true or false."""

    __slots__ = ()


class Choice(Check):
    """One word of a closed set: an enum of :mod:`hollowcli.pack.vocab` or a tuple of words."""

    __slots__ = ("words",)
    words: type[StrEnum] | tuple[str, ...]

    def __init__(self, words: type[StrEnum] | tuple[str, ...]) -> None:
        set_fields(self, words=words)


class Id(Check):
    """An id (a-z, 0-9 and -) of something that is not an entry of a kind (a card's id)."""

    __slots__ = ("noun",)
    noun: str

    def __init__(self, noun: str) -> None:
        set_fields(self, noun=noun)


class Ref(Check):
    """The id of an entry of ``kind``, checked once every pack is layered.

    ``what`` names the place that refers (for the message); None takes it from the
    record that nests this one (:class:`Nested`'s ``refs``). ``relic``: the item must be a relic.
    """

    __slots__ = ("kind", "what", "relic")
    kind: str
    what: str | None
    relic: bool

    def __init__(self, kind: str, what: str | None = None, relic: bool = False) -> None:
        set_fields(self, kind=kind, what=what, relic=relic)


class ListOf(Check):
    """A list (nothing reads as an empty one unless ``nonempty``), each item checked."""

    __slots__ = ("item", "nonempty")
    item: Check
    nonempty: bool

    def __init__(self, item: Check, nonempty: bool = False) -> None:
        set_fields(self, item=item, nonempty=nonempty)


class Nested(Check):
    """A mapping checked against the fields of a model record.

    ``refs`` names the place for the record's :class:`Ref` fields that name none;
    ``null_is_default``: nothing (an empty value) stands for the record with every default.
    """

    __slots__ = ("cls", "refs", "null_is_default")
    cls: type
    refs: str | None
    null_is_default: bool

    def __init__(self, cls: type, refs: str | None = None, null_is_default: bool = False) -> None:
        set_fields(self, cls=cls, refs=refs, null_is_default=null_is_default)


class Opt(Check):
    """Nothing (an empty value) is allowed and kept; anything else is checked by ``inner``."""

    __slots__ = ("inner",)
    inner: Check

    def __init__(self, inner: Check) -> None:
        set_fields(self, inner=inner)


class AnyMapping(Check):
    """A free-form mapping, kept as written (nothing reads as an empty one)."""

    __slots__ = ()


class Custom(Check):
    """A check the metadata cannot state: the function ``name`` of the kind's check module.

    ``record``: the model class its canonical value builds (a track spot, an objective).
    """

    __slots__ = ("name", "record")
    name: str
    record: type | None

    def __init__(self, name: str, record: type | None = None) -> None:
        set_fields(self, name=name, record=record)


# --------------------------------------------------------------------------- metadata
class Spec(Frozen):
    """The metadata of one model field (``field.metadata["spec"]``)."""

    __slots__ = ("check", "yaml", "after", "members")
    check: Check
    yaml: str | None  # the YAML key, when it is not the field's name ("class")
    after: str | None  # checked right after this field (today's order of problems)
    members: type[StrEnum] | None  # the enum its values are members of, if not from a Choice

    def __init__(self, check: Check, yaml: str | None = None, after: str | None = None,
                 members: type[StrEnum] | None = None) -> None:
        set_fields(self, check=check, yaml=yaml, after=after, members=members)


def spec(check: Check, *, default: Any = MISSING, factory: Any = MISSING, yaml: str | None = None,
         after: str | None = None, members: type[StrEnum] | None = None) -> Any:
    """A dataclass field carrying its :class:`Spec` (required when it has no default)."""
    meta = {"spec": Spec(check, yaml, after, members)}
    if factory is not MISSING:
        return dataclasses.field(default_factory=factory, metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


#: A field default meaning "must be given".
REQUIRED: Any = type("Required", (), {"__repr__": lambda self: "REQUIRED"})()


class FieldSpec(Frozen):
    """One YAML key of a record, in the order the validator checks it."""

    __slots__ = ("name", "key", "check", "default")
    name: str  # the model field
    key: str  # the YAML key
    check: Check
    default: Any  # the canonical (plain) default, or REQUIRED

    def __init__(self, name: str, key: str, check: Check, default: Any) -> None:
        set_fields(self, name=name, key=key, check=check, default=default)

    def missing(self) -> Any:
        """A fresh copy of the canonical default (a list or dict is never shared)."""
        return plain(self.default)


def plain(value: Any) -> Any:
    """The canonical (JSON-ready) form of a model value: tuples become lists, read-only
    mappings dicts, enum members their words."""
    if isinstance(value, StrEnum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    return value


@cache
def specs(cls: type) -> tuple[FieldSpec, ...]:
    """The YAML keys of a model record, in check order: declaration order, except that a
    field with ``after=`` comes right after the field it names. Fields without metadata
    (an entry's ``id``, a chapter's ``feature_names``) are not YAML keys."""
    out: list[FieldSpec] = []
    later: dict[str, list[FieldSpec]] = {}
    for f in dataclasses.fields(cls):
        meta = f.metadata.get("spec")
        if meta is None:
            continue
        if f.default is not MISSING:
            default = plain(f.default)
        elif f.default_factory is not MISSING:
            default = plain(f.default_factory())
        else:
            default = REQUIRED
        one = FieldSpec(f.name, meta.yaml or f.name, meta.check, default)
        (later.setdefault(meta.after, []) if meta.after else out).append(one)
    for anchor, moved in later.items():
        at = next(i for i, s in enumerate(out) if s.name == anchor) + 1
        out[at:at] = moved
    return tuple(out)


def field_spec(cls: type, name: str) -> FieldSpec:
    """The spec of one field of a record."""
    return next(s for s in specs(cls) if s.name == name)


def _members_of(meta: Spec) -> type[StrEnum] | None:
    if meta.members is not None:
        return meta.members
    check = meta.check
    while isinstance(check, (ListOf, Opt)):
        check = check.item if isinstance(check, ListOf) else check.inner
    if isinstance(check, Choice) and isinstance(check.words, type):
        return check.words
    return None


@cache
def _enum_fields(cls: type) -> tuple[tuple[str, type[StrEnum]], ...]:
    found = []
    for f in dataclasses.fields(cls):
        meta = f.metadata.get("spec")
        enum = _members_of(meta) if meta is not None else None
        if enum is not None:
            found.append((f.name, enum))
    return tuple(found)


def _as_members(value: Any, enum: type[StrEnum]) -> Any:
    if value is None or isinstance(value, enum):
        return value
    if isinstance(value, str):
        return enum(value)
    if isinstance(value, tuple):
        if all(isinstance(v, enum) for v in value):
            return value
        return tuple(_as_members(v, enum) for v in value)
    if isinstance(value, Mapping):
        if all(isinstance(v, enum) for v in value.values()):
            return value
        return MappingProxyType({k: _as_members(v, enum) for k, v in value.items()})
    return value


def hold_members(obj: Any) -> None:
    """Make each enum-typed field of a frozen model object hold members, not plain words.

    For the model classes' ``__post_init__``: the pack cache, YAML and tests give words,
    and the compiled engine checks an attribute's declared type when it reads it.
    """
    cls: type = type(obj)
    for name, enum in _enum_fields(cls):
        value = getattr(obj, name)
        members = _as_members(value, enum)
        if members is not value:
            object.__setattr__(obj, name, members)
