"""The one reader of ``rules.md`` (the rules text ``hollow rules`` shows and the reference
cards print): which pack's file is used, and how it splits into ``## topic`` sections.

Pure text handling; no heavy imports, so ``hollow rules`` stays fast.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

#: A topic heading: ``## topic`` (two hashes, a space; trailing hashes ignored).
HEADING = re.compile(r"^##\s+(.+?)\s*#*\s*$")


def find_rules_file(folders: Iterable[str | Path] = ()) -> Path:
    """The ``rules.md`` of the last folder (the highest-priority content pack) that has
    one, else the built-in pack's."""
    from hollowcli.resources import content_dir

    found = content_dir() / "rules.md"
    for folder in folders:
        candidate = Path(folder).expanduser() / "rules.md"
        if candidate.is_file():
            found = candidate
    return found


def sections(text: str) -> list[tuple[str, str]]:
    """The ``## topic`` sections of a rules text as (topic, body), in file order; text
    before the first heading is a section with the topic ``''``. A ``###`` line is not a
    topic: it stays in the body."""
    out: list[tuple[str, str]] = []
    topic = ""
    body: list[str] = []
    for line in text.splitlines():
        m = HEADING.match(line)
        if m and not line.startswith("###"):
            if topic or any(b.strip() for b in body):
                out.append((topic, "\n".join(body).strip("\n")))
            topic, body = m.group(1).strip(), []
        else:
            body.append(line)
    if topic or any(b.strip() for b in body):
        out.append((topic, "\n".join(body).strip("\n")))
    return out
