"""``hollow rules``: the rules text (ours or a pack's ``rules.md``), whole or by topic."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from hollowcli.dice import Frozen, set_fields
from hollowcli.errors import UsageError
from hollowcli.names import did_you_mean, norm

if TYPE_CHECKING:
    from pathlib import Path


def rules_file(content_dirs: Sequence[Path | str] = ()) -> Path:
    """The rules text: the last content pack that brings a ``rules.md``, else the built-in one
    (the one reader: :mod:`hollowcli.rulestext`)."""
    from pathlib import Path

    from hollowcli.rulestext import find_rules_file

    for d in content_dirs:
        if not Path(d).expanduser().is_dir():
            raise UsageError(
                f"the content folder {Path(d).expanduser()} does not exist; check --content or HOLLOW_CONTENT"
            )
    return find_rules_file(content_dirs)


def rules_sections(text: str) -> list[tuple[str, str]]:
    """``## topic`` sections of the rules text as (topic, body); a preamble has topic ''."""
    from hollowcli.rulestext import sections

    return sections(text)


def topic_key(topic: str) -> str:
    return norm(topic.split(" — ")[0].split(":")[0])


class RulesReport(Frozen):
    """The rules text, whole or one topic."""

    __slots__ = ("sections", "source")
    sections: tuple[tuple[str, str], ...]
    source: str

    def __init__(self, sections: tuple[tuple[str, str], ...], source: str) -> None:
        set_fields(self, sections=sections, source=source)

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "topics": [t for t, _ in self.sections if t],
            "sections": [{"topic": t, "text": b} for t, b in self.sections],
        }

    def text(self, heading: Callable[[str], str] = str) -> str:
        parts = []
        for t, b in self.sections:
            parts.append((heading(f"## {t}") + "\n\n" + b) if t else b)
        return "\n\n".join(parts).rstrip() + "\n"


def rules(topic: str | None = None, content_dirs: Sequence[Path | str] = ()) -> RulesReport:
    """The rules summary and our readings; with ``topic``, only the matching section(s).

    Topics match forgivingly: case-insensitive, by the start of the topic or of one of its
    words. An unknown topic raises :class:`UsageError` listing the topics.
    """
    from hollowcli.pack.files import read_rules_md

    path = rules_file(content_dirs)
    text = read_rules_md(path)
    sections = rules_sections(text)
    if topic is None:
        return RulesReport(tuple(sections), str(path))
    keys = {topic_key(t): (t, b) for t, b in sections if t}
    q = norm(topic)
    if q in keys:
        return RulesReport((keys[q],), str(path))
    hits = [k for k in keys if k.startswith(q)] or [
        k for k in keys if any(w.startswith(q) for w in k.split("-"))
    ]
    if hits and q:
        return RulesReport(tuple(keys[k] for k in hits), str(path))
    hint = did_you_mean(q, keys)
    raise UsageError(f"there is no rules topic {topic!r}; {hint + ' ' if hint else ''}topics are {', '.join(keys)}")


def for_terminal(text: str, columns: int, bold: Callable[[str], str] = str) -> str:
    """Markdown for a terminal ``columns`` wide: paragraphs and list items wrapped (to 99
    columns at most), a '#' title and **bold** through ``bold``, `code` and *emphasis*
    without their marks. Tables, code and headings already rendered stay as they are."""
    import re
    import textwrap

    width = min(columns, 100) - 1
    out: list[str] = []
    for block in re.split(r"\n\s*\n", text):
        lines = block.split("\n")
        if lines and lines[0].startswith("# "):
            out.append(bold(lines[0][2:].strip()))
            continue
        if (any(x.startswith(("|", "```")) for x in lines) or all(x.startswith(("    ", "\t")) for x in lines)
                or "\x1b" in block or (len(lines) > 1 and lines[1] and set(lines[1]) <= {"─"})):
            out.append(block)  # tables, code and rendered headings stay as they are
            continue
        items: list[list[str]] = []
        for x in lines:
            if re.match(r"\s*([-*]|[0-9]+\.)\s", x) or not items:
                items.append([x])
            else:
                items[-1].append(x.strip())
        wrapped = []
        for item in items:
            head = re.match(r"(\s*(?:[-*]|[0-9]+\.)\s+)", item[0])
            lead = head.group(1) if head else ""
            body = " ".join([item[0][len(lead):].strip(), *item[1:]])
            wrapped.append(textwrap.fill(body, width, initial_indent=lead, subsequent_indent=" " * len(lead),
                                         break_on_hyphens=False, break_long_words=False))
        out.append("\n".join(wrapped))
    text = "\n\n".join(out) + "\n"
    text = re.sub(r"\*\*(.+?)\*\*", lambda m: bold(m.group(1)), text)
    text = re.sub(r"`([^`]+)`", r"\1", text)
    return re.sub(r"(?<![\w*])\*(?!\s)([^*\n]+?)\*(?!\w)", r"\1", text)
