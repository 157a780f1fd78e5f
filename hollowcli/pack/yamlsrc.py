"""Read one YAML file into plain data, with a line number for every key and item.

Only PyYAML's *safe* machinery is used: the C (libyaml) safe loader composes the node
tree when it is available, the pure-Python ``yaml.SafeLoader`` otherwise. We then walk
the nodes ourselves instead of letting the constructor build Python objects, because
the walk is where we

* record the 1-based line of every mapping key and sequence item (``lines``), so a
  validation problem can name its file and line;
* catch duplicate mapping keys, which a safe loader silently collapses to the last one;
* turn any tag outside plain YAML data (``!!python/object``, ``!custom``) into a
  problem instead of an exception;
* refuse alias bombs and recursive aliases with a budget and a stack.

This module imports ``yaml``; the pack cache exists so that a warm ``hollow roll``
never imports it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from hollowcli.errors import Problem

_Loader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_TAG = "tag:yaml.org,2002:"
_MAP = _TAG + "map"
_SEQ = _TAG + "seq"
_MERGE = _TAG + "merge"
#: Scalar tags a safe loader understands; anything else is refused.
_SCALARS = {_TAG + t for t in ("str", "int", "float", "bool", "null", "timestamp", "binary")}

#: How many values one file may expand to (aliases count every time they are used).
MAX_VALUES = 200_000
#: How much text one file may expand to, in characters of its keys and values (aliases
#: count every time they are used): a small file must not grow into gigabytes.
MAX_TEXT = 4_000_000
#: How deeply mappings and lists may nest (shipped content needs about 6 levels).
MAX_DEPTH = 64
#: The same limits for all the files of every pack loaded together (see :class:`Budget`).
MAX_PACK_VALUES = 1_000_000
MAX_PACK_TEXT = 16_000_000


@dataclass
class Budget:
    """What all the files read together may still expand to (values and characters)."""

    values: int = MAX_PACK_VALUES
    text: int = MAX_PACK_TEXT

Path_ = tuple[Any, ...]


class _Rejected:
    """The value of a node we refused (a bad tag, a recursive alias): already reported."""

    def __repr__(self) -> str:
        return "<rejected>"


#: Stands for a value already reported as a problem; validation stays silent about it.
REJECTED: Any = _Rejected()


@dataclass
class Parsed:
    """The plain data of one file, its line index and any problems found reading it."""

    data: Any
    lines: dict[Path_, int] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def line(self, path: Path_) -> int | None:
        """The line of ``path`` or of its closest recorded ancestor."""
        p = tuple(path)
        while p:
            got = self.lines.get(p)
            if got is not None:
                return got
            p = p[:-1]
        return self.lines.get((), None)


class _TooBig(Exception):
    """The file expands past :data:`MAX_VALUES` values or :data:`MAX_TEXT` characters."""

    def __init__(self, what: str):
        super().__init__(what)
        self.what = what


class _TooDeep(Exception):
    pass


def _yaml_error_line(err: yaml.YAMLError) -> int | None:
    mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
    return mark.line + 1 if mark is not None else None


def _yaml_error_text(err: yaml.YAMLError) -> str:
    parts = [getattr(err, "context", None), getattr(err, "problem", None)]
    text = "; ".join(p for p in parts if p) or str(err).splitlines()[0]
    return text


def parse(text: str, file: str, budget: Budget | None = None) -> Parsed:
    """Parse ``text`` (the contents of ``file``) into plain data with line marks.

    Never raises for bad input: broken YAML, unsafe tags and duplicate keys all come
    back as problems (``Parsed.data`` is then ``None`` or the part that could be read).
    """
    out = Parsed(None)
    try:
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.YAMLError as err:
        line = _yaml_error_line(err)
        lines = text.splitlines()
        if line and 0 < line <= len(lines) and "\t" in lines[line - 1]:
            # The commonest slip when copying from elsewhere; PyYAML's words do not say it.
            out.problems.append(
                Problem(
                    file,
                    line,
                    "this line holds a tab character, which YAML does not allow for indentation",
                    "indent with spaces only; set your editor to insert spaces for the Tab key",
                )
            )
            return out
        out.problems.append(
            Problem(
                file,
                line,
                f"this is not valid YAML: {_yaml_error_text(err)}",
                "check the indentation and quoting near that line; a value holding ': ' or "
                "starting with a special character like '*', '&', '!', '[' or '{' needs quotes",
            )
        )
        return out
    except (ValueError, TypeError, UnicodeError, RecursionError) as err:  # libyaml edge cases
        out.problems.append(Problem(file, None, f"this file cannot be read as YAML ({err})", "save it as UTF-8 text"))
        return out
    if node is None:
        return out  # an empty file
    walker = _Walker(file, out, loader, budget if budget is not None else Budget())
    out.lines[()] = node.start_mark.line + 1
    try:
        out.data = walker.value(node, ())
    except _TooBig as err:
        out.data = None
        out.problems.append(
            Problem(
                file,
                node.start_mark.line + 1,
                err.what,
                "aliases (*name) repeat what they point to every time they are used; use fewer aliases, "
                "or split the file",
            )
        )
    except (_TooDeep, RecursionError):
        out.data = None
        out.problems.append(Problem(file, node.start_mark.line + 1,
                                    f"this file nests lists and mappings more than {MAX_DEPTH} levels deep",
                                    "flatten it"))
    return out


class _Walker:
    """Turns a composed node tree into plain dicts, lists and scalars."""

    def __init__(self, file: str, out: Parsed, loader: Any, shared: Budget) -> None:
        self.file = file
        self.shared = shared
        self.out = out
        self.loader = loader
        self.budget = MAX_VALUES
        self.text_budget = MAX_TEXT
        self.stack: set[int] = set()

    def problem(self, node: Any, message: str, hint: str = "") -> None:
        self.out.problems.append(Problem(self.file, node.start_mark.line + 1, message, hint))

    def value(self, node: Any, path: Path_) -> Any:
        self.budget -= 1
        self.shared.values -= 1
        if self.budget < 0:
            raise _TooBig(f"this file expands to more than {MAX_VALUES:,} values, the most one file may hold")
        if self.shared.values < 0:
            raise _TooBig(f"this file takes the packs past {MAX_PACK_VALUES:,} values, the most all their files may "
                          "hold together")
        if isinstance(node, yaml.ScalarNode):
            self.text_budget -= len(node.value)
            self.shared.text -= len(node.value)
            if self.text_budget < 0:
                raise _TooBig(f"this file expands to more than {MAX_TEXT:,} characters of text, the most one file may hold")
            if self.shared.text < 0:
                raise _TooBig(f"this file takes the packs past {MAX_PACK_TEXT:,} characters of text, the most all their "
                              "files may hold together")
            return self.scalar(node)
        if len(path) > MAX_DEPTH:
            raise _TooDeep
        if id(node) in self.stack:
            self.problem(node, "an alias refers to a value that contains itself", "remove the recursive alias")
            return REJECTED
        self.stack.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                if node.tag != _SEQ:
                    self.bad_tag(node)
                    return REJECTED
                items = []
                for i, item in enumerate(node.value):
                    self.out.lines.setdefault(path + (i,), item.start_mark.line + 1)
                    items.append(self.value(item, path + (i,)))
                return items
            if node.tag != _MAP:
                self.bad_tag(node)
                return REJECTED
            return self.mapping(node, path)
        finally:
            self.stack.discard(id(node))

    def bad_tag(self, node: Any) -> None:
        tag = node.tag.replace(_TAG, "!!")
        self.problem(
            node,
            f"the YAML tag {tag} is not allowed",
            "content is plain data (text, numbers, true/false, lists and mappings); remove the tag",
        )

    def scalar(self, node: Any) -> Any:
        if node.tag not in _SCALARS:
            self.bad_tag(node)
            return REJECTED
        try:
            return self.loader.yaml_constructors[node.tag](self.loader, node)
        except (yaml.YAMLError, ValueError, TypeError, OverflowError) as err:
            self.problem(node, f"the value {node.value!r} cannot be read ({err})", "quote it to make it text")
            return REJECTED

    def mapping(self, node: Any, path: Path_) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        first_line: dict[Any, int] = {}
        merged: list[Any] = []
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            if key_node.tag == _MERGE:
                merged.append(value_node)
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                self.problem(key_node, "a mapping key must be a plain word or number, not a list or mapping", "write the key as text")
                continue
            self.text_budget -= len(key_node.value)
            key = self.scalar(key_node)
            if key is REJECTED:
                continue
            try:
                hash(key)
            except TypeError:
                key = str(key)
            if key in first_line:
                self.problem(
                    key_node,
                    f"{key!r} appears twice in the same mapping (first on line {first_line[key]})",
                    "YAML keeps only the last one; remove or rename one of them",
                )
            first_line[key] = line
            self.out.lines.setdefault(path + (key,), line)
            result[key] = self.value(value_node, path + (key,))
        for m in merged:  # YAML merge keys (<<: *base): explicit keys win
            sources = m.value if isinstance(m, yaml.SequenceNode) else [m]
            for src in sources:
                if not isinstance(src, yaml.MappingNode):
                    self.problem(m, "a merge key (<<) must name a mapping", "write <<: *anchor of a mapping")
                    continue
                data = self.value(src, path)
                if isinstance(data, dict):
                    for k, v in data.items():
                        result.setdefault(k, v)
        return result
