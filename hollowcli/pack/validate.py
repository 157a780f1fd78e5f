"""Check the plain data of one pack file and turn it into canonical entries.

A *canonical* entry is a JSON-ready dict whose keys are exactly the field names of the
matching class in :mod:`hollowcli.pack.model`, with every short form expanded and every
default filled in (:mod:`hollowcli.pack.build` turns it into the frozen object). Every
problem is collected, never raised, each with the file, the 1-based line and a hint.

Checks that need the whole layered pack (references to other entries, a chapter with no
start for Legends it does not place) are recorded on the entry and run by the loader
once every pack has been merged, so a user pack may refer to built-in entries.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any

from hollowcli.errors import Problem
from hollowcli.locations import column_letters, parse_loc
from hollowcli.names import closest, plural, suggest
from hollowcli.pack.model import (
    FEATURE_KINDS,
    FOE_CLASSES,
    KINDS,
    OBJECTIVE_KINDS,
    RULE_CHOICES,
    Rules,
)
from hollowcli.pack.vocab import ItemKind, TrackEnd
from hollowcli.pack.yamlsrc import REJECTED, Parsed

ID_RE = re.compile(r"[a-z0-9-]+\Z")

#: Actions a track spot may list (``card: draw`` is written beside them).
SPOT_ACTIONS = ("move", "attack", "spawn")
TRACK_ENDS = tuple(m.value for m in TrackEnd)
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
ITEM_KINDS = tuple(m.value for m in ItemKind)
#: Map symbols other than feature letters.
MAP_SYMBOLS = "#.123456789"

SINGULAR = {
    "dice": "die",
    "legends": "legend",
    "allies": "ally",
    "skills": "skill",
    "items": "item",
    "foes": "foe",
    "rules": "rules setting",
    "chapters": "chapter",
}

#: Top-level keys a pack file may hold.
TOP_KEYS = KINDS + ("sample", "replaces")

#: Kinds a pack may list under ``replaces:`` (rules settings merge key by key instead).
REPLACEABLE = tuple(k for k in KINDS if k != "rules")

BAD: Any = object()  # a converter's answer when it has reported a problem
REQUIRED: Any = object()  # a field default meaning "must be given"

Path_ = tuple[Any, ...]
Conv = Callable[[Any, Path_], Any]


@dataclass
class Ref:
    """A reference from one entry to another, checked after layering."""

    kind: str  # the kind referred to
    id: str
    file: str
    line: int | None
    what: str  # e.g. "the spawn list" (for the message)
    need_relic: bool = False


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
    checks: list[Callable[[Mapping[str, Mapping[str, Entry]], Mapping[str, Any]], list[Problem]]] = field(
        default_factory=list)
    #: lines of some fields, for checks across entries (a chapter's ``number``)
    field_lines: dict[str, int | None] = field(default_factory=dict)
    #: the place in the layering of the pack it comes from (0 = built-in), set by the loader
    pack: int = 0


@dataclass
class Replace:
    """One kind listed under a file's top-level ``replaces:`` (checked and applied per pack)."""

    kind: str
    file: str
    line: int | None


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


#: Column names as the engine writes them (the one location grammar: hollowcli.locations).
col_name = column_letters


def too_many_foes(foes: Mapping[str, Entry]) -> list[Problem]:
    """The foes' supplies together may not pass :data:`MAX_FOES` (each is a figure the
    adversary phase moves every round)."""
    total = sum(e.canon["supply"] for e in foes.values())
    if total <= MAX_FOES:
        return []
    last = max(foes.values(), key=lambda e: (e.pack, e.file, e.line or 0))
    return [Problem(last.file, last.line, f"the foes' supplies add up to {total} figures; all the foes together may "
                    f"have at most {MAX_FOES}", "lower some supplies (the box's numbers are usually 10 or fewer)")]


def duplicate_chapter_numbers(chapters: Mapping[str, Entry]) -> list[Problem]:
    """A problem for every chapter of the layered pack whose ``number`` an earlier one has.

    "Earlier" is by layering (a later pack's chapter is the one reported, since the
    built-in files are not the user's to edit), then by the order in the pack; the
    problem names the chapter it collides with, with its file and line.
    """
    order = sorted(enumerate(chapters.values()), key=lambda pe: (pe[1].pack, pe[0]))
    first: dict[int, Entry] = {}
    found: list[Problem] = []
    for _, entry in order:
        number = entry.canon["number"]
        other = first.get(number)
        if other is None:
            first[number] = entry
            continue
        where = f"{other.file}:{other.field_lines.get('number') or other.line}"
        if other.pack < entry.pack:
            hint = ("each chapter needs its own place in the storybook: give this one a number no earlier "
                    "chapter uses, or put 'replaces: [chapters]' at the top of a file of this pack to drop "
                    "the earlier packs' chapters")
        else:
            hint = "each chapter needs its own place in the storybook: give one of them another number"
        found.append(Problem(entry.file, entry.field_lines.get("number") or entry.line,
                             f"the chapter {entry.id!r} has the number {number}, like the chapter {other.id!r} ({where})",
                             hint))
    return found


