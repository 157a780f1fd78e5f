"""Pack entries as plain data (for ``--json``) and as readable indented text.

The model's field names are kept, except ``Foe.cls``, shown as ``class`` as in YAML.
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any

from hollowcli.dice import Frozen
from hollowcli.pack.fields import Custom
from hollowcli.pack.model import Die, Pack


def jsonable(obj: Any) -> Any:
    """A model object (or anything inside one) as JSON-ready lists, dicts and scalars."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out = {}
        for f in dataclasses.fields(obj):
            out[_key(f)] = jsonable(getattr(obj, f.name))
        return out
    if isinstance(obj, Frozen):  # dice and faces: slotted value types, not dataclasses
        return {name: jsonable(getattr(obj, name)) for name in obj.__slots__}
    if isinstance(obj, (dict, MappingProxyType)):
        return {str(k): jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [jsonable(v) for v in obj]
    if obj is None or isinstance(obj, (str, int, float, bool)):
        return obj
    return str(obj)


def _key(f: dataclasses.Field[Any]) -> str:
    """The key a field is written with in a pack (``for``, ``if``, ``class``), so what
    ``content show`` prints can be copied into a YAML file; a field read by a custom check
    (a legend's ``bonus: {direct: N}``) keeps its own name, as its value is not the key's."""
    meta = f.metadata.get("spec")
    if meta is not None and meta.yaml and not isinstance(meta.check, Custom):
        return str(meta.yaml)
    return f.name


def entry_name(kind: str, entry: Any) -> str:
    """The name a listing shows for an entry (dice show their faces, rules a title)."""
    if isinstance(entry, Die):
        return "faces " + " ".join(f.label for f in entry.faces)
    if kind == "rules":
        return "game-wide settings"
    return str(getattr(entry, "name", ""))


def ordered(pack: Pack, kind: str) -> list[tuple[str, Any]]:
    """A kind's entries in the order a listing shows them: chapters by their number in the
    storybook (then id), everything else in pack order."""
    items = list(pack.kind(kind).items())
    if kind == "chapters":
        items.sort(key=lambda kv: (kv[1].number, kv[0]))
    return items


def entries(pack: Pack, kind: str) -> list[dict[str, Any]]:
    """One row per entry of a kind: id, name, the pack it came from, sample values?
    Chapter rows also carry their ``number``."""
    rows = []
    for ident, entry in ordered(pack, kind):
        key = f"{kind}/{ident}"
        row: dict[str, Any] = {
            "id": ident,
            "name": entry_name(kind, entry),
            "pack": pack.origins.get(key, "built-in"),
            "sample": bool(pack.sample.get(key, False)),
        }
        if kind == "chapters":
            row["number"] = entry.number
        rows.append(row)
    return rows


def _scalar(v: Any) -> str:
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def to_text(data: Any, indent: int = 0) -> list[str]:
    """Indented ``key: value`` lines for :func:`jsonable` data (lists of scalars inline)."""
    pad = "  " * indent
    lines: list[str] = []
    if isinstance(data, dict):
        for k, v in data.items():
            if isinstance(v, dict) and v or isinstance(v, list) and v and any(isinstance(x, (dict, list)) for x in v):
                lines.append(f"{pad}{k}:")
                lines.extend(to_text(v, indent + 1))
            elif isinstance(v, list):
                lines.append(f"{pad}{k}: [{', '.join(_scalar(x) for x in v)}]")
            elif isinstance(v, dict):
                lines.append(f"{pad}{k}: {{}}")
            else:
                lines.append(f"{pad}{k}: {_scalar(v)}")
        return lines
    if isinstance(data, list):
        for v in data:
            if isinstance(v, list) and not any(isinstance(x, (dict, list)) for x in v):
                lines.append(f"{pad}- [{', '.join(_scalar(x) for x in v)}]")
            elif isinstance(v, (dict, list)) and v:
                sub = to_text(v, indent + 1)
                lines.append(f"{pad}- {sub[0].lstrip()}")
                lines.extend(sub[1:])
            else:
                lines.append(f"{pad}- {_scalar(v) if not isinstance(v, (dict, list)) else '[]'}")
        return lines
    return [pad + _scalar(data)]
