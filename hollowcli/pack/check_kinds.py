"""The checks of each kind of entry that the model's metadata cannot state.

Most of an entry is checked from its model record's ``spec()`` metadata
(:meth:`~hollowcli.pack.convert.Checker.record`). What is left is here: a die's faces (a
die is a slotted class of :mod:`hollowcli.dice`, not a dataclass), a Legend's ``bonus``,
an ally's id that a Legend has, a foe's ``target``, the ``rules:`` settings (checked
key by key) and their ``activation_order``. Chapters are in
:mod:`hollowcli.pack.check_chapters`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, fields
from typing import Any

from hollowcli.errors import Problem
from hollowcli.names import suggest
from hollowcli.pack.convert import BAD, SINGULAR, Checker, CustomCheck, Entry, Path_, describe
from hollowcli.pack.fields import MAX_FACE, MAX_FACES, REQUIRED, Int, ListOf, field_spec
from hollowcli.pack.model import FOE_CLASSES, Ally, Foe, Item, Legend, Rules, Skill
from hollowcli.pack.yamlsrc import REJECTED


def what(kind: str) -> str:
    """How messages name an entry of a kind ("the legend")."""
    return "the " + SINGULAR[kind]


# ----------------------------------------------------------------------------- dice
def kind_dice(ck: Checker, entry: dict[str, Any], path: Path_) -> Any:
    spec = {"faces": (ck.c_list(lambda v, p: face(ck, v, p), nonempty=True), REQUIRED)}
    out = ck.take(entry, path, spec, what("dice"))
    if out is BAD:
        return BAD
    if len(out["faces"]) > MAX_FACES:
        ck.add(path + ("faces",), f"the die has {len(out['faces'])} faces; a die may have at most {MAX_FACES}",
               "give it fewer faces")
        return BAD
    seen: dict[str, int] = {}
    for i, fc in enumerate(out["faces"]):
        label = fc["label"].lower()
        if label in seen and seen[label] != fc["value"]:
            ck.add(path + ("faces", i), f"two faces are labelled {fc['label']!r} with different values",
                   "a label must always mean the same value; rename one")
            return BAD
        seen[label] = fc["value"]
    return out


def face(ck: Checker, v: Any, path: Path_) -> Any:
    """A face: a number (its own label), or ``{label: TEXT, value: N}``."""
    if isinstance(v, int) and not isinstance(v, bool):
        if not -MAX_FACE <= v <= MAX_FACE:
            ck.add(path, f"a face's value must be from {-MAX_FACE} to {MAX_FACE}, not {v}")
            return BAD
        return {"label": str(v), "value": v}
    if not isinstance(v, dict):
        ck.add(path, f"a face must be a number or {{label: ..., value: ...}}, not {describe(v)}",
               "write e.g. {label: blank, value: 0} or just 3")
        return BAD
    spec = {"label": (ck.c_name, None), "value": (ck.conv(Int(-MAX_FACE, MAX_FACE)), REQUIRED)}
    out = ck.take(v, path, spec, "the face", extra=())
    if out is BAD:
        return BAD
    if out["label"] is None:
        out["label"] = str(out["value"])
    elif out["label"][:1] in FACE_MARKS:
        ck.add(path + ("label",), f"the face label {out['label']!r} starts with {out['label'][0]!r}, which a saved "
               "game uses to mark its own notes and choices among the faces", "start the label with a letter or a digit")
        return BAD
    return out


#: First characters a face label may not have: a save's list of rolled faces marks a pause
#: note with '@' and a players' choice with '?'.
FACE_MARKS = ("@", "?")


# ----------------------------------------------------------------------------- heroes
def kind_legends(ck: Checker, entry: dict[str, Any], path: Path_) -> Any:
    return ck.record(Legend, entry, path, what("legends"))


def bonus(ck: Checker, v: Any, path: Path_) -> Any:
    """``bonus: {direct: N}``, kept as the model's ``bonus_direct`` (nothing: 0)."""
    if v is None:
        return 0
    if ck.c_mapping(v, path) is BAD:
        return BAD
    got = ck.take(v, path, {"direct": (ck.c_int(None), 0)}, "the bonus", extra=())
    return BAD if got is BAD else got["direct"]