class FileChecker:
    """Validates one parsed file; collects problems, entries and rules settings."""

    def __init__(self, parsed: Parsed, file: str) -> None:
        self.parsed = parsed
        self.file = file
        self.problems: list[Problem] = list(parsed.problems)
        self.entries: list[Entry] = []
        self.rules: list[Entry] = []  # one Entry per rules key (id = the key)
        self.refs: list[Ref] = []
        #: the kinds under this file's ``replaces:`` (only well-formed, known ones)
        self.replaces: list[Replace] = []
        #: kinds this file gives at least one entry of (valid or not)
        self.kinds_given: set[str] = set()

    # -- reporting ---------------------------------------------------------------------
    def line(self, path: Path_) -> int | None:
        return self.parsed.line(path)

    def add(self, path: Path_, message: str, hint: str = "", line: int | None = None) -> None:
        self.problems.append(Problem(self.file, line if line is not None else self.line(path), message, hint))

    def ref(self, kind: str, ident: str, path: Path_, what: str, need_relic: bool = False) -> None:
        self.refs.append(Ref(kind, ident, self.file, self.line(path), what, need_relic))

    # -- the file ----------------------------------------------------------------------
    def check(self) -> None:
        data = self.parsed.data
        if data is None:
            return
        if data is REJECTED:
            return
        if not isinstance(data, dict):
            self.add((), f"a pack file must be a mapping of kinds ({', '.join(KINDS)}), not {describe(data)}",
                     "start the file with a kind, e.g. 'foes:' on its own line")
            return
        file_sample = False
        if "sample" in data:
            if isinstance(data["sample"], bool):
                file_sample = data["sample"]
            else:
                self.add(("sample",), f"'sample' must be true or false, not {describe(data['sample'])}",
                         "write 'sample: true' when the numbers are not transcribed from a real box")
        if "replaces" in data:
            self.check_replaces(data["replaces"])
        for key, value in data.items():
            if key in ("sample", "replaces"):
                continue
            if key not in KINDS:
                self.add((key,), f"{key!r} is not a kind of content", suggest(key, TOP_KEYS, "kind"))
                continue
            if value is None or value is REJECTED:
                continue
            if key == "rules":
                self.check_rules(value, file_sample)
                continue
            if not isinstance(value, dict):
                self.add((key,), f"'{key}' must map ids to entries, not {describe(value)}",
                         f"write each {SINGULAR[key]} as 'some-id:' indented under '{key}:'")
                continue
            if value:
                self.kinds_given.add(key)
            for raw_id, entry in value.items():
                self.check_entry(key, raw_id, entry, file_sample)

    def check_replaces(self, value: Any) -> None:
        """``replaces: [chapters, ...]``: the kinds whose earlier entries this pack drops."""
        path: Path_ = ("replaces",)
        if value is None or value is REJECTED:
            return
        if not isinstance(value, list):
            example = value if isinstance(value, str) and value in REPLACEABLE else "chapters"
            self.add(path, f"'replaces' must be a list of kinds, not {describe(value)}",
                     f"write it as a list, e.g. 'replaces: [{example}]'")
            return
        seen: dict[str, int | None] = {}
        for i, kind in enumerate(value):
            where = path + (i,)
            if kind is REJECTED:
                continue
            if kind == "rules":
                self.add(where, "'replaces' cannot list rules: rules settings merge key by key",
                         "take rules out of the list; under 'rules:' write only the settings your box changes")
                continue
            if not isinstance(kind, str) or kind not in REPLACEABLE:
                near = closest(kind, REPLACEABLE) if isinstance(kind, str) else None
                hint = f"did you mean {near!r}?" if near else f"the kinds are {', '.join(REPLACEABLE)}"
                self.add(where, f"'replaces' lists {describe(kind)}, which is not a kind of content", hint)
                continue
            if kind in seen:
                self.add(where, f"'replaces' lists {kind} twice (first on line {seen[kind]})", "list each kind once")
                continue
            seen[kind] = self.line(where)
            self.replaces.append(Replace(kind, self.file, self.line(where)))

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

    def check_entry(self, kind: str, raw_id: Any, entry: Any, file_sample: bool) -> None:
        path = (kind, raw_id)
        ident = self.check_id(raw_id, path, SINGULAR[kind])
        if entry is REJECTED:
            return
        if not isinstance(entry, dict):
            self.add(path, f"{SINGULAR[kind]} {raw_id!r} must be a mapping of fields, not {describe(entry)}",
                     "indent its fields (name:, ...) under the id")
            return
        sample = file_sample
        if "sample" in entry:
            if isinstance(entry["sample"], bool):
                sample = entry["sample"]
            else:
                self.add(path + ("sample",), f"'sample' must be true or false, not {describe(entry['sample'])}")
        self.refs = []
        self.checks: list[Callable[..., list[Problem]]] = []
        canon = getattr(self, f"kind_{kind}")(entry, path)
        if ident is None or canon is BAD:
            return
        canon["id"] = ident
        lines = {"number": self.line(path + ("number",))} if kind == "chapters" else {}
        self.entries.append(Entry(kind, ident, canon, self.file, self.line(path), sample, self.refs, self.checks, lines))

    # -- generic field machinery -------------------------------------------------------
    def take(self, entry: dict[str, Any], path: Path_, spec: Mapping[str, tuple[Conv, Any]],
             what: str, extra: tuple[str, ...] = ("sample",)) -> dict[str, Any] | Any:
        """Check ``entry`` against ``spec`` (key -> (converter, default or REQUIRED))."""
        ok = True
        known = list(spec) + list(extra)
        for key in entry:
            if key not in known:
                ok = False
                self.add(path + (key,), f"{what} has an unknown field {key!r}", suggest(key, spec, "field"))
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

    def c_opt_name(self, v: Any, path: Path_) -> Any:
        return None if v is None else self.c_name(v, path)

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

    def c_ref(self, kind: str, what: str, need_relic: bool = False) -> Conv:
        def conv(v: Any, path: Path_) -> Any:
            ident = self.check_id(v, path, SINGULAR[kind])
            if ident is None:
                return BAD
            self.ref(kind, ident, path, what, need_relic)
            return ident

        return conv

    def c_opt_ref(self, kind: str, what: str, need_relic: bool = False) -> Conv:
        inner = self.c_ref(kind, what, need_relic)

        def conv(v: Any, path: Path_) -> Any:
            return None if v is None else inner(v, path)

        return conv

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

    def c_attack(self, v: Any, path: Path_) -> Any:
        if self.c_mapping(v, path) is BAD:
            return BAD
        return self.take(v, path, {
            "dice": (self.c_int(0, MAX_DICE), REQUIRED),
            "direct": (self.c_int(0), 0),
            "range": (self.c_int(0), 0),
            "area": (self.c_bool, False),
        }, "the attack", extra=())

    def c_opt_attack(self, v: Any, path: Path_) -> Any:
        return None if v is None else self.c_attack(v, path)

    def c_restore(self, v: Any, path: Path_) -> Any:
        if v is None:
            return None
        if self.c_mapping(v, path) is BAD:
            return BAD
        return self.take(v, path, {"health": (self.c_int(0), 0), "fear": (self.c_int(0), 0)}, "the restore", extra=())

    # -- kinds -------------------------------------------------------------------------
    def kind_dice(self, entry: dict[str, Any], path: Path_) -> Any:
        out = self.take(entry, path, {"faces": (self.c_list(self.c_face, nonempty=True), REQUIRED)}, "the die")
        if out is BAD:
            return BAD
        if len(out["faces"]) > MAX_FACES:
            self.add(path + ("faces",), f"the die has {len(out['faces'])} faces; a die may have at most {MAX_FACES}",
                     "give it fewer faces")
            return BAD
        seen: dict[str, int] = {}
        for i, f in enumerate(out["faces"]):
            label = f["label"].lower()
            if label in seen and seen[label] != f["value"]:
                self.add(path + ("faces", i), f"two faces are labelled {f['label']!r} with different values",
                         "a label must always mean the same value; rename one")
                return BAD
            seen[label] = f["value"]
        return out

    def c_face(self, v: Any, path: Path_) -> Any:
        if isinstance(v, int) and not isinstance(v, bool):
            if not -MAX_FACE <= v <= MAX_FACE:
                self.add(path, f"a face's value must be from {-MAX_FACE} to {MAX_FACE}, not {v}")
                return BAD
            return {"label": str(v), "value": v}
        if not isinstance(v, dict):
            self.add(path, f"a face must be a number or {{label: ..., value: ...}}, not {describe(v)}",
                     "write e.g. {label: blank, value: 0} or just 3")
            return BAD
        out = self.take(v, path, {"label": (self.c_name, None), "value": (self.c_int(-MAX_FACE, MAX_FACE), REQUIRED)}, "the face", extra=())
        if out is BAD:
            return BAD
        if out["label"] is None:
            out["label"] = str(out["value"])
        return out

    def kind_legends(self, entry: dict[str, Any], path: Path_) -> Any:
        out = self.take(entry, path, {
            "name": (self.c_name, REQUIRED),
            "title": (self.c_str, ""),
            "health": (self.c_int(1), REQUIRED),
            "defense": (self.c_int(0), REQUIRED),
            "move": (self.c_int(0), REQUIRED),
            "attack_priority": (self.c_int(None), REQUIRED),
            "tokens": (self.c_int(0), REQUIRED),
            "basic_attack": (self.c_attack, REQUIRED),
            "bonus": (self.c_bonus, None),
            "skills": (self.c_list(self.c_ref("skills", "the skill list")), list),
            "relic": (self.c_opt_ref("items", "the relic", need_relic=True), None),
            "inventory": (self.c_list(self.c_ref("items", "the inventory")), list),
            "text": (self.c_str, ""),
        }, "the legend")
        if out is BAD:
            return BAD
        bonus = out.pop("bonus")
        out["bonus_direct"] = bonus["direct"] if bonus else 0
        return out

    def kind_allies(self, entry: dict[str, Any], path: Path_) -> Any:
        out = self.take(entry, path, {
            "name": (self.c_name, REQUIRED),
            "title": (self.c_str, ""),
            "health": (self.c_int(1), REQUIRED),
            "defense": (self.c_int(0), REQUIRED),
            "move": (self.c_int(0), REQUIRED),
            "attack_priority": (self.c_int(None), REQUIRED),
            "basic_attack": (self.c_opt_attack, None),
            "text": (self.c_str, ""),
        }, "the ally")
        if out is BAD:
            return BAD
        ident, file, line = str(path[1]), self.file, self.line(path)

        def not_a_legend(merged: Mapping[str, Mapping[str, Entry]], rules: Mapping[str, Any]) -> list[Problem]:
            if ident in merged.get("legends", {}):
                return [Problem(file, line, f"the ally {ident!r} has the id of a Legend",
                                "give the ally its own id: heroes are named by id in saves and logs")]
            return []

        self.checks.append(not_a_legend)
        return out

    def c_bonus(self, v: Any, path: Path_) -> Any:
        if v is None:
            return None
        if self.c_mapping(v, path) is BAD:
            return BAD
        return self.take(v, path, {"direct": (self.c_int(None), 0)}, "the bonus", extra=())

    def kind_skills(self, entry: dict[str, Any], path: Path_) -> Any:
        return self.take(entry, path, {
            "name": (self.c_name, REQUIRED),
            "cost": (self.c_int(0), REQUIRED),
            "attack": (self.c_opt_attack, None),
            "restore": (self.c_restore, None),
            "fear_pays": (self.c_bool, False),
            "text": (self.c_str, ""),
        }, "the skill")

    def kind_items(self, entry: dict[str, Any], path: Path_) -> Any:
        return self.take(entry, path, {
            "name": (self.c_name, REQUIRED),
            "kind": (self.c_choice(ITEM_KINDS), "item"),
            "chapter_item": (self.c_bool, False),
            "cost": (self.c_int(0), 0),
            "attack": (self.c_opt_attack, None),
            "restore": (self.c_restore, None),
            "defense": (self.c_int(0), 0),
            "trap": (self.c_opt_name, None),
            "trap_damage": (self.c_int(0), 2),
            "fear_pays": (self.c_bool, False),
            "text": (self.c_str, ""),
        }, "the item")

    def kind_foes(self, entry: dict[str, Any], path: Path_) -> Any:
        out = self.take(entry, path, {
            "name": (self.c_name, REQUIRED),
            "class": (self.c_choice(FOE_CLASSES), REQUIRED),
            "health": (self.c_int(1), REQUIRED),
            "defense": (self.c_int(0), REQUIRED),
            "move": (self.c_int(0), REQUIRED),
            "attack": (self.c_attack, REQUIRED),
            "target": (self.c_target, "closest"),
            "supply": (self.c_int(1, MAX_SUPPLY), 10),
            "text": (self.c_str, ""),
        }, "the foe")
        if out is BAD:
            return BAD
        out["cls"] = out.pop("class")
        return out

    def c_target(self, v: Any, path: Path_) -> Any:
        if v == "closest":
            return v
        return self.c_ref("legends", "the foe's target ('closest' or a legend id)")(v, path)

    # -- rules -------------------------------------------------------------------------
    def check_rules(self, value: Any, file_sample: bool) -> None:
        path: Path_ = ("rules",)
        if not isinstance(value, dict):
            self.add(path, f"'rules' must be a mapping of settings, not {describe(value)}",
                     "write one 'setting: value' per line under 'rules:'")
            return
        sample = file_sample
        if "sample" in value:
            if isinstance(value["sample"], bool):
                sample = value["sample"]
            else:
                self.add(path + ("sample",), f"'sample' must be true or false, not {describe(value['sample'])}")
        specs = {f.name: (f.default if f.default is not MISSING else f.default_factory()) for f in fields(Rules)}  # type: ignore[misc,operator]
        for key, v in value.items():
            if key == "sample" or v is REJECTED:
                continue
            kpath = path + (key,)
            if key not in specs:
                self.add(kpath, f"{key!r} is not a rules setting", suggest(key, specs, "setting"))
                continue
            self.refs = []
            got = self.rules_value(key, v, specs[key], kpath)
            if got is BAD:
                continue
            self.rules.append(Entry("rules", key, {key: got}, self.file, self.line(kpath), sample, self.refs))

    def rules_value(self, key: str, v: Any, default: Any, path: Path_) -> Any:
        if key == "settings":
            return self.c_mapping(v, path) if v is not None else {}
        if key == "activation_order":
            got = self.c_list(self.c_choice(FOE_CLASSES))(v, path)
            if got is not BAD and sorted(got) != sorted(FOE_CLASSES):
                self.add(path, "activation_order must list every foe class exactly once",
                         f"write an order of {', '.join(FOE_CLASSES)}")
                return BAD
            return got
        if key in ("spawn_die", "attack_die"):
            return self.c_ref("dice", f"the rules setting {key}")(v, path)
        if isinstance(default, bool):
            return self.c_bool(v, path)
        if isinstance(default, int):
            return self.c_int(1 if key.endswith("_limit") else 0)(v, path)
        if isinstance(default, float):
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                self.add(path, f"{key!r} must be a number, not {describe(v)}")
                return BAD
            return float(v)
        if isinstance(default, str):
            choices = RULE_CHOICES.get(key)
            return self.c_choice(tuple(choices))(v, path) if choices else self.c_str(v, path)
        if isinstance(default, tuple):
            elem = type(default[0]) if default else None
            got = self.c_list(lambda x, p: x)(v, path)
            if got is BAD:
                return BAD
            if elem is not None and not all(isinstance(x, elem) and not isinstance(x, bool) or elem is bool and isinstance(x, bool) for x in got):
                self.add(path, f"every item of {key!r} must be {'text' if elem is str else 'a number' if elem in (int, float) else elem.__name__}")
                return BAD
            return got
        if isinstance(default, Mapping):
            return self.c_mapping(v, path)
        return v

    # -- chapters ----------------------------------------------------------------------
    def kind_chapters(self, entry: dict[str, Any], path: Path_) -> Any:
        grid = self.c_map(entry.get("map"), path + ("map",)) if "map" in entry else None
        self.grid = grid
        out = self.take(entry, path, {
            "name": (self.c_name, REQUIRED),
            "number": (self.c_int(1), REQUIRED),
            "intro": (self.c_str, ""),
            "map": ((lambda v, p: grid), REQUIRED),
            "features": (self.c_features, dict),
            "walls": (self.c_list(self.c_wall), list),
            "barricades": (self.c_list(self.c_point), list),
            "track": (self.c_list(self.c_spot, nonempty=True), REQUIRED),
            "track_end": (self.c_choice(TRACK_ENDS), "loop"),
            "spawn_list": (self.c_list(self.c_list(self.c_group("the spawn list"), nonempty=True)), list),
            "setup": (self.c_setup, lambda: {"legends": {}, "foes": [], "allies": {}}),
            "objective": (self.c_objective, REQUIRED),
            "cards": (self.c_list(self.c_card), list),
        }, "the chapter")
        if out is BAD:
            return BAD
        feats = out.pop("features")
        out["features"] = {k: v[0] for k, v in feats.items()}
        out["feature_names"] = {k: v[1] for k, v in feats.items() if v[1]}
        out["feature_items"] = {k: v[2] for k, v in feats.items() if v[2]}
        ok = True
        # letters on the map with no feature entry
        letters = sorted({ch for row in grid or () for ch in row if ch.isalpha()})
        for ch in letters:
            if ch not in out["features"]:
                ok = False
                self.add(path + ("map",), f"the map uses the letter {ch!r} but 'features' does not say what it is",
                         f"add '{ch}: scenery' (or start/search) under features, or use '.' for an open location")
        spots = out["track"]
        if any("spawn" in s["actions"] for s in spots) and not out["spawn_list"]:
            ok = False
            self.add(path + ("track",), "the track has a spawn spot but the chapter has no spawn_list",
                     "add a spawn_list, or take 'spawn' off the track")
        if any(s["card"] for s in spots) and not out["cards"]:
            ok = False
            self.add(path + ("track",), "the track draws a chapter card but the chapter has no cards",
                     "add cards, or take 'card: draw' off the track")
        total = sum(card["copies"] for card in out["cards"])
        if total > MAX_CARDS:
            ok = False
            self.add(path + ("cards",), f"the chapter's deck has {total} cards (every copy counted); a deck may have "
                     f"at most {MAX_CARDS}", "use fewer cards or fewer copies")
        ids: dict[str, int] = {}
        for i, card in enumerate(out["cards"]):
            if card["id"] in ids:
                ok = False
                self.add(path + ("cards", i), f"two cards have the id {card['id']!r}", "give each card its own id")
            ids[card["id"]] = i
        obj = out["objective"]
        if obj["kind"] == "protect" and obj["ally"] not in out["setup"]["allies"]:
            ok = False
            self.add(path + ("objective",), f"the objective protects the ally {obj['ally']!r}, but the setup does not place it",
                     f"add it under setup, e.g. 'allies: {{{obj['ally']}: C4}}'")
        if obj["kind"] == "search" and "search" not in out["features"].values():
            ok = False
            self.add(path + ("objective",), "a search objective needs a map feature of kind 'search'",
                     "add a letter on the map with '<letter>: search' under features")
        has_start = "start" in out["features"].values()
        placed = set(out["setup"]["legends"])
        if not has_start:
            line = self.line(path)

            def start_check(merged: Mapping[str, Mapping[str, Entry]], rules: Mapping[str, Any],
                            placed: set[str] = placed, file: str = self.file, line: int | None = line) -> list[Problem]:
                missing = sorted(set(merged.get("legends", {})) - placed)
                if not missing:
                    return []
                return [Problem(file, line, f"the chapter has no 'start' feature and setup does not place {', '.join(missing)}",
                                "put an 'S' on the map with 'S: start' under features, or place every Legend in setup")]

            self.checks.append(start_check)
        if obj["kind"] == "search":
            places = sum(1 for kind in out["features"].values() if kind == "search")
            need, oline, ofile = obj["count"], self.line(path + ("objective",)), self.file

            def search_check(merged: Mapping[str, Mapping[str, Entry]], rules: Mapping[str, Any]) -> list[Problem]:
                if rules.get("search_limit") != "once" or need <= places:
                    return []
                return [Problem(ofile, oline, f"the objective needs {plural(need, 'search', 'searches')} but the map has "
                                f"{plural(places, 'search feature')}, each searched once (rules.search_limit: once)",
                                "lower the count, add search features, or change search_limit")]

            self.checks.append(search_check)
        wanted: dict[str, int] = {}
        for f in out["setup"]["foes"]:
            wanted[f["foe"]] = wanted.get(f["foe"], 0) + f["count"]
        sline, sfile = self.line(path + ("setup",)), self.file

        def supply_check(merged: Mapping[str, Mapping[str, Entry]], rules: Mapping[str, Any]) -> list[Problem]:
            found = []
            for foe, n in wanted.items():
                entry = merged.get("foes", {}).get(foe)
                if entry is not None and n > entry.canon["supply"]:
                    found.append(Problem(sfile, sline, f"setup places {n} {foe} but the box has only {entry.canon['supply']} "
                                         "(its supply)", f"place fewer, or raise the supply of {foe}"))
            return found

        self.checks.append(supply_check)
        return out if ok else BAD

    def c_map(self, v: Any, path: Path_) -> Any:
        key_line = self.line(path)
        if isinstance(v, str):
            lead = len(v) - len(v.lstrip("\n"))
            rows = [r.rstrip() for r in v.strip("\n").split("\n")]
            row_lines = [(key_line + 1 + lead + i) if key_line and "\n" in v else key_line for i in range(len(rows))]
            while rows and not rows[-1]:
                rows.pop()
        elif isinstance(v, list) and all(isinstance(r, str) for r in v):
            rows = list(v)
            row_lines = [self.line(path + (i,)) for i in range(len(rows))]
        else:
            self.add(path, f"the map must be rows of text, not {describe(v)}",
                     "write 'map: |' and then one indented line per row")
            return BAD
        if not rows or not any(rows):
            self.add(path, "the map is empty", "draw one character per location under 'map: |'")
            return BAD
        ok = True
        width = len(rows[0])
        for i, row in enumerate(rows):
            if len(row) != width:
                ok = False
                self.add(path, f"map row {i + 1} has {plural(len(row), 'character')} but row 1 has {width}",
                         "every row must be as wide as the first; use '#' where there is no location",
                         line=row_lines[i])
        if width > MAX_MAP_SIDE or len(rows) > MAX_MAP_SIDE:
            self.add(path, f"the map is {plural(width, 'column')} wide and {plural(len(rows), 'row')} high; a map may be at most "
                     f"{MAX_MAP_SIDE} by {MAX_MAP_SIDE}", "make the map smaller")
            return BAD
        spawn_seen: dict[str, str] = {}
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                where = f"{col_name(c)}{r + 1}"
                if ch in MAP_SYMBOLS or (ch.isascii() and ch.isalpha()):
                    if ch.isdigit():
                        if ch in spawn_seen:
                            ok = False
                            self.add(path, f"spawn point {ch} is on the map twice ({spawn_seen[ch]} and {where})",
                                     "each spawn point number marks one location", line=row_lines[r])
                        spawn_seen[ch] = where
                    continue
                ok = False
                self.add(path, f"the map character {ch!r} at {where} is not a map symbol",
                         "use '#' for no location, '.' for open, 1-9 for spawn points, letters for features",
                         line=row_lines[r])
        if ok and not spawn_seen:
            ok = False
            self.add(path, "the map has no spawn points", "put the digits 1..6 where foes enter the map")
        return rows if ok else BAD

    def loc(self, v: Any, path: Path_, what: str) -> Any:
        """A location name like C4 that is on the map and not '#', upper-cased."""
        grid = self.grid
        if not isinstance(v, str) or parse_loc(v) is None:
            self.add(path, f"{what} must be a location like C4 (column letter, row number), not {describe(v)}")
            return BAD
        got = parse_loc(v)
        assert got is not None
        col, row = got
        name = f"{col_name(col)}{row + 1}"
        if grid in (None, BAD):
            return name  # the map's own problem is reported already
        if row < 0 or row >= len(grid) or col >= len(grid[0]):
            self.add(path, f"{what} {name} is outside the map",
                     f"the map has columns A..{col_name(len(grid[0]) - 1)} and rows 1..{len(grid)}")
            return BAD
        if grid[row][col] == "#":
            self.add(path, f"{what} {name} is a '#' on the map (no location there)", "choose a location that is not '#'")
            return BAD
        return name

    def c_features(self, v: Any, path: Path_) -> Any:
        if v is None:
            return {}
        if self.c_mapping(v, path) is BAD:
            return BAD
        out: dict[str, tuple[str, str, str | None]] = {}
        ok = True
        grid = self.grid
        for letter, spec in v.items():
            fpath = path + (letter,)
            if not (isinstance(letter, str) and len(letter) == 1 and letter.isascii() and letter.isalpha()):
                ok = False
                self.add(fpath, f"a feature must be one letter of the map, not {letter!r}", "use a single letter like S")
                continue
            if isinstance(spec, str):
                kind, name, found = spec, "", None
            elif isinstance(spec, dict):
                got = self.take(spec, fpath, {
                    "kind": (self.c_choice(FEATURE_KINDS), REQUIRED),
                    "name": (self.c_str, ""),
                    "item": (self.c_opt_ref("items", f"feature {letter}"), None),
                }, "the feature", extra=())
                if got is BAD:
                    ok = False
                    continue
                kind, name, found = got["kind"], got["name"], got["item"]
                if found is not None and kind != "search":
                    ok = False
                    self.add(fpath + ("item",), f"feature {letter} holds an item but is not a search feature",
                             "only 'kind: search' features hold an item to find")
                    continue
            else:
                ok = False
                self.add(fpath, f"feature {letter} must be a kind ({', '.join(FEATURE_KINDS)}) or {{kind: ..., name: ...}}")
                continue
            if kind not in FEATURE_KINDS:
                ok = False
                self.add(fpath, f"feature {letter} has the unknown kind {kind!r}",
                         f"use one of {', '.join(FEATURE_KINDS)}" + (f"; did you mean {closest(kind, FEATURE_KINDS)!r}?" if closest(kind, FEATURE_KINDS) else ""))
                continue
            if grid not in (None, BAD) and not any(letter in row for row in grid):
                ok = False
                self.add(fpath, f"feature {letter} is not on the map", f"put the letter {letter} on the map, or remove it here")
                continue
            out[letter] = (kind, name, found)
        return out if ok else BAD

    def c_wall(self, v: Any, path: Path_) -> Any:
        if not (isinstance(v, list) and len(v) == 2):
            self.add(path, f"a wall must be a pair of locations like [B3, B4], not {describe(v)}")
            return BAD
        a = self.loc(v[0], path + (0,), "a wall's location")
        b = self.loc(v[1], path + (1,), "a wall's location")
        if a is BAD or b is BAD:
            return BAD
        (ca, ra), (cb, rb) = parse_loc(a), parse_loc(b)  # type: ignore[misc]
        if abs(ca - cb) + abs(ra - rb) != 1:
            self.add(path, f"the wall between {a} and {b} does not separate neighbouring locations",
                     "a wall stands between two orthogonally adjacent locations, like B3 and B4")
            return BAD
        return [a, b]

    def c_point(self, v: Any, path: Path_) -> Any:
        if isinstance(v, bool) or not isinstance(v, int):
            self.add(path, f"a spawn point must be a number like 3, not {describe(v)}")
            return BAD
        grid = self.grid
        if grid not in (None, BAD) and not any(str(v) in row for row in grid):
            pts = sorted({ch for row in grid for ch in row if ch.isdigit()})
            self.add(path, f"spawn point {v} is not on the map", f"the map's spawn points are {', '.join(pts)}")
            return BAD
        return v

    def c_spot(self, v: Any, path: Path_) -> Any:
        if isinstance(v, str):
            v = [v]
        if isinstance(v, list):
            acts = self.c_list(self.c_action)(v, path)
            return BAD if acts is BAD else {"actions": acts, "card": None}
        if isinstance(v, dict):
            got = self.take(v, path, {
                "actions": (self.c_list(self.c_action), list),
                "card": (self.c_card_draw, None),
            }, "the track spot", extra=())
            return got
        self.add(path, f"a track spot must be a list of actions or {{actions: [...], card: draw}}, not {describe(v)}")
        return BAD

    def c_action(self, v: Any, path: Path_) -> Any:
        if v == "card":
            self.add(path, "'card' is not an action of the track",
                     "to draw a chapter card on this spot write {actions: [...], card: draw}")
            return BAD
        if not isinstance(v, str) or v not in SPOT_ACTIONS:
            self.add(path, f"{describe(v)} is not a track action", f"use {', '.join(SPOT_ACTIONS)}"
                     + (f"; did you mean {closest(v, SPOT_ACTIONS)!r}?" if closest(v, SPOT_ACTIONS) else ""))
            return BAD
        return v

    def c_card_draw(self, v: Any, path: Path_) -> Any:
        if v is None:
            return None
        if v != "draw":
            self.add(path, f"'card' on a track spot can only be 'draw', not {describe(v)}")
            return BAD
        return v

    def c_group(self, what: str) -> Conv:
        def conv(v: Any, path: Path_) -> Any:
            if not isinstance(v, dict):
                self.add(path, f"a foe group must be {{foe: ID, count: N}}, not {describe(v)}")
                return BAD
            return self.take(v, path, {"foe": (self.c_ref("foes", what), REQUIRED), "count": (self.c_int(1), 1)},
                             "the foe group", extra=())

        return conv

    def c_setup(self, v: Any, path: Path_) -> Any:
        if v is None:
            return {"legends": {}, "foes": [], "allies": {}}
        if self.c_mapping(v, path) is BAD:
            return BAD
        return self.take(v, path, {"legends": (self.c_setup_legends, dict), "foes": (self.c_list(self.c_placement), list),
                                   "allies": (self.c_setup_allies, dict)},
                         "the setup", extra=())

    def c_setup_allies(self, v: Any, path: Path_) -> Any:
        """``allies: {ally-id: LOCATION-or-SPAWN-POINT}``: the allies the chapter places."""
        if v is None:
            return {}
        if self.c_mapping(v, path) is BAD:
            return BAD
        out = {}
        for aid, at in v.items():
            ident = self.c_ref("allies", "the setup")(aid, path + (aid,))
            where = self.c_at(at, path + (aid,))
            if ident is BAD or where is BAD:
                return BAD
            out[ident] = where
        return out

    def c_setup_legends(self, v: Any, path: Path_) -> Any:
        if v is None:
            return {}
        if self.c_mapping(v, path) is BAD:
            return BAD
        out = {}
        for lid, at in v.items():
            ident = self.c_ref("legends", "the setup")(lid, path + (lid,))
            where = self.loc(at, path + (lid,), f"the start of {lid}")
            if ident is BAD or where is BAD:
                return BAD
            out[ident] = where
        return out

    def c_placement(self, v: Any, path: Path_) -> Any:
        if not isinstance(v, dict):
            self.add(path, f"a setup foe must be {{foe: ID, at: POINT-or-LOCATION}}, not {describe(v)}")
            return BAD
        return self.take(v, path, {
            "foe": (self.c_ref("foes", "the setup"), REQUIRED),
            "at": (self.c_at, REQUIRED),
            "count": (self.c_int(1), 1),
        }, "the setup foe", extra=())

    def c_ally_placement(self, v: Any, path: Path_) -> Any:
        """A card's ``ally`` effect: ``{ally: ID, at: LOCATION-or-SPAWN-POINT}``."""
        if not isinstance(v, dict):
            self.add(path, f"an ally effect must be {{ally: ID, at: POINT-or-LOCATION}}, not {describe(v)}")
            return BAD
        return self.take(v, path, {"ally": (self.c_ref("allies", "the card's ally effect"), REQUIRED),
                                   "at": (self.c_at, REQUIRED)}, "the ally effect", extra=())

    def c_at(self, v: Any, path: Path_) -> Any:
        if isinstance(v, int) and not isinstance(v, bool):
            return self.c_point(v, path)
        return self.loc(v, path, "'at'")

    def c_objective(self, v: Any, path: Path_) -> Any:
        if self.c_mapping(v, path) is BAD:
            return BAD
        kind = v.get("kind")
        if kind not in OBJECTIVE_KINDS:
            if "kind" not in v:
                self.add(path, "the objective has no 'kind'", f"add 'kind:' with one of {', '.join(OBJECTIVE_KINDS)}")
            else:
                self.add(path + ("kind",), f"the objective kind must be one of {', '.join(OBJECTIVE_KINDS)}, not {describe(kind)}",
                         suggest(kind, OBJECTIVE_KINDS, "kind") if isinstance(kind, str) else "")
            return BAD
        kind_c = (lambda x, p: x, REQUIRED)
        if kind == "survive":
            spec = {"kind": kind_c, "rounds": (self.c_int(1), REQUIRED)}
        elif kind == "search":
            spec = {"kind": kind_c, "count": (self.c_int(1), REQUIRED), "rounds": (self.c_int(1), None)}
        elif kind == "protect":
            spec = {"kind": kind_c, "ally": (self.c_ref("allies", "the objective"), REQUIRED), "rounds": (self.c_int(1), REQUIRED)}
        else:
            spec = {"kind": kind_c, "count": (self.c_int(1), REQUIRED), "rounds": (self.c_int(1), None),
                    "foe": (self.c_opt_ref("foes", "the objective"), None)}
        got = self.take(v, path, spec, f"a {kind} objective", extra=())
        if got is BAD:
            return BAD
        return {"kind": kind, "rounds": got.get("rounds"), "count": got.get("count"), "foe": got.get("foe"), "ally": got.get("ally")}

    def c_card(self, v: Any, path: Path_) -> Any:
        if not isinstance(v, dict):
            self.add(path, f"a card must be a mapping with id, title, text and effect, not {describe(v)}")
            return BAD
        out = self.take(v, path, {
            "id": (self.c_card_id, REQUIRED),
            "title": (self.c_name, REQUIRED),
            "text": (self.c_str, ""),
            "copies": (self.c_int(1, MAX_COPIES), 1),
            "effect": (self.c_effect, dict),
        }, "the card", extra=())
        return out

    def c_card_id(self, v: Any, path: Path_) -> Any:
        got = self.check_id(v, path, "card")
        return BAD if got is None else got

    def c_effect(self, v: Any, path: Path_) -> Any:
        if v is None:
            return {}
        if self.c_mapping(v, path) is BAD:
            return BAD
        # The keys and their checks come from the one registry of card effects.
        from hollowcli.engine.effects import EFFECTS

        def conv(eff: Any) -> Conv:
            return lambda x, p: eff.convert(self, x, p)

        spec: dict[str, tuple[Conv, Any]] = {k: (conv(eff), None) for k, eff in EFFECTS.items()}
        got = self.take(v, path, spec, "the card effect", extra=())
        if got is BAD:
            return BAD
        return {k: got[k] for k in EFFECTS if got[k] is not None}
