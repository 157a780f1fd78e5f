"""Check the plain data of one pack file and turn it into canonical entries.

A *canonical* entry is a JSON-ready dict whose keys are exactly the field names of the
matching class in :mod:`hollowcli.pack.model`, with every short form expanded and every
default filled in (:mod:`hollowcli.pack.build` turns it into the frozen object). Every
problem is collected, never raised, each with the file, the 1-based line and a hint.

This module checks a file as a whole (its kinds, ``sample``, ``replaces``, the ids of
its entries) and hands each entry to its kind's check: most of an entry is checked from
its model record's metadata (:mod:`hollowcli.pack.convert`), the rest by
:mod:`hollowcli.pack.check_kinds` and :mod:`hollowcli.pack.check_chapters`.

Checks that need the whole layered pack (references to other entries, a chapter with no
start for Legends it does not place) are recorded on the entry and run by the loader
once every pack has been merged, so a user pack may refer to built-in entries. The
checks across entries of the layered pack are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hollowcli.errors import Problem
from hollowcli.locations import parse_loc  # noqa: F401 (the one location grammar, as the validator reads it)
from hollowcli.names import closest, suggest
from hollowcli.pack import campaigns, changes, check_chapters, check_kinds, event_effects, script, tokens
from hollowcli.pack.convert import (  # noqa: F401 (Ref, describe, col_name: importers find them here)
    BAD,
    SINGULAR,
    Checker,
    Entry,
    Path_,
    Ref,
    col_name,
    describe,
)
from hollowcli.pack.fields import (  # noqa: F401 (the limits: importers find them here)
    INT_LIMIT,
    MAX_CARDS,
    MAX_COPIES,
    MAX_DICE,
    MAX_FACE,
    MAX_FACES,
    MAX_FOES,
    MAX_MAP_SIDE,
    MAX_SUPPLY,
)
from hollowcli.pack.model import KINDS
from hollowcli.pack.yamlsrc import REJECTED, Parsed

#: Top-level keys a pack file may hold.
TOP_KEYS = KINDS + ("sample", "replaces")

#: Kinds a pack may list under ``replaces:`` (rules settings merge key by key instead).
REPLACEABLE = tuple(k for k in KINDS if k != "rules")

#: Each kind's check of one entry (rules are settings, checked key by key instead).
KIND_CHECKS = {**check_kinds.KIND_CHECKS, "tokens": tokens.kind_tokens, "chapters": script.kind_chapters,
               **campaigns.KIND_CHECKS}

#: The checks model fields name with ``Custom(name)``.
CUSTOMS = {**check_kinds.CUSTOMS, **check_chapters.CUSTOMS, **tokens.CUSTOMS, **script.CUSTOMS, **event_effects.CUSTOMS,
           **changes.CUSTOMS, **campaigns.CUSTOMS}


@dataclass
class Replace:
    """One kind listed under a file's top-level ``replaces:`` (checked and applied per pack)."""

    kind: str
    file: str
    line: int | None


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


class FileChecker(Checker):
    """Validates one parsed file; collects problems, entries and rules settings."""

    def __init__(self, parsed: Parsed, file: str) -> None:
        super().__init__(parsed, file, CUSTOMS)
        self.entries: list[Entry] = []
        self.rules: list[Entry] = []  # one Entry per rules key (id = the key)
        #: the kinds under this file's ``replaces:`` (only well-formed, known ones)
        self.replaces: list[Replace] = []
        #: kinds this file gives at least one entry of (valid or not)
        self.kinds_given: set[str] = set()

    def check(self) -> None:
        data = self.parsed.data
        if data is None or data is REJECTED:
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
                self.rules.extend(check_kinds.rules_entries(self, value, file_sample))
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
        self.checks = []
        canon = KIND_CHECKS[kind](self, entry, path)
        if ident is None or canon is BAD:
            return
        canon["id"] = ident
        lines = {"number": self.line(path + ("number",))} if kind == "chapters" else {}
        self.entries.append(Entry(kind, ident, canon, self.file, self.line(path), sample, self.refs, self.checks, lines))