def kind_allies(ck: Checker, entry: dict[str, Any], path: Path_) -> Any:
    out = ck.record(Ally, entry, path, what("allies"))
    if out is BAD:
        return BAD
    ident, file, line = str(path[1]), ck.file, ck.line(path)

    def not_a_legend(merged: Mapping[str, Mapping[str, Entry]], rules: Mapping[str, Any]) -> list[Problem]:
        if ident in merged.get("legends", {}):
            return [Problem(file, line, f"the ally {ident!r} has the id of a Legend",
                            "give the ally its own id: heroes are named by id in saves and logs")]
        return []

    ck.later(not_a_legend)
    return out


def kind_skills(ck: Checker, entry: dict[str, Any], path: Path_) -> Any:
    return ck.record(Skill, entry, path, what("skills"))


def kind_items(ck: Checker, entry: dict[str, Any], path: Path_) -> Any:
    return ck.record(Item, entry, path, what("items"))


# ----------------------------------------------------------------------------- foes
def kind_foes(ck: Checker, entry: dict[str, Any], path: Path_) -> Any:
    return ck.record(Foe, entry, path, what("foes"))


def target(ck: Checker, v: Any, path: Path_) -> Any:
    """Whom a foe goes for: ``closest`` or a Legend's id."""
    if v == "closest":
        return v
    return ck.c_ref("legends", "the foe's target ('closest' or a legend id)")(v, path)


# ----------------------------------------------------------------------------- rules
def rules_entries(ck: Checker, value: Any, file_sample: bool) -> list[Entry]:
    """The settings under ``rules:``, one entry each (the id is the setting), in order."""
    path: Path_ = ("rules",)
    if not isinstance(value, dict):
        ck.add(path, f"'rules' must be a mapping of settings, not {describe(value)}",
               "write one 'setting: value' per line under 'rules:'")
        return []
    sample = file_sample
    if "sample" in value:
        if isinstance(value["sample"], bool):
            sample = value["sample"]
        else:
            ck.add(path + ("sample",), f"'sample' must be true or false, not {describe(value['sample'])}")
    settings = [fl.name for fl in fields(Rules) if fl.default is not MISSING or fl.default_factory is not MISSING]
    found = []
    for key, v in value.items():
        if key == "sample" or v is REJECTED:
            continue
        kpath = path + (key,)
        if key not in settings:
            ck.add(kpath, f"{key!r} is not a rules setting", suggest(key, settings, "setting"))
            continue
        ck.refs = []
        got = ck.conv(field_spec(Rules, key).check)(v, kpath)
        if got is BAD:
            continue
        found.append(Entry("rules", key, {key: got}, ck.file, ck.line(kpath), sample, ck.refs))
    return found


def activation_order(ck: Checker, v: Any, path: Path_) -> Any:
    """``rules.activation_order``: every foe class, once each, in the order they activate."""
    got = ck.conv(ListOf(_CLASS))(v, path)
    if got is not BAD and sorted(got) != sorted(FOE_CLASSES):
        ck.add(path, "activation_order must list every foe class exactly once",
               f"write an order of {', '.join(FOE_CLASSES)}")
        return BAD
    return got


_CLASS = field_spec(Foe, "cls").check

#: The checks of this module a model field names with ``Custom(name)``.
CUSTOMS: dict[str, CustomCheck] = {
    "bonus": bonus,
    "target": target,
    "activation_order": activation_order,
}

#: Each kind but chapters and rules: (checker, entry, path) -> canonical entry or BAD.
KIND_CHECKS = {
    "dice": kind_dice,
    "legends": kind_legends,
    "allies": kind_allies,
    "skills": kind_skills,
    "items": kind_items,
    "foes": kind_foes,
}
