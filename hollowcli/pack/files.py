"""Files a content pack brings besides its YAML: they must stay inside the pack's folder.

A pack is a folder someone else may have written. Its ``rules.md``, templates and
images are read only when, with every symbolic link followed, they are inside that
folder: a ``rules.md`` linked to ``/etc/passwd`` or a ``templates/leak.txt`` linked to a
private file is refused, not shown. Their size is capped too, so that every pack that
loads also prints and shows in seconds.
"""

from __future__ import annotations

import os
from pathlib import Path

from hollowcli.errors import HollowError

#: The most text a rules.md may hold (bytes), and the most ``## topic`` sections.
MAX_RULES_BYTES = 500_000
MAX_TOPICS = 100


def is_inside(path: str | Path, folder: str | Path) -> bool:
    """Whether ``path``, every link followed, is ``folder`` or inside it."""
    real = os.path.realpath(path)
    top = os.path.realpath(folder)
    return real == top or real.startswith(top.rstrip(os.sep) + os.sep)


def check_inside(path: str | Path, folder: str | Path, what: str) -> None:
    """Refuse ``path`` unless it resolves inside ``folder`` (``what`` names it in the message)."""
    if not is_inside(path, folder):
        raise HollowError(
            f"{what} {path} leads outside its pack folder {folder} (to {os.path.realpath(path)}); "
            "a pack may only use files inside its own folder: copy the file into the pack instead of linking it"
        )


def read_rules_md(path: str | Path) -> str:
    """The text of a pack's ``rules.md`` (the pack folder is the file's folder).

    One sentence (:class:`HollowError`) for a file that leads outside the pack, is not a
    regular file, is not UTF-8, or exceeds :data:`MAX_RULES_BYTES` or :data:`MAX_TOPICS`.
    """
    path = Path(path)
    check_inside(path, path.parent, "the rules text")
    if not path.is_file():
        raise HollowError(f"the rules text {path} is not a regular file; make rules.md a text file")
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_RULES_BYTES + 1)
    except OSError as e:
        raise HollowError(f"cannot read the rules text {path} ({e.strerror})") from e
    if len(raw) > MAX_RULES_BYTES:
        raise HollowError(f"the rules text {path} is larger than {MAX_RULES_BYTES:,} bytes, the most a rules.md "
                          "may hold; shorten it")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise HollowError(f"the rules text {path} is not UTF-8 text (line {line}); save it as UTF-8") from None
    topics = sum(1 for line in text.splitlines() if line.startswith("## "))
    if topics > MAX_TOPICS:
        raise HollowError(f"the rules text {path} has {topics} '## ' topics; a rules.md may have at most "
                          f"{MAX_TOPICS}, so merge some of them")
    return text
